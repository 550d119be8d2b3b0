import TouchBridgeProtocol

/// Told every input a session of the `Hub` applied, with the effects it produced (before any render
/// was held back: what replay reproduces) — the one seam through which the shell keeps what sessions
/// did: the recorder (`serve --record`) and the stepper's histories. Inputs no session applied (a
/// stepping request, a change refused while paused) are not told: they are not part of the session.
/// A system message a stepping request runs is told as its own input, before the request's replies.
package protocol SessionJournal: AnyObject {
    /// `connection`'s `input` was applied and produced `effects` (for every connection, in order).
    func applied(_ input: SessionInput, on connection: ConnectionID, effects: [(connection: ConnectionID, effect: SessionEffect)], hub: Hub)
}
