import Foundation

/// Recognizes two fingers moving apart or together (continuous).
///
/// `scale` is the current distance between the two touches over the distance when the gesture
/// started, times whatever `scale` was last set to (setting it rebases and resets `velocity`). It is
/// 1 — UIKit's neutral value, which user code multiplies by — until two touches are measured, and
/// again after `reset()`.
/// UIKit's start threshold is undocumented (UIKIT-PINCH); TouchKit begins when the distance has changed
/// by `hysteresis` (8 pt, Android's touch slop), and records the crossing in the event log.
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// Points the finger distance must change before the pinch begins (not UIKit API; UIKIT-PINCH).
    @exclusivity(unchecked) public var hysteresis: CGFloat = 8
    /// Scale factor per second, from the latest samples; 0 after `scale` is set.
    public var velocity: CGFloat { tracking.velocity }

    /// The finger distance over the distance at the start, times what it was last set to; set it to 1 in your
    /// action to read increments.
    public var scale: CGFloat {
        get { scale(from: currentDistance) }
        set {
            scaleBase = newValue
            referenceDistance = activePair != nil ? currentDistance : nil
            tracking.velocity = 0
        }
    }

    private var startDistance: CGFloat?
    /// The distance that reads as `scaleBase`; nil while no pair of touches is measured.
    private var referenceDistance: CGFloat?
    private var scaleBase: CGFloat = 1
    private var lastDistance: CGFloat = 0
    /// The fingers, the start threshold, the velocity and the endings, as the rotation has them.
    @exclusivity(unchecked) private var tracking = TwoFingerTracking(rule: "UIKIT-PINCH")

    private var currentDistance: CGFloat {
        guard let (first, second) = activePair else { return lastDistance }
        return first.locationInWindow.distance(to: second.locationInWindow)
    }

    /// Keeps the first two fingers (ignoring a third) and measures their distance.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        TwoFingerTracking.keepFirstTwo(of: touches, in: self, with: event)
        if activePair != nil {
            let distance = currentDistance
            if startDistance == nil { startDistance = distance }
            if state == .possible {
                referenceDistance = distance
            } else {
                scaleBase = scale(from: lastDistance)
                referenceDistance = distance
            }
            lastDistance = distance
        }
    }

    /// Begins once the distance changed by `hysteresis`, then reports `.changed`.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard activePair != nil, let startDistance else { return }
        let distance = currentDistance
        defer { lastDistance = distance }
        let move = tracking.moved(in: state, movement: { abs(distance - startDistance) }, hysteresis: hysteresis, value: { scale }, at: event.timestamp)
        applyTwoFingerMove(move, rule: tracking.rule)
    }

    /// Ends when the last finger lifts; fails if it lifts before the pinch began.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        if liftFromTwoFingerGesture(
            rule: tracking.rule, farthest: tracking.farthestMovement, hysteresis: hysteresis, unmet: "lifted before the distance changed by \(points(hysteresis))") {
            scaleBase = scale(from: lastDistance)
            referenceDistance = nil
        }
    }

    /// Cancels an active pinch; fails an undecided one.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        TwoFingerTracking.cancelled(self)
    }

    open override func reset() {
        startDistance = nil
        referenceDistance = nil
        scaleBase = 1
        lastDistance = 0
        tracking.reset()
    }

    private func scale(from distance: CGFloat) -> CGFloat {
        guard let referenceDistance else { return scaleBase }
        return scaleBase * (distance / max(referenceDistance, .ulpOfOne))
    }

    override func transitionValues() -> RecognizerValues {
        var values = super.transitionValues()
        values.scale = scale
        values.velocity = CGPoint(x: velocity, y: 0)
        return values
    }
}
