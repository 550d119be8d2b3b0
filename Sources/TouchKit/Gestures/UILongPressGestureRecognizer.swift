import Foundation

/// Recognizes fingers held still for a while (continuous).
///
/// UIKit rules (UIKIT-LONG-PRESS): it begins when `numberOfTouchesRequired` fingers have been down for
/// `minimumPressDuration` without moving more than `allowableMovement`; the movement limit applies
/// only before it begins (afterwards every move is `.changed`); it ends when any finger lifts.
/// With `numberOfTapsRequired` > 0 the press must follow that many quick taps.
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// Seconds the fingers must be held (default 0.5, UIKit's).
    @exclusivity(unchecked) public var minimumPressDuration: TimeInterval = 0.5
    /// Points a finger may move before the press begins (default 10, UIKit's); afterwards it may move freely.
    public var allowableMovement: CGFloat = 10
    /// Fingers that must be down (default 1).
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1
    /// Quick taps that must come before the press (default 0).
    @exclusivity(unchecked) public var numberOfTapsRequired = 0
    /// Longest gap between the preliminary taps (the tap recognizer's, 350 ms, `TapCandidateValues`).
    public var maximumIntervalBetweenSuccessiveTaps = TapCandidateValues.maximumIntervalBetweenSuccessiveTaps

    @exclusivity(unchecked) private var startLocations = TouchStartPoints()
    private var tapsCompleted = 0
    private var pressSerial = 0
    /// When the required fingers were all down (the press's timer started), for the inclusive check.
    private var pressStart: TimeInterval?
    /// The farthest a finger moved before the press began, for the margin of `allowableMovement`.
    private var farthest = FarthestMovement()
    /// When the last preliminary tap lifted, for the margin of the interval to the press.
    private var lastLift: TimeInterval = 0

    /// Notes start points and starts the hold timer once the required fingers are down; too many fingers fail
    /// it.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        for touch in touches { startLocations[touch.identifier] = touch.locationInWindow }
        guard state == .possible else { return }
        pressSerial += 1
        let down = activeTrackedCount
        if down > numberOfTouchesRequired {
            return setState(.failed, because: "\(down) touches > numberOfTouchesRequired \(numberOfTouchesRequired)",
                            margins: [.count("UIKIT-LONG-PRESS", "numberOfTouchesRequired", measured: down, limit: numberOfTouchesRequired, .atMost, .outside)])
        }
        if down == numberOfTouchesRequired {
            pressStart = event.timestamp
            scheduleTimer(after: minimumPressDuration, tag: pressSerial * 2)
        }
    }

    /// The press is held: required taps done, exactly the required fingers down (`lifting` of them
    /// lifting in this very dispatch still count), still undecided.
    private func isPressComplete(lifting: Int = 0) -> Bool {
        state == .possible && pressStart != nil && tapsCompleted == numberOfTapsRequired
            && activeTrackedCount + lifting == numberOfTouchesRequired
    }

    /// `minimumPressDuration` is inclusive (`EngineInstant`): a move or lift at exactly that instant
    /// comes before the press's timer, so the press begins first and the input then applies to it.
    private func beginIfHeldLongEnough(at time: TimeInterval, lifting: Int = 0) {
        guard isPressComplete(lifting: lifting), let pressStart,
              EngineInstant.reaches(time - pressStart, minimumPressDuration) else { return }
        setState(.began, margins: beganMargins(held: time - pressStart))
    }

    /// The margins of a press that began: how long it was held, how far it moved (UIKIT-LONG-PRESS).
    private func beganMargins(held: TimeInterval) -> [DecisionMargin] {
        [.duration("UIKIT-LONG-PRESS", "minimumPressDuration", measured: held, limit: minimumPressDuration, .atLeast, .inside),
         .points("UIKIT-LONG-PRESS", "allowableMovement", measured: farthest.value, limit: allowableMovement, .atMost, .inside)]
    }

    /// Before it begins: fails beyond `allowableMovement`. After: every move is `.changed`.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        beginIfHeldLongEnough(at: event.timestamp)
        if state.isActive {
            state = .changed
            return
        }
        touches.firstInTouchOrder(where: failIfMovedTooFar)
    }

    private func failIfMovedTooFar(_ touch: UITouch) -> Bool {
        let moved = touch.locationInWindow.distance(to: startLocations[touch.identifier] ?? touch.locationInWindow)
        farthest.note(moved)
        guard moved > allowableMovement else { return false }
        setState(.failed, because: "moved \(points(moved)) > allowableMovement \(points(allowableMovement))",
                 margins: [.points("UIKIT-LONG-PRESS", "allowableMovement", measured: moved, limit: allowableMovement, .atMost, .outside)])
        return true
    }

    /// Ends an active press; before it began, a lift completes a preliminary tap or fails the press.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        beginIfHeldLongEnough(at: event.timestamp, lifting: touches.count)
        if state.isActive {
            state = .ended
            return
        }
        if tapsCompleted < numberOfTapsRequired, activeTrackedCount == 0 {
            tapsCompleted += 1
            lastLift = event.timestamp
            pressSerial += 1
            scheduleTimer(after: maximumIntervalBetweenSuccessiveTaps, tag: pressSerial * 2 + 1)
            return
        }
        setState(.failed, because: "lifted before minimumPressDuration \(milliseconds(minimumPressDuration))",
                 margins: [.duration("UIKIT-LONG-PRESS", "minimumPressDuration", measured: pressStart.map { event.timestamp - $0 } ?? 0,
                                     limit: minimumPressDuration, .atLeast, .outside)])
    }

    /// Cancels an active press; fails an undecided one.
    /// The press's timers: tag = serial × 2 for the press duration, + 1 for the multi-tap interval.
    override func timerFired(_ tag: Int) {
        guard pressSerial == tag >> 1 else { return }
        if tag & 1 == 0 {
            guard isPressComplete() else { return }
            setState(.began, margins: beganMargins(held: engineNow - (pressStart ?? engineNow)))
        } else {
            guard state == .possible else { return }
            setState(.failed, because: "no press within \(milliseconds(self.maximumIntervalBetweenSuccessiveTaps)) after tap \(self.tapsCompleted)",
                     margins: [.duration("UIKIT-LONG-PRESS", "maximumIntervalBetweenSuccessiveTaps", measured: engineNow - lastLift,
                                         limit: maximumIntervalBetweenSuccessiveTaps, .atMost, .outside)])
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if state.isActive {
            setState(.cancelled, because: "touches cancelled")
        } else {
            setState(.failed, because: "touches cancelled")
        }
    }

    open override func reset() {
        startLocations.removeAll()
        pressStart = nil
        farthest.reset()
        tapsCompleted = 0
        pressSerial += 1
    }
}
