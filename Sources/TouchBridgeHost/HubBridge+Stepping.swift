import TouchBridgeProtocol
import TouchBridgeTransport

extension HubBridge {
    /// `step` messages are tagged so that a newer one drops every `step` still queued for the
    /// connection: scrubbing on a slow screen shows the latest frame asked for, never a backlog.
    private static let stepTag: UInt8 = 2

    /// The transport timer token of a replay's next slice (the executor's own timers use 1 and 2).
    static let replaySliceToken: UInt64 = 3

    /// Arms the next slice of connection `id`'s replay, if one is in progress: it runs on a later
    /// service turn, after what other connections sent meanwhile, and for a recording only once the
    /// connection's engine share allows (`EngineBudget`).
    func scheduleReplaySlice(for id: ConnectionID, _ transport: TransportServer) {
        guard let stepper, stepper.isReplaying(id) else { return }
        transport.armTimer(for: id, token: Self.replaySliceToken, after: replayWait(for: id, stepper) ?? 0)
    }

    /// Seconds until a recording's next slice may run, or nil when it may now.
    private func replayWait(for id: ConnectionID, _ stepper: SessionStepper) -> Double? {
        guard stepper.replayWaitsForEngineShare(id) else { return nil }
        return budget.wait(for: id, now: MonotonicClock.now()).map { Double($0) / 1000 }
    }

    /// Runs one slice of connection `id`'s replay (at most `SessionStepper.replaySliceSeconds` plus
    /// one message), charged to its engine share; sends `stepping` and `step` when it is done.
    func replaySlice(for id: ConnectionID, _ transport: TransportServer) {
        guard let stepper else { return }
        if let wait = replayWait(for: id, stepper) {
            transport.armTimer(for: id, token: Self.replaySliceToken, after: wait)
            return
        }
        let work = ThreadCPUClock.now()
        let system = { [unowned self] (act: String) in run(.text(act, receivedAt: MonotonicClock.now()), on: id, transport) }
        let replies = stepper.continueReplay(for: id, hub: hub, now: MonotonicClock.now, system: system)
        budget.charge(id, seconds: ThreadCPUClock.now() - work, now: MonotonicClock.now())
        sendStepping(replies, transport)
        scheduleReplaySlice(for: id, transport)
    }

    func sendStepping(_ messages: [(ConnectionID, SteppingOutput)], _ transport: TransportServer) {
        for (target, output) in messages {
            switch output {
            case .step(let text): _ = transport.send(text, to: target, tag: Self.stepTag, superseding: Self.stepTag)
            case .message(let text): _ = transport.send(text, to: target)
            }
        }
    }
}
