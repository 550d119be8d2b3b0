/// The header of a server's WebSocket text frame (RFC 6455 §5.2: FIN, opcode 1, no mask, the 7-bit,
/// 16-bit or 64-bit payload length), so a server can frame several queued messages into one buffer and
/// write them with one call: one system call and one TCP segment for a step's render and event log,
/// where a write per message needed the socket corked and uncorked around them (two more system calls,
/// the uncork 15% of the server's time in a sequential round trip). Only a server may: a client's frames
/// are masked, which libwebsockets does per frame.
enum WebSocketFrameHeader {
    /// The most bytes a header takes (2 + 8 for a 64-bit length).
    static let maxCount = 10

    /// The bytes `appendText` writes for a payload of `length` bytes.
    static func count(length: Int) -> Int {
        switch length {
        case ..<126: 2
        case ..<65_536: 4
        default: maxCount
        }
    }

    /// Writes the header of an unmasked, final text frame of `length` payload bytes at `pointer`, which
    /// has room for `count(length:)` bytes; returns that count.
    static func writeText(length: Int, at pointer: UnsafeMutablePointer<UInt8>) -> Int {
        precondition(length >= 0, "a payload length is never negative")
        pointer[0] = 0x81
        switch length {
        case ..<126:
            pointer[1] = UInt8(truncatingIfNeeded: length)
            return 2
        case ..<65_536:
            pointer[1] = 126
            pointer[2] = UInt8(truncatingIfNeeded: length >> 8)
            pointer[3] = UInt8(truncatingIfNeeded: length)
            return 4
        default:
            pointer[1] = 127
            for index in 0..<8 { pointer[2 + index] = UInt8(truncatingIfNeeded: length >> (56 - 8 * index)) }
            return maxCount
        }
    }
}
