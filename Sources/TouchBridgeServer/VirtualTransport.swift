import TouchBridgeProtocol

/// An in-memory transport with a manual clock, in the spirit of SwiftNIO's `EmbeddedChannel`: it
/// drives a `Hub` through the same `EffectExecutor` as the socket server, and keeps what each
/// connection was sent instead of writing it anywhere. Replay re-runs recordings through it; the
/// tests and the fuzz harness use it (through `TouchBridgeTesting`) as their transport.
///
/// Time moves only when told (`receive(_:from:at:)`, `advance(to:)`, `fireTimer(_:on:)`), so the
/// timing behaviour of sessions and of render coalescing is tested without sleeping. A connection's
/// outbound queue is empty (every message is delivered at once) until it is `stall`ed; a stalled
/// connection's messages wait in its queue, as they do for a client that reads too slowly.
package final class VirtualTransport {
    /// What a connection got, in order.
    package enum Delivery: Equatable, Sendable {
        /// One text message, as sent.
        case message(String)
        /// The server closed the connection with this code and reason.
        case close(code: UInt16, reason: String)
    }

    /// The executor every transport shares; its coalescer shows which connections are behind.
    package let executor: EffectExecutor
    /// The sessions this transport drives.
    package var hub: Hub { executor.hub }
    /// Server time, seconds.
    package private(set) var now: Double
    /// Every effect the sessions produced, as "CONNECTION EFFECT", in order: runs compare it byte for byte.
    package private(set) var transcript: [String] = []
    /// Whether `transcript` is kept. Describing every effect costs more than the session's own work, so
    /// a caller that reads only the deliveries (the what-if replay, a flake sweep's thousand runs)
    /// turns it off.
    package var keepsTranscript = true
    /// The close each connection was sent by the server.
    package private(set) var closes: [ConnectionID: (code: UInt16, reason: String)] = [:]
    /// Messages the server tried to send to a connection after it was closed (a transport drops
    /// them; a correct session never sends them).
    package private(set) var sentAfterClose: [(connection: ConnectionID, text: String)] = []
    private var delivered: [ConnectionID: [Delivery]] = [:]
    private var queues: [ConnectionID: [(text: String, kind: Outbound)]] = [:]
    private var stalled: Set<ConnectionID> = []
    private var closed: Set<ConnectionID> = []
    private var armed: [ConnectionTimer: [ConnectionID: Double]] = [:]

    /// A transport for `hub` whose clock starts at `now` server seconds; `coalescer` sets the
    /// slow-consumer thresholds (the server's by default).
    package init(hub: Hub, coalescer: RenderCoalescer = RenderCoalescer(), now: Double = 100) {
        executor = EffectExecutor(hub: hub, coalescer: coalescer)
        self.now = now
    }

    /// The armed engine timers, by connection.
    package var engineTimers: [ConnectionID: Double] { armed[.engine] ?? [:] }

    /// When `timer` of `connection` is due (nil: not armed).
    package func deadline(of timer: ConnectionTimer, on connection: ConnectionID) -> Double? { armed[timer]?[connection] }

    /// Whether the connection was closed (by the server, or by its client).
    package func isClosed(_ connection: ConnectionID) -> Bool { closed.contains(connection) }

    // MARK: What clients and the network do

    /// A client connects with this subprotocol.
    package func open(_ connection: ConnectionID, subprotocol: String? = ProtocolVersion.subprotocol) {
        closed.remove(connection)
        deliver(.opened(subprotocol: subprotocol), on: connection)
    }

    /// The client on `connection` sends `text`, received at `time` (default: now; the clock is set
    /// to it, so a test can start its story at any server time).
    package func send(_ connection: ConnectionID, _ text: String, at time: Double? = nil) {
        if let time { now = time }
        deliver(.text(text, receivedAt: now), on: connection)
    }

    /// The client on `connection` goes away.
    package func disconnect(_ connection: ConnectionID) {
        deliver(.closed, on: connection)
        forget(connection)
    }

    /// Hands `input` to the hub exactly as given, armed timer or not: replay re-delivers the
    /// recorded timer firings this way.
    package func deliver(_ input: SessionInput, on connection: ConnectionID) {
        let effects = executor.handle(input, on: connection, through: self)
        if keepsTranscript { transcript += effects.map { "\($0.connection) \($0.effect)" } }
    }

    /// Fires `timer` of `connection` if armed; the clock jumps to its time if that is later.
    /// Returns whether it was armed.
    @discardableResult
    package func fireTimer(_ timer: ConnectionTimer = .engine, on connection: ConnectionID) -> Bool {
        guard let at = armed[timer]?.removeValue(forKey: connection) else { return false }
        now = max(now, at)
        switch timer {
        case .engine: deliver(.timerFired, on: connection)
        case .renderCatchUp: executor.catchUp(connection, through: self)
        }
        return true
    }

    /// Moves the clock to `time`, firing every timer due by then in time order (ties: lower
    /// connection first, engine before catch-up). At most `limit` firings, so a timer that keeps
    /// re-arming itself in the past cannot hang the caller.
    package func advance(to time: Double, limit: Int = 1000) {
        for _ in 0..<limit {
            let due = armed.flatMap { timer, byConnection in byConnection.map { (timer: timer, connection: $0.key, at: $0.value) } }
                .filter { $0.at <= time }
                .min { ($0.at, $0.connection, $0.timer == .engine ? 0 : 1) < ($1.at, $1.connection, $1.timer == .engine ? 0 : 1) }
            guard let due else { break }
            fireTimer(due.timer, on: due.connection)
        }
        now = max(now, time)
    }

    // MARK: The outbound queue

    /// From now on `connection`'s messages wait in its queue (a client that stopped reading).
    package func stall(_ connection: ConnectionID) { stalled.insert(connection) }

    /// `connection` reads everything queued and keeps up from now on.
    package func drain(_ connection: ConnectionID) {
        stalled.remove(connection)
        delivered[connection, default: []] += (queues.removeValue(forKey: connection) ?? []).map { .message($0.text) }
    }

    /// Everything delivered to `connection` since the last call.
    package func takeDeliveries(_ connection: ConnectionID) -> [Delivery] {
        delivered.removeValue(forKey: connection) ?? []
    }

    /// The messages delivered to `connection` since the last call (a close is left out).
    package func take(_ connection: ConnectionID) -> [String] {
        takeDeliveries(connection).compactMap { delivery in
            if case .message(let text) = delivery { text } else { nil }
        }
    }

    private func forget(_ connection: ConnectionID) {
        closed.insert(connection)
        stalled.remove(connection)
        queues[connection] = nil
        for timer in ConnectionTimer.allCases { armed[timer]?[connection] = nil }
    }
}

