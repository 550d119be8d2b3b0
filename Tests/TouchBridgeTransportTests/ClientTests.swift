import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeTransport

/// Records client events; sends `script` messages on open and stops the client after `expectedMessages`.
final class ClientRecorder: TransportClientDelegate, @unchecked Sendable {
    enum Event: Equatable {
        case open(ConnectionID, String?)
        case text(ConnectionID, String)
        case close(ConnectionID, UInt16, String)
        case timer(ConnectionID, UInt64)
    }

    private let lock = NSLock()
    private var _events: [Event] = []
    var onOpen: ((TransportClient, ConnectionID) -> Void)?
    var onText: ((TransportClient, ConnectionID, String) -> Void)?
    var onTimer: ((TransportClient, ConnectionID, UInt64) -> Void)?

    var events: [Event] { lock.withLock { _events } }
    private func record(_ e: Event) { lock.withLock { _events.append(e) } }

    func client(_ c: TransportClient, didOpen id: ConnectionID, info: ConnectionInfo) {
        record(.open(id, info.subprotocol))
        onOpen?(c, id)
    }
    func client(_ c: TransportClient, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double) {
        record(.text(id, text))
        onText?(c, id, text)
    }
    func client(_ c: TransportClient, didClose id: ConnectionID, code: UInt16, reason: String) {
        record(.close(id, code, reason))
    }
    func client(_ c: TransportClient, timerFired token: UInt64, for id: ConnectionID) {
        record(.timer(id, token))
        onTimer?(c, id, token)
    }

    func waitUntil(timeout: Double = 30, _ condition: ([Event]) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if condition(events) { return true }
            usleep(2_000)
        }
        return condition(events)
    }
}

/// Runs a client's loop on its own thread.
final class RunningClient: @unchecked Sendable {
    let client: TransportClient
    let recorder: ClientRecorder
    private let returned = Locked(false)

    init(_ recorder: ClientRecorder, configuration: TransportClientConfiguration = .init(),
         connect: (TransportClient) throws -> Void) throws {
        client = try TransportClient(configuration: configuration)
        self.recorder = recorder
        client.delegate = recorder
        try connect(client)  // before run(), from this thread
        let (client, returned) = (client, returned)
        Thread {
            try? client.run()
            returned.withLock { $0 = true }
        }.start()
    }

    /// Requests a stop; true once run() has returned (within 30 s).
    func stop() -> Bool {
        client.requestStop()
        let end = Date().addingTimeInterval(30)
        while Date() < end {
            if returned.withLock({ $0 }) { return true }
            usleep(1_000)
        }
        return false
    }

    deinit { _ = stop() }
}

@Suite("TransportClient")
struct ClientTests {
    @Test func parsesWebSocketURLs() {
        let u = WebSocketURL("ws://127.0.0.1:8080/ws?session=a")
        #expect(u == WebSocketURL(secure: false, host: "127.0.0.1", port: 8080, path: "/ws", query: "session=a"))
        #expect(WebSocketURL("wss://example.com")?.port == 443)
        #expect(WebSocketURL("wss://example.com")?.pathAndQuery == "/")
        #expect(WebSocketURL("ws://[::1]:9000/x")?.host == "::1")
        #expect(WebSocketURL("ws://[::1]:9000/x")?.hostHeader == "[::1]:9000")
        #expect(WebSocketURL("http://example.com") == nil)
        #expect(WebSocketURL("ws://host:0/") == nil)
        #expect(WebSocketURL("ws:///path") == nil)
    }

    @Test func talksToTheServer() throws {
        let s = try RunningServer()
        let r = ClientRecorder()
        r.onOpen = { c, id in
            c.send("one", to: id)
            c.send("two", to: id)
        }
        r.onText = { c, id, text in
            if text == "two" { c.close(id, code: 1000, reason: "done") }
        }
        let rc = try RunningClient(r) { c in
            _ = try c.connect(to: "ws://127.0.0.1:\(s.port)/ws?k=v")
        }
        #expect(r.waitUntil { $0.contains { if case .close = $0 { true } else { false } } })
        #expect(r.events == [.open(1, "touchbridge.v1"), .text(1, "one"), .text(1, "two"), .close(1, 1000, "done")])
        #expect(s.delegate.waitUntil { $0.closes().first.map { $0.1 == 1000 && $0.2 == "done" } ?? false })
        guard case .open(_, let info) = s.delegate.events.first else {
            Issue.record("server saw no open")
            return
        }
        #expect(info.query == "k=v")
        #expect(rc.stop())
    }

    @Test func manyConnectionsFromOneClientAndTimers() throws {
        let s = try RunningServer()
        let r = ClientRecorder()
        r.onOpen = { c, id in c.armTimer(for: id, token: id, after: 0.02) }
        r.onTimer = { c, id, token in c.send("tick \(token)", to: id) }
        let rc = try RunningClient(r) { c in
            for _ in 0..<25 { _ = try c.connect(to: "ws://127.0.0.1:\(s.port)/ws") }
        }
        #expect(r.waitUntil { $0.filter { if case .text = $0 { true } else { false } }.count == 25 })
        for id in ConnectionID(1)...25 { #expect(r.events.contains(.text(id, "tick \(id)"))) }
        #expect(rc.stop())
        // The client's stop closes each connection with 1001.
        #expect(s.delegate.waitUntil { $0.closes().count == 25 })
        #expect(s.delegate.closes().allSatisfy { $0.1 == 1001 })
    }

    @Test func serverStopIsSeenAs1001() throws {
        let s = try RunningServer()
        let r = ClientRecorder()
        let rc = try RunningClient(r) { c in _ = try c.connect(to: "ws://127.0.0.1:\(s.port)/ws") }
        #expect(r.waitUntil { !$0.isEmpty })
        #expect(s.stop() != nil)
        #expect(r.waitUntil { $0.contains(.close(1, 1001, "server shutting down")) })
        #expect(rc.stop())
    }

    @Test func refusedConnectionReportsAClose() throws {
        // Nothing listens on this port once the server below is gone.
        let port: Int
        do {
            let s = try RunningServer()
            port = s.port
            _ = s.stop()
        }
        let r = ClientRecorder()
        let rc = try RunningClient(r) { c in
            _ = try? c.connect(to: "ws://127.0.0.1:\(port)/ws")
        }
        #expect(r.waitUntil { $0.contains { if case .close(_, 1006, _) = $0 { true } else { false } } })
        #expect(!r.events.contains { if case .open = $0 { true } else { false } })
        #expect(rc.stop())
    }

    @Test func invalidURLThrows() throws {
        let c = try TransportClient()
        #expect(throws: TransportError.invalidURL("http://x")) { try c.connect(to: "http://x") }
    }

    @Test func enqueueFromAnyThreadSends() throws {
        let s = try RunningServer()
        let r = ClientRecorder()
        let rc = try RunningClient(r) { c in _ = try c.connect(to: "ws://127.0.0.1:\(s.port)/ws") }
        #expect(r.waitUntil { !$0.isEmpty })
        rc.client.enqueueFromAnyThread { c in c.send("queued", to: 1) }
        #expect(r.waitUntil { $0.contains(.text(1, "queued")) })
        #expect(rc.stop())
    }
}
