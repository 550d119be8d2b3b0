import Foundation
import Logging
import Prometheus
import TouchBridgeProtocol
import TouchBridgeServer
import TouchBridgeTransport

/// Connects the pure session hub to the socket transport: every transport callback becomes a hub
/// input, every hub effect a transport call. Lives on the transport's service thread.
public final class HubBridge: TransportDelegate {
    let hub: Hub
    private let logger: Logger
    private let metrics: SessionMetrics
    private var budget: EngineBudget
    /// Connections whose renders are held back until their queue drains (then one full render).
    private var lagging: Set<ConnectionID> = []
    private let renderBacklogLimit: Int
    /// Writes every device session to a JSON Lines file (`serve --record`); nil records nothing.
    public var recorder: SessionRecorder?
    /// Pauses sessions and steps through them or through recordings; nil: no stepping.
    public var stepper: SessionStepper?
    private static let timerToken: UInt64 = 1
    private static let catchUpToken: UInt64 = 2
    private static let catchUpInterval = 0.05

    /// `renderBacklogLimit`: queued messages past which a connection counts as slow — its render
    /// diffs are coalesced into one full render once it catches up; the event log is never dropped
    /// (past the transport's outbound limit the connection is closed with 1008).
    ///
    /// `engineSecondsPerSecond`: each connection's share of the service thread (`EngineBudget`; 0 = no
    /// limit); `busyEngineSecondsPerSecond`: what all connections working beyond half their share get
    /// together (0 = no shared cap). `metricsRegistry`: where the sessions' metrics go (the
    /// transport's, so `/metrics` shows both).
    public init(
        hub: Hub, logger: Logger, renderBacklogLimit: Int = 64, engineSecondsPerSecond: Double = 0, busyEngineSecondsPerSecond: Double = 0,
        metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
    ) {
        self.hub = hub
        metrics = SessionMetrics(registry: metricsRegistry)
        self.logger = logger
        self.renderBacklogLimit = renderBacklogLimit
        budget = EngineBudget(secondsPerSecond: engineSecondsPerSecond, burstSeconds: 2.5 * engineSecondsPerSecond,
                              busySecondsPerSecond: busyEngineSecondsPerSecond)
    }

    /// Hands the open to the hub as `.opened`, carrying only the subprotocol: sessions decide nothing on the
    /// peer's address.
    public func transport(_ transport: TransportServer, didOpen id: ConnectionID, info: TouchBridgeTransport.ConnectionInfo) {
        run(.opened(TouchBridgeServer.ConnectionInfo(subprotocol: info.subprotocol)), on: id, transport)
    }

    public func transport(_ transport: TransportServer, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double) {
        metrics.messagesHandled.increment()
        if let wait = budget.wait(for: id, now: MonotonicClock.now()) {
            metrics.overEngineBudget.increment()
            recorder?.recordDropped(id, reason: "engine-budget")
            let error = ProtocolError(
                code: ErrorCode.rateLimited, message: "over this connection's share of engine time; retry in \(wait) ms",
                retryAfterMs: wait)
            _ = transport.send(ServerMessage.error(error.errorMessage).text, to: id)
            // What it sends meanwhile waits unread instead of costing a receive and a refusal each.
            transport.holdReading(from: id, for: Double(wait) / 1000)
            return
        }
        let start = MonotonicClock.now()
        if let replies = stepper?.handle(text, from: id, hub: hub) {
            let finished = MonotonicClock.now()
            budget.charge(id, seconds: finished - start, now: finished)
            sendStepping(replies, transport)
            return
        }
        run(.text(text, receivedAt: receiveTime), on: id, transport)
        if hub.role(of: id) != nil { transport.markJoined(id) }
    }

