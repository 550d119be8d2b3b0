import CLibWebSockets
import Logging
import TouchBridgeProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Per-connection limits the engine enforces (the server's come from `TransportConfiguration`).
struct EngineLimits {
    var maxMessageBytes: Int
    var maxMessagesPerSecond: Int
    var outboundQueueLimit: Int
    /// Bytes queued for one connection (`OutboundFrame.heldBytes`); past it: close 1008.
    var outboundQueueBytes: Int = .max
    /// Bytes queued for all connections together; past it the connection backlogged the longest is
    /// closed with 1008.
    var outboundBudgetBytes: Int = .max
    /// When a connection is not read because output piles up, and when it is read again.
    var readPausing: ReadPausing = .never
    var idleTimeout: Double
    var keepAlivePingInterval: Double
    var shutdownGracePeriod: Double
    /// Seconds an unjoined connection may stay open (0 = never closed for it).
    var joinTimeout: Double = 0
    /// Reason sent with close 1001 to every connection on a stop.
    var shutdownReason: String
}

/// Close code for a connection that did not join within `joinTimeout` (private-use range; 408 as in
/// HTTP's Request Timeout).
package let joinTimeoutCloseCode: UInt16 = 4408

/// The lws context pointer, made Sendable only so that other threads can call `lws_cancel_service`,
/// the one lws function documented as thread-safe. Nothing else may be done with it off the service thread.
struct ContextHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// What other threads may touch, always under the lock.
struct CrossThreadState: Sendable {
    /// nil before the context exists and after it is destroyed.
    var context: ContextHandle?
    var stopRequested = false
    var inbox: [@Sendable () -> Void] = []
}

/// What the engine reports to its owner (`TransportServer` or `TransportClient`), on the service thread.
protocol EngineHost: AnyObject {
    /// A WebSocket handshake completed on `wsi`: its id and info, or nil to refuse it.
    func engineIdentify(_ wsi: OpaquePointer) -> (ConnectionID, ConnectionInfo)?
    func engineOpened(_ conn: Connection)
    func engineReceived(_ text: String, from conn: Connection, at time: Double)
    func engineRejected(_ conn: Connection, reason: RejectReason)
    func engineClosed(_ conn: Connection, code: UInt16, reason: String)
    func engineTimerFired(_ token: UInt64, for conn: Connection)
    /// Backpressure stopped reading `conn` (once per pause, after the lws callback that paused it).
    func engineReadPaused(_ conn: Connection)
    /// Every callback reason the engine does not handle itself (HTTP, upgrade checks, client errors…).
    func engineOther(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                     _ input: UnsafeMutableRawPointer?, _ len: Int) -> Int32
}

extension EngineHost {
    /// A client's engine never pauses reading: nothing to tell.
    func engineReadPaused(_ conn: Connection) {}
}

/// The role-independent half of a server or client: the service loop, the cross-thread inbox, and every
/// WebSocket connection's life (reassembly, limits, outbound queue, timers, closing). Confined to the service
/// thread except for `requestStop` and `enqueue`.
final class WebSocketEngine {
    let limits: EngineLimits
    let logger: Logger
    weak var host: (any EngineHost)?

    /// lws resources. The context is owned by the engine's owner's lifecycle: set once by `adopt(_:)`,
    /// destroyed at the end of `run()` or by `destroyIfNeverRun()`.
    private(set) var context: OpaquePointer?
    /// lws keeps this array for the context's lifetime: [our protocol, all-zero terminator]. Freed in deinit.
    let protocols: UnsafeMutablePointer<lws_protocols>
    /// Strings lws keeps pointers to for the context's lifetime; freed in deinit, after the context is gone.
    let cStrings = CStringArena()
    /// Context-level timer that wakes the loop at the stop deadline. Freed in deinit (cancelled before).
    private let stopTimer: UnsafeMutablePointer<lws_sorted_usec_list_t>

    private let shared = Locked(CrossThreadState())

    // Service-thread state.
    @exclusivity(unchecked) private(set) var connections: [ConnectionID: Connection] = [:]
    /// Open connections that have not been marked joined.
    @exclusivity(unchecked) private(set) var unjoinedCount = 0
    /// Bytes queued for every connection together (`OutboundFrame.heldBytes`).
    @exclusivity(unchecked) private(set) var outboundBytes = 0
    /// Connections not read because of backpressure (`Connection.readPaused`).
    @exclusivity(unchecked) private(set) var readPausedCount = 0
    /// Connections paused whose host has not been told yet: told once the lws callback that paused them
    /// returns, so a send never calls back into its sender.
    @exclusivity(unchecked) private var pauseNotices: [ConnectionID] = []
    /// A server's connections with messages queued since the service thread started work for the
    /// connection it works for now: written as it leaves that connection (`flushWrites`) — when it starts
    /// work for another one, a callback other than a message's ends, or the service turn ends — instead
    /// of each in a writeable callback of its own.
    @exclusivity(unchecked) private var pendingWrites: [Connection] = []
    /// The connection the service thread last started work for (`beginWork`).
    @exclusivity(unchecked) private var currentConnection: ConnectionID?
    /// Engine callbacks in progress. lws calls back from inside some of its own functions (rx flow
    /// control, writes): only the outermost callback may start writing.
    @exclusivity(unchecked) private var callbackDepth = 0
    let metrics: TransportMetrics
    @exclusivity(unchecked) private(set) var stopping = false
    private var stopDeadline = 0.0
    @exclusivity(unchecked) private var serviceThread: pthread_t?
    /// Set while the context is being destroyed: callbacks still arrive but must not touch lws.
    @exclusivity(unchecked) private(set) var tearingDown = false

    /// A client's engine: its frames are masked (RFC 6455 §5.3), which lws does frame by frame, so it
    /// writes each queued message with its own `lws_write`; a server frames several into one write.
    let masksFrames: Bool

    init(limits: EngineLimits, logger: Logger, protocolName: String, metrics: TransportMetrics, masksFrames: Bool = false) {
        self.limits = limits
        self.masksFrames = masksFrames
        self.metrics = metrics
        self.logger = logger
        protocols = .allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        stopTimer = .allocate(capacity: 1)
        stopTimer.initialize(to: lws_sorted_usec_list_t())
        protocols[0].name = cStrings.dup(protocolName)
        protocols[0].callback = engineCallback
        protocols[0].per_session_data_size = MemoryLayout<tb_pss>.size
    }

    deinit {
        destroyIfNeverRun()
        stopTimer.deinitialize(count: 1)
        stopTimer.deallocate()
        protocols.deinitialize(count: 2)
        protocols.deallocate()
    }

    /// Creates the context. `info.user` is set to this engine (unretained: the engine outlives its context).
    func createContext(_ info: inout lws_context_creation_info) -> Bool {
        installLWSLogging()
        info.protocols = UnsafePointer(protocols)
        info.user = Unmanaged.passUnretained(self).toOpaque()
        guard let ctx = lws_create_context(&info) else { return false }
        context = ctx
        shared.withLock { $0.context = ContextHandle(pointer: ctx) }
        return true
    }

    /// Releases lws if `run()` never ran (nothing can be connected then).
    func destroyIfNeverRun() {
        guard let ctx = context, serviceThread == nil else { return }
        tearingDown = true
        shared.withLock { $0.context = nil }
        lws_context_destroy(ctx)
        context = nil
    }

    // MARK: any thread

    func requestStop() {
        shared.withLock { s in
            s.stopRequested = true
            if let c = s.context { lws_cancel_service(c.pointer) }
        }
    }

    func enqueue(_ work: @escaping @Sendable () -> Void) -> Bool {
        shared.withLock { s in
            guard let c = s.context else { return false }
            s.inbox.append(work)
            lws_cancel_service(c.pointer)
            return true
        }
    }

    /// Services until a stop; see `TransportServer.run()`.
    func run() throws {
        guard let ctx = context, serviceThread == nil else { throw TransportError.alreadyRunning }
        serviceThread = pthread_self()
        while true {
            if !stopping, shared.withLock({ $0.stopRequested }) { beginStop(ctx) }
            if stopping, connections.isEmpty || MonotonicClock.now() >= stopDeadline { break }
            let serviced = lws_service(ctx, 0)
            flushWrites()  // the turn is over: what its last connection queued leaves now
            if serviced < 0, errno != EINTR {
                logger.error("lws_service failed; stopping without the graceful close", metadata: ["errno": "\(errno)"])
                break
            }
        }
        lws_sul_cancel(stopTimer)
        shared.withLock {
            $0.context = nil  // from here on requestStop/enqueue do not touch lws
            $0.inbox = []
        }
        tearingDown = true
        lws_context_destroy(ctx)  // connections still open get CLOSED callbacks here, on this thread
        context = nil
    }

    // MARK: service thread

    /// True on the thread inside `run()`; also true before `run()` when `allowBeforeRun` (nothing is serviced yet).
    func isServiceThread(allowBeforeRun: Bool = false) -> Bool {
        guard let t = serviceThread else { return allowBeforeRun }
        return pthread_equal(t, pthread_self()) != 0
    }

    func checkServiceThread(_ type: String, _ function: StaticString, allowBeforeRun: Bool = false) {
        precondition(isServiceThread(allowBeforeRun: allowBeforeRun),
                     "\(type).\(function) must be called on the service thread")
    }

    /// Queues `text`. With `superseding`, every queued, not yet written message with that tag is
    /// dropped first (a newer full state replaces older ones: at most one stays pending).
    func send(_ text: String, to id: ConnectionID, tag: UInt8 = 0, superseding: UInt8? = nil) -> Bool {
        guard !tearingDown, let conn = connections[id], !conn.isClosing else { return false }
        if let superseding {
            let before = conn.outbound.bytes
            metrics.supersededMessages.increment(by: Int64(conn.outbound.removeAll(tagged: superseding)))
            outboundBytes -= before - conn.outbound.bytes
        }
        let frame = OutboundFrame(text, tag: tag)
        let size = frame.heldBytes
        if conn.outbound.count >= limits.outboundQueueLimit || conn.outbound.bytes + size > limits.outboundQueueBytes {
            metrics.outboundOverflow("connection")
            requestClose(conn, code: 1008, reason: "outbound queue overflow", immediate: true)
            return false
        }
        if outboundBytes + size > limits.outboundBudgetBytes {
            // The server-wide budget: the connection backlogged the longest goes — the one not reading.
            metrics.outboundOverflow("server")
            let stalest = connections.values.filter { !$0.isClosing && $0.backlogSince != nil }
                .min { $0.backlogSince! < $1.backlogSince! } ?? conn
            requestClose(stalest, code: 1008, reason: "server outbound budget exceeded", immediate: true)
            guard stalest !== conn, outboundBytes + size <= limits.outboundBudgetBytes else { return false }
        }
        if conn.outbound.isEmpty { conn.backlogSince = MonotonicClock.now() }
        conn.outbound.append(frame)
        outboundBytes += size
        if !conn.readPaused,
           limits.readPausing.shouldPause(queued: conn.outbound.bytes, total: outboundBytes, connections: connections.count) {
            pauseReading(conn)
        }
        requestWrite(conn)
        return true
    }

    /// Has `conn`'s queue written: a server's as the service thread leaves the connection it works for
    /// (`pendingWrites`), a client's — and anything queued outside `run()` — in a writeable callback.
    private func requestWrite(_ conn: Connection) {
        guard !masksFrames, serviceThread != nil else {
            lws_callback_on_writable(conn.wsi)
            return
        }
        if !conn.writePending {
            conn.writePending = true
            pendingWrites.append(conn)
        }
    }

    /// Stops reading from the connection for `seconds`; lws keeps what it already read and
    /// delivers it afterwards, and the peer's further sends wait in its own socket buffers.
    func holdReading(_ id: ConnectionID, for seconds: Double) {
        guard !tearingDown, let conn = connections[id], !conn.isClosing, seconds > 0 else { return }
        conn.readHeldUntil = max(conn.readHeldUntil ?? 0, MonotonicClock.now() + seconds)
        metrics.readHolds.increment()
        updateReading(conn)
        scheduleWake(conn)
    }

    /// Backpressure: what the peer sends would only make more output that is not being read. lws keeps
    /// what it already read and delivers it when reading resumes; the peer's further sends wait in its
    /// own socket buffers.
    private func pauseReading(_ conn: Connection) {
        conn.readPaused = true
        readPausedCount += 1
        metrics.readPauses.increment()
        updateReading(conn)
        pauseNotices.append(conn.id)
    }

    /// Tells the host about the connections paused since the last call (still paused and open).
    func deliverPauseNotices() {
        guard !pauseNotices.isEmpty else { return }
        let paused = pauseNotices
        pauseNotices = []
        for id in paused {
            guard let conn = connections[id], conn.readPaused, !conn.isClosing else { continue }
            host?.engineReadPaused(conn)
        }
    }

    /// Reads from the peer exactly when neither backpressure nor a hold stops it.
    private func updateReading(_ conn: Connection) {
        let reading = !conn.readPaused && conn.readHeldUntil == nil
        guard reading != conn.reading else { return }
        conn.reading = reading
        lws_rx_flow_control(conn.wsi, reading ? 1 : 0)
    }

    func queuedBytes(for id: ConnectionID) -> Int {
        connections[id]?.outbound.bytes ?? 0
    }

    /// The connection completed its application handshake: the join deadline no longer applies.
    func markJoined(_ id: ConnectionID) {
        guard let conn = connections[id], !conn.joined else { return }
        conn.joined = true
        unjoinedCount -= 1
    }

    func queuedMessageCount(for id: ConnectionID) -> Int {
        connections[id]?.outbound.count ?? 0
    }

    func close(_ id: ConnectionID, code: UInt16, reason: String) {
        guard let conn = connections[id] else { return }
        requestClose(conn, code: code, reason: reason, immediate: false)
    }

    func armTimer(for id: ConnectionID, token: UInt64, after seconds: Double) {
        guard !tearingDown, let conn = connections[id], !conn.isClosing else { return }
        let deadline = MonotonicClock.now() + max(0, seconds)
        if let i = conn.timers.firstIndex(where: { $0.token == token }) {
            conn.timers[i].deadline = deadline
        } else {
            conn.timers.append((token: token, deadline: deadline))
        }
        scheduleWake(conn)
    }

    func cancelTimer(for id: ConnectionID, token: UInt64) {
        // The wake-up stays scheduled; it finds nothing due and re-arms for the next deadline.
        connections[id]?.timers.removeAll { $0.token == token }
    }

    // MARK: lws callbacks (service thread)

    fileprivate func handle(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                            _ input: UnsafeMutableRawPointer?, _ len: Int) -> Int32 {
        // `user` is lws's per-session block for this wsi (lws owns it; valid until after CLOSED).
        let pss = user?.assumingMemoryBound(to: tb_pss.self)
        if tearingDown {
            if reason == LWS_CALLBACK_CLOSED || reason == LWS_CALLBACK_CLIENT_CLOSED, let pss { closed(pss) }
            return 0
        }
        switch reason {
        case LWS_CALLBACK_ESTABLISHED, LWS_CALLBACK_CLIENT_ESTABLISHED:
            guard let pss else { return -1 }
            return established(wsi, pss)
        case LWS_CALLBACK_RECEIVE, LWS_CALLBACK_CLIENT_RECEIVE:
            guard let pss, let conn = Connection.from(pss) else { return -1 }
            beginWork(for: conn)
            return receive(conn, UnsafeRawBufferPointer(start: input, count: len))
        case LWS_CALLBACK_RECEIVE_PONG, LWS_CALLBACK_CLIENT_RECEIVE_PONG:
            if let pss, let conn = Connection.from(pss) { conn.lastActivity = MonotonicClock.now() }
            return 0
        case LWS_CALLBACK_SERVER_WRITEABLE, LWS_CALLBACK_CLIENT_WRITEABLE:
            guard let pss, let conn = Connection.from(pss) else { return 0 }
            return writeable(conn)
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            if let input, len > 2, !isValidUTF8(UnsafeRawBufferPointer(start: input + 2, count: len - 2)) {
                replaceInvalidCloseReason(UnsafeMutableRawBufferPointer(start: input, count: len))
            }
            if let pss, let conn = Connection.from(pss) {
                conn.recordPeerClose(UnsafeRawBufferPointer(start: input, count: len))
            }
            return 0
        case LWS_CALLBACK_CLOSED, LWS_CALLBACK_CLIENT_CLOSED:
            if let pss { closed(pss) }
            return 0
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            drainInbox()
            return 0
        default:
            guard let host else { return lws_callback_http_dummy(wsi, reason, user, input, len) }
            return host.engineOther(wsi, reason, user, input, len)
        }
    }

    private func established(_ wsi: OpaquePointer, _ pss: UnsafeMutablePointer<tb_pss>) -> Int32 {
        guard let host, let (id, info) = host.engineIdentify(wsi) else { return -1 }
        let conn = Connection(id: id, wsi: wsi, pss: pss, info: info, now: MonotonicClock.now(),
                              maxMessagesPerSecond: limits.maxMessagesPerSecond)
        conn.attach()
        connections[id] = conn
        if limits.joinTimeout > 0 { unjoinedCount += 1 } else { conn.joined = true }
        metrics.connectionsAccepted.increment()
        scheduleWake(conn)
        host.engineOpened(conn)
        if stopping {  // the handshake raced a stop: this one goes too
            requestClose(conn, code: 1001, reason: limits.shutdownReason, immediate: true)
        }
        return 0
    }

    private func receive(_ conn: Connection, _ chunk: UnsafeRawBufferPointer) -> Int32 {
        if conn.isClosing { return 0 }  // closing: what was queued is being flushed; input is dropped
        let now = MonotonicClock.now()
        conn.lastActivity = now
        let wsi = conn.wsi
        if lws_frame_is_binary(wsi) != 0 {
            return closeNow(conn, code: 1003, reason: "binary messages are not supported")
        }
        let remainingInFrame = Int(lws_remaining_packet_payload(wsi))
        if conn.inbound.count + chunk.count + remainingInFrame > limits.maxMessageBytes {
            return closeNow(conn, code: 1009, reason: "message too big (limit \(limits.maxMessageBytes) bytes)")
        }
        let complete = lws_is_final_fragment(wsi) != 0 && remainingInFrame == 0
        if !conn.inMessage && complete {
            return deliver(conn, chunk, now: now)  // the common case: no copy
        }
        conn.inMessage = true
        conn.inbound.append(contentsOf: chunk)
        guard complete else { return 0 }
        conn.inMessage = false
        let message = conn.inbound
        if conn.inbound.capacity > 16 * 1024 {
            conn.inbound = []  // do not keep a large buffer per idle connection
        } else {
            conn.inbound.removeAll(keepingCapacity: true)
        }
        return message.withUnsafeBytes { deliver(conn, $0, now: now) }
    }

    private func deliver(_ conn: Connection, _ bytes: UnsafeRawBufferPointer, now: Double) -> Int32 {
        guard isValidUTF8(bytes) else { return closeNow(conn, code: 1007, reason: "invalid UTF-8 in text message") }
        switch conn.rate.admit(now: now) {
        case .accept:
            break
        case .reject:
            metrics.rejected(RejectReason.rateLimited.rawValue)
            host?.engineRejected(conn, reason: .rateLimited)
            return 0
        case .rejectAndClose:
            // The replies to the messages already accepted and one last `rate-limited` error are
            // flushed before the close frame: a client learns why it was closed.
            metrics.rejected(RejectReason.rateLimited.rawValue)
            host?.engineRejected(conn, reason: .rateLimited)
            requestClose(conn, code: 1008, reason: "message rate limit exceeded", immediate: false)
            return 0
        }
        metrics.messagesIn.increment()
        metrics.bytesIn.increment(by: Int64(bytes.count))
        host?.engineReceived(String(decoding: bytes, as: UTF8.self), from: conn, at: now)
        return 0
    }

    private func writeable(_ conn: Connection) -> Int32 {
        let wsi = conn.wsi
        if conn.writeFailed { return -1 }  // a write made outside this connection's callbacks found it dead
        if let pc = conn.pendingClose, pc.immediate || conn.outbound.isEmpty {
            return closeNow(conn, code: pc.code, reason: pc.reason)
        }
        if conn.pingPending {
            conn.pingPending = false
            // Non-empty on purpose: lws 4.1 does not report an empty PONG (no RECEIVE_PONG callback).
            var ping = [UInt8](repeating: 0, count: lwsPre) + Array("tb".utf8)
            let n = ping.withUnsafeMutableBufferPointer { lws_write(wsi, $0.baseAddress! + lwsPre, 2, LWS_WRITE_PING) }
            if n < 2 { return -1 }
        } else if !conn.outbound.isEmpty {
            guard writeQueued(conn) else { return -1 }
            metrics.writesInWriteableCallback.increment()
        }
        if !conn.outbound.isEmpty || conn.pendingClose != nil || conn.pingPending {
            lws_callback_on_writable(wsi)
        }
        return 0
    }

    /// Writes the front of `conn`'s non-empty queue: one frame, a server's batch (`writeBatch`), or a
    /// client's few frames. False when the connection is dead.
    private func writeQueued(_ conn: Connection) -> Bool {
        if conn.outbound.count == 1, var frame = conn.outbound.popFirst() { return writeFrame(&frame, on: conn) }
        if !masksFrames { return writeBatch(on: conn) }
        // A client masks each frame through lws: its queued messages go out back to back while the
        // socket takes them (lws_send_pipe_choked), corked so they leave together. A few per
        // callback at most, so one busy connection does not hold the others back.
        let wsi = conn.wsi
        return SocketCork.whileWriting(lws_get_socket_fd(wsi)) {
            for _ in 0..<Self.framesPerWriteable {
                guard var frame = conn.outbound.popFirst() else { break }
                guard writeFrame(&frame, on: conn) else { return false }
                if conn.outbound.isEmpty || lws_send_pipe_choked(wsi) != 0 { break }
            }
            return true
        }
    }

    /// Writes what the connections in `pendingWrites` queued, one write each, where lws's writeable
    /// callback would have written it one `poll` later: a sequential round trip takes one `poll`, one
    /// read and one write instead of two `poll`s (docs/performance.md), and under load a reply leaves
    /// as soon as its connection's messages are handled instead of after every connection of the turn. lws allows a write outside the
    /// writeable callback when nothing of an earlier one is still buffered (`lws_partial_buffered`,
    /// which only reads lws's own state, where `lws_send_pipe_choked` would `poll`): a write the socket
    /// does not take whole is kept by lws and finished in a writeable callback, as any write's rest.
    /// A connection with a ping to send or lws's buffer not empty waits for that callback, as before.
    private func flushWrites() {
        guard !pendingWrites.isEmpty else { return }
        callbackDepth += 1  // lws calls back from inside lws_write and rx flow control: none of that is new work
        defer { callbackDepth -= 1 }
        var index = 0
        while index < pendingWrites.count {
            let conn = pendingWrites[index]
            index += 1
            conn.writePending = false
            guard !conn.isClosed, !conn.isClosing, !conn.outbound.isEmpty else { continue }  // closing: its own path
            if conn.pingPending || lws_partial_buffered(conn.wsi) != 0 {
                lws_callback_on_writable(conn.wsi)
                continue
            }
            guard writeQueued(conn) else {
                // Not inside this connection's callback, so it cannot be closed by returning -1 here.
                conn.writeFailed = true
                lws_callback_on_writable(conn.wsi)
                continue
            }
            metrics.writesDirect.increment()
            if !conn.outbound.isEmpty { lws_callback_on_writable(conn.wsi) }  // more than one write takes
        }
        pendingWrites.removeAll(keepingCapacity: true)
    }

    /// The service thread starts work for `conn` — a message or a timer — in its outermost callback:
    /// what it queued while working for another connection leaves first, so a reply does not wait
    /// for the other connections of the service turn, while a connection's messages that arrived in
    /// one read (RECEIVE callbacks in a row) are still answered with one write.
    private func beginWork(for conn: Connection) {
        guard callbackDepth == 1 else { return }  // nested inside another callback: not a new piece of work
        if conn.id != currentConnection { flushWrites() }
        currentConnection = conn.id
    }

    /// Runs one lws callback or connection timer: counted as in progress (`callbackDepth`), then the
    /// hosts told of the pauses it caused, then — unless `deferringWrites` — what it queued written.
    /// Only the callbacks lws makes while it services a socket after its `poll` (a message, a
    /// handshake) leave their writes pending for the connection's next message in the same read:
    /// timers and lws's own timeouts run before the `poll`, which would sleep with the write pending.
    fileprivate func inCallback<Result>(deferringWrites: Bool = false, _ body: () -> Result) -> Result {
        callbackDepth += 1
        let result = body()
        deliverPauseNotices()
        callbackDepth -= 1
        if callbackDepth == 0, !deferringWrites { flushWrites() }
        return result
    }

    /// Messages written in one writeable callback at most.
    private static let framesPerWriteable = 8
    /// Bytes a server frames into one write at most (a larger first message goes alone).
    private static let batchBytes = 65_536

    /// A server's queued messages, framed here into one buffer and written with one call (see
    /// `WebSocketFrameHeader`): a step's render and event log leave in one system call and one segment.
    /// lws sends the buffer as it is and keeps whatever the socket does not take at once. False when the
    /// connection is dead.
    private func writeBatch(on conn: Connection) -> Bool {
        // Sized once for the frames it takes: growing it frame by frame reallocated and copied it per message.
        let extent = conn.outbound.batchExtent(messages: Self.framesPerWriteable, framedBytes: Self.batchBytes)
        var batch: [UInt8] = []
        batch.reserveCapacity(lwsPre + extent.framedBytes)
        batch.append(contentsOf: repeatElement(0, count: lwsPre))
        var messages = 0
        var payloadBytes = 0
        while messages < extent.messages, let frame = conn.outbound.popFirst() {
            dequeued(frame, from: conn)
            let count = frame.payloadCount
            WebSocketFrameHeader.appendText(length: count, to: &batch)
            batch.append(contentsOf: frame.storage[lwsPre...])
            messages += 1
            payloadBytes += count
        }
        let length = batch.count - lwsPre
        // LWS_WRITE_RAW (bytes as they are: the frames are already framed) is a C macro for LWS_WRITE_HTTP,
        // which Swift does not import under its own name.
        let n = batch.withUnsafeMutableBufferPointer { lws_write(conn.wsi, $0.baseAddress! + lwsPre, length, LWS_WRITE_HTTP) }
        guard n >= length else { return false }  // a short write means the connection is dead
        metrics.messagesOut.increment(by: Int64(truncatingIfNeeded: messages))
        metrics.bytesOut.increment(by: Int64(truncatingIfNeeded: payloadBytes))
        return true
    }

    /// The bookkeeping of a frame leaving `conn`'s queue: the server's byte count, the backlog clock, and
    /// reading resumed once the queues drained (backpressure's hysteresis).
    private func dequeued(_ frame: OutboundFrame, from conn: Connection) {
        outboundBytes -= frame.heldBytes
        if conn.outbound.isEmpty { conn.backlogSince = nil }
        if conn.readPaused,
           limits.readPausing.shouldResume(queued: conn.outbound.bytes, total: outboundBytes, connections: connections.count) {
            conn.readPaused = false
            readPausedCount -= 1
            updateReading(conn)
        }
    }

    /// Writes one frame taken off `conn`'s queue; false when the connection is dead.
    private func writeFrame(_ frame: inout OutboundFrame, on conn: Connection) -> Bool {
        let count = frame.payloadCount
        dequeued(frame, from: conn)
        // The frame's storage is ours; lws writes its header into the headroom (and, for a client,
        // masks the payload in place) and copies whatever the socket does not take at once.
        let n = frame.storage.withUnsafeMutableBufferPointer {
            lws_write(conn.wsi, $0.baseAddress! + lwsPre, count, LWS_WRITE_TEXT)
        }
        guard n >= count else { return false }  // a short write means the connection is dead
        metrics.messagesOut.increment()
        metrics.bytesOut.increment(by: Int64(count))
        return true
    }

    private func closed(_ pss: UnsafeMutablePointer<tb_pss>) {
        guard let conn = Connection.detach(from: pss) else { return }  // an HTTP-only wsi has no connection
        conn.isClosed = true
        connections[conn.id] = nil
        dropOutbound(conn)
        if conn.readPaused { readPausedCount -= 1 }
        if !conn.joined { unjoinedCount -= 1 }
        conn.wakeAt = nil
        let code = conn.closeCode ?? 1006
        metrics.closed(code: code)
        host?.engineClosed(conn, code: code, reason: conn.closeReason)
    }

    private func dropOutbound(_ conn: Connection) {
        outboundBytes -= conn.outbound.bytes
        conn.outbound.removeAll()
        conn.backlogSince = nil
    }

    /// Sets the close frame and returns -1 so lws sends it and closes (only inside that wsi's callback).
    private func closeNow(_ conn: Connection, code: UInt16, reason: String) -> Int32 {
        if conn.closeCode == nil {
            conn.closeCode = code
            conn.closeReason = reason
        }
        setCloseReason(conn.wsi, code: code, reason: reason)
        return -1
    }

    /// Closes from outside the connection's own callbacks: flagged now, done in its next WRITEABLE.
    private func requestClose(_ conn: Connection, code: UInt16, reason: String, immediate: Bool) {
        guard !tearingDown, !conn.isClosing else { return }
        conn.pendingClose = (code: code, reason: reason, immediate: immediate)
        if conn.closeCode == nil {
            conn.closeCode = code
            conn.closeReason = reason
        }
        if immediate { dropOutbound(conn) }
        conn.timers.removeAll()
        lws_sul_cancel(tb_pss_sul(conn.pss))
        conn.wakeAt = nil
        // A peer that never lets us write (full socket) is dropped after this many seconds.
        lws_set_timeout(conn.wsi, PENDING_TIMEOUT_USER_OK, 5)
        lws_callback_on_writable(conn.wsi)
    }

    // MARK: timers

    /// Schedules the connection's one lws timer for the earliest of: idle deadline, ping time, armed timers.
    private func scheduleWake(_ conn: Connection) {
        guard let ctx = context, !tearingDown, !conn.isClosing else { return }
        var next = Double.infinity
        if limits.idleTimeout > 0 { next = conn.lastActivity + limits.idleTimeout }
        if limits.keepAlivePingInterval > 0 {
            next = min(next, max(conn.lastActivity, conn.lastPingSent) + limits.keepAlivePingInterval)
        }
        if !conn.joined { next = min(next, conn.openedAt + limits.joinTimeout) }
        if let until = conn.readHeldUntil { next = min(next, until) }
        for t in conn.timers { next = min(next, t.deadline) }
        guard next < .infinity else { return }
        if let scheduled = conn.wakeAt, scheduled <= next { return }  // it fires first and re-plans
        conn.wakeAt = next
        let delay = max(0, next - MonotonicClock.now())
        lws_sul_schedule(ctx, 0, tb_pss_sul(conn.pss), connectionTimerFired, lws_usec_t(delay * 1_000_000))
    }

    fileprivate func wake(_ conn: Connection) {
        conn.wakeAt = nil
        guard !conn.isClosing, connections[conn.id] != nil else { return }
        beginWork(for: conn)
        let now = MonotonicClock.now()
        let slack = 0.0005
        if limits.idleTimeout > 0, now + slack >= conn.lastActivity + limits.idleTimeout {
            requestClose(conn, code: 1001, reason: "idle timeout", immediate: true)
            return
        }
        if !conn.joined, now + slack >= conn.openedAt + limits.joinTimeout {
            metrics.joinTimeouts.increment()
            requestClose(conn, code: joinTimeoutCloseCode, reason: "join timeout: no hello within \(limits.joinTimeout) s",
                         immediate: true)
            return
        }
        if let until = conn.readHeldUntil, now + slack >= until {
            conn.readHeldUntil = nil
            updateReading(conn)
        }
        let ping = limits.keepAlivePingInterval
        if ping > 0, !conn.pingPending, now + slack >= max(conn.lastActivity, conn.lastPingSent) + ping {
            conn.pingPending = true
            conn.lastPingSent = now
            lws_callback_on_writable(conn.wsi)
        }
        // Fire due timers earliest first, re-reading the list each time so that a delegate's cancel or
        // re-arm during an earlier callback is honoured. Bounded so a re-arm with 0 s cannot loop forever.
        var budget = conn.timers.count
        while budget > 0, !conn.isClosing, connections[conn.id] != nil {
            budget -= 1
            guard let i = conn.timers.indices.filter({ conn.timers[$0].deadline <= now + slack })
                .min(by: { conn.timers[$0].deadline < conn.timers[$1].deadline }) else { break }
            let token = conn.timers.remove(at: i).token
            host?.engineTimerFired(token, for: conn)
        }
        scheduleWake(conn)
    }

    private func beginStop(_ ctx: OpaquePointer) {
        stopping = true
        stopDeadline = MonotonicClock.now() + limits.shutdownGracePeriod
        logger.info("transport stopping", metadata: ["openConnections": "\(connections.count)"])
        for conn in Array(connections.values) {
            requestClose(conn, code: 1001, reason: limits.shutdownReason, immediate: true)
        }
        lws_sul_schedule(ctx, 0, stopTimer, stopTimerFired, lws_usec_t(limits.shutdownGracePeriod * 1_000_000))
    }

    private func drainInbox() {
        let work = shared.withLock { s -> [@Sendable () -> Void] in
            defer { s.inbox = [] }
            return s.inbox
        }
        for w in work { w() }
    }
}

// MARK: - C entry points (no captures: state comes back through lws pointers)

/// The protocol callback for every wsi of a server or client context.
private func engineCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                            _ input: UnsafeMutableRawPointer?, _ len: Int) -> Int32 {
    guard let wsi, let ctx = lws_get_context(wsi), let opaque = lws_context_user(ctx) else {
        return lws_callback_http_dummy(wsi, reason, user, input, len)
    }
    // `opaque` is the WebSocketEngine (unretained): it outlives its context, which it destroys itself.
    // `_withUnsafeGuaranteedRef` (underscored standard-library API, no source-stability promise) lends it
    // for the callback without a retain and release; `takeUnretainedValue()` replaces it if it goes away.
    let servicingSocket = reason == LWS_CALLBACK_RECEIVE || reason == LWS_CALLBACK_ESTABLISHED
    return Unmanaged<WebSocketEngine>.fromOpaque(opaque)._withUnsafeGuaranteedRef { engine in
        engine.inCallback(deferringWrites: servicingSocket) { engine.handle(wsi, reason, user, input, len) }
    }
}

