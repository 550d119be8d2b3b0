import TouchBridgeProtocol
import TouchBridgeServer

/// The session fuzz harness's input format, run through a `VirtualTransport`: both the harness
/// (`Fuzz/Harnesses/Session.swift`) and the corpus regression tests run scripts with it, so they
/// check exactly the same thing.
///
/// The text is split into lines (at most 200); each line is one event, 7 ms after the previous one:
/// - `@2 …`: the event is for connection 2 (otherwise connection 1);
/// - `+N …`: N ms pass first instead of 7 (N ≤ 99999);
/// - `!open`, `!close`, `!timer`: the connection opens, its client goes away, or its armed engine
///   timer fires now, however early (a transport never does that; a session must cope anyway);
/// - an empty line is skipped; anything else is one text message.
/// Armed timers fire as the clock passes them. A closed connection gets nothing until it opens again.
/// At the end the clock runs 10 s on and every connection still open goes away.
package enum SessionScript {
    /// What a run found.
    package struct Outcome: Sendable {
        /// Broken properties: a message the server's own decoder rejects, a message sent to a
        /// connection after it was closed.
        package var problems: [String] = []
        /// Every message delivered, in order (both connections).
        package var received: [String] = []
    }

    /// Session ids that count up (`000…01`, `000…02`): fixed, so runs are reproducible.
    package static func countingSessionIDs() -> () -> String {
        var next = 0
        return {
            next += 1
            let digits = String(next, radix: 16)
            return String(repeating: "0", count: max(0, 32 - digits.count)) + digits
        }
    }

    /// Runs one script against a fresh hub serving `catalog` and reports what broke.
    package static func run(_ text: String, catalog: any SceneCatalog) -> Outcome {
        let transport = VirtualTransport(hub: Hub(catalog: catalog, makeSessionID: countingSessionIDs()))
        let connections: [ConnectionID] = [1, 2]
        var outcome = Outcome()
        func collect() {
            for connection in connections {
                for message in transport.take(connection) {
                    outcome.received.append(message)
                    if (try? ServerMessage.decode(message)) == nil {
                        outcome.problems.append("the server sent a message its own decoder rejects: \(message)")
                    }
                }
            }
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(200) {
            let (connection, routed) = route(Substring(rawLine))
            let (elapsed, line) = delay(routed)
            transport.advance(to: transport.now + elapsed / 1000)
            collect()
            if transport.isClosed(connection), line != "!open" { continue }
            switch line {
            case "!open": transport.open(connection)
            case "!close": transport.disconnect(connection)
            case "!timer": fireEarly(connection, transport)
            case "": break
            default: transport.send(connection, String(line))
            }
            collect()
        }
        transport.advance(to: transport.now + 10)
        for connection in connections.reversed() where !transport.isClosed(connection) { transport.disconnect(connection) }
        collect()
        outcome.problems += transport.sentAfterClose.map { "sent to closed connection \($0.connection): \($0.text)" }
        return outcome
    }

    private static func fireEarly(_ connection: ConnectionID, _ transport: VirtualTransport) {
        guard transport.deadline(of: .engine, on: connection) != nil else { return }
        transport.cancel(.engine, for: connection)
        transport.deliver(.timerFired, on: connection)
    }

    private static func route(_ line: Substring) -> (ConnectionID, Substring) {
        line.hasPrefix("@2 ") ? (2, line.dropFirst(3)) : (1, line)
    }

    private static func delay(_ line: Substring) -> (milliseconds: Double, rest: Substring) {
        guard line.hasPrefix("+"), let space = line.firstIndex(of: " "),
              let ms = Int(line[line.index(after: line.startIndex)..<space]), (0...99_999).contains(ms) else { return (7, line) }
        return (Double(ms), line[line.index(after: space)...])
    }
}
