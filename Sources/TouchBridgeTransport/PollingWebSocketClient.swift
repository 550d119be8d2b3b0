import TouchBridgeProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives the events of a `PollingWebSocketClient`, on the thread inside its `run()`.
package protocol PollingWebSocketClientDelegate: AnyObject {
    /// The handshake completed.
    func client(_ client: PollingWebSocketClient, didOpen id: ConnectionID)
    /// One complete text message; `receiveTime` is `MonotonicClock.now()` when the read that completed
    /// it returned, before the client took its frames apart.
    func client(_ client: PollingWebSocketClient, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double)
    /// The connection ended, or never opened (then `code` is 1006 and `reason` says why).
    func client(_ client: PollingWebSocketClient, didClose id: ConnectionID, code: UInt16, reason: String)
    /// The timer armed with `armTimer(after:)` fired.
    func clientTimerFired(_ client: PollingWebSocketClient)
}

/// WebSocket client connections (ws:// only) on plain sockets and `poll`, any number of them, serviced
/// by the thread inside `run()`: the load generator's client (`touchbridge bench load`). Frames are
/// taken apart in one piece each (`ClientFrameReader`), and a message's arrival is stamped when its
/// read returns, so a measured round trip holds the server's work and the network's, not the
/// client's unpacking of a larger answer. With `busyPolling` the thread never sleeps in `poll`: with
/// one message in flight, its own wake-up would otherwise be in every round trip it measures.
/// Not thread-safe: every call comes from the thread that calls `run()` (or before it, from that
/// thread).
package final class PollingWebSocketClient {
    /// Settings for every connection of a client.
    package struct Configuration: Sendable {
        /// Largest text message accepted, in bytes; past it the connection is closed with 1009.
        package var maxMessageBytes = 16 * 1024 * 1024
        /// Bytes queued for one connection that the socket has not taken; past it `send` closes the
        /// connection with 1008 "outbound queue overflow".
        package var maxQueuedBytes = 64 * 1024 * 1024
        /// `poll` with a zero timeout: the thread spins instead of sleeping (see the type's note).
        package var busyPolling = false
        /// Seconds for the TCP connect and the handshake together.
        package var handshakeTimeout = 10.0
        /// Seconds a stop waits for servers to answer its close frames.
        package var shutdownGracePeriod = 1.5

        /// The defaults: not spinning, 16 MiB messages, 64 MiB queued.
        package init() {}
    }

    /// Held weakly; keep your delegate alive while the client runs.
    package weak var delegate: (any PollingWebSocketClientDelegate)?
    private let configuration: Configuration
    private var sockets: [ConnectionID: Socket] = [:]
    private var nextID: ConnectionID = 1
    private var keys = MaskKeys()
    private var timerDeadline: Double?
    private var stopDeadline: Double?
    private var scratch = [UInt8](repeating: 0, count: 1 << 16)
    private var pollfds: [pollfd] = []
    private var polled: [Socket] = []

    /// A client with no connections yet; `connect` starts them, `run()` services them.
    package init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Starts a connection to `url` ("ws://host:port/path?query"); the outcome arrives as `didOpen`
    /// or `didClose`. Throws when the URL is not a ws:// URL or its host does not resolve.
    package func connect(to url: String, subprotocol: String? = "touchbridge.v1") throws -> ConnectionID {
        guard let target = WebSocketURL(url), !target.secure else { throw TransportError.invalidURL(url) }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(target.host, String(target.port), &hints, &found) == 0, let address = found else {
            throw TransportError.cannotConnect("\(url): cannot resolve \(target.host)")
        }
        defer { freeaddrinfo(found) }
        let fd = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TransportError.cannotConnect("\(url): socket() failed, errno \(errno)") }
        var on: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        let id = nextID
        nextID += 1
        let handshake = ClientHandshake(keys: &keys)
        let connection = Socket(id: id, fd: fd, handshake: handshake, maxMessageBytes: configuration.maxMessageBytes,
                                deadline: MonotonicClock.now() + configuration.handshakeTimeout)
        sockets[id] = connection
        if connectSocket(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 || errno == EINPROGRESS {
            connection.outbound = handshake.request(for: target, subprotocol: subprotocol)
        } else {
            connection.failure = ClientFrameReader.Failure(code: 1006, reason: "\(url): connect failed, errno \(errno)")
        }
        return id
    }

    /// Queues `text` for `id` and writes what the socket takes now. False when the connection is not
    /// open (or its queue overflowed, which closes it).
    @discardableResult
    package func send(_ text: String, to id: ConnectionID) -> Bool {
        guard let socket = sockets[id], socket.phase == .open, socket.failure == nil else { return false }
        var text = text
        return text.withUTF8 { queue(socket, opcode: MaskedFrame.text, payload: $0) }
    }

    /// Arms the client's one timer to fire `seconds` from now (replacing an armed one).
    package func armTimer(after seconds: Double) {
        timerDeadline = MonotonicClock.now() + max(0, seconds)
    }

    /// Closes every connection (1001 "client shutting down"), waits up to the grace period for the
    /// servers' answers, then returns from `run()`.
    package func requestStop() {
        guard stopDeadline == nil else { return }
        stopDeadline = MonotonicClock.now() + configuration.shutdownGracePeriod
        timerDeadline = nil
        for socket in sockets.values where socket.phase == .open { beginClose(socket, code: 1001, reason: "client shutting down") }
        for socket in sockets.values where socket.phase != .closing { socket.failure = socket.failure ?? .init(code: 1006, reason: "client stopped") }
    }

    /// Services the connections until a stop and every connection is gone.
    package func run() throws {
        while true {
            let now = MonotonicClock.now()
            finishFailed()
            if let stopDeadline, sockets.isEmpty || now >= stopDeadline { break }
            if let deadline = timerDeadline, now >= deadline {
                timerDeadline = nil
                delegate?.clientTimerFired(self)
                continue
            }
            for socket in sockets.values where socket.phase != .open && now >= socket.deadline {
                socket.failure = socket.failure ?? .init(code: 1006, reason: socket.phase == .closing ? "close not answered" : "handshake timed out")
            }
            try servicePoll(timeout: pollTimeout(now: now))
        }
        for socket in sockets.values { closeSocket(socket.fd) }
        sockets.removeAll()
    }

    // MARK: Service

    /// Seconds `poll` may sleep: until the timer or a deadline is due, at most 0.1.
    private func pollTimeout(now: Double) -> Double {
        if configuration.busyPolling { return 0 }
        var deadline = now + 0.1
        if let timerDeadline { deadline = min(deadline, timerDeadline) }
        if let stopDeadline { deadline = min(deadline, stopDeadline) }
        for socket in sockets.values where socket.phase != .open { deadline = min(deadline, socket.deadline) }
        return max(0, deadline - now)
    }

    /// One `poll` and the sockets it found ready serviced. `poll` sleeps in whole milliseconds: it
    /// sleeps the whole ones of `timeout` and no more, and the next turn spins out the rest, so a
    /// timer fires on time instead of up to a millisecond late.
    private func servicePoll(timeout: Double) throws {
        pollfds.removeAll(keepingCapacity: true)
        polled.removeAll(keepingCapacity: true)
        for socket in sockets.values where socket.failure == nil {
            var events = Int16(POLLIN)
            if socket.phase == .connecting || socket.queuedCount > 0 { events |= Int16(POLLOUT) }
            pollfds.append(pollfd(fd: socket.fd, events: events, revents: 0))
            polled.append(socket)
        }
        let ready = poll(&pollfds, nfds_t(pollfds.count), Int32(exactly: (timeout * 1000).rounded(.down)) ?? 0)
        guard ready > 0 else {
            if ready < 0, errno != EINTR { throw TransportError.cannotConnect("poll failed, errno \(errno)") }
            return
        }
        for (index, entry) in pollfds.enumerated() where entry.revents != 0 {
            let socket = polled[index]
            guard socket.failure == nil else { continue }
            if entry.revents & Int16(POLLOUT) != 0 {
                if socket.phase == .connecting { connected(socket) }
                write(socket)
            }
            if socket.failure == nil, entry.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 { read(socket) }
        }
    }

    private func connected(_ socket: Socket) {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket.fd, SOL_SOCKET, SO_ERROR, &error, &length)
        if error != 0 {
            socket.failure = .init(code: 1006, reason: "connect failed: \(String(cString: strerror(error)))")
        } else {
            socket.phase = .handshaking
        }
    }

    private func write(_ socket: Socket) {
        guard socket.phase != .connecting else { return }
        while socket.queuedCount > 0 {
            let sent = socket.outbound.withUnsafeBytes {
                sendOnSocket(socket.fd, $0.baseAddress! + socket.outboundStart, socket.queuedCount, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                socket.outboundStart += sent
            } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                return
            } else {
                socket.failure = socket.failure ?? .init(code: 1006, reason: "write failed: \(String(cString: strerror(errno)))")
                return
            }
        }
        socket.outbound.removeAll(keepingCapacity: socket.outbound.capacity <= 1 << 16)
        socket.outboundStart = 0
        if socket.phase == .closing, socket.closeReceived { socket.failure = socket.closeOutcome }
    }

    private func read(_ socket: Socket) {
        let count = scratch.withUnsafeMutableBytes { recv(socket.fd, $0.baseAddress!, $0.count, 0) }
        let now = MonotonicClock.now()
        if count < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return }
            socket.failure = socket.failure ?? .init(code: 1006, reason: "read failed: \(String(cString: strerror(errno)))")
            return
        }
        if count == 0 {
            socket.failure = socket.failure ?? (socket.phase == .closing ? socket.closeOutcome : .init(code: 1006, reason: "connection lost"))
            return
        }
        scratch.withUnsafeBytes { socket.take(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        if socket.phase == .handshaking { handshake(socket) }
        guard socket.phase == .open || socket.phase == .closing else { return }
        do {
            while socket.failure == nil, let event = try socket.reader.next() {
                switch event {
                case .text(let text):
                    if socket.phase == .open { delegate?.client(self, didReceiveText: text, from: socket.id, at: now) }
                case .ping(let payload):
                    queue(socket, opcode: MaskedFrame.pong, payload: payload)
                case .close(let code, let reason):
                    // The server's close is what the connection reports; an open one answers it first.
                    socket.closeReceived = true
                    socket.closeOutcome = .init(code: code, reason: reason)
                    if socket.phase == .open { beginClose(socket, code: code == 1005 ? 1000 : code, reason: "") }
                    write(socket)
                }
            }
        } catch {
            beginClose(socket, code: error.code, reason: error.reason)
            socket.failure = error
        }
    }

    private func handshake(_ socket: Socket) {
        do {
            guard let response = try socket.handshake.response(in: socket.responseHead) else { return }
            let rest = socket.responseHead[response.headCount...]
            socket.responseHead = []
            socket.phase = .open
            rest.withUnsafeBytes { socket.reader.append($0) }
            delegate?.client(self, didOpen: socket.id)
        } catch {
            socket.failure = error
        }
    }

    private func beginClose(_ socket: Socket, code: UInt16, reason: String) {
        guard socket.phase == .open else { return }
        socket.phase = .closing
        socket.deadline = MonotonicClock.now() + configuration.shutdownGracePeriod
        if !socket.closeReceived { socket.closeOutcome = .init(code: code, reason: reason) }
        var payload = [UInt8(truncatingIfNeeded: code >> 8), UInt8(truncatingIfNeeded: code)]
        payload += reason.utf8.prefix(123)
        queue(socket, opcode: MaskedFrame.close, payload: payload)
    }

    /// Masks a frame onto `socket`'s queue and writes what the socket takes now. False, and the
    /// connection closing with 1008, when the queue would pass `maxQueuedBytes`.
    @discardableResult
    private func queue(_ socket: Socket, opcode: UInt8, payload: some Collection<UInt8>) -> Bool {
        guard socket.queuedCount + payload.count <= configuration.maxQueuedBytes else {
            socket.failure = socket.failure ?? .init(code: 1008, reason: "outbound queue overflow")
            return false
        }
        MaskedFrame.append(opcode: opcode, payload: payload, key: keys.take(), to: &socket.outbound)
        write(socket)
        return true
    }

    /// Connections that ended: their sockets closed and the delegate told, once.
    private func finishFailed() {
        for socket in sockets.values {
            guard let failure = socket.failure else { continue }
            sockets[socket.id] = nil
            closeSocket(socket.fd)
            delegate?.client(self, didClose: socket.id, code: failure.code, reason: failure.reason)
        }
    }
}

