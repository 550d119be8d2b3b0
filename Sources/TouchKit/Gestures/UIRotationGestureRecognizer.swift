import Foundation

/// Recognizes two fingers turning around each other (continuous).
///
/// `rotation` is in radians since the gesture started (clockwise positive on a y-down screen), plus
/// whatever it was last set to; setting it resets `velocity`. UIKit's start threshold is undocumented
/// (UIKIT-ROTATION); TouchKit begins when the fingers have travelled `hysteresis` (8 pt) along their circle —
/// the same finger distance as the pinch, so whichever movement dominates wins. Pinch and rotation
/// prevent each other by default (UIKIT-RELATION-EXCLUSIVE).
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// Points the fingers must travel along their circle before the rotation begins (not UIKit API;
    /// UIKIT-ROTATION).
    @exclusivity(unchecked) public var hysteresis: CGFloat = 8
    /// Radians per second, from the latest samples; 0 after `rotation` is set.
    public var velocity: CGFloat { tracking.velocity }

    /// Radians since the gesture began (clockwise positive), plus what it was last set to; set it to 0 in
    /// your action to read increments.
    public var rotation: CGFloat {
        get { rotationBase + accumulated }
        set {
            rotationBase = newValue - accumulated
            tracking.velocity = 0
            tracking.forgetSample()
        }
    }

    private var accumulated: CGFloat = 0
    private var rotationBase: CGFloat = 0
    private var lastAngle: CGFloat?
    /// The fingers, the start threshold (an arc), the velocity and the endings, as the pinch has them.
    @exclusivity(unchecked) private var tracking = TwoFingerTracking(rule: "UIKIT-ROTATION")

    private var currentAngle: CGFloat? {
        guard let (first, second) = activePair else { return nil }
        let delta = second.locationInWindow - first.locationInWindow
        return CGFloat(atan2(Double(delta.y), Double(delta.x)))
    }

    /// Keeps the first two fingers (ignoring a third) and notes their angle.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        TwoFingerTracking.keepFirstTwo(of: touches, in: self, with: event)
        lastAngle = currentAngle
    }

    /// Accumulates the turn; begins past `hysteresis`, then reports `.changed`.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let angle = currentAngle, let previous = lastAngle else { return }
        var delta = angle - previous
        if delta > .pi { delta -= 2 * .pi }
        if delta < -.pi { delta += 2 * .pi }
        accumulated += delta
        lastAngle = angle
        let move = tracking.moved(in: state, movement: { travelledArc }, hysteresis: hysteresis, value: { rotation }, at: event.timestamp)
        applyTwoFingerMove(move, rule: tracking.rule)
    }

    /// How far the fingers travelled along their circle: the turn times the circle's radius.
    private var travelledArc: CGFloat? {
        guard let (first, second) = activePair else { return nil }
        return abs(accumulated) * (first.locationInWindow.distance(to: second.locationInWindow) / 2)
    }

    /// Ends when the last finger lifts; fails if it lifts before the rotation began.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if liftFromTwoFingerGesture(
            rule: tracking.rule, farthest: tracking.farthestMovement, hysteresis: hysteresis, unmet: "lifted before turning \(points(hysteresis))") {
            lastAngle = currentAngle
        }
    }

    /// Cancels an active rotation; fails an undecided one.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        TwoFingerTracking.cancelled(self)
    }

    open override func reset() {
        accumulated = 0
        rotationBase = 0
        lastAngle = nil
        tracking.reset()
    }

    override func transitionValues() -> RecognizerValues {
        var values = super.transitionValues()
        values.rotation = rotation
        values.velocity = CGPoint(x: velocity, y: 0)
        return values
    }
}
