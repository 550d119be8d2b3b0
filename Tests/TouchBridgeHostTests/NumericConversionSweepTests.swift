import Foundation
import Testing

/// Issue 30: `Int(wait * 1000)` of a time from an uploaded recording trapped and took every session
/// down. Converting a floating-point value with `Int(_:)`, `UInt32(_:)`… traps when it is NaN, infinite
/// or out of range, so every such call in `Sources/` is listed here with why it cannot trap; a new one
/// fails this test until it is made safe (`Int(exactly:)`, a clamp before converting, a check that
/// names the field) or listed with its reason. Labelled conversions (`exactly:`, `clamping:`,
/// `truncatingIfNeeded:`, `bitPattern:`…) cannot trap on range and are not listed.
@Suite struct NumericConversionSweepTests {
    /// Why a listed conversion cannot trap.
    enum Reason: ExpressibleByStringLiteral {
        /// An integer of another width, from a value that fits (a byte, a count, an index).
        case integer
        /// A C constant or a C integer type at a system call.
        case cInterop
        /// Parsing a `String` (`Int("12")`): a failable initializer, nil instead of a trap.
        case parsing
        /// Range- and integrality-checked first: ±2^53, what a JSON number holds exactly.
        case checkedInteger
        /// A declarative scene's number: `JSONWalker.number(in:)` checks it is finite and within ±10^6.
        case declarative
        /// Engine time: client times are checked finite and within ±10^12 ms (`Check.time`), recording
        /// times the same (`Recording.parse`), so ×1000 fits.
        case engineTime
        /// Clamped as a floating-point value first, in an order that maps NaN into the range too.
        case clamped
        /// A setting: its range is validated at start (`ServerSettings.validated`).
        case settings
        /// Said case by case.
        case other(String)

        init(stringLiteral value: String) { self = .other(value) }
    }

