import Foundation
import Logging
import Prometheus
import TouchBridgeProtocol
import TouchBridgeServer
import TouchBridgeTransport

/// Connects the pure session hub to the socket transport: every transport callback becomes a hub
/// input for the `EffectExecutor`, which carries the effects out through a `TransportPort`. What
/// stays here is the shell's own business: the engine-time budget, metrics and recording. Lives on
/// the transport's service thread.
public final class HubBridge: TransportDelegate {
    let executor: EffectExecutor
    var hub: Hub { executor.hub }
    private let logger: Logger
    private let metrics: SessionMetrics
    /// Each connection's share of engine time (internal: replay slices are charged to it too).
    var budget: EngineBudget
    /// Writes every device session to a JSON Lines file (`serve --record`); nil records nothing.
    public var recorder: SessionRecorder?
    /// Pauses sessions and steps through them or through recordings; nil: no stepping.
    public var stepper: SessionStepper?

    /// `renderBacklogLimit`: queued messages past which a connection counts as slow — its render
    /// diffs are coalesced into one full render once it catches up (`RenderCoalescer`); the event log
    /// is never dropped (past the transport's outbound limit the connection is closed with 1008).
    ///
    /// `engineSecondsPerSecond`: each connection's share of the service thread (`EngineBudget`; 0 = no
    /// limit); `busyEngineSecondsPerSecond`: what all connections working beyond half their share get
    /// together (0 = no shared cap). `metricsRegistry`: where the sessions' metrics go (the
    /// transport's, so `/metrics` shows both); `metricsLabels`: what tells this bridge's gauges from
    /// the other shards' (`shard`), none with one shard.
    public init(
        hub: Hub, logger: Logger, renderBacklogLimit: Int = 64, engineSecondsPerSecond: Double = 0, busyEngineSecondsPerSecond: Double = 0,
        metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), metricsLabels: [(String, String)] = []
    ) {
        executor = EffectExecutor(hub: hub, coalescer: RenderCoalescer(backlogLimit: renderBacklogLimit))
        metrics = SessionMetrics(registry: metricsRegistry, gaugeLabels: metricsLabels)
        self.logger = logger
        budget = EngineBudget(secondsPerSecond: engineSecondsPerSecond, burstSeconds: 2.5 * engineSecondsPerSecond,
                              busySecondsPerSecond: busyEngineSecondsPerSecond)
    }

    /// Hands the open to the executor as `.opened`, carrying only the subprotocol: sessions decide
    /// nothing on the peer's address. The engine-time budget does: a connection starts with what its
    /// address still owes.
    public func transport(_ transport: TransportServer, didOpen id: ConnectionID, info: ConnectionInfo) {
        budget.opened(id, from: info.remoteAddress, now: MonotonicClock.now())
        run(.opened(subprotocol: info.subprotocol), on: id, transport)
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
        let work = ThreadCPUClock.now()
        let message = InboundMessage.decode(text, limits: hub.limits)
        let system = { [unowned self] (act: String) in run(.text(act, receivedAt: receiveTime), on: id, transport) }
        if let replies = stepper?.handle(message, from: id, hub: hub, now: MonotonicClock.now, system: system) {
            budget.charge(id, seconds: ThreadCPUClock.now() - work, now: MonotonicClock.now())
            sendStepping(replies, transport)
            scheduleReplaySlice(for: id, transport)
            return
        }
        guard case .session(let decoded) = message else {
            // A stepping request with no stepper: the session answers it as the unknown type it is to v1.
            return run(.text(text, receivedAt: receiveTime), on: id, transport)
        }
        run(.decoded(decoded, text: text, receivedAt: receiveTime), on: id, transport)
        if hub.role(of: id) != nil { transport.markJoined(id) }
    }

    public func transport(_ transport: TransportServer, didRejectMessageFrom id: ConnectionID, reason: RejectReason) {
        metrics.rateLimited.increment()
        recorder?.recordDropped(id, reason: reason.rawValue)
        let error = ServerMessage.error(ErrorMessage(code: "rate-limited", message: "over maxMessagesPerSecond; message dropped"))
        _ = transport.send(error.text, to: id)
    }

    /// Backpressure stopped reading the connection: it is told, once per pause, instead of being starved
    /// in silence. The error queues behind the output it has not read, so it arrives when the client
    /// catches up — which is also when reading resumes. No `retryAfterMs`: nothing was refused.
    public func transport(_ transport: TransportServer, didPauseReadingFrom id: ConnectionID, queuedBytes: Int) {
        let error = ProtocolError(
            code: ErrorCode.overloaded,
            message: "reading paused: \(queuedBytes) bytes of answers wait for this connection; what it sends is read once they drain")
        _ = transport.send(ServerMessage.error(error.errorMessage).text, to: id)
    }

    public func transport(_ transport: TransportServer, didClose id: ConnectionID, code: UInt16, reason: String) {
        budget.forget(id, now: MonotonicClock.now())
        run(.closed, on: id, transport)
    }

    public func transport(_ transport: TransportServer, timerFired token: UInt64, for id: ConnectionID) {
        switch TransportPort.timer(for: token) {
        case .engine?: run(.timerFired, on: id, transport)
        case .renderCatchUp?: executor.catchUp(id, through: TransportPort(transport: transport, logger: logger))
        case nil: if token == Self.replaySliceToken { replaySlice(for: id, transport) }
        }
    }

    public func transportWillReportMetrics(_ transport: TransportServer) {
        metrics.update(sessions: hub.sessionCount, connections: hub.connectionCount, recordingErrors: recorder?.errorCount ?? 0,
                       recordingCuts: recorder?.cutCounts ?? [:],
                       rendersCoalesced: executor.coalescer.coalescedCount)
    }

    func run(_ input: SessionInput, on id: ConnectionID, _ transport: TransportServer) {
        let start = MonotonicClock.now()
        let work = ThreadCPUClock.now()
        let effects = executor.handle(input, on: id, through: TransportPort(transport: transport, logger: logger))
        let finished = MonotonicClock.now()
        metrics.dispatchSeconds.record(finished - start)
        budget.charge(id, seconds: ThreadCPUClock.now() - work, now: finished)
        recorder?.record(input, on: id, effects: effects, hub: hub, now: start)
        if let stepper { sendStepping(stepper.observe(input, on: id, hub: hub, now: start), transport) }
    }
}
