import TouchBridgeProtocol

/// Why the shell refused or held back a client's input before any session saw it. Each is answered
/// with an `error` the `EffectExecutor` sends (`refuse`), so a refusal leaves through the same door as
/// every other message. A refused message is dropped; held input is read later.
package enum Refusal: Equatable, Sendable {
    /// The connection is over its share of engine time (`EngineBudget`): retry after this many ms.
    case overEngineShare(retryAfterMs: Int)
    /// The connection sent more than `maxMessagesPerSecond`.
    case overMessageRate
    /// Backpressure stopped reading the connection while `queuedBytes` of answers wait for it: nothing is
    /// dropped, what it sends is read once they drain (so no `retryAfterMs`).
    case readingPaused(queuedBytes: Int)

    /// The error the client gets (docs/protocol.md §5.4: `rate-limited`, with `retryAfterMs` when known, or `overloaded`).
    package var error: ProtocolError {
        switch self {
        case .overEngineShare(let wait):
            ProtocolError(code: ErrorCode.rateLimited, message: "over this connection's share of engine time; retry in \(wait) ms",
                          retryAfterMs: wait)
        case .overMessageRate:
            ProtocolError(code: ErrorCode.rateLimited, message: "over maxMessagesPerSecond; message dropped")
        case .readingPaused(let queuedBytes):
            ProtocolError(
                code: ErrorCode.overloaded,
                message: "reading paused: \(queuedBytes) bytes of answers wait for this connection; what it sends is read once they drain")
        }
    }
}
