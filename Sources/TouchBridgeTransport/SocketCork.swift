#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Holds a socket's outgoing bytes while several messages are written back to back, then sends them
/// together: a step's `render` and `events` leave as one TCP segment instead of two, so the peer is
/// woken once and the kernel transmits (and, on loopback, delivers) once. Linux's `TCP_CORK`; where
/// there is none the writes go out as they are made.
enum SocketCork {
    /// Runs `body` with `fd` corked; the held bytes go out when it returns.
    static func whileWriting<Result>(_ fd: Int32, _ body: () -> Result) -> Result {
        #if os(Linux)
        set(fd, corked: true)
        defer { set(fd, corked: false) }
        #endif
        return body()
    }

    #if os(Linux)
    private static func set(_ fd: Int32, corked: Bool) {
        var value: Int32 = corked ? 1 : 0
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_CORK, &value, socklen_t(MemoryLayout<Int32>.size))
    }
    #endif
}
