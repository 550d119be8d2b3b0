/// `error`: a message was rejected; nothing was applied and the connection stays usable.
public struct ErrorMessage: Codable, Equatable, Sendable {
    /// Machine-readable reason (docs/protocol.md §8).
    public var code: String
    /// For people; for `schema` and `limit` errors it starts with the field path.
    public var message: String
    /// The offending field, e.g. `pointers[1].phase`, when one is to blame.
    public var path: String?
    /// For `rate-limited`: milliseconds after which the same request will be accepted.
    public var retryAfterMs: Int?
    /// The `seq` of the rejected message, so a client knows which of its messages failed.
    public var seq: Int?

    /// An `error` message; usually made by `ProtocolError.errorMessage`.
    public init(code: String, message: String, path: String? = nil, retryAfterMs: Int? = nil, seq: Int? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.retryAfterMs = retryAfterMs
        self.seq = seq
    }
}

/// `pong`: the reply to `ping`.
package struct Pong: Codable, Equatable, Sendable {
    /// The `ping`'s id, echoed.
    package var id: Int
    /// Engine time, ms.
    package var t: Double

    /// A `pong` for ping `id` at engine time `t`.
    package init(id: Int, t: Double) {
        self.id = id
        self.t = t
    }
}
