/// The limits a server enforces on what clients send. Sent to clients in `welcome` so a client can
/// stay inside them instead of discovering them through errors.
///
/// Every limit has a clear error (`limit`, or `too-many-touches` for `maxTouches`) that names the
/// field and the limit; docs/protocol.md §9 lists them.
public struct ProtocolLimits: Codable, Equatable, Sendable {
    /// Largest message, in UTF-8 bytes.
    public var maxMessageBytes: Int
    /// Most pointer changes in one `input` message.
    public var maxPointersPerInput: Int
    /// Most coalesced samples on one pointer change.
    public var maxCoalescedPerPointer: Int
    /// Most fingers down at once (the engine's digitizer limit).
    public var maxTouches: Int
    /// Largest inline scene object, re-encoded compactly, in bytes.
    public var maxInlineSceneBytes: Int
    /// Largest viewport width or height, in points.
    public var maxViewportPoints: Double
    /// Largest viewport scale (device pixels per point).
    public var maxViewportScale: Double
    /// Most observers watching one session.
    public var maxObserversPerSession: Int
    /// Longest scene name, session id or client name, in characters.
    public var maxStringLength: Int
    /// Largest magnitude of any time a client sends (`t`, in milliseconds): 10^12 ms, about 31
    /// years. Times beyond it get `error` `limit`, so the engine's clock arithmetic stays finite (an
    /// `advance` to 1.7e308 would otherwise turn later times into infinity). Fixed, not sent in `welcome`.
    public static let maxTimeMilliseconds = 1e12
    /// Largest magnitude of an integer field (`seq`, `id`, `protocol`): 2^53, what a JSON number
    /// (an IEEE double, as in JavaScript) holds exactly. Fixed, not sent in `welcome`.
    public static let maxInteger = 9_007_199_254_740_992.0

    /// These limits, none above `bound`'s: what a server applies to limits it did not set itself (a
    /// recording's header states the limits it was made under; replaying it under larger ones than the
    /// server's own would let an uploaded file raise them).
    public func within(_ bound: ProtocolLimits) -> ProtocolLimits {
        ProtocolLimits(
            maxMessageBytes: min(maxMessageBytes, bound.maxMessageBytes), maxPointersPerInput: min(maxPointersPerInput, bound.maxPointersPerInput),
            maxCoalescedPerPointer: min(maxCoalescedPerPointer, bound.maxCoalescedPerPointer), maxTouches: min(maxTouches, bound.maxTouches),
            maxInlineSceneBytes: min(maxInlineSceneBytes, bound.maxInlineSceneBytes),
            maxViewportPoints: min(maxViewportPoints, bound.maxViewportPoints), maxViewportScale: min(maxViewportScale, bound.maxViewportScale),
            maxObserversPerSession: min(maxObserversPerSession, bound.maxObserversPerSession), maxStringLength: min(maxStringLength, bound.maxStringLength))
    }

    /// Limits with the server's defaults (docs/protocol.md §9); the host builds its own from the settings.
    public init(
        maxMessageBytes: Int = 262_144, maxPointersPerInput: Int = 32, maxCoalescedPerPointer: Int = 64,
        maxTouches: Int = 10, maxInlineSceneBytes: Int = 131_072, maxViewportPoints: Double = 8192,
        maxViewportScale: Double = 16, maxObserversPerSession: Int = 16, maxStringLength: Int = 256
    ) {
        self.maxMessageBytes = maxMessageBytes
        self.maxPointersPerInput = maxPointersPerInput
        self.maxCoalescedPerPointer = maxCoalescedPerPointer
        self.maxTouches = maxTouches
        self.maxInlineSceneBytes = maxInlineSceneBytes
        self.maxViewportPoints = maxViewportPoints
        self.maxViewportScale = maxViewportScale
        self.maxObserversPerSession = maxObserversPerSession
        self.maxStringLength = maxStringLength
    }
}
