import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Every documented property of the built-in recognizers, just inside and just outside its limit,
/// including fingers that land in the same frame; and every duration limit at t − 1 ms, t and
/// t + 1 ms (limits are inclusive: input at a deadline's instant comes first, `EngineInstant`).
@Suite struct RecognizerBoundaryTests {
    private func attach<R: UIGestureRecognizer>(_ recognizer: R) -> (Harness, R) {
        let h = Harness()
        h.viewWith(recognizer, named: "R", multipleTouch: true)
        return (h, recognizer)
    }

    private func transitions(_ h: Harness) -> [String] { h.log(only: "R:") }

    // MARK: Durations (issue item 6)

    /// Pins UIKIT-TIME-LIMITS-INCLUSIVE.
    @Test(arguments: [(499.0, true), (500.0, true), (501.0, false)])
    func swipeMaximumDuration(at ms: Double, recognized: Bool) throws {
        let (h, _) = attach(UISwipeGestureRecognizer())
        try h.down(1, 100, 400, at: 0)
        try h.move(1, 200, 400, at: ms)
        #expect(transitions(h) == [recognized ? "R:possible→ended" : "R:possible→failed [took longer than maximumDuration 500 ms]"])
    }

    /// Pins UIKIT-SWIPE.
    @Test(arguments: [(130.0, 629.0, true), (130.0, 630.0, true), (130.0, 631.0, false), (70.0, 570.0, true)])
    func swipeMaximumDurationFromAnyStart(start: Double, move: Double, recognized: Bool) throws {
        let (h, _) = attach(UISwipeGestureRecognizer())
        try h.advance(to: start)
        try h.down(1, 100, 400, at: start)
        try h.move(1, 200, 400, at: move)
        #expect(transitions(h).first == (recognized ? "R:possible→ended" : "R:possible→failed [took longer than maximumDuration 500 ms]"))
    }

    /// Pins UIKIT-TIME-LIMITS-INCLUSIVE, UIKIT-TAP.
    @Test(arguments: [(749.0, true), (750.0, true), (751.0, false)])
    func tapMaximumDuration(heldFor ms: Double, recognized: Bool) throws {
        let (h, _) = attach(UITapGestureRecognizer())
        try h.tap(1, 100, 100, at: 0, duration: ms)
        #expect(transitions(h) == [recognized ? "R:possible→ended" : "R:possible→failed [held longer than maximumTapDuration 750 ms]"])
    }

    /// Pins UIKIT-TIME-LIMITS-INCLUSIVE, UIKIT-TAP.
    @Test(arguments: [(349.0, true), (350.0, true), (351.0, false)])
    func multiTapInterval(gap: Double, recognized: Bool) throws {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let (h, _) = attach(double)
        try h.tap(1, 100, 100, at: 0)
        try h.tap(2, 100, 100, at: 80 + gap)
        let log = h.log()
        #expect(log.filter { $0.hasPrefix("R:") } == [recognized ? "R:possible→ended" : "R:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]"])
        #expect(log.contains(recognized ? "V.tb(2×2)" : "V.tb(2)"), "tapCount agrees with the recognizer")
    }

