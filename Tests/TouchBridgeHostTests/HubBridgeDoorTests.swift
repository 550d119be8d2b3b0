import Logging
import Testing
@testable import TouchBridgeHost
import TouchBridgeProtocol
import TouchBridgeServer
import TouchBridgeTransport

/// `HubBridge` on a recording fake of the socket transport: what leaves, with which tags, and how
/// often the shell reads the clock.
@Suite struct HubBridgeDoorTests {
    /// The socket transport's calls, kept instead of carried out.
    final class RecordingTransport: SocketTransport {
        struct Sent: Equatable {
            var text: String
            var connection: ConnectionID
            var tag: UInt8
            var superseding: UInt8?
        }

        var sent: [Sent] = []
        var holds: [(ConnectionID, Double)] = []

        func send(_ text: String, to id: ConnectionID, tag: UInt8, superseding: UInt8?) -> Bool {
            sent.append(Sent(text: text, connection: id, tag: tag, superseding: superseding))
            return true
        }
        func queuedMessageCount(for id: ConnectionID) -> Int { 0 }
        func armTimer(for id: ConnectionID, token: UInt64, after seconds: Double) {}
        func cancelTimer(for id: ConnectionID, token: UInt64) {}
        func close(_ id: ConnectionID, code: UInt16, reason: String) {}
        func holdReading(from id: ConnectionID, for seconds: Double) { holds.append((id, seconds)) }
        func markJoined(_ id: ConnectionID) {}

        /// The `type` (and `code` of an error) of each message sent to `id`, in order, and its tag pair.
        func types(to id: ConnectionID) -> [String] {
            sent.filter { $0.connection == id }.map { sent in
                guard case .object(let fields)? = try? JSONParser.parse(sent.text), case .string(let type)? = fields["type"] else { return "?" }
                let code = fields["code"].flatMap { if case .string(let code) = $0 { ":\(code)" } else { nil } } ?? ""
                return "\(type)\(code) tag \(sent.tag)\(sent.superseding.map { " supersedes \($0)" } ?? "")"
            }
        }
    }

    /// A clock that counts its reads and moves a millisecond per read.
    final class CountingClock: @unchecked Sendable {
        var reads = 0
        func now() -> Double {
            reads += 1
            return 100 + Double(reads) / 1000
        }
        /// What the last read said, without reading: the transport's arrival time of a message.
        var time: Double { 100 + Double(reads) / 1000 }
    }

    static let info = ConnectionInfo(remoteAddress: "127.0.0.1", origin: nil, path: "/ws", query: nil, subprotocol: ProtocolVersion.subprotocol)
    static let hello = #"{"type":"hello","protocol":1,"role":"device","scene":"tap-recognition","viewport":{"width":400,"height":800,"scale":2},"clock":"manual"}"#

    static func bridge(clock: CountingClock, engineShare: Double = 1) -> HubBridge {
        let bridge = HubBridge(hub: Hub(catalog: LibraryCatalog(), makeSessionID: { "s" }), logger: Logger(label: "test"),
                               engineSecondsPerSecond: engineShare, busyEngineSecondsPerSecond: engineShare, clock: clock.now)
        bridge.stepper = SessionStepper(catalog: LibraryCatalog(), limits: ProtocolLimits(), clock: clock.now, analyses: LiveSteppingAnalyses())
        return bridge
    }

    /// One read per message, at the end of its work, ends its wall time for the engine share; the
    /// transport's arrival time serves the share's wait and charge, the port, the recorder and the
    /// stepper's history: with a second read anywhere on the way (as the shell had five), this fails.
    @Test func theShellReadsTheClockOncePerMessage() {
        let clock = CountingClock()
        let bridge = Self.bridge(clock: clock)
        let transport = RecordingTransport()
        bridge.opened(1, info: Self.info, transport)
        let messages = [Self.hello, #"{"type":"ping","seq":1}"#] + (0..<3).map { index in
            let phase = ["down", "move", "up"][index]
            return #"{"type":"input","seq":\#(index + 2),"pointers":[{"id":1,"phase":"\#(phase)","x":100,"y":400,"t":\#(index * 16),"pointerType":"touch"}]}"#
        } + [#"{"type":"resync"}"#, "not json", #"{"type":"step","frame":0}"#]
        for text in messages {
            let before = clock.reads
            bridge.received(text, from: 1, at: clock.time, transport)
            #expect(clock.reads - before == 1, "\(text.prefix(40)): \(clock.reads - before) clock reads")
        }
        #expect(transport.types(to: 1).contains("events tag 0"), "the messages ran: \(transport.types(to: 1))")
    }

    /// The stepper's replies leave through the executor: `stepping` as a message, `step` tagged so a
    /// newer one supersedes it (without the `.step` kind it would queue up behind like any message).
    @Test func steppingRepliesLeaveThroughThePortWithTheirKinds() {
        let bridge = Self.bridge(clock: CountingClock(), engineShare: 0)
        let transport = RecordingTransport()
        bridge.opened(1, info: Self.info, transport)
        bridge.received(Self.hello, from: 1, at: 0, transport)
        transport.sent = []
        bridge.received(#"{"type":"pause"}"#, from: 1, at: 0, transport)
        bridge.received(#"{"type":"step","frame":0}"#, from: 1, at: 0, transport)
        bridge.received(#"{"type":"step","frame":99}"#, from: 1, at: 0, transport)
        // (Pausing also interrupts the app: what its session sends for that is left out here.)
        let stepping = transport.types(to: 1).filter { ["stepping", "step ", "error"].contains(where: $0.hasPrefix) }
        #expect(stepping == [
            "stepping tag 0", "step tag 2 supersedes 2", "step tag 2 supersedes 2", "error:unknown-frame tag 0",
        ])
    }

    /// Refusals are the executor's too: over the engine share (`retryAfterMs`, reading held) and over
    /// the message rate, each one `rate-limited` error on the plain message kind; a backpressure pause,
    /// one `overloaded` error with nothing to retry.
    @Test func refusalsLeaveThroughThePort() throws {
        // A share of a nanosecond per second: the first work charged (the open's) spends it all.
        let clock = CountingClock()
        let bridge = Self.bridge(clock: clock, engineShare: 1e-9)
        let transport = RecordingTransport()
        bridge.opened(1, info: Self.info, transport)
        bridge.received(Self.hello, from: 1, at: clock.time, transport)
        transport.sent = []
        transport.holds = []
        bridge.received(#"{"type":"ping","seq":1}"#, from: 1, at: clock.time, transport)
        bridge.rejected(1, reason: .rateLimited, transport)
        #expect(transport.types(to: 1) == ["error:rate-limited tag 0", "error:rate-limited tag 0"])
        let overShare = try #require(transport.sent.first).text
        #expect(overShare.contains("retryAfterMs") && overShare.contains("share of engine time"))
        #expect(transport.sent.last?.text.contains("maxMessagesPerSecond") == true)
        #expect(transport.holds.count == 1, "reading is held while over the share")
        transport.sent = []
        bridge.pausedReading(1, queuedBytes: 70_000, transport)
        #expect(transport.types(to: 1) == ["error:overloaded tag 0"])
        #expect(transport.sent.first?.text.contains("70000 bytes") == true)
        #expect(!(transport.sent.first?.text.contains("retryAfterMs") ?? true), "nothing was refused: nothing to retry")
    }
}