    /// `path: call` → why it cannot trap (one entry for every identical call in the file).
    static let allowed: [String: Reason] = [
        "TouchBridgeClient/Point.swift: Int(rounded)": "client library: guarded by abs(rounded) < 1e15 on the same line",
        "TouchBridgeClient/Script.swift: Int(value)": .parsing,
        "TouchBridgeClient/TouchBridgeSession.swift: Int(wait * 1000)": "client library: the caller's own script time, minus now",
        "TouchBridgeHost/EngineBudget.swift: Int((-balance / secondsPerSecond * 1000).rounded(.up))": .settings,
        "TouchBridgeHost/EngineBudget.swift: Int((-shared / busySecondsPerSecond * 1000).rounded(.up))": .settings,
        "TouchBridgeHost/RecordingLibrary.swift: Int(info.st_size)": .cInterop,
        "TouchBridgeHost/SessionMetrics.swift: Int64(total - reported)": .integer,
        "TouchBridgeHost/Settings/SettingRange.swift: Int64(value)": "guarded by integrality and abs(value) < 1e15 on the same line",
        "TouchBridgeHost/SessionReplay.swift: Int((t * 10).rounded())": .engineTime,
        "TouchBridgeHost/Settings/ShardedSessionIDs.swift: Int(digits)": .parsing,
        "TouchBridgeProtocol/ClientMessageReading.swift: Int(value)": .checkedInteger,
        "TouchBridgeProtocol/InputBytesReader.swift: Int(value)": .checkedInteger,
        "TouchBridgeProtocol/JSONParser.swift: Int(byte >> 4)": .integer,
        "TouchBridgeProtocol/JSONParser.swift: Int(byte & 0xF)": .integer,
        "TouchBridgeProtocol/JSONParser.swift: UInt32(unit)": .integer,
        "TouchBridgeProtocol/JSONParser.swift: UInt32(low)": .integer,
        "TouchBridgeProtocol/JSONParser.swift: UInt16(digit)": .integer,
        "TouchBridgeProtocol/JSONParser.swift: UInt64(bytes[index] - ASCII.zero)": .integer,
        "TouchBridgeProtocol/JSONParser.swift: Int(bytes[index] - ASCII.zero)": .integer,
        "TouchBridgeProtocol/JSONValue.swift: Int(value)": .checkedInteger,
        "TouchBridgeProtocol/JSONWriter.swift: Int(value)": "integral and below 2^53 (checked before)",
        "TouchBridgeProtocol/JSONWriter.swift: Int(scaled)": "magnitude < 1e12 checked before, so ×1000 fits",
        "TouchBridgeProtocol/JSONWriter.swift: Int(byte >> 4)": .integer,
        "TouchBridgeProtocol/JSONWriter.swift: Int(byte & 0xF)": .integer,
        "TouchBridgeProtocol/Validation.swift: Int(ProtocolLimits.maxTimeMilliseconds)": "a constant, 10^12",
        "TouchBridgeQR/QRCode.swift: Int(code.pointee.width)": .integer,
        "TouchBridgeScenes/ControlsViewController.swift: Int(slider.value * 100)": .declarative,
        "TouchBridgeScenes/ControlsViewController.swift: Int(stepper.value)": "a UIStepper's value, kept within its range (0…10)",
        "TouchBridgeScenes/Declarative/JSONWalker.swift: Int(double)": "range-checked (number(in:) or abs < 1e15) first",
        "TouchBridgeScenes/Declarative/RecognizerProperties.swift: Int($0)": .declarative,
        "TouchBridgeScenes/Declarative/AnimateAction.swift: Int((spec.duration * 1000).rounded())": .declarative,
        "TouchBridgeScenes/Declarative/AnimateAction.swift: Int((spec.delay * 1000).rounded())": .declarative,
        "TouchBridgeScenes/Declarative/SceneReport.swift: Int(rounded)": "guarded by abs(rounded) < 1e15 on the same line",
        "TouchBridgeScenes/PathsAndLayersViewController.swift: Int(ring.progress * 100)": "progress steps 0, 0.25 … 1",
        "TouchBridgeScenes/PathsAndLayersViewController.swift: Int((dial.angle * 180 / .pi).rounded())": "an atan2 angle, ±π",
        "TouchBridgeScenes/SingleDoubleTapViewController.swift: Int(latency * 1000)": .engineTime,
        "TouchBridgeScenes/SingleDoubleTapViewController.swift: Int(((application.currentTime - recognizerPane.lastLiftTime) * 1000).rounded())": .engineTime,
        "TouchKit/Text/TextMetrics.swift: Int(ascii)": "a Character's asciiValue (a UInt8), checked to be 32…126",
        "TouchBridgeScenes/WelcomeViewController.swift: Int(min(max(fitting, 1), CGFloat(sceneButtons.count)))": "rounded down, checked finite and clamped to 1…15 on the same line",
        "TouchBridgeTesting/SessionScript.swift: Int(line[line.index(after: line.startIndex)..<space])": .parsing,
        "TouchBridgeTransport/AccessControl.swift: UInt8(a.count == b.count ? 0 : 1)": .cInterop,
        "TouchBridgeTransport/Connection.swift: Int(tb_lws_pre())": .cInterop,
        "TouchBridgeTransport/HostRule.swift: UInt8($0)": .parsing,
        "TouchBridgeTransport/Connection.swift: UInt16(payload[0])": .cInterop,
        "TouchBridgeTransport/Connection.swift: UInt16(payload[1])": .cInterop,
        "TouchBridgeTransport/Connection.swift: UInt32(code)": .cInterop,
        "TouchBridgeTransport/Connection.swift: Int(lws_hdr_total_length(wsi, token))": .cInterop,
        "TouchBridgeTransport/Connection.swift: Int(buffer.withUnsafeMutableBufferPointer { lws_hdr_copy(wsi, $0.baseAddress, Int32($0.count), token) })": .cInterop,
        "TouchBridgeTransport/Connection.swift: Int32($0.count)": .cInterop,
        "TouchBridgeTransport/Connection.swift: Int(lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_URI_ARGS))": .cInterop,
        "TouchBridgeTransport/Connection.swift: Int(buffer.withUnsafeMutableBufferPointer {": .cInterop,
        "TouchBridgeTransport/Connection.swift: Int32(index)": .cInterop,
        "TouchBridgeTransport/ConnectionAcceptor.swift: Int16(POLLIN)": .cInterop,
        "TouchBridgeTransport/ConnectionAcceptor.swift: Int32(wait * 1000)": "the poll wait is clamped to 0.001…1 s first (NaN gives 0.001)",
        "TouchBridgeTransport/ConnectionAcceptor.swift: Int32(MSG_PEEK)": .cInterop,
        "TouchBridgeTransport/Engine.swift: Int64(conn.outbound.removeAll(tagged: superseding))": .cInterop,
        "TouchBridgeTransport/Engine.swift: Int(lws_remaining_packet_payload(wsi))": .cInterop,
        "TouchBridgeTransport/Engine.swift: Int64(bytes.count)": .cInterop,
        "TouchBridgeTransport/Engine.swift: Int64(count)": .cInterop,
        "TouchBridgeTransport/Engine.swift: Int32(LLL_ERR)": .cInterop,
        "TouchBridgeTransport/Engine.swift: Int32(LLL_ERR | LLL_WARN)": .cInterop,
        "TouchBridgeTransport/ListeningSocket.swift: Int32(SOCK_STREAM.rawValue)": .cInterop,
        "TouchBridgeTransport/ListeningSocket.swift: Int32(SOCK_NONBLOCK.rawValue)": .cInterop,
        "TouchBridgeTransport/ListeningSocket.swift: Int32(SOCK_CLOEXEC.rawValue)": .cInterop,
        "TouchBridgeTransport/ListeningSocket.swift: Int32(IPPROTO_IPV6)": .cInterop,
        "TouchBridgeTransport/ListeningSocket.swift: Int(UInt16(bigEndian: boundPort))": .cInterop,
        "TouchBridgeTransport/ListeningSocket.swift: Int32(IPPROTO_TCP)": .cInterop,
        "TouchBridgeTransport/PollingWebSocketClient.swift: Int16(POLLIN | POLLERR | POLLHUP)": .cInterop,
        "TouchBridgeTransport/PollingWebSocketClient.swift: Int16(POLLIN)": .cInterop,
        "TouchBridgeTransport/PollingWebSocketClient.swift: Int16(POLLOUT)": .cInterop,
        "TouchBridgeTransport/PollingWebSocketClient.swift: Int32(IPPROTO_TCP)": .cInterop,
        "TouchBridgeTransport/PollingWebSocketClient.swift: Int32(MSG_NOSIGNAL)": .cInterop,
        "TouchBridgeTransport/PollingWebSocketClient.swift: Int32(SOCK_CLOEXEC.rawValue)": .cInterop,
        "TouchBridgeTransport/PollingWebSocketClient.swift: Int32(SOCK_NONBLOCK.rawValue)": .cInterop,
        "TouchBridgeTransport/PollingWebSocketClient.swift: Int32(SOCK_STREAM.rawValue)": .cInterop,
        "TouchBridgeTransport/Signals.swift: Int32(byte)": .cInterop,
        "TouchBridgeTransport/SocketCork.swift: Int32(IPPROTO_TCP)": .cInterop,
        "TouchBridgeTransport/StaticFiles.swift: Int(st.st_size)": .cInterop,
        "TouchBridgeTransport/Support.swift: Int32(RLIMIT_NOFILE.rawValue)": .cInterop,
        "TouchBridgeTransport/TransportClient.swift: UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT)": .cInterop,
        "TouchBridgeTransport/TransportClient.swift: Int32(target.port)": .cInterop,
        "TouchBridgeTransport/TransportClient.swift: Int32(flags)": .cInterop,
        "TouchBridgeTransport/TransportClient.swift: UInt(id)": .cInterop,
        "TouchBridgeTransport/TransportClient.swift: Int(portText)": .cInterop,
        "TouchBridgeTransport/TransportServer.swift: Int32(configuration.port)": .cInterop,
        "TouchBridgeTransport/TransportServer.swift: UInt64(LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND)": .cInterop,
        "TouchBridgeTransport/TransportServer.swift: UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT)": .cInterop,
        "TouchBridgeTransport/TransportServer.swift: Int(lws_get_vhost_listen_port(lws_get_vhost_by_name(ctx, \"default\")))": .cInterop,
        "TouchBridgeTransport/TransportServer.swift: Int32(strlen(h))": .cInterop,
        "TouchBridgeTransport/TransportServer.swift: Int(status)": .cInterop,
        "TouchBridgeTransport/TransportServer.swift: Int32(v.count)": .cInterop,
        "TouchBridgeTransport/TransportServer.swift: Int32(total)": .cInterop,
        "TouchKit/Animation/ViewAnimator.swift: Int(((animation.begin - application.currentTime) * 1000).rounded())": .engineTime,
        "TouchKit/Animation/ViewAnimator.swift: Int((animation.duration * 1000).rounded())": .declarative,
        "TouchBridgeScenes/Declarative/LayerAnimationAction.swift: Int((spec.duration * 1000).rounded())": .declarative,
        "TouchKit/Drawing/CALayer.swift: UInt32(sublayers?.count ?? 0)": .integer,
        "TouchKit/Drawing/CALayer.swift: Int(index)": .integer,
        "TouchKit/Drawing/CALayer.swift: UInt32(index)": .integer,
        "TouchKit/Drawing/PathGeometry.swift: Int(max(1, min(8, (abs(sweep) / (CGFloat.pi / 2)).rounded(.up))))": .clamped,
        "TouchKit/Drawing/PathGeometry.swift: Int(max(4, min(64, (length / 2).rounded(.up))))": .clamped,
        "TouchKit/Controls/UISegmentedControl.swift: Int(max(0, min(CGFloat(segments.count - 1), position)))": .clamped,
        "TouchKit/Drawing/UIColor.swift: Int((max(0, min(1, v)) * 255).rounded())": .clamped,
        "TouchKit/Drawing/UIColor+Components.swift: Int(max(0, min(5, sector.rounded(.down))))": .clamped,
        "TouchKit/Drawing/UIColor.swift: UInt32(digits, radix: 16)": .parsing,
        "TouchKit/Gestures/UITapGestureRecognizer.swift: Int((value * 1000).rounded())": .declarative,
        "touchbridge/Bench/LoadGenerator.swift: Int(Double(sorted.count) * q)": "bench: a quantile q in 0…1 of a count",
        "touchbridge/Bench/LoadGenerator.swift: Int(bytes[index] - 48)": .parsing,
        "touchbridge/Bench/ServerProcess.swift: Int(text[range].dropFirst().dropLast())": .parsing,
        "touchbridge/Bench/ServerProcess.swift: Int32(_SC_CLK_TCK)": .parsing,
        "touchbridge/Bench/ServerProcess.swift: Int(line.split(separator: \" \").dropFirst().first ?? \"0\")": .parsing,
        "transport-echo/main.swift: Int(value)": .cInterop,
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every unlabelled integer conversion in `Sources/`, as `path: call` (the call up to its closing
    /// parenthesis on the same line); comment lines are skipped.
    static func conversions() throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: #"(?<![\w.])U?Int(8|16|32|64)?\((?!\s*\w+:)"#)
        var found: Set<String> = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                let characters = Array(line)
                let utf16 = line as NSString
                for match in pattern.matches(in: line, range: NSRange(location: 0, length: utf16.length)) {
                    let start = line.distance(from: line.startIndex, to: String.Index(utf16Offset: match.range.location, in: line))
                    var end = line.distance(from: line.startIndex, to: String.Index(utf16Offset: match.range.location + match.range.length, in: line))
                    var depth = 1
                    while end < characters.count, depth > 0 {
                        if characters[end] == "(" { depth += 1 } else if characters[end] == ")" { depth -= 1 }
                        end += 1
                    }
                    found.insert("\(file): \(String(characters[start..<end]).trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
    }

    @Test func everyUnlabelledIntegerConversionInSourcesIsListedWithItsReason() throws {
        let found = try Self.conversions()
        #expect(found.count > 50, "the sweep finds the sources: \(found.count) conversions")
        let unlisted = found.subtracting(Self.allowed.keys).sorted()
        #expect(unlisted.isEmpty, "conversions that may trap on NaN, infinities or out-of-range values (make them safe, or list them with why they cannot trap):\n\(unlisted.joined(separator: "\n"))")
        let stale = Set(Self.allowed.keys).subtracting(found).sorted()
        #expect(stale.isEmpty, "listed but no longer in Sources (remove them):\n\(stale.joined(separator: "\n"))")
    }
}