extension VirtualTransport: ConnectionPort {
    package func send(_ text: String, to connection: ConnectionID, as kind: Outbound) {
        guard !closed.contains(connection) else {
            sentAfterClose.append((connection, text))
            return
        }
        guard stalled.contains(connection) else {
            delivered[connection, default: []].append(.message(text))
            return
        }
        queues[connection]?.removeAll { kind.supersedes($0.kind) }
        queues[connection, default: []].append((text, kind))
    }

    package func queuedMessageCount(for connection: ConnectionID) -> Int { queues[connection]?.count ?? 0 }

    package func arm(_ timer: ConnectionTimer, for connection: ConnectionID, at time: Double) {
        guard !closed.contains(connection) else { return }
        armed[timer, default: [:]][connection] = time
    }

    /// Disarms `timer` of `connection`.
    package func cancel(_ timer: ConnectionTimer, for connection: ConnectionID) {
        armed[timer]?[connection] = nil
    }

    package func close(_ connection: ConnectionID, code: UInt16, reason: String) {
        guard !closed.contains(connection) else { return }
        drain(connection)
        delivered[connection, default: []].append(.close(code: code, reason: reason))
        closes[connection] = (code, reason)
        forget(connection)
    }

    package func renderCoalescingStarted(for connection: ConnectionID) {}
}
