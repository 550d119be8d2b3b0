import Foundation
import Testing

/// Issue 29: bytes left the session server by more than one way — `HubBridge` sent engine-share and
/// rate-limit refusals and the stepper's replies on the transport itself, around the `EffectExecutor`.
/// Now the executor's port onto the socket transport (`TransportPort`) is the only code that calls a
/// transport's `send(_:to:…)`; a new call anywhere else fails here, naming its file and line.
@Suite struct OneDoorOutTests {
    /// Files that may call a transport's send, with why (each must still do so: no stale entries).
    static let allowed: [String: String] = [
        "TouchBridgeHost/TransportPort.swift": "the door: the executor's port onto the socket transport",
        "TouchBridgeHost/EchoServer.swift": "the bare-transport baseline (serve --echo): no sessions and no executor, it echoes each message",
        "transport-echo/main.swift": "the transport's own echo benchmark, with no sessions",
        "touchbridge/Bench/LoadGenerator.swift": "a load client (TransportClient): the other end of the wire",
        "TouchBridgeClient/SessionCore.swift": "the client library (TransportClient): the other end of the wire",
        "TouchBridgeClient/TouchBridgeSession.swift": "the client library (TransportClient): the other end of the wire",
        "touchbridge/Bench/PipelineBenchmark.swift": "PipelinePan.send(_:to:) hands frames to a Hub, no transport",
    ]

    /// `TouchBridgeTransport` defines the transports' `send`; it is the transport, not a caller of it.
    static let transportModule = "TouchBridgeTransport/"

    /// `.send(` followed by a positional argument (not a label).
    static let sendPattern = #"\.send\(\s*(?!\w+\s*:)[^\s)]"#

    /// Every call `….send(TEXT, to: …)` in `Sources/` outside the transport module, as
    /// `path:line: call` (the call up to its closing parenthesis on its line). A port send names its
    /// kind (`as:`) and is not a transport send; `send(to:sender:)` of a UIKit action has no text before `to:`.
    static func transportSends() throws -> [(file: String, line: Int, call: String)] {
        let pattern = try NSRegularExpression(pattern: sendPattern)
        var found: [(file: String, line: Int, call: String)] = []
        let files = FileManager.default.enumerator(atPath: NumericConversionSweepTests.sources.path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") && !$0.hasPrefix(transportModule) }.sorted() ?? []
        for file in files {
            let text = try String(contentsOf: NumericConversionSweepTests.sources.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for match in pattern.matches(in: line, range: NSRange(location: 0, length: (line as NSString).length)) {
                    let call = Self.call(in: line, from: match.range.location)
                    guard Self.labels(of: call).contains("to"), !Self.labels(of: call).contains("as") else { continue }
                    found.append((file, index + 1, call))
                }
            }
        }
        return found
    }

    /// The call starting at UTF-16 offset `location` (`.send(`), up to its closing parenthesis or the line's end.
    static func call(in line: String, from location: Int) -> String {
        let characters = Array(line)
        let start = line.distance(from: line.startIndex, to: String.Index(utf16Offset: location, in: line))
        var end = start + ".send(".count
        var depth = 1
        while end < characters.count, depth > 0 {
            if characters[end] == "(" { depth += 1 } else if characters[end] == ")" { depth -= 1 }
            end += 1
        }
        return String(characters[start..<end])
    }

    /// The argument labels of `call` at its own depth (`to`, `tag`, `as` …), not those of nested calls.
    static func labels(of call: String) -> Set<String> {
        var labels: Set<String> = []
        var depth = 0
        var word = ""
        for character in call {
            switch character {
            case "(": depth += 1; word = ""
            case ")": depth -= 1; word = ""
            case ":" where depth == 1 && !word.isEmpty: labels.insert(word); word = ""
            case _ where character.isLetter || character.isNumber || character == "_": word.append(character)
            default: word = ""
            }
        }
        return labels
    }

    @Test func onlyTheExecutorsPortCallsTheTransportsSend() throws {
        let sends = try Self.transportSends()
        let outside = sends.filter { Self.allowed[$0.file] == nil }.map { "\($0.file):\($0.line): \($0.call)" }
        #expect(outside.isEmpty, "bytes leave around the EffectExecutor (make it an effect or an outbound kind the port carries out):\n\(outside.joined(separator: "\n"))")
        let stale = Set(Self.allowed.keys).subtracting(sends.map(\.file)).sorted()
        #expect(stale.isEmpty, "allowed but no longer sending (remove them):\n\(stale.joined(separator: "\n"))")
    }

    /// What the scan tells apart: a transport send (positional text, then `to:`) from a port send,
    /// a UIKit action's `send(to:)` and the labels of nested calls.
    @Test func theScanFindsTransportSendsAndNothingElse() throws {
        let line = #"        _ = transport.send(ServerMessage.error(error.errorMessage).text, to: id)"#
        let location = (line as NSString).range(of: ".send(").location
        #expect(Self.call(in: line, from: location) == ".send(ServerMessage.error(error.errorMessage).text, to: id)")
        #expect(Self.labels(of: ".send(ServerMessage.error(error.errorMessage).text, to: id)") == ["to"])
        #expect(Self.labels(of: ".send(text, to: target, tag: Self.stepTag, superseding: Self.stepTag)") == ["to", "tag", "superseding"])
        #expect(Self.labels(of: ".send(text, to: target, as: full ? .fullRender : .renderDiff)").contains("as"))
        #expect(Self.labels(of: ".send(f(a: 1), to: x)") == ["to"])
        let action = "        action.send(to: target, sender: self)"
        let pattern = try NSRegularExpression(pattern: Self.sendPattern)
        #expect(pattern.matches(in: action, range: NSRange(location: 0, length: (action as NSString).length)).isEmpty)
    }
}
