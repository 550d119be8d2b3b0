import TouchBridgeProtocol

/// Everything that can happen to a connection. Time arrives as data (`receivedAt`, monotonic
/// server seconds), never from a clock, so a session is a pure function of its inputs.
public enum SessionInput: Equatable, Sendable {
    /// The connection opened with this negotiated WebSocket subprotocol (nil: the client asked for
    /// none) — the only thing a session needs to know about how it was opened; it checks it before
    /// anything else.
    case opened(subprotocol: String? = ProtocolVersion.subprotocol)
    /// One text message, received at `receivedAt` (monotonic server seconds).
    case text(String, receivedAt: Double)
    /// One text message the shell already decoded (`InboundMessage`), so the session does not parse
    /// it again; `text` is what the client sent, for recordings and histories.
    case decoded(Result<ClientMessage, ProtocolError>, text: String, receivedAt: Double)
    /// A stepping request the shell decoded (docs/protocol.md §4.12), received at `receivedAt`: the
    /// hub hands it to its `SteppingHandler`; without one, the session answers it as the unknown type
    /// it is to v1.
    case stepping(DecodedStepRequest, receivedAt: Double)
    /// The timer armed by the last `.armTimer` fired. The session knows when it asked for it, so
    /// the event needs no time of its own.
    case timerFired
    /// The connection is gone (closed by either side, or broken).
    case closed
}

/// What the transport must do for a connection, in order. Every message says what it carries, so
/// an executor can apply a policy per kind without reading the encoded text: renders may be
/// coalesced for a slow connection (`RenderCoalescer`), everything else is always sent.
public enum SessionEffect: Equatable, Sendable {
    /// A `render` message. `full`: the whole render state (it replaces every render still queued);
    /// otherwise a diff against the previous render, which a connection that fell behind may skip.
    case render(String, full: Bool)
    /// An `events` message: the event log of one engine step. Never dropped.
    case events(String)
    /// A reply to this connection alone: `welcome` or `pong`.
    case reply(String)
    /// An `error` message (docs/protocol.md §5.4).
    case error(String)
    /// A `step` message of a paused session (docs/protocol.md §5.6): it supersedes every `step` still
    /// queued for the connection, so scrubbing on a slow screen shows the latest frame, never a backlog.
    case step(String)
    /// Arm (or re-arm, replacing the previous one) this connection's single timer for server time
    /// `at` (monotonic seconds, same clock as `receivedAt`); a time in the past fires at once.
    case armTimer(at: Double)
    /// Disarm this connection's timer (the engine has no deadline left).
    case cancelTimer
    /// Close the connection with this WebSocket close code and reason.
    case close(code: UInt16, reason: String)

    /// The encoded message this effect sends, if it sends one.
    public var message: String? {
        switch self {
        case .render(let text, _), .events(let text), .reply(let text), .error(let text), .step(let text): text
        case .armTimer, .cancelTimer, .close: nil
        }
    }
}

/// WebSocket close codes the server uses (docs/protocol.md §8).
package enum CloseCode {
    /// The connection negotiated a subprotocol other than `touchbridge.v1`.
    package static let protocolError: UInt16 = 1002
    /// Observers: the session they watched ended.
    package static let sessionEnded: UInt16 = 4001
}
