import TouchBridgeProtocol

/// Why the shell refused a client message before any session saw it. Each is answered with an
/// `error` the `EffectExecutor` sends (`refuse`), so a refusal leaves through the same door as every
/// other message; the message itself is dropped.
public enum Refusal: Equatable, Sendable {
    /// The connection is over its share of engine time (`EngineBudget`): retry after this many ms.
    case overEngineShare(retryAfterMs: Int)
    /// The connection sent more than `maxMessagesPerSecond`.
    case overMessageRate

    /// The error the client gets (docs/protocol.md §5.4: `rate-limited`, with `retryAfterMs` when known).
    public var error: ProtocolError {
        switch self {
        case .overEngineShare(let wait):
            ProtocolError(code: ErrorCode.rateLimited, message: "over this connection's share of engine time; retry in \(wait) ms",
                          retryAfterMs: wait)
        case .overMessageRate:
            ProtocolError(code: ErrorCode.rateLimited, message: "over maxMessagesPerSecond; message dropped")
        }
    }
}
