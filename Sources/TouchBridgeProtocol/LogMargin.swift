/// A decision margin on the wire: one threshold decision behind a transition, with the measured value, the
/// threshold and the side the input fell on (docs/protocol.md §7, docs/margins-and-lints.md).
public struct LogMargin: Codable, Equatable, Sendable {
    /// The UIKit rule whose threshold was applied (`UIKIT-TAP`…, docs/uikit-rules.md).
    public var rule: String
    /// The recognizer property holding the threshold (`allowableMovement`, `hysteresis`…).
    public var threshold: String
    /// What the input measured, in `unit`.
    public var measured: Double
    /// The threshold's value, in `unit`.
    public var limitValue: Double
    /// `atMost`, `atLeast` or `exactly`: how the threshold bounds the measured value.
    public var limit: String
    /// `inside` (the condition held) or `outside` (it was crossed).
    public var side: String
    /// `pt`, `ms` or `count`.
    public var unit: String

    /// A margin with every field, as the server encodes the engine's.
    public init(rule: String, threshold: String, measured: Double, limitValue: Double, limit: String, side: String, unit: String) {
        self.rule = rule
        self.threshold = threshold
        self.measured = measured
        self.limitValue = limitValue
        self.limit = limit
        self.side = side
        self.unit = unit
    }
}
