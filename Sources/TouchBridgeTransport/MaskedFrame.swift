#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A client's frame (RFC 6455 §5.2–5.3): final, its payload masked with a four-byte key that the
/// server cannot predict.
enum MaskedFrame {
    /// Text (opcode 1).
    static let text: UInt8 = 0x1
    /// Close (opcode 8).
    static let close: UInt8 = 0x8
    /// Pong (opcode 10).
    static let pong: UInt8 = 0xA

    /// Appends the frame of `payload` with `opcode`, masked with `key` (its bytes high to low), to `bytes`.
    static func append(opcode: UInt8, payload: some Collection<UInt8>, key: UInt32, to bytes: inout [UInt8]) {
        WebSocketFrameHeader.append(opcode: opcode, length: payload.count, masked: true, to: &bytes)
        withUnsafeBytes(of: key.bigEndian) { mask in
            bytes.append(contentsOf: mask)
            for (index, byte) in payload.enumerated() { bytes.append(byte ^ mask[index & 3]) }
        }
    }
}

/// Masking keys from the system's random source (/dev/urandom), 4 KiB at a time: three system calls
/// per 1,024 frames instead of a read per frame, each key still unpredictable (RFC 6455 §10.3).
struct MaskKeys {
    private var pool = [UInt32](repeating: 0, count: 1_024)
    private var next = 1_024

    /// The next key.
    mutating func take() -> UInt32 {
        if next == pool.count {
            let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
            precondition(fd >= 0, "/dev/urandom cannot be opened (errno \(errno))")
            defer { close(fd) }
            pool.withUnsafeMutableBytes { bytes in
                var filled = 0
                while filled < bytes.count {
                    let n = read(fd, bytes.baseAddress! + filled, bytes.count - filled)
                    if n > 0 { filled += n } else { precondition(n < 0 && errno == EINTR, "/dev/urandom cannot be read (errno \(errno))") }
                }
            }
            next = 0
        }
        defer { next += 1 }
        return pool[next]
    }
}