/// One connection's state.
private final class Socket {
    enum Phase { case connecting, handshaking, open, closing }

    let id: ConnectionID
    let fd: Int32
    let handshake: ClientHandshake
    var phase = Phase.connecting
    var deadline: Double
    var outbound: [UInt8] = []
    var outboundStart = 0
    var responseHead: [UInt8] = []
    var reader: ClientFrameReader
    /// The server's close frame arrived (this side's went out when `phase` became `.closing`).
    var closeReceived = false
    /// The code and reason the connection reports once its close completes.
    var closeOutcome = ClientFrameReader.Failure(code: 1006, reason: "")
    /// Set once the connection is over: it is closed at the top of the next service turn.
    var failure: ClientFrameReader.Failure?

    init(id: ConnectionID, fd: Int32, handshake: ClientHandshake, maxMessageBytes: Int, deadline: Double) {
        (self.id, self.fd, self.handshake, self.deadline) = (id, fd, handshake, deadline)
        reader = ClientFrameReader(maxMessageBytes: maxMessageBytes)
    }

    var queuedCount: Int { outbound.count - outboundStart }

    /// Bytes read: the response head's while handshaking, frames' after.
    func take(_ bytes: UnsafeRawBufferPointer) {
        if phase == .handshaking { responseHead.append(contentsOf: bytes) } else { reader.append(bytes) }
    }
}

// The C calls the client's own methods (`connect`, `send`) would otherwise shadow.
private func connectSocket(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

private func sendOnSocket(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    send(fd, bytes, count, flags)
}

private func closeSocket(_ fd: Int32) {
    close(fd)
}
