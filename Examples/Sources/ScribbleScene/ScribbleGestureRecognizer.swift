import TouchKit

/// A custom discrete recognizer: one finger scribbles left and right (at least `minimumReversals`
/// changes of horizontal direction, each leg at least `minimumLeg` points) without drifting more
/// than `maximumDrift` points vertically. Written against the subclass hooks as on iOS: it sets
/// `state` itself, `.recognized` as soon as the scribble is long enough, `.failed` otherwise.
public final class ScribbleGestureRecognizer: UIGestureRecognizer {
    public var minimumReversals = 3
    public var minimumLeg: CGFloat = 20
    public var maximumDrift: CGFloat = 60

    private var start = CGPoint.zero
    /// The current leg's direction (+1 right, −1 left, 0 until the first leg is long enough) and
    /// the furthest x it reached.
    private var direction: CGFloat = 0
    private var extreme: CGFloat = 0
    private var reversals = 0
    /// Set when it recognized: while it waits for another recognizer's failure (`require(toFail:)`)
    /// its `state` still reads `.possible`, so that cannot tell.
    private var didRecognize = false

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard touches.count == 1, numberOfTouches == 1, let touch = touches.first else {
            state = .failed
            return
        }
        start = touch.location(in: view)
        extreme = start.x
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .possible, let point = touches.first?.location(in: view) else { return }
        if abs(point.y - start.y) > maximumDrift {
            state = .failed
        } else if direction == 0 {
            if abs(point.x - start.x) >= minimumLeg {
                direction = point.x > start.x ? 1 : -1
                extreme = point.x
            }
        } else if (point.x - extreme) * direction > 0 {
            extreme = point.x
        } else if (extreme - point.x) * direction >= minimumLeg {
            reversals += 1
            direction = -direction
            extreme = point.x
            if reversals >= minimumReversals {
                state = .recognized
                didRecognize = true
            }
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if !didRecognize { state = .failed }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        state = .failed
    }

    public override func reset() {
        super.reset()
        direction = 0
        reversals = 0
        didRecognize = false
    }
}
