import Foundation
import Logging
import Prometheus
import TouchBridgeProtocol
import TouchBridgeServer
import TouchBridgeTransport

/// Connects the pure session hub to the socket transport: every transport callback becomes a hub
/// input for the `EffectExecutor`, which carries the effects out through a `TransportPort`. What
/// stays here is the shell's own business: the engine-time budget, metrics, and what the hub's journal
/// reports (recording, the stepper's histories). Lives on the transport's service thread.
package final class HubBridge: TransportDelegate, SessionJournal {
    let executor: EffectExecutor
    var hub: Hub { executor.hub }
    private let logger: Logger
    private let metrics: SessionMetrics
    /// Each connection's share of engine time (internal: replay slices are charged to it too).
    @exclusivity(unchecked) var budget: EngineBudget
    /// What each piece of charged work costs in the thread's CPU time: one CPU-clock read at its end,
    /// none for a short piece (charged its wall time).
    @exclusivity(unchecked) private var meter: EnginePieceMeter
    /// Writes every device session to a JSON Lines file (`serve --record`); nil records nothing.
    @exclusivity(unchecked) package var recorder: SessionRecorder?
    /// Pauses sessions and steps through them or through recordings, as the hub's stepping handler (set
    /// here, it is the hub's too); nil: no stepping. The bridge only runs its replay slices' timers.
    @exclusivity(unchecked) package var stepper: SessionStepper? {
        didSet { hub.stepping = stepper }
    }
    /// The server time of the input being handled: what the journal's reports are kept at.
    @exclusivity(unchecked) private var inputTime = 0.0

    /// Reads the monotonic clock (`MonotonicClock.now` unless a test counts the reads): once per
    /// message, at the end of its work (its start is the transport's arrival time); at the start of any
    /// other callback, and once more at the end of an open's or a timer's charged work. The stepper
    /// reads its own to stop a replay slice on time.
    let clock: () -> Double

    /// `renderBacklogLimit`: queued messages past which a connection counts as slow — its render
    /// diffs are coalesced into one full render once it catches up (`RenderCoalescer`); the event log
    /// is never dropped (past the transport's outbound limit the connection is closed with 1008).
    ///
    /// `engineSecondsPerSecond`: each connection's share of the service thread (`EngineBudget`; 0 = no
    /// limit); `busyEngineSecondsPerSecond`: what all connections working beyond half their share get
    /// together (0 = no shared cap). `metricsRegistry`: where the sessions' metrics go (the
    /// transport's, so `/metrics` shows both); `metricsLabels`: what tells this bridge's gauges from
    /// the other shards' (`shard`), none with one shard.
    package convenience init(
        hub: Hub, logger: Logger, renderBacklogLimit: Int = 64, engineSecondsPerSecond: Double = 0, busyEngineSecondsPerSecond: Double = 0,
        metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), metricsLabels: [(String, String)] = []
    ) {
        self.init(hub: hub, logger: logger, renderBacklogLimit: renderBacklogLimit, engineSecondsPerSecond: engineSecondsPerSecond,
                  busyEngineSecondsPerSecond: busyEngineSecondsPerSecond, metricsRegistry: metricsRegistry, metricsLabels: metricsLabels,
                  clock: MonotonicClock.now)
    }

    /// As the public initializer, reading time from `clock` and the thread's CPU time from `cpuClock`
    /// (tests count the reads or script them).
    init(
        hub: Hub, logger: Logger, renderBacklogLimit: Int = 64, engineSecondsPerSecond: Double = 0, busyEngineSecondsPerSecond: Double = 0,
        metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), metricsLabels: [(String, String)] = [],
        clock: @escaping () -> Double, cpuClock: @escaping () -> ThreadCPUClock.Reading = ThreadCPUClock.read
    ) {
        executor = EffectExecutor(hub: hub, coalescer: RenderCoalescer(backlogLimit: renderBacklogLimit))
        metrics = SessionMetrics(registry: metricsRegistry, gaugeLabels: metricsLabels)
        self.logger = logger
        self.clock = clock
        meter = EnginePieceMeter(cpuClock: cpuClock)
        budget = EngineBudget(secondsPerSecond: engineSecondsPerSecond, burstSeconds: 2.5 * engineSecondsPerSecond,
                              busySecondsPerSecond: busyEngineSecondsPerSecond)
        hub.journal = self
    }

    /// Hands the open to the executor as `.opened`, carrying only the subprotocol: sessions decide
    /// nothing on the peer's address. The engine-time budget does: a connection starts with what its
    /// address still owes.
    package func transport(_ transport: TransportServer, didOpen id: ConnectionID, info: ConnectionInfo) {
        opened(id, info: info, transport)
    }

    package func transport(_ transport: TransportServer, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double) {
        received(text, from: id, at: receiveTime, transport)
    }

    /// The transport dropped a message over `maxMessagesPerSecond`: the client is told, through the executor.
    package func transport(_ transport: TransportServer, didRejectMessageFrom id: ConnectionID, reason: RejectReason) {
        rejected(id, reason: reason, transport)
    }

    /// Backpressure stopped reading the connection: it is told, once per pause, instead of being starved
    /// in silence. The error queues behind the output it has not read, so it arrives when the client
    /// catches up — which is also when reading resumes. No `retryAfterMs`: nothing was refused.
    package func transport(_ transport: TransportServer, didPauseReadingFrom id: ConnectionID, queuedBytes: Int) {
        pausedReading(id, queuedBytes: queuedBytes, transport)
    }

    package func transport(_ transport: TransportServer, didClose id: ConnectionID, code: UInt16, reason: String) {
        closed(id, transport)
    }

    package func transport(_ transport: TransportServer, timerFired token: UInt64, for id: ConnectionID) {
        timerFired(token, for: id, transport)
    }

    package func transportWillReportMetrics(_ transport: TransportServer) {
        metrics.update(sessions: hub.sessionCount, connections: hub.connectionCount, recordingErrors: recorder?.errorCount ?? 0,
                       recordingCuts: recorder?.cutCounts ?? [:],
                       rendersCoalesced: executor.coalescer.coalescedCount)
    }

    func opened(_ id: ConnectionID, info: ConnectionInfo, _ transport: any SocketTransport) {
        let now = clock()
        budget.opened(id, from: info.remoteAddress, now: now)
        charging(id, now: now) { run(.opened(subprotocol: info.subprotocol), on: id, now: now, transport) }
    }

    /// One client message: the transport's arrival time is its `now`, which serves the engine share
    /// (wait and charge), the recorder, the stepper's history and the port, and starts its wall time;
    /// the shell's one clock read ends it (`charging`). Decoded once (`InboundMessage`),
    /// it goes to the executor either way — a stepping request as `.stepping`, which the hub routes to
    /// its stepper, a session message as `.decoded` — and every reply leaves through the executor.
    func received(_ text: String, from id: ConnectionID, at receiveTime: Double, _ transport: any SocketTransport) {
        metrics.messagesHandled.increment()
        // Read by the transport as the message's last frame arrived, before its UTF-8 check: a piece's own.
        let now = receiveTime
        if let wait = budget.wait(for: id, now: now) {
            metrics.overEngineBudget.increment()
            recorder?.recordDropped(id, reason: "engine-budget")
            executor.refuse(id, .overEngineShare(retryAfterMs: wait), through: port(transport, now: now))
            // What it sends meanwhile waits unread instead of costing a receive and a refusal each.
            transport.holdReading(from: id, for: Double(wait) / 1000)
            return
        }
        charging(id, now: now) {
            switch InboundMessage.decode(text, limits: hub.limits) {
            case .stepping(let request):
                run(.stepping(DecodedStepRequest(request, text: text), receivedAt: receiveTime), on: id, now: now, transport)
                scheduleReplaySlice(for: id, now: now, transport)
            case .session(let decoded):
                // Only a `hello` grants a role (`Session.join`): every other message skips the two table
                // look-ups (about 600 instructions per message, callgrind). Asked before `decoded` is handed
                // on: asked after, it was copied for the question (another 600).
                let grantsRole = if case .success(.hello) = decoded { true } else { false }
                run(.decoded(decoded, text: text, receivedAt: receiveTime), on: id, now: now, transport)
                if grantsRole, hub.role(of: id) != nil { transport.markJoined(id) }
            }
        }
    }

    func rejected(_ id: ConnectionID, reason: RejectReason, _ transport: any SocketTransport) {
        metrics.rateLimited.increment()
        recorder?.recordDropped(id, reason: reason.rawValue)
        executor.refuse(id, .overMessageRate, through: port(transport, now: clock()))
    }

    func pausedReading(_ id: ConnectionID, queuedBytes: Int, _ transport: any SocketTransport) {
        executor.refuse(id, .readingPaused(queuedBytes: queuedBytes), through: port(transport, now: clock()))
    }

    func closed(_ id: ConnectionID, _ transport: any SocketTransport) {
        let now = clock()
        budget.forget(id, now: now)
        run(.closed, on: id, now: now, transport)
        meter.endedUncharged()  // the session's teardown is nobody's, nor the next piece's
    }

    func timerFired(_ token: UInt64, for id: ConnectionID, _ transport: any SocketTransport) {
        let now = clock()
        switch TransportPort.timer(for: token) {
        case .engine?: charging(id, now: now) { run(.timerFired, on: id, now: now, transport) }
        case .renderCatchUp?:
            executor.catchUp(id, through: port(transport, now: now))
            meter.endedUncharged()  // a full render to a slow connection is nobody's, nor the next piece's
        case nil: if token == Self.replaySliceToken { replaySlice(for: id, now: now, transport) }
        }
    }

    /// The executor's port onto `transport` for an input at server time `now`.
    func port(_ transport: any SocketTransport, now: Double) -> TransportPort { TransportPort(transport: transport, logger: logger, now: now) }

    /// Runs `work` for connection `id`, started at monotonic time `now`, then reads the monotonic
    /// clock once (and the thread's CPU clock once, unless the piece was short), and charges what
    /// `EnginePieceMeter` says the piece cost to the connection's engine share (and the dispatch metric).
    func charging(_ id: ConnectionID, now: Double, _ work: () -> Void) {
        work()
        let seconds = meter.ended(wallSeconds: clock() - now)
        metrics.dispatchSeconds.record(seconds)
        budget.charge(id, seconds: seconds, now: now)
    }

    /// Hands `input` to the executor at server time `now`; what sessions apply of it comes back
    /// through the hub's journal (`applied`).
    func run(_ input: SessionInput, on id: ConnectionID, now: Double, _ transport: any SocketTransport) {
        inputTime = now
        executor.handle(input, on: id, through: port(transport, now: now))
    }

    /// The one seam through which the shell keeps what sessions did: the recorder gets the effects as
    /// the sessions produced them, the stepper the input for its histories, both at the input's server time.
    package func applied(_ input: SessionInput, on id: ConnectionID, effects: [(connection: ConnectionID, effect: SessionEffect)], hub: Hub) {
        recorder?.record(input, on: id, effects: effects, hub: hub, now: inputTime)
        stepper?.keep(input, on: id, hub: hub, now: inputTime)
    }
}
