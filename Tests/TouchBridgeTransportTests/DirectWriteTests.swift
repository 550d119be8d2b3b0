import Foundation
import Testing
@testable import TouchBridgeTransport

/// A server writes what it queued for a connection as the service thread leaves that connection
/// (`WebSocketEngine.flushWrites`), not in a writeable callback one `poll` later: replies need no
/// service turn of their own, messages that arrive in one read are answered with one write, and a
/// reply does not wait for the other connections handled in the same turn. Counted in
/// `touchbridge_transport_writes_total{path}`.
@Suite("Direct writes")
struct DirectWriteTests {
    /// The `writes_total` counters of `server`'s `/metrics`: (direct, writeable).
    private func writes(_ server: RunningServer) throws -> (direct: Int, writeable: Int) {
        let lines = try httpGet(port: server.port, path: "/metrics").text.split(separator: "\n")
        func value(_ path: String) -> Int {
            let prefix = "touchbridge_transport_writes_total{path=\"\(path)\"} "
            return lines.first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) } ?? -1
        }
        return (value("direct"), value("writeable"))
    }

    @Test func sequentialRepliesNeedNoWriteableCallback() throws {
        let s = try RunningServer()  // the harness's delegate echoes
        let c = try WSClient(port: s.port)
        for index in 0..<40 {
            try c.sendText("m\(index)")
            #expect(try c.readText() == "m\(index)")
        }
        let counted = try writes(s)
        #expect(counted.direct == 40 && counted.writeable == 0, "\(counted)")
    }

    @Test func messagesReadTogetherAreAnsweredWithOneWrite() throws {
        let s = try RunningServer()
        let c = try WSClient(port: s.port)
        let texts = (0..<6).map { "batch \($0)" }
        try c.sendTexts(texts)  // one segment: one read, six RECEIVE callbacks in a row
        for text in texts { #expect(try c.readText() == text) }
        let counted = try writes(s)
        // One write per read of the server's: all six in one unless the kernel split the segment.
        #expect(counted.direct >= 1 && counted.direct < texts.count && counted.writeable == 0, "\(counted)")
    }

    /// Two connections read in the same service turn: the second one's message is handled after the
    /// first one's reply has left, not with it still queued until the turn ends.
    @Test func aReplyDoesNotWaitForTheOtherConnectionsOfTheTurn() throws {
        let d = RecordingDelegate()
        let queuedElsewhere = Locked<[Int]>([])
        // Unowned: the delegate holds this closure, which would otherwise hold it back (LeakSanitizer).
        d.onText = { [unowned d] t, id, text in
            if text == "hold" {
                usleep(150_000)  // the others' messages arrive meanwhile: the next poll finds both ready
            } else {
                let others = d.openIDs.filter { $0 != id }.map { t.queuedMessageCount(for: $0) }.reduce(0, +)
                queuedElsewhere.withLock { $0.append(others) }
            }
            t.send(text, to: id)
        }
        let s = try RunningServer(delegate: d)
        let holder = try WSClient(port: s.port)
        let first = try WSClient(port: s.port)
        let second = try WSClient(port: s.port)
        #expect(d.waitUntil { $0.openIDs.count == 3 })
        try holder.sendText("hold")
        usleep(50_000)
        try first.sendText("one")
        try second.sendText("two")
        #expect(try holder.readText() == "hold")
        #expect(try first.readText() == "one")
        #expect(try second.readText() == "two")
        #expect(queuedElsewhere.withLock { $0 } == [0, 0], "replies still queued when the next connection's message was handled")
    }
}
