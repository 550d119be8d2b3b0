/// The header of a final WebSocket frame (RFC 6455 §5.2: FIN, the opcode, the mask bit, the 7-bit,
/// 16-bit or 64-bit payload length). A server frames several queued messages into one buffer and
/// writes them with one call: one system call and one TCP segment for a step's render and event log,
/// where a write per message needed the socket corked and uncorked around them (two more system calls,
/// the uncork 15% of the server's time in a sequential round trip). A client's frame sets the mask bit
/// and its key follows the header (`MaskedFrame`).
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

    /// Appends the header of an unmasked, final text frame of `length` payload bytes to `bytes`.
    static func appendText(length: Int, to bytes: inout [UInt8]) {
        append(opcode: 0x1, length: length, masked: false, to: &bytes)
    }

    /// Appends the header of a final frame with `opcode` and `length` payload bytes to `bytes`; when
    /// `masked`, the four-byte key must follow it.
    static func append(opcode: UInt8, length: Int, masked: Bool, to bytes: inout [UInt8]) {
        precondition(length >= 0, "a payload length is never negative")
        bytes.append(0x80 | opcode)
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch length {
        case ..<126:
            bytes.append(maskBit | UInt8(truncatingIfNeeded: length))
        case ..<65_536:
            bytes.append(maskBit | 126)
            bytes.append(UInt8(truncatingIfNeeded: length >> 8))
            bytes.append(UInt8(truncatingIfNeeded: length))
        default:
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: length >> shift)) }
        }
    }
}