/// A connection's `sul` fired. The `sul` is the first member of the per-session block, which holds the connection.
private func connectionTimerFired(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    guard let sul, let pss = tb_pss_from_sul(sul), let conn = Connection.from(pss),
          let ctx = lws_get_context(conn.wsi), let opaque = lws_context_user(ctx) else { return }
    // Underscored standard-library API, as in `engineCallback` (which says what replaces it).
    Unmanaged<WebSocketEngine>.fromOpaque(opaque)._withUnsafeGuaranteedRef { engine in
        engine.inCallback { engine.wake(conn) }
    }
}

private func stopTimerFired(_ sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?) {
    // Only wakes lws_service(); run() checks the deadline.
}

/// lws's own log lines (errors and warnings only) go to swift-log.
private let lwsLogger = Logger(label: "touchbridge.lws")

private func lwsLogEmit(_ level: Int32, _ line: UnsafePointer<CChar>?) {
    guard let line else { return }
    var text = String(cString: line)
    while text.last == "\n" || text.last == "\r" { text.removeLast() }
    if level & Int32(LLL_ERR) != 0 {
        lwsLogger.error("\(text)")
    } else {
        lwsLogger.warning("\(text)")
    }
}

func installLWSLogging() {
    lws_set_log_level(Int32(LLL_ERR | LLL_WARN), lwsLogEmit)
}
