import Foundation
import Testing
@testable import TouchBridgeTransport

@Suite("Limits and failure behaviour")
struct LimitsTests {
    @Test func oversizedMessageCloses1009() throws {
        let s = try RunningServer { $0.maxMessageBytes = 1000 }
        let c = try WSClient(port: s.port)
        try c.sendText(String(repeating: "a", count: 1000))  // exactly the limit passes
        #expect(try c.readText().count == 1000)
        try c.sendText(String(repeating: "a", count: 1001))
        let close = try c.readClose()
        #expect(close.code == 1009)
        #expect(close.reason.contains("too big"))
        #expect(s.delegate.waitUntil { $0.closes().first?.1 == 1009 })
    }

    @Test func oversizedFragmentedMessageCloses1009() throws {
        let s = try RunningServer { $0.maxMessageBytes = 1000 }
        let c = try WSClient(port: s.port)
        let piece = Array(repeating: UInt8(ascii: "b"), count: 400)
        try c.sendFrame(opcode: 1, payload: piece, fin: false)
        try c.sendFrame(opcode: 0, payload: piece, fin: false)
        try c.sendFrame(opcode: 0, payload: piece, fin: true)
        #expect(try c.readClose().code == 1009)
    }

    @Test func frameHeaderClaimingAHugePayloadCloses1009AtOnce() throws {
        let s = try RunningServer()
        let c = try WSClient(port: s.port)
        // FIN+text, masked, 64-bit length 2^62, mask key, then a few payload bytes: no 4 EiB buffer, just 1009.
        try c.socket.write([0x81, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 0x61, 0x62, 0x63])
        #expect(try c.readClose().code == 1009)
    }

    @Test func invalidUTF8Closes1007() throws {
        let s = try RunningServer()
        let c = try WSClient(port: s.port)
        try c.sendFrame(opcode: 1, payload: [0x68, 0x69, 0xC0, 0xAF])  // "hi" + overlong "/"
        #expect(try c.readClose().code == 1007)
        #expect(s.delegate.waitUntil { $0.closes().first?.1 == 1007 })
        #expect(!s.delegate.events.contains { if case .text = $0 { true } else { false } })
    }

    @Test func invalidUTF8SplitAcrossFragmentsCloses1007() throws {
        let s = try RunningServer()
        let c = try WSClient(port: s.port)
        try c.sendFrame(opcode: 1, payload: [0x61, 0xED], fin: false)  // lead of a surrogate…
        try c.sendFrame(opcode: 0, payload: [0xA0, 0x80], fin: true)  // …U+D800
        #expect(try c.readClose().code == 1007)
    }

    // Idle and keep-alive tests keep the other client busy until the expected close arrives,
    // rather than for a fixed time, and bound the wait generously (60 s).

    @Test func idleConnectionIsClosed() throws {
        let s = try RunningServer { $0.idleTimeout = 1 }
        let start = Date()
        let idle = try WSClient(port: s.port)
        let active = try WSClient(port: s.port)
        var tick = 0
        while !idle.socket.hasInput(within: 0.05) {
            try #require(Date().timeIntervalSince(start) < 60, "the idle client was never closed")
            try active.sendText("tick \(tick)")
            #expect(try active.readText() == "tick \(tick)")
            tick += 1
        }
        let close = try idle.readClose()
        #expect(close.code == 1001)
        #expect(close.reason == "idle timeout")
        #expect(Date().timeIntervalSince(start) >= 0.999, "not before the idle timeout")
        try active.sendText("still here")
        #expect(try active.readText() == "still here")
    }

