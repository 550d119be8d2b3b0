import TouchBridgeProtocol
import TouchKit

/// The device role: messages that drive the engine, and the timer that stands in for a run loop.
extension Session {
    func deviceMessage(_ message: ClientMessage, receivedAt: Double, shared: SharedSession) -> [Routed] {
        let routed: [Routed]
        do {
            routed = try deviceStep(message, receivedAt: receivedAt, shared: shared)
        } catch let error as InputError {
            routed = [reply(ProtocolError(code: error.code, message: error.description, seq: message.seq))]
        } catch let error as ProtocolError {
            var error = error
            error.seq = error.seq ?? message.seq
            routed = [reply(error)]
        } catch {
            routed = [reply(ProtocolError(code: ErrorCode.schema, message: "\(error)", seq: message.seq))]
        }
        return routed + timerEffects(shared)
    }

    private func deviceStep(_ message: ClientMessage, receivedAt: Double, shared: SharedSession) throws -> [Routed] {
        let clock = shared.clock
        func time(_ ms: Double) throws(InputError) -> Double {
            try clock.engineTime(clientMs: ms, engineNow: shared.application.currentTime)
        }
        func accepted(clientMs: Double?) {
            if let clientMs { shared.clock.observe(clientTime: clientMs / 1000, receivedAt: receivedAt) }
        }
        switch message {
        case .hello:
            throw ProtocolError(code: ErrorCode.notAllowed, message: "hello was already received")
        case .input(let input):
            let frame = try InputTranslation.frame(input, time: time)
            let messages = try shared.step(seq: input.seq, alwaysReport: true, reportsPointers: true) { application throws(InputError) in
                try application.digitizer.process(frame)
            }
            accepted(clientMs: InputTranslation.newestTime(input))
            return messages.map(Routed.everyone)
        case .advance(let advance):
            guard shared.clock.mode == .manual else {
                throw ProtocolError(code: ErrorCode.notAllowed, message: "advance needs the manual clock; this session's clock is client")
            }
            let messages = try shared.step(seq: advance.seq, alwaysReport: true) { application throws(InputError) in
                try application.advance(to: advance.t / 1000)
            }
            accepted(clientMs: advance.t)
            return messages.map(Routed.everyone)
        case .motion(let motion):
            let timestamp = try time(motion.t)
            let messages = try shared.step(seq: motion.seq, alwaysReport: true) { application throws(InputError) in
                try application.sendMotion(InputTranslation.motionPhase(motion.phase), timestamp: timestamp)
            }
            accepted(clientMs: motion.t)
            return messages.map(Routed.everyone)
        case .remote(let remote):
            let timestamp = try time(remote.t)
            let messages = try shared.step(seq: remote.seq, alwaysReport: true) { application throws(InputError) in
                try application.sendRemoteControl(InputTranslation.subtype(remote.command), timestamp: timestamp)
            }
            accepted(clientMs: remote.t)
            return messages.map(Routed.everyone)
        case .resize(let viewport):
            return shared.resize(to: viewport).map(Routed.everyone)
        case .scene(let change):
            return try shared.switchScene(to: change.scene).map(Routed.everyone)
        case .ping(let ping):
            return [.own(.reply(ServerMessage.pong(Pong(id: ping.id, t: shared.engineMs)).text))]
        case .resync:
            return resync(shared, at: receivedAt)
        case .mark:
            // Only for the recording (the host's recorder keeps every inbound message); no reply.
            return []
        case .act(let act):
            let timestamp = try time(act.t)
            guard timestamp >= shared.application.currentTime else {
                throw InputError.timeWentBackwards(previous: shared.application.currentTime, got: timestamp)
            }
            let runner = try AppActionRunner(act.actions, application: shared.application)
            // An action may cancel touches (the app resigning active): observers learn which fingers are left.
            let messages = try shared.step(seq: act.seq, alwaysReport: true, reportsPointers: true, reportsLints: true) { application throws(InputError) in
                try application.advance(to: timestamp)
                try runner.apply(at: timestamp)
                try application.advance(to: timestamp)
            }
            accepted(clientMs: act.t)
            return messages.map(Routed.everyone)
        }
    }

    /// A timer armed at server time `armedAt` fired: the engine catches up to the matching engine
    /// time, running the timers due by then.
    func timerFired(_ shared: SharedSession) -> [Routed] {
        guard let firedAt = shared.clock.armedAt else { return [] }
        shared.clock.armedAt = nil
        var routed: [Routed] = []
        // Only when a deadline is really due: a changed offset estimate may have moved it later.
        // Mapping server time back to engine time ((deadline + offset) − offset) can land one
        // rounding step below the deadline, so the comparison allows for that, and the engine is
        // moved at least to the deadline.
        if let engineNow = shared.clock.engineTime(forServerTime: firedAt), let deadline = shared.application.nextDeadline,
           engineNow + SessionClock.roundingTolerance >= deadline {
            let target = max(engineNow, deadline, shared.application.currentTime)
            let messages = (try? shared.step(seq: nil, alwaysReport: false) { application throws(InputError) in
                try application.advance(to: target)
            }) ?? []
            routed = messages.map(Routed.everyone)
        }
        return routed + timerEffects(shared)
    }

    /// Keeps the transport's one timer on the engine's next deadline (client clock only).
    func timerEffects(_ shared: SharedSession) -> [Routed] {
        let wanted = shared.application.nextDeadline.flatMap { shared.clock.serverTime(forEngineTime: $0) }
        guard wanted != shared.clock.armedAt else { return [] }
        shared.clock.armedAt = wanted
        return [.own(wanted.map { .armTimer(at: $0) } ?? .cancelTimer)]
    }
}
