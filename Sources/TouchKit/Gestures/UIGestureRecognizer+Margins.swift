import Foundation

extension UIGestureRecognizer {
    /// The engine time now, for a timer's decision margin (0 when the recognizer has no application).
    var engineNow: TimeInterval { withArenaApplication { $0?.currentTime ?? 0 } }
}

/// The farthest any finger of an attempt moved from where it landed: what a movement allowance's margin
/// measures when the attempt succeeds.
struct FarthestMovement {
    private(set) var value: CGFloat = 0

    /// Takes a finger's distance from its start into account.
    mutating func note(_ distance: CGFloat) {
        if distance > value { value = distance }
    }

    /// Back to no movement, for a new attempt.
    mutating func reset() { value = 0 }
}

/// A two-finger recognizer (pinch, rotation) that fails at the lift: it missed either its second finger or
/// its hysteresis, whichever decided.
func twoFingerMargin(_ rule: String, touches: Int, change: CGFloat, hysteresis: CGFloat) -> DecisionMargin {
    touches < 2
        ? .count(rule, "numberOfTouches", measured: touches, limit: 2, .atLeast, .outside)
        : .points(rule, "hysteresis", measured: change, limit: hysteresis, .atLeast, .outside)
}
