#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one listening TCP socket of a sharded server, bound as libwebsockets binds its own: every
/// interface dual-stack (IPv6 `::` accepting IPv4 too, plain IPv4 where there is no IPv6), or the
/// one address asked for. Non-blocking and close-on-exec.
enum ListeningSocket {
    /// Opens, binds and listens; returns the descriptor and the port actually bound (for port 0).
    static func open(host: String, port: Int, backlog: Int32 = 1024) throws -> (fd: Int32, port: Int) {
        let anyHost = ["", "0.0.0.0", "::", "*"].contains(host)
        let candidates = anyHost ? ["::", "0.0.0.0"] : [host]
        for address in candidates {
            if let bound = listening(on: address, port: port, backlog: backlog) { return bound }
        }
        throw TransportError.cannotListen(host: host, port: port)
    }

    private static func listening(on address: String, port: Int, backlog: Int32) -> (fd: Int32, port: Int)? {
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address, String(port), &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        let fd = socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var on: Int32 = 1
        var off: Int32 = 0
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if first.pointee.ai_family == AF_INET6 {
            _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &off, socklen_t(MemoryLayout<Int32>.size))
        }
        guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0, listen(fd, backlog) == 0 else {
            close(fd)
            return nil
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            return nil
        }
        let family = storage.ss_family
        let boundPort = withUnsafePointer(to: &storage) { pointer -> UInt16 in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
        }
        return (fd, Int(UInt16(bigEndian: boundPort)))
    }
}

/// An accepted socket on its way to a shard: whoever holds the last reference without having
/// taken the descriptor closes it, so a hand-off dropped at shutdown leaks nothing.
final class AcceptedSocket: Sendable {
    private let descriptor: Locked<Int32?>

    init(_ fd: Int32) { descriptor = Locked(fd) }

    /// Sets up a descriptor just accepted: close-on-exec, non-blocking (the acceptor never waits
    /// on a client), and without Nagle's delay on the small messages sessions send — what
    /// libwebsockets' own listener sets on what it accepts, and adoption does not.
    static func prepare(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var on: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    /// The descriptor, once: from now on the caller owns it.
    func take() -> Int32? {
        descriptor.withLock { fd in
            defer { fd = nil }
            return fd
        }
    }

    deinit {
        if let fd = take() { close(fd) }
    }
}
