import Foundation

/// How engine time compares at limits and deadlines.
///
/// Timestamps arrive from clients in milliseconds with at most three decimals, and deadlines are
/// sums of such times and durations, so two instants that should be equal can differ in the last
/// bits of a `Double`. Engine times closer than `sameInstantTolerance` are the same instant.
///
/// Documented choice (UIKIT-TIME-LIMITS-INCLUSIVE): every duration limit of the built-in recognizers is
/// inclusive — a swipe whose qualifying move arrives exactly `maximumDuration` after it began
/// succeeds (iOS 26.1: 0.500 s succeeds, 0.501 s fails), and likewise a tap held exactly
/// `maximumTapDuration`, a next tap landing exactly `maximumIntervalBetweenSuccessiveTaps` after the
/// lift, and a press held exactly `minimumPressDuration`. An input at the same instant as a timer's
/// deadline is therefore handled before that timer fires (`UIApplication.advance(to:)` fires timers
/// due at its target time too, since no input is waiting).
enum EngineInstant {
    /// Half a microsecond: well below the wire's resolution, well above `Double` rounding of seconds.
    static let sameInstantTolerance: TimeInterval = 5e-7

    /// Whether `elapsed` is past `limit` (not merely equal to it).
    static func exceeds(_ elapsed: TimeInterval, _ limit: TimeInterval) -> Bool {
        elapsed > limit + sameInstantTolerance
    }

    /// Whether `elapsed` has reached `limit` (equal counts).
    static func reaches(_ elapsed: TimeInterval, _ limit: TimeInterval) -> Bool {
        elapsed >= limit - sameInstantTolerance
    }
}
