/// Why a client message was rejected: what goes into an `error` reply.
///
/// `code` is machine-readable; `message` is for people and, for field errors, starts with `path` so
/// a log line alone says which field was wrong.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Machine-readable reason, one of `ErrorCode` or TouchKit's `InputError.code` (docs/protocol.md §8).
    public var code: String
    /// For people; for field errors it starts with `path`.
    public var message: String
    /// The offending field (`pointers[1].phase`), when one is to blame.
    public var path: String?
    /// The `seq` of the rejected message, when it had a readable one.
    public var seq: Int?
    /// For `rate-limited`: milliseconds after which the same request will be accepted.
    public var retryAfterMs: Int?

    /// An error with every field given; prefer `field(_:_:_:)`, `schema(_:_:)` or `limit(_:_:)`, which keep
    /// the message and path consistent.
    public init(code: String, message: String, path: String? = nil, seq: Int? = nil, retryAfterMs: Int? = nil) {
        self.code = code
        self.message = message
        self.path = path
        self.seq = seq
        self.retryAfterMs = retryAfterMs
    }

    /// A field error: the message is prefixed with the path.
    public static func field(_ code: String, _ path: String, _ detail: String) -> ProtocolError {
        ProtocolError(code: code, message: path.isEmpty ? detail : "\(path): \(detail)", path: path.isEmpty ? nil : path)
    }

    /// A field is missing, has the wrong type or a value outside its allowed set.
    public static func schema(_ path: String, _ detail: String) -> ProtocolError { .field(ErrorCode.schema, path, detail) }
    /// A field exceeds a limit of docs/protocol.md §9; `detail` states the limit.
    public static func limit(_ path: String, _ detail: String) -> ProtocolError { .field(ErrorCode.limit, path, detail) }

    public var description: String { "\(code): \(message)" }

    /// The `error` message for this error.
    public var errorMessage: ErrorMessage {
        ErrorMessage(code: code, message: message, path: path, retryAfterMs: retryAfterMs, seq: seq)
    }
}

/// The error codes of the protocol (docs/protocol.md §8). The engine's input-validation codes
/// (`unknown-pointer`, `non-finite-value`, …) come from TouchKit and are not repeated here.
package enum ErrorCode {
    /// The frame is not a JSON object (or not UTF-8 text).
    package static let badJSON = "bad-json"
    /// `type` is missing, not a string, or not a v1 message type.
    package static let unknownType = "unknown-type"
    /// A field is missing, has the wrong type or a value outside its allowed set; `path` names it.
    package static let schema = "schema"
    /// A limit of docs/protocol.md §9 was exceeded.
    package static let limit = "limit"
    /// Too frequent: `retryAfterMs` says when the same request will be accepted.
    package static let rateLimited = "rate-limited"
    /// The server stopped reading this connection because its output is not being read fast enough
    /// (backpressure). Nothing was dropped: what it sends is read once its queued output drains.
    package static let overloaded = "overloaded"
    /// `hello.protocol` is not a version this server speaks.
    package static let unsupportedProtocol = "unsupported-protocol"
    /// Not allowed now: before `hello`, a second `hello`, a session-changing message from an observer,
    /// `advance` without the manual clock.
    package static let notAllowed = "not-allowed"
    /// An observer asked for a session that is not live.
    package static let unknownSession = "unknown-session"
    /// The catalog has no scene of that name (or cannot build the inline scene).
    package static let unknownScene = "unknown-scene"
    /// The catalog has the scene but could not build it; the server keeps serving the others.
    package static let sceneFailed = "scene-failed"
}
