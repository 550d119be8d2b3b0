import TouchBridgeProtocol

/// The one place where a hub's effects are carried out, for every transport: each input goes to
/// the `Hub`, and its effects go to a `ConnectionPort` in order, renders through the
/// `RenderCoalescer`. The socket server, replay, the tests and the fuzz harness all run sessions
/// through it, so they differ only in their port.
package final class EffectExecutor {
    /// The sessions whose effects this executor carries out.
    package let hub: Hub
    /// The slow-consumer policy every render goes through, with its count of held renders.
    @exclusivity(unchecked) package private(set) var coalescer: RenderCoalescer

    /// An executor for `hub`'s effects; `coalescer` sets the slow-consumer thresholds.
    package init(hub: Hub, coalescer: RenderCoalescer = RenderCoalescer()) {
        self.hub = hub
        self.coalescer = coalescer
    }

    /// Hands one input of `connection` to the hub and executes its effects through `port`.
    /// Returns the effects as the sessions produced them, before any render was held back: what a
    /// recording keeps, since that is what replay reproduces.
    @discardableResult
    package func handle(
        _ input: SessionInput, on connection: ConnectionID, through port: some ConnectionPort
    ) -> [(connection: ConnectionID, effect: SessionEffect)] {
        let effects = hub.handle(input, on: connection)
        if input == .closed { coalescer.forget(connection) }
        for (target, effect) in effects { execute(effect, for: target, through: port) }
        return effects
    }

    /// Carries out effects the shell produced on a timer of its own — a stepper's replay slice's
    /// replies — in order, exactly as the hub's own: they leave through `port` like everything else.
    package func carryOut(_ effects: [(connection: ConnectionID, effect: SessionEffect)], through port: some ConnectionPort) {
        for (target, effect) in effects { execute(effect, for: target, through: port) }
    }

    /// Answers a message the shell refused before any session saw it with its `error`.
    package func refuse(_ connection: ConnectionID, _ refusal: Refusal, through port: some ConnectionPort) {
        execute(.error(ServerMessage.error(refusal.error.errorMessage).text), for: connection, through: port)
    }

    /// The `renderCatchUp` timer of `connection` fired: a connection that fell behind and whose
    /// queue drained gets one full render of the current state; one still behind is looked at again.
    package func catchUp(_ connection: ConnectionID, through port: some ConnectionPort) {
        switch coalescer.catchUp(connection, queued: port.queuedMessageCount(for: connection)) {
        case .keepWaiting:
            port.arm(.renderCatchUp, for: connection, at: port.now + coalescer.catchUpInterval)
        case .sendFullRender:
            if let full = hub.fullRender(for: connection, withLints: false) { port.send(full, to: connection, as: .fullRender) }
        case .nothing:
            break
        }
    }

    private func execute(_ effect: SessionEffect, for target: ConnectionID, through port: some ConnectionPort) {
        switch effect {
        case .render(let text, let full):
            switch coalescer.admit(renderTo: target, queued: port.queuedMessageCount(for: target)) {
            case .send:
                port.send(text, to: target, as: full ? .fullRender : .renderDiff)
            case .hold:
                break
            case .holdAndWatch:
                port.renderCoalescingStarted(for: target)
                port.arm(.renderCatchUp, for: target, at: port.now + coalescer.catchUpInterval)
            }
        case .events(let text), .reply(let text), .error(let text):
            port.send(text, to: target, as: .message)
        case .step(let text):
            port.send(text, to: target, as: .step)
        case .armTimer(let at):
            port.arm(.engine, for: target, at: at)
        case .cancelTimer:
            port.cancel(.engine, for: target)
        case .close(let code, let reason):
            port.close(target, code: code, reason: reason)
        }
    }
}
