import Foundation

/// Recognizes one or more taps by one or more fingers (discrete).
///
/// It recognizes on the final lift of the required taps with the required fingers (UIKIT-TAP). UIKit keeps
/// its movement, duration and interval limits private; TouchKit exposes them with the candidate values
/// of UIKIT-TAP so a user can see and tune them.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Taps in the series (default 1; 2 for a double tap).
    @exclusivity(unchecked) public var numberOfTapsRequired = 1
    /// Fingers each tap needs (default 1).
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1
    /// Farthest a finger may move during a tap, and a later tap may land from the first (45 pt,
    /// `TapCandidateValues`).
    @exclusivity(unchecked) public var allowableMovement = TapCandidateValues.allowableMovement
    /// Longest a single tap may be held (750 ms, `TapCandidateValues`).
    @exclusivity(unchecked) public var maximumTapDuration = TapCandidateValues.maximumTapDuration
    /// Longest wait from a lift to the next tap's touch-down (350 ms, `TapCandidateValues`); also the
    /// delay a single tap that requires a double tap to fail waits for (UIKIT-RELATION-REQUIRE-FAILURE).
    @exclusivity(unchecked) public var maximumIntervalBetweenSuccessiveTaps = TapCandidateValues.maximumIntervalBetweenSuccessiveTaps

    private var tapsCompleted = 0
    @exclusivity(unchecked) private var touchesInCurrentTap: [UITouch] = []
    @exclusivity(unchecked) private var startLocations = TouchStartPoints()
    private var firstTapLocation: CGPoint?
    private var tapStart: TimeInterval = 0
    private var tapSerial = 0
    // For the decision margins of a recognized series (UIKIT-TAP).
    private var farthest = FarthestMovement()
    private var longestHold: TimeInterval = 0
    private var longestInterval: TimeInterval = 0
    private var lastLift: TimeInterval?

    /// Counts the fingers of the current tap; fails on a touch after the series is complete, a tap too far
    /// from the first, or too many fingers.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if tapsCompleted == numberOfTapsRequired {
            return setState(.failed, because: "another touch began after \(tapsCompleted) tap(s) were complete",
                            margins: [.count("UIKIT-TAP", "numberOfTapsRequired", measured: tapsCompleted + 1, limit: numberOfTapsRequired, .atMost, .outside)])
        }
        if touchesInCurrentTap.isEmpty {
            tapSerial += 1
            tapStart = event.timestamp
            if let lastLift { longestInterval = max(longestInterval, event.timestamp - lastLift) }
            scheduleTimer(after: maximumTapDuration, tag: tapSerial * 2)
        }
        if touches.firstInTouchOrder(where: failIfLandedTooFar) != nil { return }
        var down = 0
        for index in touchesInCurrentTap.indices where touchesInCurrentTap[index].phase.isActive { down += 1 }
        if down > numberOfTouchesRequired {
            setState(.failed, because: "\(down) touches > numberOfTouchesRequired \(numberOfTouchesRequired)",
                     margins: [.count("UIKIT-TAP", "numberOfTouchesRequired", measured: down, limit: numberOfTouchesRequired, .atMost, .outside)])
        }
    }

    /// Adds a finger to the current tap; fails if it landed too far from the first tap.
    private func failIfLandedTooFar(_ touch: UITouch) -> Bool {
        touchesInCurrentTap.append(touch)
        startLocations[touch.identifier] = touch.locationInWindow
        guard let first = firstTapLocation else { return false }
        let distance = touch.locationInWindow.distance(to: first)
        farthest.note(distance)
        guard distance > allowableMovement else { return false }
        setState(.failed, because: "tap landed \(points(distance)) from the first tap > allowableMovement \(points(self.allowableMovement))",
                 margins: [.points("UIKIT-TAP", "allowableMovement", measured: distance, limit: allowableMovement, .atMost, .outside)])
        return true
    }

    /// Fails when a finger moves beyond `allowableMovement`.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        touches.firstInTouchOrder(where: failIfMovedTooFar)
    }

    private func failIfMovedTooFar(_ touch: UITouch) -> Bool {
        let start = startLocations[touch.identifier] ?? touch.locationInWindow
        let moved = touch.locationInWindow.distance(to: start)
        farthest.note(moved)
        guard moved > allowableMovement else { return false }
        setState(.failed, because: "moved \(points(moved)) > allowableMovement \(points(allowableMovement))",
                 margins: [.points("UIKIT-TAP", "allowableMovement", measured: moved, limit: allowableMovement, .atMost, .outside)])
        return true
    }

    /// The tap's timers: tag = serial × 2 for the hold limit, + 1 for the multi-tap interval.
    override func timerFired(_ tag: Int) {
        guard tapSerial == tag >> 1 else { return }
        if tag & 1 == 0 {
            guard !touchesInCurrentTap.isEmpty, state == .possible else { return }
            setState(.failed, because: "held longer than maximumTapDuration \(milliseconds(self.maximumTapDuration))",
                     margins: [.duration("UIKIT-TAP", "maximumTapDuration", measured: engineNow - tapStart, limit: maximumTapDuration, .atMost, .outside)])
        } else {
            guard state == .possible else { return }
            setState(.failed, because: "multi-tap interval \(milliseconds(self.maximumIntervalBetweenSuccessiveTaps)) elapsed after tap \(self.tapsCompleted) of \(self.numberOfTapsRequired)",
                     margins: [.duration("UIKIT-TAP", "maximumIntervalBetweenSuccessiveTaps", measured: engineNow - (lastLift ?? engineNow),
                                         limit: maximumIntervalBetweenSuccessiveTaps, .atMost, .outside)])
        }
    }

    /// When every finger of a tap has lifted: checks the finger count and duration, then recognizes on the
    /// last required tap or waits for the next one.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // The tap's touches are read through indices, as `UIGestureRecognizer.centroidInWindow` explains.
        guard !touchesInCurrentTap.indices.contains(where: { touchesInCurrentTap[$0].phase.isActive }) else { return }
        let fingers = touchesInCurrentTap.count
        guard fingers == numberOfTouchesRequired else {
            return setState(.failed, because: "tap with \(fingers) touch(es), numberOfTouchesRequired \(numberOfTouchesRequired)",
                            margins: [.count("UIKIT-TAP", "numberOfTouchesRequired", measured: fingers, limit: numberOfTouchesRequired, .exactly, .outside)])
        }
        if firstTapLocation == nil {
            var sum = CGPoint.zero
            for index in touchesInCurrentTap.indices { sum = sum + touchesInCurrentTap[index].locationInWindow }
            let count = CGFloat(touchesInCurrentTap.count)
            firstTapLocation = count == 0 ? .zero : CGPoint(x: sum.x / count, y: sum.y / count)
        }
        tapsCompleted += 1
        touchesInCurrentTap.clearKeepingCapacity()
        longestHold = max(longestHold, event.timestamp - tapStart)
        lastLift = event.timestamp
        if tapsCompleted == numberOfTapsRequired {
            setState(.ended, margins: recognizedMargins())
        } else {
            tapSerial += 1
            scheduleTimer(after: maximumIntervalBetweenSuccessiveTaps, tag: tapSerial * 2 + 1)
        }
    }

    /// The margins of a recognized series: the farthest movement, the longest hold, and for a multi-tap the
    /// longest wait between taps (UIKIT-TAP).
    private func recognizedMargins() -> [DecisionMargin] {
        var margins: [DecisionMargin] = [
            .points("UIKIT-TAP", "allowableMovement", measured: farthest.value, limit: allowableMovement, .atMost, .inside),
            .duration("UIKIT-TAP", "maximumTapDuration", measured: longestHold, limit: maximumTapDuration, .atMost, .inside),
        ]
        if numberOfTapsRequired > 1 {
            margins.append(.duration("UIKIT-TAP", "maximumIntervalBetweenSuccessiveTaps", measured: longestInterval,
                                     limit: maximumIntervalBetweenSuccessiveTaps, .atMost, .inside))
        }
        return margins
    }

    /// Cancelled touches fail the tap.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        setState(.failed, because: "touches cancelled")
    }

    open override func reset() {
        tapsCompleted = 0
        touchesInCurrentTap.clearKeepingCapacity()
        startLocations.removeAll()
        firstTapLocation = nil
        tapSerial += 1
        farthest.reset()
        longestHold = 0
        longestInterval = 0
        lastLift = nil
    }

    /// For multi-tap gestures, the first tap's location (UIKit's documented rule).
    open override func location(in view: UIView?) -> CGPoint {
        guard let firstTapLocation else { return super.location(in: view) }
        return view?.convert(firstTapLocation, from: nil) ?? firstTapLocation
    }

    open override var numberOfTouches: Int {
        state == .ended ? numberOfTouchesRequired : super.numberOfTouches
    }

    /// A tap that needs fewer taps cannot stop one that needs more: a single tap recognizing does not
    /// fail a double tap on the same view (UIKIT-RELATION-CAN-PREVENT: without a requirement both fire, single
    /// first).
    open override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = preventedGestureRecognizer as? UITapGestureRecognizer, tap.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        return super.canPrevent(preventedGestureRecognizer)
    }

    open override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = preventingGestureRecognizer as? UITapGestureRecognizer, tap.numberOfTapsRequired < numberOfTapsRequired {
            return false
        }
        return super.canBePrevented(by: preventingGestureRecognizer)
    }
}

func points(_ value: CGFloat) -> String { String(format: "%.1f pt", Double(value)) }
func milliseconds(_ value: TimeInterval) -> String { "\(Int((value * 1000).rounded())) ms" }
