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

    /// Appends the frame of `payload` with `opcode`, masked with `key`, to `bytes`.
    static func append(opcode: UInt8, payload: some Collection<UInt8>, key: UInt32, to bytes: inout [UInt8]) {
        bytes.append(0x80 | opcode)
        let length = payload.count
        switch length {
        case ..<126:
            bytes.append(0x80 | UInt8(truncatingIfNeeded: length))
        case ..<65_536:
            bytes.append(0x80 | 126)
            bytes.append(UInt8(truncatingIfNeeded: length >> 8))
            bytes.append(UInt8(truncatingIfNeeded: length))
        default:
            bytes.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: length >> shift)) }
        }
        let mask = [UInt8(truncatingIfNeeded: key >> 24), UInt8(truncatingIfNeeded: key >> 16),
                    UInt8(truncatingIfNeeded: key >> 8), UInt8(truncatingIfNeeded: key)]
        bytes.append(contentsOf: mask)
        var index = 0
        for byte in payload {
            bytes.append(byte ^ mask[index & 3])
            index += 1
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
