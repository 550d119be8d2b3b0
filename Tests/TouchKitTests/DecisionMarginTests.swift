import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Every threshold decision of the built-in recognizers records its margin — the measured value, the
/// threshold and the side — on the transition it decided, citing the rule it measures.
@Suite struct DecisionMarginTests {
    private func attach<R: UIGestureRecognizer>(_ recognizer: R) -> (Harness, R) {
        let h = Harness()
        h.viewWith(recognizer, named: "R", multipleTouch: true)
        return (h, recognizer)
    }

    /// The recognizer's transitions with their margins, resets left out: `possible→failed | margin; margin`.
    private func margins(_ h: Harness) -> [String] {
        h.app.drainTrace().compactMap { event in
            guard case .transition("R", let from, let to, _, let values) = event, to != .possible else { return nil }
            let head = "\(from)→\(to)"
            return values.margins.isEmpty ? head : head + " | " + values.margins.map(\.description).joined(separator: "; ")
        }
    }

    // MARK: UIKIT-TAP

    /// Pins UIKIT-TAP.
    @Test func tapRecognizedRecordsMovementAndHold() throws {
        let (h, _) = attach(UITapGestureRecognizer())
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 103, 104, at: 40)
        try h.up(1, 103, 104, at: 80)
        #expect(margins(h) == ["possible→ended | UIKIT-TAP allowableMovement 5 pt (≤ 45 pt) inside; UIKIT-TAP maximumTapDuration 80 ms (≤ 750 ms) inside"])
    }

    /// Pins UIKIT-TAP.
    @Test func tapMovedTooFar() throws {
        let (h, _) = attach(UITapGestureRecognizer())
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 130, 140, at: 40)
        #expect(margins(h) == ["possible→failed | UIKIT-TAP allowableMovement 50 pt (≤ 45 pt) outside"])
    }

    /// Pins UIKIT-TAP.
    @Test func tapHeldTooLong() throws {
        let (h, _) = attach(UITapGestureRecognizer())
        try h.down(1, 100, 100, at: 0)
        try h.advance(to: 900)
        #expect(margins(h) == ["possible→failed | UIKIT-TAP maximumTapDuration 750 ms (≤ 750 ms) outside"])
    }

    /// Pins UIKIT-TAP.
    @Test func doubleTapRecordsTheInterval() throws {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let (h, _) = attach(double)
        try h.tap(1, 100, 100, at: 0, duration: 60)
        try h.tap(2, 106, 108, at: 320, duration: 90)
        #expect(margins(h) == ["possible→ended | UIKIT-TAP allowableMovement 10 pt (≤ 45 pt) inside; "
            + "UIKIT-TAP maximumTapDuration 90 ms (≤ 750 ms) inside; UIKIT-TAP maximumIntervalBetweenSuccessiveTaps 260 ms (≤ 350 ms) inside"])
    }

    /// Pins UIKIT-TAP.
    @Test func doubleTapIntervalElapsed() throws {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let (h, _) = attach(double)
        try h.tap(1, 100, 100, at: 0)
        try h.advance(to: 600)
        #expect(margins(h) == ["possible→failed | UIKIT-TAP maximumIntervalBetweenSuccessiveTaps 350 ms (≤ 350 ms) outside"])
    }

    /// Pins UIKIT-TAP.
    @Test func secondTapLandedTooFar() throws {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let (h, _) = attach(double)
        try h.tap(1, 100, 100, at: 0)
        try h.down(2, 136, 148, at: 200)
        #expect(margins(h) == ["possible→failed | UIKIT-TAP allowableMovement 60 pt (≤ 45 pt) outside"])
    }

    /// Pins UIKIT-TAP.
    @Test func tapFingerCounts() throws {
        let (h, _) = attach(UITapGestureRecognizer())
        try h.frame([(.down, 1, 100, 100), (.down, 2, 200, 100)], at: 0)
        #expect(margins(h) == ["possible→failed | UIKIT-TAP numberOfTouchesRequired 2 (≤ 1) outside"])

        let twoFinger = UITapGestureRecognizer()
        twoFinger.numberOfTouchesRequired = 2
        let (h2, _) = attach(twoFinger)
        try h2.tap(1, 100, 100, at: 0)
        #expect(margins(h2) == ["possible→failed | UIKIT-TAP numberOfTouchesRequired 1 (= 2) outside"])
    }

    // MARK: UIKIT-LONG-PRESS

    /// Pins UIKIT-LONG-PRESS.
    @Test func longPressBeganByTheClock() throws {
        let (h, _) = attach(UILongPressGestureRecognizer())
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 103, 104, at: 100)
        try h.advance(to: 700)
        #expect(margins(h) == ["possible→began | UIKIT-LONG-PRESS minimumPressDuration 500 ms (≥ 500 ms) inside; UIKIT-LONG-PRESS allowableMovement 5 pt (≤ 10 pt) inside"])
    }

    /// Pins UIKIT-LONG-PRESS.
    @Test func longPressBeganAtTheLift() throws {
        let (h, _) = attach(UILongPressGestureRecognizer())
        try h.tap(1, 100, 100, at: 0, duration: 500)
        #expect(margins(h) == ["possible→began | UIKIT-LONG-PRESS minimumPressDuration 500 ms (≥ 500 ms) inside; UIKIT-LONG-PRESS allowableMovement 0 pt (≤ 10 pt) inside",
                               "began→ended"])
    }

    /// Pins UIKIT-LONG-PRESS.
    @Test func longPressLiftedEarlyOrMoved() throws {
        let (h, _) = attach(UILongPressGestureRecognizer())
        try h.tap(1, 100, 100, at: 0, duration: 320)
        #expect(margins(h) == ["possible→failed | UIKIT-LONG-PRESS minimumPressDuration 320 ms (≥ 500 ms) outside"])

        let (h2, _) = attach(UILongPressGestureRecognizer())
        try h2.down(1, 100, 100, at: 0)
        try h2.move(1, 109, 112, at: 100)
        #expect(margins(h2) == ["possible→failed | UIKIT-LONG-PRESS allowableMovement 15 pt (≤ 10 pt) outside"])
    }

    /// Pins UIKIT-LONG-PRESS.
    @Test func longPressPreliminaryTapInterval() throws {
        let press = UILongPressGestureRecognizer()
        press.numberOfTapsRequired = 1
        let (h, _) = attach(press)
        try h.tap(1, 100, 100, at: 0)
        try h.advance(to: 800)
        #expect(margins(h) == ["possible→failed | UIKIT-LONG-PRESS maximumIntervalBetweenSuccessiveTaps 350 ms (≤ 350 ms) outside"])
    }

    // MARK: UIKIT-PAN, UIKIT-SCREEN-EDGE-PAN

    /// Pins UIKIT-PAN.
    @Test func panHysteresis() throws {
        let (h, _) = attach(UIPanGestureRecognizer())
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 106, 108, at: 16)
        #expect(margins(h) == ["possible→began | UIKIT-PAN hysteresis 10 pt (≥ 10 pt) inside"])

        let (h2, _) = attach(UIPanGestureRecognizer())
        try h2.down(1, 100, 100, at: 0)
        try h2.move(1, 103, 104, at: 16)
        try h2.up(1, 100, 101, at: 32)
        #expect(margins(h2) == ["possible→failed | UIKIT-PAN hysteresis 5 pt (≥ 10 pt) outside"])
    }

    /// Pins UIKIT-PAN.
    @Test func panFingerCounts() throws {
        let two = UIPanGestureRecognizer()
        two.minimumNumberOfTouches = 2
        let (h, _) = attach(two)
        try h.drag(1, from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), at: 0)
        #expect(margins(h) == ["possible→failed | UIKIT-PAN minimumNumberOfTouches 1 (≥ 2) outside"])

        let one = UIPanGestureRecognizer()
        one.maximumNumberOfTouches = 1
        let (h2, _) = attach(one)
        try h2.frame([(.down, 1, 100, 100), (.down, 2, 200, 100)], at: 0)
        #expect(margins(h2) == ["possible→failed | UIKIT-PAN maximumNumberOfTouches 2 (≤ 1) outside"])
    }

    /// Pins UIKIT-SCREEN-EDGE-PAN.
    @Test func screenEdgeBand() throws {
        let edge = UIScreenEdgePanGestureRecognizer()
        edge.edges = .left
        let (h, _) = attach(edge)
        try h.down(1, 30, 300, at: 0)
        #expect(margins(h) == ["possible→failed | UIKIT-SCREEN-EDGE-PAN edgeBandWidth 30 pt (≤ 20 pt) outside"])

        let inBand = UIScreenEdgePanGestureRecognizer()
        inBand.edges = .left
        let (h2, _) = attach(inBand)
        try h2.down(1, 5, 300, at: 0)
        try h2.move(1, 17, 300, at: 16)
        #expect(margins(h2) == ["possible→began | UIKIT-SCREEN-EDGE-PAN hysteresis 12 pt (≥ 10 pt) inside"])
    }

    // MARK: UIKIT-SWIPE

    /// Pins UIKIT-SWIPE.
    @Test func swipeRecognizedRecordsTimeTravelAndDrift() throws {
        let (h, _) = attach(UISwipeGestureRecognizer())
        try h.down(1, 100, 400, at: 0)
        try h.move(1, 200, 410, at: 100)
        #expect(margins(h) == ["possible→ended | UIKIT-SWIPE maximumDuration 100 ms (≤ 500 ms) inside; "
            + "UIKIT-SWIPE minimumPrimaryMovement 100 pt (≥ 45.3 pt) inside; UIKIT-SWIPE maximumSecondaryMovement 10 pt (≤ 45.1 pt) inside"])
    }

    /// Pins UIKIT-SWIPE.
    @Test func swipeFailures() throws {
        let (slow, _) = attach(UISwipeGestureRecognizer())
        try slow.down(1, 100, 400, at: 0)
        try slow.move(1, 200, 400, at: 600)
        #expect(margins(slow).first == "possible→failed | UIKIT-SWIPE maximumDuration 500 ms (≤ 500 ms) outside")

        let (against, _) = attach(UISwipeGestureRecognizer())
        try against.down(1, 100, 400, at: 0)
        try against.move(1, 90, 400, at: 16)
        #expect(margins(against) == ["possible→failed | UIKIT-SWIPE direction -10 pt (≥ 0 pt) outside"])

        let (drift, _) = attach(UISwipeGestureRecognizer())
        try drift.down(1, 100, 400, at: 0)
        try drift.move(1, 110, 460, at: 100)
        #expect(margins(drift) == ["possible→failed | UIKIT-SWIPE maximumSecondaryMovement 60 pt (≤ 45.1 pt) outside"])

        let (short, _) = attach(UISwipeGestureRecognizer())
        try short.down(1, 100, 400, at: 0)
        try short.move(1, 120, 400, at: 100)
        try short.up(1, 120, 400, at: 200)
        #expect(margins(short) == ["possible→failed | UIKIT-SWIPE minimumPrimaryMovement 20 pt (≥ 40.6 pt) outside"])
    }

    // MARK: UIKIT-PINCH, UIKIT-ROTATION

    /// Pins UIKIT-PINCH.
    @Test func pinchHysteresis() throws {
        let (h, _) = attach(UIPinchGestureRecognizer())
        try h.frame([(.down, 1, 100, 100), (.down, 2, 200, 100)], at: 0)
        try h.move(2, 208, 100, at: 16)
        #expect(margins(h) == ["possible→began | UIKIT-PINCH hysteresis 8 pt (≥ 8 pt) inside"])

        let (h2, _) = attach(UIPinchGestureRecognizer())
        try h2.frame([(.down, 1, 100, 100), (.down, 2, 200, 100)], at: 0)
        try h2.move(2, 204, 100, at: 16)
        try h2.frame([(.up, 1, 100, 100), (.up, 2, 204, 100)], at: 32)
        #expect(margins(h2) == ["possible→failed | UIKIT-PINCH hysteresis 4 pt (≥ 8 pt) outside"])

        let (h3, _) = attach(UIPinchGestureRecognizer())
        try h3.tap(1, 100, 100, at: 0)
        #expect(margins(h3) == ["possible→failed | UIKIT-PINCH numberOfTouches 1 (≥ 2) outside"])
    }

    /// Pins UIKIT-ROTATION.
    @Test func rotationHysteresis() throws {
        let (h, _) = attach(UIRotationGestureRecognizer())
        try h.frame([(.down, 1, 100, 100), (.down, 2, 200, 100)], at: 0)
        let angle = 0.2
        let (dx, dy) = (50 * CGFloat(cos(angle)), 50 * CGFloat(sin(angle)))
        try h.frame([(.move, 1, 150 - dx, 100 - dy), (.move, 2, 150 + dx, 100 + dy)], at: 16)
        #expect(margins(h) == ["possible→began | UIKIT-ROTATION hysteresis 10 pt (≥ 8 pt) inside"])

        let (h2, _) = attach(UIRotationGestureRecognizer())
        try h2.frame([(.down, 1, 100, 100), (.down, 2, 200, 100)], at: 0)
        let small = 0.1
        let (sx, sy) = (50 * CGFloat(cos(small)), 50 * CGFloat(sin(small)))
        try h2.frame([(.move, 1, 150 - sx, 100 - sy), (.move, 2, 150 + sx, 100 + sy)], at: 16)
        try h2.frame([(.up, 1, 150 - sx, 100 - sy), (.up, 2, 150 + sx, 100 + sy)], at: 32)
        #expect(margins(h2) == ["possible→failed | UIKIT-ROTATION hysteresis 5 pt (≥ 8 pt) outside"])
    }

    final class Refusing: UIGestureRecognizerDelegate {
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
    }

    /// A recognizer the arena fails after it asked to recognize keeps its request's margins, all inside: its own
    /// thresholds held, its delegate decided.
    @Test func anArenaDecidedFailureKeepsTheRequestsMargins() throws {
        let refusing = Refusing()
        let tap = UITapGestureRecognizer()
        tap.delegate = refusing
        let (h, _) = attach(tap)
        try h.tap(1, 100, 100, at: 0, duration: 70)
        #expect(margins(h) == ["possible→failed | UIKIT-TAP allowableMovement 0 pt (≤ 45 pt) inside; UIKIT-TAP maximumTapDuration 70 ms (≤ 750 ms) inside"])
    }

    /// A transition that no threshold decided carries no margin, and the slack reads the distance to the flip.
    @Test func marginsOnlyOnThresholdDecisionsAndSlackSigns() throws {
        let (h, _) = attach(UIPanGestureRecognizer())
        try h.drag(1, from: CGPoint(x: 100, y: 100), to: CGPoint(x: 100, y: 160), at: 0, steps: 3)
        #expect(margins(h) == ["possible→began | UIKIT-PAN hysteresis 20 pt (≥ 10 pt) inside", "began→changed", "changed→changed", "changed→ended"])
        let tooFar = DecisionMargin(rule: "UIKIT-TAP", threshold: "allowableMovement", measured: 46.2, limitValue: 45, limit: .atMost, side: .outside, unit: .pt)
        #expect(abs(tooFar.slack - -1.2) < 1e-9)
        let held = DecisionMargin(rule: "UIKIT-LONG-PRESS", threshold: "minimumPressDuration", measured: 0.498, limitValue: 0.5, limit: .atLeast, side: .outside, unit: .ms)
        #expect(held.measured == 498 && held.slack == -2)
    }
}