    public func transport(_ transport: TransportServer, didRejectMessageFrom id: ConnectionID, reason: RejectReason) {
        metrics.rateLimited.increment()
        recorder?.recordDropped(id, reason: reason.rawValue)
        let error = ServerMessage.error(ErrorMessage(code: "rate-limited", message: "over maxMessagesPerSecond; message dropped"))
        _ = transport.send(error.text, to: id)
    }

    public func transport(_ transport: TransportServer, didClose id: ConnectionID, code: UInt16, reason: String) {
        lagging.remove(id)
        budget.forget(id)
        run(.closed, on: id, transport)
    }

    public func transport(_ transport: TransportServer, timerFired token: UInt64, for id: ConnectionID) {
        if token == Self.catchUpToken {
            catchUp(id, transport)
        } else {
            run(.timerFired, on: id, transport)
        }
    }

    public func transportWillReportMetrics(_ transport: TransportServer) {
        metrics.update(sessions: hub.sessionCount, connections: hub.connectionCount, recordingErrors: recorder?.errorCount ?? 0)
    }

    private func run(_ input: SessionInput, on id: ConnectionID, _ transport: TransportServer) {
        let start = MonotonicClock.now()
        let effects = hub.handle(input, on: id)
        let finished = MonotonicClock.now()
        metrics.dispatchSeconds.record(finished - start)
        budget.charge(id, seconds: finished - start, now: finished)
        recorder?.record(input, on: id, effects: effects, hub: hub, now: start)
        for (target, effect) in effects {
            switch effect {
            case .send(let text) where Self.isRender(text):
                sendRender(text, to: target, transport)
            case .send(let text):
                _ = transport.send(text, to: target)
            case .armTimer(let at):
                transport.armTimer(for: target, token: Self.timerToken, after: max(0, at - MonotonicClock.now()))
            case .cancelTimer:
                transport.cancelTimer(for: target, token: Self.timerToken)
            case .close(let code, let reason):
                logger.info("closing connection", metadata: ["connection": "\(target)", "code": "\(code)", "reason": "\(reason)"])
                transport.close(target, code: code, reason: reason)
            }
        }
        if let stepper { sendStepping(stepper.observe(input, on: id, hub: hub, now: start), transport) }
    }
}

extension HubBridge {
    /// Server messages are encoded with sorted keys, and `full` is the first key of a `render`.
    static func isRender(_ text: String) -> Bool { text.hasPrefix("{\"full\":") }

    /// Renders to a slow connection are coalesced: once its queue is over the backlog limit it gets
    /// no diffs until the queue drains, then one full render of the state at that moment.
    private func sendRender(_ text: String, to id: ConnectionID, _ transport: TransportServer) {
        if lagging.contains(id) {
            metrics.rendersCoalesced.increment()
            return
        }
        if transport.queuedMessageCount(for: id) >= renderBacklogLimit {
            lagging.insert(id)
            metrics.rendersCoalesced.increment()
            logger.notice("slow consumer: coalescing renders", metadata: ["connection": "\(id)"])
            transport.armTimer(for: id, token: Self.catchUpToken, after: Self.catchUpInterval)
            return
        }
        send(render: text, to: id, transport)
    }

    /// Render messages are tagged so that a full render drops every render still queued before it:
    /// it replaces the whole state, so at most one full render is ever pending per connection.
    private static let renderTag: UInt8 = 1

    private func send(render text: String, to id: ConnectionID, _ transport: TransportServer) {
        let full = text.hasPrefix("{\"full\":true")
        _ = transport.send(text, to: id, tag: Self.renderTag, superseding: full ? Self.renderTag : nil)
    }

    private func catchUp(_ id: ConnectionID, _ transport: TransportServer) {
        guard lagging.contains(id) else { return }
        guard transport.queuedMessageCount(for: id) < renderBacklogLimit / 2 else {
            transport.armTimer(for: id, token: Self.catchUpToken, after: Self.catchUpInterval)
            return
        }
        lagging.remove(id)
        if let full = hub.fullRender(for: id) { send(render: full, to: id, transport) }
    }
}