    @Test func keepAlivePingsKeepAnsweringClientsOpen() throws {
        let s = try RunningServer {
            $0.idleTimeout = 1
            $0.keepAlivePingInterval = 0.2
        }
        let start = Date()
        let answering = try WSClient(port: s.port)
        let silent = try WSClient(port: s.port)
        var silentClose: UInt16?
        while silentClose == nil {
            try #require(Date().timeIntervalSince(start) < 60, "the silent client was never closed")
            try answering.pump(for: 0.05)  // only answers pings; throws if it is closed
            while silentClose == nil, silent.socket.hasInput(within: 0) {
                let frame = try silent.readFrame()  // pings go unanswered: being pinged is not activity
                if frame.opcode == 8 { silentClose = frame.payload.count >= 2 ? UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1]) : 1005 }
            }
        }
        #expect(silentClose == 1001)
        try answering.sendText("alive")
        #expect(try answering.readText() == "alive")
    }

    @Test func outboundQueueOverflowCloses1008() throws {
        let d = RecordingDelegate()
        d.onText = { t, id, text in
            let n = Int(text)!
            for i in 0..<n { t.send("msg \(i)", to: id) }
        }
        let s = try RunningServer({ $0.outboundQueueLimit = 10 }, delegate: d)
        let c = try WSClient(port: s.port)
        try c.sendText("10")  // exactly the limit: all delivered
        for i in 0..<10 { #expect(try c.readText() == "msg \(i)") }
        try c.sendText("11")
        let close = try c.readClose()
        #expect(close.code == 1008)
        #expect(close.reason == "outbound queue overflow")
        #expect(d.waitUntil { $0.closes().first?.1 == 1008 })
    }

    @Test func originAllowList() throws {
        let s = try RunningServer { $0.allowedOrigins = ["https://good.example"] }
        let good = try WSClient(port: s.port, origin: "https://good.example")
        let nonBrowser = try WSClient(port: s.port, origin: nil)  // no Origin: not a browser, allowed
        do {
            _ = try WSClient(port: s.port, origin: "https://evil.example")
            Issue.record("evil origin was accepted")
        } catch let r as WSClient.Refused {
            #expect(r.status == 403)
        }
        #expect(s.delegate.waitUntil { $0.openIDs.count == 2 })
        withExtendedLifetime((good, nonBrowser)) {}
    }

    @Test func maxConnectionsRefusesWith503() throws {
        let s = try RunningServer { $0.maxConnections = 2 }
        let a = try WSClient(port: s.port)
        let b = try WSClient(port: s.port)
        #expect(s.delegate.waitUntil { $0.openIDs.count == 2 })
        do {
            _ = try WSClient(port: s.port)
            Issue.record("third connection was accepted")
        } catch let r as WSClient.Refused {
            #expect(r.status == 503)
            #expect(r.body.contains("too many connections"))
        }
        try a.sendClose()
        _ = try a.readClose()
        #expect(s.delegate.waitUntil { $0.closes().count == 1 })
        let c = try WSClient(port: s.port)  // room again
        try c.sendText("in")
        #expect(try c.readText() == "in")
        withExtendedLifetime(b) {}
    }

    @Test func rateLimitDropsThenCloses() throws {
        let s = try RunningServer { $0.maxMessagesPerSecond = 5 }
        let c = try WSClient(port: s.port)
        // In one write: the server reads all eight together, not at the pace of this (maybe descheduled) thread.
        try c.sendTexts((0..<8).map { "m\($0)" })
        var echoed = 0
        var rejected = 0
        for _ in 0..<8 {
            let t = try c.readText()
            if t == "rejected: rate_limited" { rejected += 1 } else { echoed += 1 }
        }
        #expect(echoed == 5)
        #expect(rejected == 3)
        #expect(s.delegate.events.filter { if case .rejected(_, .rateLimited) = $0 { true } else { false } }.count == 3)
        // More than 5 drops within a second: closed. The server stops reading once it closes, so the
        // send may fail (EPIPE) — the messages it already answered are still on their way.
        try? c.sendTexts((0..<10).map { "flood \($0)" })
        // Before the close frame: the replies to what was accepted, then a last rate-limited error.
        var texts: [String] = []
        while true {
            let frame = try c.next()
            if case .text(let t) = frame { texts.append(t) }
            if case .close(let code, _) = frame {
                #expect(code == 1008)
                break
            }
        }
        #expect(texts.last == "rejected: rate_limited")
    }
}
