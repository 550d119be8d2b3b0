import TouchBridgeProtocol
import TouchBridgeTransport

extension HubBridge {
    /// The transport timer token of a replay's next slice (the executor's own timers use 1 and 2).
    static let replaySliceToken: UInt64 = 3

    /// Arms the next slice of connection `id`'s replay, if one is in progress: it runs on a later
    /// service turn, after what other connections sent meanwhile, and for a recording only once the
    /// connection's engine share allows (`EngineBudget`).
    func scheduleReplaySlice(for id: ConnectionID, now: Double, _ transport: any SocketTransport) {
        guard let stepper, stepper.isReplaying(id) else { return }
        transport.armTimer(for: id, token: Self.replaySliceToken, after: replayWait(for: id, now: now, stepper) ?? 0)
    }

    /// Seconds until a recording's next slice may run, or nil when it may now.
    private func replayWait(for id: ConnectionID, now: Double, _ stepper: SessionStepper) -> Double? {
        guard stepper.replayWaitsForEngineShare(id) else { return nil }
        return budget.wait(for: id, now: now).map { Double($0) / 1000 }
    }

    /// Runs one slice of connection `id`'s replay (at most `SessionStepper.replaySliceSeconds` plus
    /// one message), charged to its engine share; its `stepping` and `step` leave through the executor when it is done.
    func replaySlice(for id: ConnectionID, now: Double, _ transport: any SocketTransport) {
        guard let stepper else { return }
        if let wait = replayWait(for: id, now: now, stepper) {
            transport.armTimer(for: id, token: Self.replaySliceToken, after: wait)
            return
        }
        charging(id, now: now) {
            let system = { [unowned self] (act: String) in run(.text(act, receivedAt: now), on: id, now: now, transport) }
            let replies = stepper.continueReplay(for: id, hub: hub, system: system)
            executor.carryOut(replies, through: port(transport, now: now))
        }
        scheduleReplaySlice(for: id, now: now, transport)
    }
}
