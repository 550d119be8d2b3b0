import TouchBridgeProtocol

/// A stepping request as the shell decoded it (`InboundMessage.stepping`), carried to the `Hub` by
/// `SessionInput.stepping`: the one decode serves it, nothing parses the text again. Public only so that
/// the input enum can be; what it holds is the package's.
public struct DecodedStepRequest: Equatable, Sendable {
    /// The request, or the error its stepping handler answers with (a bad field).
    package let request: Result<StepRequest, ProtocolError>
    /// What the client sent: a hub without a stepping handler has its session answer it as the
    /// unknown type it is to v1.
    package let text: String

    /// `request` as decoded from `text`.
    package init(_ request: Result<StepRequest, ProtocolError>, text: String) {
        self.request = request
        self.text = text
    }
}

/// What pauses sessions and steps through them (docs/protocol.md §4.12), as the `Hub` sees it. The hub
/// routes every stepping request here, asks it before a session change reaches a session it holds,
/// and tells it when an observer joins; its answers become the hub's effects, carried out by the
/// `EffectExecutor` like the sessions' own. Declared here so the pure hub routes stepping without
/// knowing how it is done: the shell implements it (`SessionStepper`, TouchBridgeHost), keeping the
/// histories, timelines and recordings the hub has no business holding.
package protocol SteppingHandler: AnyObject {
    /// Answers `request` of `connection` (or the error of its bad field): the effects to carry out,
    /// in order, with their connections. `system` runs a message the system sends the app as if the
    /// connection's device had sent it — the `act` of a pause's interruption — through the hub like
    /// any message, so its effects leave first and every replay repeats it.
    func handle(
        _ request: Result<StepRequest, ProtocolError>, from connection: ConnectionID, hub: Hub, system: (String) -> Void
    ) -> [(connection: ConnectionID, effect: SessionEffect)]

    /// Why `message` of `connection`, which changes its session, must not reach it (the session is
    /// paused: its app does not change while someone steps through it), or nil to let it through.
    func refusal(of message: ClientMessage, from connection: ConnectionID) -> ProtocolError?

    /// What `observer`, which just joined a session, is shown besides the session's own greeting
    /// (a paused session's `stepping` and `step`).
    func observerJoined(_ observer: ConnectionID, hub: Hub) -> [SessionEffect]
}
