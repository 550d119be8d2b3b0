import Foundation

/// Recognizes dragging (continuous): translation and velocity of the touches' centroid.
///
/// UIKit rules (UIKIT-PAN): it begins once at least `minimumNumberOfTouches` fingers moved far enough
/// (`hysteresis`, undocumented in UIKit, 10 pt here); it ends when fewer than the minimum remain
/// (for one finger: when all lift). Choice: the translation at `.began` includes the
/// hysteresis distance (the finger has already moved when `.began` fires). Velocity at `.ended` is the
/// last one computed, not zero.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Fingers that must move before the pan begins (default 1).
    @exclusivity(unchecked) public var minimumNumberOfTouches = 1
    /// Most fingers the pan accepts; more fail it before it begins (default unlimited).
    @exclusivity(unchecked) public var maximumNumberOfTouches = Int.max
    /// Distance the centroid must travel before the pan begins (not UIKit API; UIKit keeps it private).
    public var hysteresis: CGFloat = 10

    /// Translation in window coordinates: centroid now minus centroid at start, plus rebasing.
    private var origin: CGPoint?
    private var translationBase = CGPoint.zero
    private var lastCentroid: CGPoint?
    private var lastTouchCount = 0
    @exclusivity(unchecked) private var samples: [(time: TimeInterval, point: CGPoint)] = []
    private var currentVelocity = CGPoint.zero
    /// The farthest the centroid got from where it started before the pan began, for the margin of a pan
    /// that never began.
    private var farthest = FarthestMovement()

    var activeTouches: [UITouch] { trackedTouches.filter(\.isActive) }

    /// The translation in `view`'s coordinate system (window's when nil).
    public func translation(in view: UIView?) -> CGPoint {
        let inWindow = rawTranslation
        guard let view else { return inWindow }
        let zero = view.convert(CGPoint.zero, from: nil)
        return view.convert(inWindow, from: nil) - zero
    }

    /// Rebases the translation so it reads `translation` in `view`'s coordinates now.
    public func setTranslation(_ translation: CGPoint, in view: UIView?) {
        var inWindow = translation
        if let view {
            let zero = view.convert(CGPoint.zero, to: nil)
            inWindow = view.convert(translation, to: nil) - zero
        }
        translationBase = inWindow
        origin = currentCentroid
        samples.removeAll()
    }

    /// Points per second in `view`'s coordinate system.
    public func velocity(in view: UIView?) -> CGPoint {
        guard let view else { return currentVelocity }
        let zero = view.convert(CGPoint.zero, from: nil)
        return view.convert(currentVelocity, from: nil) - zero
    }

    /// Read through indices, as `UIGestureRecognizer.centroidInWindow` explains.
    private var currentCentroid: CGPoint {
        var sum = CGPoint.zero
        var count: CGFloat = 0
        for index in trackedTouches.indices where trackedTouches[index].phase.isActive {
            sum = sum + trackedTouches[index].locationInWindow
            count += 1
        }
        return count == 0 ? (lastCentroid ?? .zero) : CGPoint(x: sum.x / count, y: sum.y / count)
    }

    private var rawTranslation: CGPoint {
        guard let origin else { return translationBase }
        return currentCentroid - origin + translationBase
    }

    /// Tracks the new fingers; more than `maximumNumberOfTouches` fail an undecided pan.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        // "The maximum number of fingers that can touch the view for gesture recognition": too many
        // fingers before the pan began fail it; once it pans, extra fingers are ignored.
        if state == .possible, activeTrackedCount > maximumNumberOfTouches {
            return setState(.failed, because: "\(self.activeTrackedCount) touches > maximumNumberOfTouches \(self.maximumNumberOfTouches)",
                            margins: [.count(ruleID, "maximumNumberOfTouches", measured: activeTrackedCount, limit: maximumNumberOfTouches, .atMost, .outside)])
        }
        if activeTrackedCount > maximumNumberOfTouches {
            for touch in touches.inTouchOrder where activeTrackedCount > maximumNumberOfTouches {
                ignore(touch, for: event)
            }
        }
        rebaseForTouchCountChange()
        if origin == nil { origin = currentCentroid }
        record(event.timestamp)
    }

    /// Begins once the centroid has travelled `hysteresis` with enough fingers, then reports `.changed`.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        record(event.timestamp)
        switch state {
        case .possible:
            guard activeTrackedCount >= minimumNumberOfTouches else { return }
            let translation = rawTranslation
            let distance = translation.distance(to: translationBase)
            farthest.note(distance)
            guard distance >= hysteresis else { return }
            if let refusal = refusalToBegin(translation: translation - translationBase) {
                setState(.failed, because: refusal)
            } else {
                setState(.began, margins: [.points(ruleID, "hysteresis", measured: distance, limit: hysteresis, .atLeast, .inside)])
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// Ends when fewer than `minimumNumberOfTouches` remain; fails if they lift before it began.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        let remaining = activeTrackedCount
        if state.isActive {
            if remaining < minimumNumberOfTouches || remaining == 0 {
                state = .ended
            } else {
                rebaseForTouchCountChange()
            }
        } else if remaining == 0 {
            let touchesSeen = trackedTouches.count
            if touchesSeen < minimumNumberOfTouches {
                setState(.failed, because: "\(touchesSeen) touch(es) < minimumNumberOfTouches \(minimumNumberOfTouches)",
                         margins: [.count(ruleID, "minimumNumberOfTouches", measured: touchesSeen, limit: minimumNumberOfTouches, .atLeast, .outside)])
            } else {
                setState(.failed, because: "lifted before moving \(points(hysteresis))",
                         margins: [.points(ruleID, "hysteresis", measured: farthest.value, limit: hysteresis, .atLeast, .outside)])
            }
        } else {
            rebaseForTouchCountChange()
        }
    }

    /// Cancels an active pan; fails an undecided one.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state.isActive {
            setState(.cancelled, because: "touches cancelled")
        } else {
            setState(.failed, because: "touches cancelled")
        }
    }

    open override func reset() {
        origin = nil
        translationBase = .zero
        lastCentroid = nil
        lastTouchCount = 0
        samples.clearKeepingCapacity()
        currentVelocity = .zero
        farthest.reset()
    }

    /// The rule whose thresholds this recognizer's margins measure.
    var ruleID: String { "UIKIT-PAN" }

    /// Why this pan may not begin with `translation` (window points) although it moved far enough;
    /// nil lets it begin. Scroll views refuse drags along an axis with nothing to scroll
    /// (UIKIT-SCROLL-DRAGGABLE-AXES).
    func refusalToBegin(translation: CGPoint) -> String? { nil }

    /// Keeps the translation continuous when fingers join or leave (the centroid jumps).
    private func rebaseForTouchCountChange() {
        let count = activeTrackedCount
        defer { lastTouchCount = count; lastCentroid = count > 0 ? currentCentroid : lastCentroid }
        guard count != lastTouchCount, count > 0, let origin, let lastCentroid else { return }
        let translationSoFar = lastCentroid - origin + translationBase
        self.origin = currentCentroid
        translationBase = translationSoFar
    }

    private func record(_ time: TimeInterval) {
        let point = currentCentroid
        lastCentroid = point
        lastTouchCount = activeTrackedCount
        samples.append((time, point))
        samples.removeEach { time - $0.time > 0.1 }
        if let first = samples.first, time - first.time > 0 {
            let dt = CGFloat(time - first.time)
            currentVelocity = CGPoint(x: (point.x - first.point.x) / dt, y: (point.y - first.point.y) / dt)
        }
    }

    override func transitionValues() -> RecognizerValues {
        var values = super.transitionValues()
        values.translation = translation(in: view)
        values.velocity = velocity(in: view)
        return values
    }
}
