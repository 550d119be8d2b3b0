/// The values a numeric setting accepts: `minimum…maximum`, and 0 too when 0 turns the feature off
/// (`idleTimeoutSeconds` 0 = never). Every numeric setting has one, so no value a person can type
/// overflows the arithmetic it feeds (shard splits, budget refills, timer periods) or makes a timer
/// spin (`keepAlivePingSeconds` 1e-9): the maxima leave every product and sum far inside `Int`.
public struct SettingRange: Sendable, CustomStringConvertible {
    /// The smallest value besides the optional 0.
    public let minimum: Double
    /// The largest value.
    public let maximum: Double
    /// Whether 0 is accepted below `minimum` (it means off, unlimited or one per core; the help says which).
    public let allowsZero: Bool

    /// `minimum…maximum`, with 0 as well when `allowsZero`.
    public init(_ bounds: ClosedRange<Double>, orZero allowsZero: Bool = false) {
        minimum = bounds.lowerBound
        maximum = bounds.upperBound
        self.allowsZero = allowsZero
    }

    /// Whether `value` is accepted (never NaN).
    public func contains(_ value: Double) -> Bool {
        (allowsZero && value == 0) || (minimum...maximum).contains(value)
    }

    /// `1…100000` or `0 or 0.001…1`, as `--help` and the errors show it.
    public var description: String {
        (allowsZero ? "0 or " : "") + "\(Self.text(minimum))…\(Self.text(maximum))"
    }

    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
