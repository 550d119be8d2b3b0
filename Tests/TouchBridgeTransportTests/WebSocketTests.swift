import Foundation
import Testing
@testable import TouchBridgeTransport

@Suite("WebSocket loopback")
struct WebSocketTests {
    @Test func echoRoundTripWithSubprotocol() throws {
        let s = try RunningServer()
        let c = try WSClient(port: s.port, path: "/ws?session=abc")
        #expect(c.headers["sec-websocket-protocol"] == "touchbridge.v1")
        try c.sendText("hello")
        #expect(try c.readText() == "hello")
        try c.sendText("héllo ✋ 🖐")
        #expect(try c.readText() == "héllo ✋ 🖐")

        let events = s.delegate.events
        guard case .open(let id, let info) = events.first else {
            Issue.record("no open event: \(events)")
            return
        }
        #expect(info.path == "/ws")
        #expect(info.query == "session=abc")
        #expect(info.subprotocol == "touchbridge.v1")
        #expect(info.remoteAddress == "127.0.0.1")
        #expect(events.contains(.text(id, "hello")))

        try c.sendClose(code: 1000, reason: "bye")
        #expect(try c.readClose().code == 1000)
        #expect(s.delegate.waitUntil { $0.closes().first.map { $0.1 == 1000 && $0.2 == "bye" } ?? false })
    }

    @Test func clientWithoutSubprotocolIsAccepted() throws {
        let s = try RunningServer()
        let c = try WSClient(port: s.port, subprotocol: nil)
        #expect(c.headers["sec-websocket-protocol"] == nil)
        try c.sendText("plain")
        #expect(try c.readText() == "plain")
        guard case .open(_, let info) = s.delegate.events.first else {
            Issue.record("no open")
            return
        }
        #expect(info.subprotocol == nil)
    }

    @Test func fragmentedMessageIsReassembled() throws {
        let s = try RunningServer()
        let c = try WSClient(port: s.port)
        try c.sendFrame(opcode: 1, payload: Array("one ".utf8), fin: false)
        try c.sendFrame(opcode: 0, payload: Array("two ".utf8), fin: false)
        try c.sendFrame(opcode: 0, payload: Array("three".utf8), fin: true)
        #expect(try c.readText() == "one two three")
        // A large single frame arrives in several lws RECEIVE pieces.
        let big = String(repeating: "abcdefgh", count: 6000)
        try c.sendText(big)
        #expect(try c.readText() == big)
    }

    @Test func unknownPathIsRefused() throws {
        let s = try RunningServer()
        #expect(throws: WSClient.Refused.self) { try WSClient(port: s.port, path: "/other") }
        do {
            _ = try WSClient(port: s.port, path: "/other")
        } catch let r as WSClient.Refused {
            #expect(r.status == 404)
        }
    }

    @Test func binaryMessageCloses1003() throws {
        let s = try RunningServer()
        let c = try WSClient(port: s.port)
        try c.sendFrame(opcode: 2, payload: [1, 2, 3])
        #expect(try c.readClose().code == 1003)
        #expect(s.delegate.waitUntil { $0.closes().first?.1 == 1003 })
    }

    @Test func manyClientsEchoConcurrently() throws {
        let s = try RunningServer()
        let clients = try (0..<20).map { _ in try WSClient(port: s.port) }
        for (i, c) in clients.enumerated() { try c.sendText("m\(i)") }
        for (i, c) in clients.enumerated() { #expect(try c.readText() == "m\(i)") }
        #expect(Set(s.delegate.openIDs).count == 20)
    }

    @Test func enqueueFromAnyThreadRunsOnServiceThread() throws {
        let s = try RunningServer()
        let c = try WSClient(port: s.port)
        #expect(s.delegate.waitUntil { !$0.openIDs.isEmpty })
        let id = s.delegate.openIDs[0]
        let accepted = s.server.enqueueFromAnyThread { server in
            server.send("from elsewhere, \(server.openConnectionCount) open", to: id)
        }
        #expect(accepted)
        #expect(try c.readText() == "from elsewhere, 1 open")
        s.stop()
        #expect(!s.server.enqueueFromAnyThread { _ in })
    }

    @Test func delegateCloseFlushesQueuedMessagesFirst() throws {
        let d = RecordingDelegate()
        d.onText = { t, id, text in
            t.send("error: \(text)", to: id)
            t.close(id, code: 4000, reason: "bad input")
        }
        let s = try RunningServer(delegate: d)
        let c = try WSClient(port: s.port)
        try c.sendText("x")
        #expect(try c.next() == .text("error: x"))
        #expect(try c.next() == .close(code: 4000, reason: "bad input"))
        #expect(d.waitUntil { $0.closes().first.map { $0.1 == 4000 } ?? false })
    }
}
