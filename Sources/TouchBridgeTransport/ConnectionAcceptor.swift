import Logging
import Prometheus

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bounds of the acceptor: how long and how many connections it holds while waiting for their
/// request lines, so a slow or silent client, or a flood of them, cannot hold it.
struct AcceptorLimits {
    /// Seconds a connection has to send its request line before it is closed.
    var requestLineTimeout: Double = 10
    /// Connections waiting for their request lines; past it the oldest waiting one is closed. A
    /// sharded server sets it to what all shards admit unjoined (`maxUnjoinedConnections`).
    var maxPending = 256
    /// Seconds between two peeks at a connection whose request line is still incomplete (a peek
    /// leaves the bytes in the socket, so `poll` would report it readable at once).
    var repeekInterval: Double = 0.01
}

/// Accepts every connection of a sharded server on its own thread, peeks (`MSG_PEEK`: the bytes
/// stay in the socket for libwebsockets) at the request line, and hands the socket to the shard
/// `route` names. Everything but `requestStop()` runs on the thread inside `run()`.
final class ConnectionAcceptor: @unchecked Sendable {
    // @unchecked: `pending` and the listening descriptor are touched only by the thread inside
    // `run()`; other threads only write to the wake pipe (`requestStop()`), and `stopRequested`
    // is behind a lock.
    private struct Pending {
        let fd: Int32
        let deadline: Double
        var peekAt: Double
    }

    private let listener: Int32
    private let wake: (read: Int32, write: Int32)
    private let limits: AcceptorLimits
    private let logger: Logger
    private let route: (RequestLine, AcceptedSocket) -> Void
    /// Connections closed before a hand-off, by why: `timeout` (no request line in time), `evicted`
    /// (past `maxPending`), `peer` (closed or failed before sending one).
    private let closedBeforeHandOff: [String: Counter]
    private let stopRequested = Locked(false)
    private var pending: [Pending] = []
    /// Closed by the end of `run()`, so the port refuses connections once the server stops.
    private var listenerOpen = true

    /// `route` gets every connection whose request line arrived (or is malformed), on the
    /// acceptor's thread, and must not block.
    init(listener: Int32, limits: AcceptorLimits = AcceptorLimits(), logger: Logger, metricsRegistry: PrometheusCollectorRegistry,
         route: @escaping (RequestLine, AcceptedSocket) -> Void) throws {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TransportError.cannotListen(host: "wake pipe", port: 0) }
        for fd in fds {
            AcceptedSocket.prepare(fd)
        }
        self.listener = listener
        wake = (fds[0], fds[1])
        self.limits = limits
        self.logger = logger
        self.route = route
        let descriptor = MetricNameDescriptor.transport(
            "acceptor_closed_total", "Connections the acceptor closed before handing them to a shard, by reason (timeout, evicted, peer).")
        closedBeforeHandOff = Dictionary(uniqueKeysWithValues: ["timeout", "evicted", "peer"].map { reason in
            (reason, metricsRegistry.makeCounter(descriptor: descriptor, labels: [("reason", reason)]))
        })
    }

    /// Closes a connection that never reached a shard, counting why.
    private func drop(_ fd: Int32, _ reason: String) {
        closedBeforeHandOff[reason]?.increment()
        close(fd)
    }

    deinit {
        for fd in [wake.read, wake.write] + pending.map(\.fd) { close(fd) }
        if listenerOpen { close(listener) }
    }

    /// Makes `run()` return soon. Any thread; idempotent.
    func requestStop() {
        stopRequested.withLock { $0 = true }
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    /// Accepts and routes until `requestStop()`; then closes the listener and every connection
    /// still waiting for its request line. Once only.
    func run() {
        var listenerPausedUntil = 0.0
        while !stopRequested.withLock({ $0 }) {
            let now = MonotonicClock.now()
            expire(now: now)
            var fds = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let listening = now >= listenerPausedUntil
            if listening { fds.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
            let peekable = pending.indices.filter { pending[$0].peekAt <= now }
            fds += peekable.map { pollfd(fd: pending[$0].fd, events: Int16(POLLIN), revents: 0) }
            let wakeUps = pending.map { min($0.deadline, $0.peekAt > now ? $0.peekAt : .infinity) } + [listening ? .infinity : listenerPausedUntil]
            let wait = min(1.0, max(0.001, (wakeUps.min() ?? .infinity) - now))
            guard poll(&fds, nfds_t(fds.count), Int32(wait * 1000)) >= 0 || errno == EINTR else {
                logger.error("acceptor poll failed", metadata: ["errno": "\(errno)"])
                break
            }
            drainWakePipe()
            let readable = Set(fds.dropFirst(listening ? 2 : 1).filter { $0.revents != 0 }.map(\.fd))
            peek(readable, now: MonotonicClock.now())
            if listening, fds[1].revents != 0, !acceptAll(now: MonotonicClock.now()) {
                listenerPausedUntil = MonotonicClock.now() + 0.1
            }
        }
        close(listener)
        listenerOpen = false
        for waiting in pending { close(waiting.fd) }
        pending = []
    }

    /// Accepts what the backlog holds. False when the process is out of descriptors or memory:
    /// the listener then rests a moment instead of spinning.
    private func acceptAll(now: Double) -> Bool {
        for _ in 0..<64 {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                switch errno {
                case EAGAIN, EWOULDBLOCK: return true
                case EINTR, ECONNABORTED, EPROTO: continue
                default:
                    logger.warning("accept failed; pausing the listener for 0.1 s", metadata: ["errno": "\(errno)"])
                    return false
                }
            }
            AcceptedSocket.prepare(fd)
            if pending.count >= limits.maxPending {
                drop(pending.removeFirst().fd, "evicted")
            }
            pending.append(Pending(fd: fd, deadline: now + limits.requestLineTimeout, peekAt: now))
        }
        return true
    }

    /// Peeks at every readable waiting connection; routes those whose request line is complete.
    private func peek(_ readable: Set<Int32>, now: Double) {
        guard !readable.isEmpty else { return }
        var buffer = [UInt8](repeating: 0, count: RequestLine.maxBytes)
        pending.removeAll { waiting in
            guard readable.contains(waiting.fd) else { return false }
            let n = buffer.withUnsafeMutableBytes { recv(waiting.fd, $0.baseAddress, $0.count, Int32(MSG_PEEK)) }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return false }
            guard n > 0 else {
                drop(waiting.fd, "peer")
                return true
            }
            let line = RequestLine.parse(buffer[..<n])
            guard line != .incomplete else { return false }
            route(line, AcceptedSocket(waiting.fd))
            return true
        }
        for i in pending.indices where readable.contains(pending[i].fd) {
            pending[i].peekAt = now + limits.repeekInterval
        }
    }

    /// Closes the connections whose request line did not come in time.
    private func expire(now: Double) {
        pending.removeAll { waiting in
            guard waiting.deadline <= now else { return false }
            drop(waiting.fd, "timeout")
            return true
        }
    }

    private func drainWakePipe() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ read(wake.read, $0.baseAddress, $0.count) }) > 0 {}
    }
}
