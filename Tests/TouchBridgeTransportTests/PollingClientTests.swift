import Testing
import TouchBridgeProtocol
@testable import TouchBridgeTransport

/// Records a polling client's events. Its `run()` runs on the test's own thread, so the handlers run
/// there too; a watchdog stops the client if a test would otherwise wait forever.
private final class PollingRecorder: PollingWebSocketClientDelegate {
    enum Event: Equatable {
        case open(ConnectionID)
        case text(ConnectionID, String)
        case close(ConnectionID, UInt16, String)
    }

    var events: [Event] = []
    var onOpen: ((PollingWebSocketClient, ConnectionID) -> Void)?
    var onText: ((PollingWebSocketClient, ConnectionID, String) -> Void)?
    var onClose: ((PollingWebSocketClient) -> Void)?
    var onTimer: ((PollingWebSocketClient) -> Void)?
    var timedOut = false

    func client(_ client: PollingWebSocketClient, didOpen id: ConnectionID) {
        events.append(.open(id))
        onOpen?(client, id)
    }

    func client(_ client: PollingWebSocketClient, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double) {
        #expect(receiveTime <= MonotonicClock.now())
        events.append(.text(id, text))
        onText?(client, id, text)
    }

    func client(_ client: PollingWebSocketClient, didClose id: ConnectionID, code: UInt16, reason: String) {
        events.append(.close(id, code, reason))
        onClose?(client)
    }

    func clientTimerFired(_ client: PollingWebSocketClient) {
        if let onTimer { return onTimer(client) }
        timedOut = true
        client.requestStop()
    }

    /// Runs `client` on this thread until it stops (at the latest after the watchdog's 20 s).
    func run(_ client: PollingWebSocketClient) throws {
        client.delegate = self
        if onTimer == nil { client.armTimer(after: 20) }
        try client.run()
        #expect(!timedOut, "the watchdog stopped the client")
    }
}

@Suite("PollingWebSocketClient")
struct PollingClientTests {
    @Test func talksToTheServerAndClosesWith1001OnStop() throws {
        let server = try RunningServer()
        let recorder = PollingRecorder()
        recorder.onOpen = { client, id in
            client.send("one", to: id)
            client.send("two", to: id)
        }
        recorder.onText = { client, _, text in if text == "two" { client.requestStop() } }
        let client = PollingWebSocketClient()
        _ = try client.connect(to: "ws://127.0.0.1:\(server.port)/ws?k=v")
        try recorder.run(client)
        #expect(recorder.events.prefix(3) == [.open(1), .text(1, "one"), .text(1, "two")])
        #expect(recorder.events.count == 4)
        guard case .close(1, 1001, _) = recorder.events.last else {
            Issue.record("no 1001 close: \(recorder.events)")
            return
        }
        #expect(server.delegate.waitUntil { $0.closes().map(\.1) == [1001] })
        guard case .open(_, let info) = server.delegate.events.first else {
            Issue.record("server saw no open")
            return
        }
        #expect(info.query == "k=v")
        #expect(info.subprotocol == "touchbridge.v1")
    }

    @Test func largeMessagesArriveWhole() throws {
        let big = String(repeating: "0123456789", count: 30_000)  // 300 KB: a 64-bit length, many reads
        let server = try RunningServer({ $0.maxMessageBytes = 1 << 20 })
        server.delegate.onText = { transport, id, text in transport.send(text == "big" ? big : text, to: id) }
        let recorder = PollingRecorder()
        recorder.onOpen = { client, id in client.send("big", to: id) }
        recorder.onText = { client, _, _ in client.requestStop() }
        let client = PollingWebSocketClient()
        _ = try client.connect(to: "ws://127.0.0.1:\(server.port)/ws")
        try recorder.run(client)
        #expect(recorder.events.contains(.text(1, big)))
    }

    @Test func aServersCloseIsAnsweredAndReported() throws {
        let server = try RunningServer()
        server.delegate.onText = { transport, id, _ in transport.close(id, code: 4000, reason: "done") }
        let recorder = PollingRecorder()
        recorder.onOpen = { client, id in client.send("bye", to: id) }
        recorder.onClose = { client in client.requestStop() }
        let client = PollingWebSocketClient()
        _ = try client.connect(to: "ws://127.0.0.1:\(server.port)/ws")
        try recorder.run(client)
        #expect(recorder.events == [.open(1), .close(1, 4000, "done")])
        #expect(server.delegate.waitUntil { $0.closes().map(\.1) == [4000] })
    }

