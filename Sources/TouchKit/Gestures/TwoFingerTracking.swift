import Foundation

/// What pinch and rotation do alike (UIKIT-PINCH, UIKIT-ROTATION): they follow the first two fingers
/// and ignore a third, begin once a movement in points reaches `hysteresis` (keeping the farthest one
/// for the margin of a gesture that never began), report `.changed` after that with a velocity from
/// the latest two samples of their value, end when the last finger lifts and fail when it lifts first.
/// Each recognizer measures its own movement and value; this keeps the rest in one place.
struct TwoFingerTracking {
    /// The rule whose threshold the margins name.
    let rule: String
    /// The value's change per second, from the latest samples; 0 until two are taken and after a reset.
    var velocity: CGFloat = 0
    private var lastSample: (time: TimeInterval, value: CGFloat)?
    /// The largest movement before the gesture began.
    private var farthest = FarthestMovement()

    init(rule: String) {
        self.rule = rule
    }

    /// Ignores the touches beyond the first two the recognizer follows.
    static func keepFirstTwo(of touches: Set<UITouch>, in recognizer: UIGestureRecognizer, with event: UIEvent) {
        guard recognizer.activeTrackedCount > 2 else { return }
        for touch in touches.inTouchOrder where recognizer.activeTrackedCount > 2 {
            recognizer.ignore(touch, for: event)
        }
    }

    /// What a move does to the recognizer.
    enum Move {
        /// Nothing: undecided and still short of the threshold, or already over.
        case none
        /// The movement reached the threshold: this far.
        case begin(measured: CGFloat, limit: CGFloat)
        /// A running gesture reports the new value.
        case change
    }

    /// A move of the fingers: an undecided recognizer notes `movement()` (nil: nothing to measure) and begins
    /// once it reaches `hysteresis`; a running one changes. `value()` is the recognizer's value after the
    /// move, sampled for the velocity. The recognizer applies the result (`applyTwoFingerMove(_:rule:)`)
    /// once this returns: a state change may reset the recognizer, which writes to its tracking.
    /// Inlined so that the closures cost no calls on every frame of a pinch or rotation; `hysteresis` is read
    /// only while undecided (reading the public property costs a run-time exclusivity check each time).
    @inline(__always)
    mutating func moved(
        in state: UIGestureRecognizer.State, movement: () -> CGFloat?, hysteresis: @autoclosure () -> CGFloat, value: () -> CGFloat,
        at time: TimeInterval
    ) -> Move {
        switch state {
        case .possible:
            guard let movement = movement() else { return .none }
            farthest.note(movement)
            let limit = hysteresis()
            guard movement >= limit else { return .none }
            sample(value(), at: time)
            return .begin(measured: movement, limit: limit)
        case .began, .changed:
            sample(value(), at: time)
            return .change
        default:
            return .none
        }
    }

    /// The largest movement before the gesture began, for the margin of one that never began.
    var farthestMovement: CGFloat { farthest.value }

    /// Cancelled touches cancel a running gesture and fail an undecided one.
    static func cancelled(_ recognizer: UIGestureRecognizer) {
        recognizer.setState(recognizer.state.isActive ? .cancelled : .failed, because: "touches cancelled")
    }

    /// The next velocity is measured from the next sample on (the value was set).
    mutating func forgetSample() {
        lastSample = nil
    }

    /// Back to no samples, no velocity and no movement.
    mutating func reset() {
        lastSample = nil
        velocity = 0
        farthest.reset()
    }

    private mutating func sample(_ value: CGFloat, at time: TimeInterval) {
        if let last = lastSample, time > last.time {
            velocity = (value - last.value) / CGFloat(time - last.time)
        }
        lastSample = (time, value)
    }
}

extension UIGestureRecognizer {
    /// Applies what a move of a two-finger gesture decided (`TwoFingerTracking.moved`); a beginning's margin
    /// names `rule`'s `hysteresis`.
    func applyTwoFingerMove(_ move: TwoFingerTracking.Move, rule: String) {
        switch move {
        case .none: break
        case .begin(let measured, let limit):
            setState(.began, margins: [.points(rule, "hysteresis", measured: measured, limit: limit, .atLeast, .inside)])
        case .change: state = .changed
        }
    }

    /// A lift from a two-finger gesture: it ends with the last finger, goes on with one left (true: the
    /// caller rebases its value), and fails if it had not begun when the last finger lifted or never had
    /// two. `unmet` says which threshold was not reached; `farthest` is the largest movement measured.
    func liftFromTwoFingerGesture(rule: String, farthest: CGFloat, hysteresis: CGFloat, unmet: @autoclosure () -> String) -> Bool {
        let remaining = activeTrackedCount
        if state.isActive {
            if remaining == 0 { state = .ended }
            return remaining > 0
        }
        let touches = trackedTouches.count
        if remaining == 0 || touches < 2 {
            setState(.failed, because: touches < 2 ? "needs two touches" : unmet(),
                     margins: [twoFingerMargin(rule, touches: touches, change: farthest, hysteresis: hysteresis)])
        }
        return false
    }
}
