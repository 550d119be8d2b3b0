/// `error`: a message was rejected; nothing was applied and the connection stays usable.
public struct ErrorMessage: Codable, Equatable, Sendable {
    public var code: String
    public var message: String
    public var path: String?
    /// For `rate-limited`: milliseconds after which the same request will be accepted.
    public var retryAfterMs: Int?
    public var seq: Int?

    public init(code: String, message: String, path: String? = nil, retryAfterMs: Int? = nil, seq: Int? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.retryAfterMs = retryAfterMs
        self.seq = seq
    }
}

/// `pong`: the reply to `ping`.
public struct Pong: Codable, Equatable, Sendable {
    public var id: Int
    /// Engine time, ms.
    public var t: Double

    public init(id: Int, t: Double) {
        self.id = id
        self.t = t
    }
}