    @Test func serverPingsAreAnsweredSoAQuietConnectionStaysOpen() throws {
        // Idle after 1 s without a frame from the client; pinged every 0.2 s. Only the client's pongs
        // keep it open until it speaks at 1.6 s.
        let server = try RunningServer {
            $0.idleTimeout = 1
            $0.keepAlivePingInterval = 0.2
        }
        let recorder = PollingRecorder()
        var spoke = false
        recorder.onOpen = { client, _ in client.armTimer(after: 1.6) }
        recorder.onTimer = { [unowned recorder] client in
            guard !spoke else {  // the second firing is the watchdog's
                recorder.timedOut = true
                return client.requestStop()
            }
            spoke = true
            client.send("still here", to: 1)
            client.armTimer(after: 20)
        }
        recorder.onText = { client, _, _ in client.requestStop() }
        recorder.onClose = { client in client.requestStop() }
        let client = PollingWebSocketClient()
        _ = try client.connect(to: "ws://127.0.0.1:\(server.port)/ws")
        try recorder.run(client)
        #expect(recorder.events.prefix(2) == [.open(1), .text(1, "still here")])
    }

    @Test func aTooBigMessageClosesWith1009() throws {
        let server = try RunningServer()
        server.delegate.onText = { transport, id, _ in transport.send(String(repeating: "x", count: 2_000), to: id) }
        let recorder = PollingRecorder()
        recorder.onOpen = { client, id in client.send("go", to: id) }
        recorder.onClose = { client in client.requestStop() }
        var configuration = PollingWebSocketClient.Configuration()
        configuration.maxMessageBytes = 1_000
        let client = PollingWebSocketClient(configuration: configuration)
        _ = try client.connect(to: "ws://127.0.0.1:\(server.port)/ws")
        try recorder.run(client)
        #expect(recorder.events == [.open(1), .close(1, 1009, "message too big (limit 1000 bytes)")])
        #expect(server.delegate.waitUntil { $0.closes().map(\.1) == [1009] })
    }

    @Test func aServerStopIsSeenAs1001() throws {
        let server = try RunningServer()
        let recorder = PollingRecorder()
        recorder.onOpen = { client, id in client.send("here", to: id) }
        recorder.onText = { _, _, _ in server.server.requestStop() }
        recorder.onClose = { client in client.requestStop() }
        let client = PollingWebSocketClient()
        _ = try client.connect(to: "ws://127.0.0.1:\(server.port)/ws")
        try recorder.run(client)
        #expect(recorder.events.last == .close(1, 1001, "server shutting down"))
    }

    @Test func aRefusedConnectionReportsA1006Close() throws {
        let port: Int
        do {
            let server = try RunningServer()
            port = server.port
            _ = server.stop()
        }
        let recorder = PollingRecorder()
        recorder.onClose = { client in client.requestStop() }
        let client = PollingWebSocketClient()
        _ = try client.connect(to: "ws://127.0.0.1:\(port)/ws")
        try recorder.run(client)
        #expect(recorder.events.count == 1)
        guard case .close(1, 1006, let reason) = recorder.events.first else {
            Issue.record("no 1006 close: \(recorder.events)")
            return
        }
        #expect(reason.contains("connect failed"))
    }

    @Test func manyConnectionsAndATimer() throws {
        let server = try RunningServer()
        let recorder = PollingRecorder()
        var opened: [ConnectionID] = []
        recorder.onOpen = { client, id in
            opened.append(id)
            if opened.count == 25 { client.armTimer(after: 0.02) }
        }
        var ticked = false
        recorder.onTimer = { [unowned recorder] client in
            guard !ticked else {  // the second firing is the watchdog's
                recorder.timedOut = true
                return client.requestStop()
            }
            ticked = true
            for id in opened { client.send("tick \(id)", to: id) }
            client.armTimer(after: 20)
        }
        recorder.onText = { [unowned recorder] client, _, _ in
            if recorder.events.filter({ if case .text = $0 { true } else { false } }).count == 25 { client.requestStop() }
        }
        let client = PollingWebSocketClient()
        for _ in 0..<25 { _ = try client.connect(to: "ws://127.0.0.1:\(server.port)/ws") }
        try recorder.run(client)
        for id in ConnectionID(1)...25 { #expect(recorder.events.contains(.text(id, "tick \(id)"))) }
        #expect(server.delegate.waitUntil { $0.closes().count == 25 })
        #expect(server.delegate.closes().allSatisfy { $0.1 == 1001 })
    }

    @Test func onlyPlainWebSocketURLs() {
        let client = PollingWebSocketClient()
        #expect(throws: TransportError.invalidURL("wss://127.0.0.1/ws")) { try client.connect(to: "wss://127.0.0.1/ws") }
        #expect(throws: TransportError.invalidURL("http://x")) { try client.connect(to: "http://x") }
        #expect(!client.send("nothing", to: 7))
    }
}
