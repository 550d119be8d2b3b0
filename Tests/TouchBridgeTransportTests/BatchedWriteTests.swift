import Foundation
import Testing
@testable import TouchBridgeTransport

/// A server frames several queued messages into one write (`WebSocketFrameHeader`): each header as
/// RFC 6455 §5.2 spells it, and every message arriving whole and in order whatever its length class.
struct BatchedWriteTests {
    @Test func headersUseTheSevenSixteenAndSixtyFourBitLengths() {
        func header(_ length: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            WebSocketFrameHeader.appendText(length: length, to: &bytes)
            return bytes
        }
        #expect(header(0) == [0x81, 0])
        #expect(header(125) == [0x81, 125])
        #expect(header(126) == [0x81, 126, 0, 126])
        #expect(header(65_535) == [0x81, 126, 0xFF, 0xFF])
        #expect(header(65_536) == [0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0])
        #expect(header(0x0102_0304_0506) == [0x81, 127, 0, 0, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06])
    }

    @Test func headerCountIsWhatAppendTextWrites() {
        for length in [0, 125, 126, 65_535, 65_536, 0x0102_0304_0506] {
            var bytes: [UInt8] = []
            WebSocketFrameHeader.appendText(length: length, to: &bytes)
            #expect(WebSocketFrameHeader.count(length: length) == bytes.count, "length \(length)")
        }
    }

    /// A write is sized once from `batchExtent`: the frames it takes and their framed bytes, exactly.
    @Test func batchExtentTakesAtMostTheMessagesAndStopsOncePastTheBytes() {
        func queue(_ lengths: [Int]) -> OutboundQueue {
            var q = OutboundQueue()
            for length in lengths { q.append(OutboundFrame(String(repeating: "x", count: length))) }
            return q
        }
        #expect(queue([]).batchExtent(messages: 8, framedBytes: 65_536) == (0, 0))
        #expect(queue([90, 300]).batchExtent(messages: 8, framedBytes: 65_536) == (2, 2 + 90 + 4 + 300))
        #expect(queue(Array(repeating: 1, count: 12)).batchExtent(messages: 8, framedBytes: 65_536) == (8, 8 * 3))
        // Frames are added while fewer than the bytes are framed: the one that crosses goes, the next waits.
        #expect(queue([100, 100, 100]).batchExtent(messages: 8, framedBytes: 150) == (2, 2 * 102))
        #expect(queue([70_000, 5]).batchExtent(messages: 8, framedBytes: 65_536) == (1, 10 + 70_000))
        // Frames already taken from the front are not counted.
        var q = queue([200, 7])
        _ = q.popFirst()
        #expect(q.batchExtent(messages: 8, framedBytes: 65_536) == (1, 2 + 7))
    }

    @Test func messagesQueuedTogetherArriveWholeAndInOrder() throws {
        // Twelve replies to one message: more than one write's eight, with each length class and a
        // message past one batch's 64 KiB, all queued before the connection is next writeable.
        let lengths = [0, 1, 125, 126, 300, 65_535, 65_536, 70_000, 5, 2, 126, 1_000]
        let d = RecordingDelegate()
        d.onText = { t, id, _ in
            for (index, length) in lengths.enumerated() {
                t.send(String(repeating: Character(UnicodeScalar(UInt8(97 + index))), count: length), to: id)
            }
        }
        let s = try RunningServer({ $0.maxMessageBytes = 1 << 20 }, delegate: d)
        let c = try WSClient(port: s.port)
        try c.sendText("go")
        for (index, length) in lengths.enumerated() {
            let text = try c.readText()
            #expect(text.utf8.count == length && text.allSatisfy { $0 == Character(UnicodeScalar(UInt8(97 + index))) },
                    "message \(index): \(text.utf8.count) bytes, expected \(length)")
        }
    }
}