    /// Pins UIKIT-LONG-PRESS.
    @Test(arguments: [(499.0, false), (500.0, true), (501.0, true)])
    func longPressMinimumDurationAtTheLift(heldFor ms: Double, recognized: Bool) throws {
        let (h, _) = attach(UILongPressGestureRecognizer())
        try h.tap(1, 100, 100, at: 0, duration: ms)
        #expect(transitions(h) == (recognized
            ? ["R:possible→began", "R:began→ended"]
            : ["R:possible→failed [lifted before minimumPressDuration 500 ms]"]))
    }

    /// Pins UIKIT-TIME-LIMITS-INCLUSIVE.
    @Test(arguments: [(499.0, false), (500.0, true)])
    func longPressMinimumDurationByTheClock(advanceTo ms: Double, began: Bool) throws {
        let (h, _) = attach(UILongPressGestureRecognizer())
        try h.down(1, 100, 100, at: 0)
        try h.advance(to: ms)
        #expect(transitions(h) == (began ? ["R:possible→began"] : []))
    }

    /// Pins UIKIT-TIME-LIMITS-INCLUSIVE.
    @Test func longPressMovingAtTheInstantItIsDueBeginsFirst() throws {
        let (h, _) = attach(UILongPressGestureRecognizer())
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 150, 100, at: 500)
        #expect(transitions(h) == ["R:possible→began", "R:began→changed"])
    }

    // MARK: Tap

    /// Pins UIKIT-TAP.
    @Test(arguments: [(1, false), (2, true), (3, false)])
    func tapNumberOfTouchesRequired(fingers: Int, recognized: Bool) throws {
        let tap = UITapGestureRecognizer()
        tap.numberOfTouchesRequired = 2
        let (h, _) = attach(tap)
        try h.frame((1...fingers).map { (.down, $0, CGFloat($0) * 50, 100) }, at: 0)
        try h.frame((1...fingers).map { (.up, $0, CGFloat($0) * 50, 100) }, at: 80)
        let expected = recognized ? "R:possible→ended"
            : fingers < 2 ? "R:possible→failed [tap with 1 touch(es), numberOfTouchesRequired 2]"
            : "R:possible→failed [3 touches > numberOfTouchesRequired 2]"
        #expect(transitions(h) == [expected])
    }

    /// Pins UIKIT-TAP.
    @Test(arguments: [1, 2, 3])
    func tapNumberOfTapsRequired(taps: Int) throws {
        let tap = UITapGestureRecognizer()
        tap.numberOfTapsRequired = 2
        let (h, _) = attach(tap)
        for i in 0..<taps { try h.tap(i + 1, 100, 100, at: Double(i) * 200) }
        try h.advance(to: Double(taps) * 200 + 400)
        let expected: [String] = switch taps {
        case 1: ["R:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]"]
        case 2: ["R:possible→ended"]
        default: ["R:possible→ended", "R:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]"]
        }
        #expect(transitions(h) == expected, "a third tap starts a new attempt")
    }

    /// Pins UIKIT-TAP.
    @Test(arguments: [(45.0, true), (45.5, false)])
    func tapAllowableMovement(moved: Double, recognized: Bool) throws {
        let (h, _) = attach(UITapGestureRecognizer())
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 100 + moved, 100, at: 30)
        try h.up(1, 100 + moved, 100, at: 60)
        #expect(transitions(h) == [recognized ? "R:possible→ended" : "R:possible→failed [moved 45.5 pt > allowableMovement 45.0 pt]"])
    }

    // MARK: Long press

    /// Pins UIKIT-LONG-PRESS.
    @Test(arguments: [(1, false), (2, true), (3, false)])
    func longPressNumberOfTouchesRequired(fingers: Int, began: Bool) throws {
        let press = UILongPressGestureRecognizer()
        press.numberOfTouchesRequired = 2
        let (h, _) = attach(press)
        try h.frame((1...fingers).map { (.down, $0, CGFloat($0) * 50, 100) }, at: 0)
        try h.advance(to: 600)
        let expected: [String] = began ? ["R:possible→began"] : fingers > 2 ? ["R:possible→failed [3 touches > numberOfTouchesRequired 2]"] : []
        #expect(transitions(h) == expected)
    }

    /// Pins UIKIT-LONG-PRESS.
    @Test(arguments: [(10.0, true), (10.5, false)])
    func longPressAllowableMovement(moved: Double, began: Bool) throws {
        let (h, _) = attach(UILongPressGestureRecognizer())
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 100, 100 + moved, at: 100)
        try h.advance(to: 600)
        #expect(transitions(h) == [began ? "R:possible→began" : "R:possible→failed [moved 10.5 pt > allowableMovement 10.0 pt]"])
    }

    /// Pins UIKIT-LONG-PRESS.
    @Test(arguments: [(0, false), (1, true)])
    func longPressNumberOfTapsRequired(precedingTaps: Int, began: Bool) throws {
        let press = UILongPressGestureRecognizer()
        press.numberOfTapsRequired = 1
        let (h, _) = attach(press)
        if precedingTaps == 1 { try h.tap(1, 100, 100, at: 0) }
        try h.down(2, 100, 100, at: 200)
        try h.advance(to: 800)
        #expect(transitions(h) == (began ? ["R:possible→began"] : []))
    }

    // MARK: Pan

    /// Pins UIKIT-PAN.
    @Test(arguments: [(1, false), (2, true)])
    func panMinimumNumberOfTouches(fingers: Int, began: Bool) throws {
        let pan = UIPanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        let (h, _) = attach(pan)
        try h.frame((1...fingers).map { (.down, $0, CGFloat($0) * 50, 100) }, at: 0)
        try h.frame((1...fingers).map { (.move, $0, CGFloat($0) * 50, 150) }, at: 16)
        try h.frame((1...fingers).map { (.up, $0, CGFloat($0) * 50, 150) }, at: 32)
        #expect(transitions(h) == (began
            ? ["R:possible→began", "R:began→ended"]
            : ["R:possible→failed [1 touch(es) < minimumNumberOfTouches 2]"]))
    }

    /// Pins UIKIT-PAN.
    @Test(arguments: [(2, true), (3, false)])
    func panMaximumNumberOfTouches(fingers: Int, began: Bool) throws {
        let pan = UIPanGestureRecognizer()
        pan.maximumNumberOfTouches = 2
        let (h, _) = attach(pan)
        try h.frame((1...fingers).map { (.down, $0, CGFloat($0) * 50, 100) }, at: 0)
        try h.frame((1...fingers).map { (.move, $0, CGFloat($0) * 50, 150) }, at: 16)
        #expect(transitions(h) == [began ? "R:possible→began" : "R:possible→failed [3 touches > maximumNumberOfTouches 2]"])
    }

    /// Pins UIKIT-PAN.
    @Test func aFingerJoiningAnActivePanBeyondTheMaximumIsIgnored() throws {
        let pan = UIPanGestureRecognizer()
        pan.maximumNumberOfTouches = 1
        let (h, _) = attach(pan)
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 100, 150, at: 16)
        try h.down(2, 300, 300, at: 32)
        try h.move(1, 100, 160, at: 48)
        #expect(pan.numberOfTouches == 1)
        #expect(transitions(h) == ["R:possible→began", "R:began→changed"])
    }

    // MARK: Swipe

    /// Pins UIKIT-SWIPE.
    @Test(arguments: [(1, false), (2, true), (3, false)])
    func swipeNumberOfTouchesRequired(fingers: Int, recognized: Bool) throws {
        let swipe = UISwipeGestureRecognizer()
        swipe.numberOfTouchesRequired = 2
        let (h, _) = attach(swipe)
        try h.frame((1...fingers).map { (.down, $0, 100, CGFloat($0) * 100) }, at: 0)
        try h.frame((1...fingers).map { (.move, $0, 200, CGFloat($0) * 100) }, at: 50)
        try h.frame((1...fingers).map { (.up, $0, 200, CGFloat($0) * 100) }, at: 66)
        let expected = recognized ? "R:possible→ended"
            : fingers < 2 ? "R:possible→failed [lifted before travelling far enough]"
            : "R:possible→failed [3 touches > numberOfTouchesRequired 2]"
        #expect(transitions(h) == [expected])
    }

    private static let directions: [(UISwipeGestureRecognizer.Direction, Bool)] = [(.right, true), (.left, false), (.up, false), ([.left, .right], true)]

    /// Pins UIKIT-SWIPE.
    @Test(arguments: directions)
    func swipeDirection(direction: UISwipeGestureRecognizer.Direction, recognized: Bool) throws {
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = direction
        let (h, _) = attach(swipe)
        try h.down(1, 100, 400, at: 0)
        try h.move(1, 200, 400, at: 50)
        try h.up(1, 200, 400, at: 66)
        #expect(transitions(h).first?.hasPrefix(recognized ? "R:possible→ended" : "R:possible→failed") == true)
    }

    /// Pins UIKIT-SWIPE.
    @Test(arguments: [(0.0, true), (0.5, false)])
    func swipeOppositeAllowance(retreat: Double, recognized: Bool) throws {
        let (h, _) = attach(UISwipeGestureRecognizer())
        try h.down(1, 100, 400, at: 0)
        try h.move(1, 100 - retreat, 400, at: 16)
        try h.move(1, 200, 400, at: 50)
        #expect(transitions(h).first == (recognized ? "R:possible→ended" : "R:possible→failed [moved 0.5 pt against right]"))
    }

    // MARK: Screen edge

    /// Pins UIKIT-SCREEN-EDGE-PAN.
    @Test(arguments: [(20.0, true), (20.5, false)])
    func screenEdgeBand(x: Double, began: Bool) throws {
        let edge = UIScreenEdgePanGestureRecognizer()
        edge.edges = .left
        let (h, _) = attach(edge)
        try h.down(1, x, 400, at: 0)
        try h.move(1, x + 60, 400, at: 16)
        #expect(transitions(h) == [began ? "R:possible→began" : "R:possible→failed [began 20.5 pt from the left edge > edgeBandWidth 20.0 pt]"])
    }

    private static let edgeSets: [(UIRectEdge, Bool)] = [(.left, false), (.right, true), ([.left, .right], true)]

    /// Pins UIKIT-SCREEN-EDGE-PAN.
    @Test(arguments: edgeSets)
    func screenEdgeEdges(edges: UIRectEdge, began: Bool) throws {
        let edge = UIScreenEdgePanGestureRecognizer()
        edge.edges = edges
        let (h, _) = attach(edge)
        try h.down(1, 390, 400, at: 0)
        try h.move(1, 330, 400, at: 16)
        #expect(transitions(h).first?.hasPrefix(began ? "R:possible→began" : "R:possible→failed") == true)
    }
}
