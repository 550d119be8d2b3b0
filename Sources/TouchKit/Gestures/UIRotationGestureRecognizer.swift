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
    public var hysteresis: CGFloat = 8
    /// Radians per second, from the latest samples; 0 after `rotation` is set.
    @exclusivity(unchecked) public private(set) var velocity: CGFloat = 0

    /// Radians since the gesture began (clockwise positive), plus what it was last set to; set it to 0 in
    /// your action to read increments.
    public var rotation: CGFloat {
        get { rotationBase + accumulated }
        set {
            rotationBase = newValue - accumulated
            velocity = 0
            lastSample = nil
        }
    }

    private var accumulated: CGFloat = 0
    private var rotationBase: CGFloat = 0
    private var lastAngle: CGFloat?
    private var lastSample: (time: TimeInterval, rotation: CGFloat)?
    /// The longest arc the fingers travelled before the rotation began, for the margin of one that never began.
    private var farthest = FarthestMovement()

    private var currentAngle: CGFloat? {
        guard let (first, second) = activePair else { return nil }
        let delta = second.locationInWindow - first.locationInWindow
        return CGFloat(atan2(Double(delta.y), Double(delta.x)))
    }

    /// Keeps the first two fingers (ignoring a third) and notes their angle.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if activeTrackedCount > 2 {
            for touch in touches.inTouchOrder where activeTrackedCount > 2 {
                ignore(touch, for: event)
            }
        }
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
        switch state {
        case .possible:
            guard let (first, second) = activePair else { return }
            let radius = first.locationInWindow.distance(to: second.locationInWindow) / 2
            let arc = abs(accumulated) * radius
            farthest.note(arc)
            if arc >= hysteresis {
                updateVelocity(event.timestamp)
                setState(.began, margins: [.points("UIKIT-ROTATION", "hysteresis", measured: arc, limit: hysteresis, .atLeast, .inside)])
            }
        case .began, .changed:
            updateVelocity(event.timestamp)
            state = .changed
        default:
            break
        }
    }

    /// Ends when the last finger lifts; fails if it lifts before the rotation began.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = activeTrackedCount
        if state.isActive {
            if remaining == 0 { state = .ended } else { lastAngle = currentAngle }
        } else if remaining == 0 || trackedTouches.count < 2 {
            setState(.failed, because: trackedTouches.count < 2 ? "needs two touches" : "lifted before turning \(points(hysteresis))",
                     margins: [twoFingerMargin("UIKIT-ROTATION", touches: trackedTouches.count, change: farthest.value, hysteresis: hysteresis)])
        }
    }

    /// Cancels an active rotation; fails an undecided one.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state.isActive { setState(.cancelled, because: "touches cancelled") } else { setState(.failed, because: "touches cancelled") }
    }

    open override func reset() {
        accumulated = 0
        rotationBase = 0
        lastAngle = nil
        lastSample = nil
        velocity = 0
        farthest.reset()
    }

    private func updateVelocity(_ time: TimeInterval) {
        let now = rotation
        if let last = lastSample, time > last.time {
            velocity = (now - last.rotation) / CGFloat(time - last.time)
        }
        lastSample = (time, now)
    }

    override func transitionValues() -> RecognizerValues {
        var values = super.transitionValues()
        values.rotation = rotation
        values.velocity = CGPoint(x: velocity, y: 0)
        return values
    }
}
