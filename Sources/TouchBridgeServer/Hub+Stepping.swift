import TouchBridgeProtocol

extension Hub {
    /// The hub's part of stepping: a stepping request goes to `stepping` and comes back as effects
    /// (the system messages it ran first, then its replies); a session change of a held session is
    /// answered with the handler's refusal and never reaches the session. nil: the input is the
    /// session's.
    func route(_ input: SessionInput, on connection: ConnectionID, to stepping: any SteppingHandler)
        -> [(connection: ConnectionID, effect: SessionEffect)]? {
        switch input {
        case .stepping(let decoded, let receivedAt):
            var effects: [(connection: ConnectionID, effect: SessionEffect)] = []
            let replies = stepping.handle(decoded.request, from: connection, hub: self) { act in
                effects += handle(.text(act, receivedAt: receivedAt), on: connection)
            }
            return effects + replies
        case .decoded(.success(let message), _, _) where message.changesSession:
            return stepping.refusal(of: message, from: connection).map { [(connection, .error(ServerMessage.error($0.errorMessage).text))] }
        case .opened, .text, .decoded, .timerFired, .closed:
            return nil
        }
    }
}
