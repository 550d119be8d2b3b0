import Foundation

/// How close one threshold decision of a built-in recognizer came to flipping: the measured value, the
/// threshold it was compared with, and which side of it the input fell on.
///
/// The inspector says *why* a recognizer failed ("moved 46.2 pt > allowableMovement 45.0 pt"); a margin says
/// *how close* it was, as data a tool can read: the event log attaches the margins of a transition's
/// decisions to it (`RecognizerValues.margins`), each citing the UIKit rule of docs/uikit-rules.md whose
/// threshold it measures. A small value type on purpose: what-if replay and a flake predictor read it.
public struct DecisionMargin: Equatable, Sendable {
    /// Which way the threshold bounds the measured value.
    public enum Limit: String, Sendable {
        /// The input must stay at or below the threshold (a movement allowance, a maximum duration).
        case atMost
        /// The input must reach the threshold (a hysteresis, a minimum press duration, a minimum count).
        case atLeast
        /// The input must equal the threshold (a required number of touches).
        case exactly
    }

    /// The side of the threshold the input fell on, as the recognizer decided it.
    public enum Side: String, Sendable {
        /// The condition held: the measured value satisfied the limit.
        case inside
        /// The condition failed: the measured value crossed the limit.
        case outside
    }

    /// The unit both values are in.
    public enum Unit: String, Sendable {
        /// Window points.
        case pt
        /// Milliseconds of engine time.
        case ms
        /// A number of touches or taps.
        case count
    }

    /// The rule whose threshold this is (`UIKIT-TAP`, `UIKIT-PAN`…; docs/uikit-rules.md).
    public var rule: String
    /// The recognizer property holding the threshold (`allowableMovement`, `hysteresis`…), so a reader knows
    /// what to change.
    public var threshold: String
    /// The threshold's value when the decision was taken.
    public var limitValue: Double
    /// What the input measured.
    public var measured: Double
    /// How the threshold bounds the measured value.
    public var limit: Limit
    /// Which side the input fell on.
    public var side: Side
    /// The unit of `measured` and `limitValue`.
    public var unit: Unit

    /// A margin as a recognizer records it. Times are given in seconds and kept in milliseconds rounded to the
    /// microsecond, so a log compares exactly across platforms.
    public init(rule: String, threshold: String, measured: Double, limitValue: Double, limit: Limit, side: Side, unit: Unit) {
        let scale = unit == .ms ? 1000.0 : 1
        self.rule = rule
        self.threshold = threshold
        self.measured = Self.rounded(measured * scale, unit)
        self.limitValue = Self.rounded(limitValue * scale, unit)
        self.limit = limit
        self.side = side
        self.unit = unit
    }

    /// How far the input was from the threshold, in `unit`: positive when the condition held with room to
    /// spare, negative by how much it was missed, 0 at the threshold.
    public var slack: Double {
        switch limit {
        case .atMost: limitValue - measured
        case .atLeast: measured - limitValue
        case .exactly: -abs(measured - limitValue)
        }
    }

    private static func rounded(_ value: Double, _ unit: Unit) -> Double {
        unit == .ms ? (value * 1000).rounded() / 1000 : value
    }
}

extension DecisionMargin {
    /// A margin on a distance in points.
    static func points(_ rule: String, _ threshold: String, measured: CGFloat, limit: CGFloat, _ kind: Limit, _ side: Side) -> DecisionMargin {
        DecisionMargin(rule: rule, threshold: threshold, measured: Double(measured), limitValue: Double(limit), limit: kind, side: side, unit: .pt)
    }

    /// A margin on a duration; both values in seconds.
    static func duration(_ rule: String, _ threshold: String, measured: TimeInterval, limit: TimeInterval, _ kind: Limit, _ side: Side) -> DecisionMargin {
        DecisionMargin(rule: rule, threshold: threshold, measured: measured, limitValue: limit, limit: kind, side: side, unit: .ms)
    }

    /// A margin on a number of touches or taps.
    static func count(_ rule: String, _ threshold: String, measured: Int, limit: Int, _ kind: Limit, _ side: Side) -> DecisionMargin {
        DecisionMargin(rule: rule, threshold: threshold, measured: Double(measured), limitValue: Double(limit), limit: kind, side: side, unit: .count)
    }
}

extension DecisionMargin: CustomStringConvertible {
    /// One line for logs and tests: `UIKIT-TAP allowableMovement 46.2 pt (≤ 45 pt) outside`.
    public var description: String {
        let symbol = switch limit {
        case .atMost: "≤"
        case .atLeast: "≥"
        case .exactly: "="
        }
        let suffix = unit == .count ? "" : " \(unit.rawValue)"
        return "\(rule) \(threshold) \(Self.format(measured))\(suffix) (\(symbol) \(Self.format(limitValue))\(suffix)) \(side.rawValue)"
    }

    /// A number with at most three decimals and no trailing zeros.
    static func format(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if abs(rounded) < 1e15, let whole = Int(exactly: rounded) { return String(whole) }
        return String(rounded)
    }
}
