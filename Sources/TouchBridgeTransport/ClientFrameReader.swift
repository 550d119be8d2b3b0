/// What a WebSocket client makes of the frames a server sent (RFC 6455 §5.2), read out of the bytes
/// a socket gave, each frame's payload taken in one piece. libwebsockets 4.1 (Debian 12's) unpacks a
/// client's payload one byte at a time, ~30 instructions a byte: reading a 1.3 KB answer cost a load
/// generator about as much as the server's whole step, and that cost sat inside every round trip it
/// measured (docs/performance.md, "The sixth pass").
struct ClientFrameReader {
    /// One complete thing the server said.
    enum Event: Equatable {
        /// A whole text message (fragments joined), valid UTF-8.
        case text(String)
        /// A ping: the client answers with a pong carrying the same payload.
        case ping([UInt8])
        /// A close frame: its status code (1005 when it carried none) and reason.
        case close(code: UInt16, reason: String)
    }

    /// Why the connection has to be closed, as the close code a client sends (RFC 6455 §7.4.1).
    struct Failure: Error, Equatable {
        var code: UInt16
        var reason: String
    }

    /// The largest text message accepted, in bytes (past it: 1009).
    let maxMessageBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// The fragments of a text message so far (only when it came in more than one frame).
    private var fragments: [UInt8] = []
    private var inFragmentedMessage = false

    init(maxMessageBytes: Int) {
        self.maxMessageBytes = maxMessageBytes
    }

    /// Takes `bytes`, the next bytes the socket read.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 16)
            start = 0
        } else if start >= 1 << 16 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete event, or nil until more bytes arrive.
    mutating func next() throws(Failure) -> Event? {
        while let frame = try nextFrame() {
            switch frame.opcode {
            case 0x1, 0x0:
                if let text = try message(from: frame) { return .text(text) }
            case 0x8:
                let payload = buffer[frame.payload]
                guard payload.count != 1 else { throw Failure(code: 1002, reason: "a close payload of one byte") }
                guard payload.count >= 2 else { return .close(code: 1005, reason: "") }
                let code = UInt16(truncatingIfNeeded: payload[payload.startIndex]) << 8 | UInt16(truncatingIfNeeded: payload[payload.startIndex + 1])
                guard let reason = String(validating: payload.dropFirst(2), as: UTF8.self) else {
                    throw Failure(code: 1007, reason: "invalid UTF-8 in a close reason")
                }
                return .close(code: code, reason: reason)
            case 0x9:
                return .ping(Array(buffer[frame.payload]))
            case 0xA:
                continue  // a pong: nothing to do
            case 0x2:
                throw Failure(code: 1003, reason: "binary messages are not supported")
            default:
                throw Failure(code: 1002, reason: "unknown opcode \(frame.opcode)")
            }
        }
        return nil
    }

    private struct Frame {
        var final: Bool
        var opcode: UInt8
        var payload: Range<Int>
    }

    /// The next whole frame in the buffer (consumed), or nil when it has not all arrived.
    private mutating func nextFrame() throws(Failure) -> Frame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        guard first & 0x70 == 0 else { throw Failure(code: 1002, reason: "reserved bits set without an extension") }
        guard second & 0x80 == 0 else { throw Failure(code: 1002, reason: "a server's frame is never masked") }
        let opcode = first & 0x0F
        let final = first & 0x80 != 0
        var headerCount = 2
        var length = Int(truncatingIfNeeded: second & 0x7F)
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(truncatingIfNeeded: buffer[start + 2]) << 8 | Int(truncatingIfNeeded: buffer[start + 3])
            headerCount = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            var wide: UInt64 = 0
            for index in 2..<10 { wide = wide << 8 | UInt64(truncatingIfNeeded: buffer[start + index]) }
            guard wide <= UInt64(truncatingIfNeeded: maxMessageBytes) else { throw tooBig }
            length = Int(truncatingIfNeeded: wide)
            headerCount = 10
        }
        if opcode >= 0x8, !final || length > 125 {
            throw Failure(code: 1002, reason: "a control frame is final and at most 125 bytes")
        }
        guard length <= maxMessageBytes else { throw tooBig }
        guard available >= headerCount + length else { return nil }
        let payloadStart = start + headerCount
        start = payloadStart + length
        return Frame(final: final, opcode: opcode, payload: payloadStart..<start)
    }

    /// A text message once its last fragment arrived, nil before.
    private mutating func message(from frame: Frame) throws(Failure) -> String? {
        if frame.opcode == 0x1 {
            guard !inFragmentedMessage else { throw Failure(code: 1002, reason: "a new message inside a fragmented one") }
            if frame.final { return try text(buffer[frame.payload]) }  // the common case: no copy
            inFragmentedMessage = true
            fragments.removeAll(keepingCapacity: true)
        } else {
            guard inFragmentedMessage else { throw Failure(code: 1002, reason: "a continuation frame outside a message") }
        }
        guard fragments.count + frame.payload.count <= maxMessageBytes else { throw tooBig }
        fragments.append(contentsOf: buffer[frame.payload])
        guard frame.final else { return nil }
        inFragmentedMessage = false
        return try text(fragments[...])
    }

    private func text(_ bytes: ArraySlice<UInt8>) throws(Failure) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(code: 1007, reason: "invalid UTF-8 in text message")
        }
        return text
    }

    private var tooBig: Failure {
        Failure(code: 1009, reason: "message too big (limit \(maxMessageBytes) bytes)")
    }
}
