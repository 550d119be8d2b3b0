import TouchBridgeProtocol

/// A transport's id for one WebSocket connection.
public typealias ConnectionID = UInt64

/// What the transport knows about a connection when it opens.
public struct ConnectionInfo: Equatable, Sendable {
    /// The negotiated WebSocket subprotocol (nil: the client asked for none).
    public var subprotocol: String?
    /// For logs only.
    public var remoteAddress: String?

    /// What a connection negotiated; the defaults are a well-behaved client's.
    public init(subprotocol: String? = ProtocolVersion.subprotocol, remoteAddress: String? = nil) {
        self.subprotocol = subprotocol
        self.remoteAddress = remoteAddress
    }
}

/// Everything that can happen to a connection. Time arrives as data (`receivedAt`, monotonic
/// server seconds), never from a clock, so a session is a pure function of its inputs.
public enum SessionInput: Equatable, Sendable {
    /// The WebSocket opened; a session checks the subprotocol before anything else.
    case opened(ConnectionInfo)
    /// One text message, received at `receivedAt` (monotonic server seconds).
    case text(String, receivedAt: Double)
    /// The timer armed by the last `.armTimer` fired. The session knows when it asked for it, so
    /// the event needs no time of its own.
    case timerFired
    /// The connection is gone (closed by either side, or broken).
    case closed
}

/// What the transport must do for a connection, in order.
public enum SessionEffect: Equatable, Sendable {
    /// Send one text message.
    case send(String)
    /// Arm (or re-arm, replacing the previous one) this connection's single timer for server time
    /// `at` (monotonic seconds, same clock as `receivedAt`); a time in the past fires at once.
    case armTimer(at: Double)
    /// Disarm this connection's timer (the engine has no deadline left).
    case cancelTimer
    /// Close the connection with this WebSocket close code and reason.
    case close(code: UInt16, reason: String)
}

/// WebSocket close codes the server uses (docs/protocol.md §8).
public enum CloseCode {
    /// The connection negotiated a subprotocol other than `touchbridge.v1`.
    public static let protocolError: UInt16 = 1002
    /// Observers: the session they watched ended.
    public static let sessionEnded: UInt16 = 4001
}
