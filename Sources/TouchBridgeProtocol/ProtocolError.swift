/// Why a client message was rejected: what goes into an `error` reply.
///
/// `code` is machine-readable; `message` is for people and, for field errors, starts with `path` so
/// a log line alone says which field was wrong.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: String
    public var message: String
    /// The offending field (`pointers[1].phase`), when one is to blame.
    public var path: String?
    /// The `seq` of the rejected message, when it had a readable one.
    public var seq: Int?
    /// For `rate-limited`: milliseconds after which the same request will be accepted.
    public var retryAfterMs: Int?

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

    public static func schema(_ path: String, _ detail: String) -> ProtocolError { .field(ErrorCode.schema, path, detail) }
    public static func limit(_ path: String, _ detail: String) -> ProtocolError { .field(ErrorCode.limit, path, detail) }

    public var description: String { "\(code): \(message)" }

    /// The `error` message for this error.
    public var errorMessage: ErrorMessage {
        ErrorMessage(code: code, message: message, path: path, retryAfterMs: retryAfterMs, seq: seq)
    }
}

/// The error codes of the protocol (docs/protocol.md §8). The engine's input-validation codes
/// (`unknown-pointer`, `non-finite-value`, …) come from TouchKit and are not repeated here.
public enum ErrorCode {
    public static let badJSON = "bad-json"
    public static let unknownType = "unknown-type"
    public static let schema = "schema"
    public static let limit = "limit"
    /// Too frequent: `retryAfterMs` says when the same request will be accepted.
    public static let rateLimited = "rate-limited"
    public static let unsupportedProtocol = "unsupported-protocol"
    public static let notAllowed = "not-allowed"
    public static let unknownSession = "unknown-session"
    public static let unknownScene = "unknown-scene"
    public static let sceneFailed = "scene-failed"
}
