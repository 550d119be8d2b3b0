import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// The built-in recognizers: long press, swipe, pinch, rotation, pan and screen-edge pan
/// (docs/uikit-rules.md).
@Suite struct BuiltInRecognizerTests {
    private func setUp(_ recognizer: UIGestureRecognizer, _ name: String, multi: Bool = false) -> (Harness, TouchView) {
        let h = Harness()
        return (h, h.viewWith(recognizer, named: name, multipleTouch: multi))
    }

    /// Pins UIKIT-LONG-PRESS.
    @Test func s29_longPress() throws {
        let (h, v) = setUp(UILongPressGestureRecognizer(), "LP")
        try h.down(1, 100, 100, at: 0)
        #expect(h.app.nextDeadline == 0.5)
        try h.move(1, 180, 100, at: 700)
        try h.up(1, 180, 100, at: 900)
        #expect(h.log() == ["V.tb(1)", "LP:possible→began", "V.tc(1)", "act(LP,began)",
                            "LP:began→changed", "act(LP,changed)", "LP:changed→ended", "act(LP,ended)"])
        #expect(v.received == ["tb(1)", "tc(1)"])
    }

    /// Pins UIKIT-LONG-PRESS.
    @Test func s30_longPressFailsByMovement() throws {
        let (h, v) = setUp(UILongPressGestureRecognizer(), "LP")
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 111, 100, at: 200)
        try h.up(1, 111, 100, at: 300)
        #expect(h.log() == ["V.tb(1)", "LP:possible→failed [moved 11.0 pt > allowableMovement 10.0 pt]", "V.tm(1)", "V.te(1)"])
        #expect(v.received == ["tb(1)", "tm(1)", "te(1)"])
        #expect(h.app.nextDeadline == nil, "the press timer died with the reset")
    }

    /// Pins UIKIT-LONG-PRESS.
    @Test func longPressLiftedEarlyFails() throws {
        let (h, _) = setUp(UILongPressGestureRecognizer(), "LP")
        try h.tap(1, 100, 100, at: 0, duration: 300)
        #expect(h.log().contains("LP:possible→failed [lifted before minimumPressDuration 500 ms]"))
    }

    /// Pins UIKIT-LONG-PRESS.
    @Test func s32_longPressEndsWhenAnyFingerLifts() throws {
        let lp = UILongPressGestureRecognizer()
        lp.numberOfTouchesRequired = 2
        let (h, _) = setUp(lp, "LP", multi: true)
        try h.down(1, 100, 100, at: 0)
        try h.down(2, 200, 100, at: 10)
        try h.advance(to: 509)
        #expect(lp.state == .possible)
        try h.advance(to: 510)
        #expect(h.log().contains("act(LP,began)"))
        try h.up(2, 200, 100, at: 600)
        #expect(h.log() == ["LP:began→ended", "act(LP,ended)"])
    }

    /// Pins UIKIT-SWIPE.
    @Test func s33_swipeRecognizesMidDrag() throws {
        let (h, v) = setUp(UISwipeGestureRecognizer(), "SW")
        try h.down(1, 100, 300, at: 0)
        for (x, t) in [(102.0, 10.0), (110, 30), (130, 50)] { try h.move(1, x, 300, at: t) }
        #expect(h.log().last == "V.tm(1)")
        try h.move(1, 151, 300, at: 70)
        #expect(h.log() == ["SW:possible→ended", "V.tc(1)", "act(SW,ended)"])
        try h.move(1, 220, 300, at: 100)
        try h.up(1, 220, 300, at: 110)
        #expect(h.log().isEmpty)
        #expect(v.received.last == "tc(1)")
    }

    /// Pins UIKIT-SWIPE.
    @Test func s34_swipeTooSlowFails() throws {
        let (h, v) = setUp(UISwipeGestureRecognizer(), "SW")
        try h.down(1, 100, 300, at: 0)
        try h.move(1, 200, 300, at: 510)
        try h.up(1, 200, 300, at: 520)
        #expect(h.log(only: "SW") == ["SW:possible→failed [took longer than maximumDuration 500 ms]"])
        #expect(v.received == ["tb(1)", "tm(1)", "te(1)"])
    }

    /// Pins UIKIT-SWIPE.
    @Test func s35_swipeDiesOnTheSlightestReversal() throws {
        let (h, _) = setUp(UISwipeGestureRecognizer(), "SW")
        try h.down(1, 100, 300, at: 0)
        try h.move(1, 99.9, 300, at: 10)
        #expect(h.log(only: "SW") == ["SW:possible→failed [moved 0.1 pt against right]"])
    }

    /// Pins UIKIT-SWIPE.
    @Test func swipeFailsOnTooMuchCrossAxisDrift() throws {
        let (h, _) = setUp(UISwipeGestureRecognizer(), "SW")
        try h.down(1, 100, 300, at: 0)
        try h.move(1, 120, 360, at: 20)
        #expect(h.log(only: "SW").first?.hasPrefix("SW:possible→failed [drifted 60.0 pt off the right axis") == true)
    }

    /// Pins UIKIT-SWIPE.
    @Test func s37_twoFingerSwipeNeedsBothFingers() throws {
        let sw = UISwipeGestureRecognizer()
        sw.numberOfTouchesRequired = 2
        let (h, _) = setUp(sw, "SW", multi: true)
        try h.frame([(.down, 1, 100, 300), (.down, 2, 100, 400)], at: 0)
        try h.move(1, 200, 300, at: 100)
        try h.frame([(.up, 1, 200, 300), (.up, 2, 100, 400)], at: 110)
        #expect(h.log(only: "SW:").first?.hasPrefix("SW:possible→failed") == true)

        try h.frame([(.down, 1, 100, 300), (.down, 2, 100, 400)], at: 1000)
        try h.frame([(.move, 1, 200, 300), (.move, 2, 150, 400)], at: 1100)
        #expect(h.log(only: "SW:") == ["SW:possible→ended"])
    }

    /// Pins UIKIT-SWIPE.
    @Test func swipeReportsTheDirectionItRecognized() throws {
        let sw = UISwipeGestureRecognizer()
        sw.direction = [.up, .left]
        let (h, _) = setUp(sw, "SW")
        try h.down(1, 300, 300, at: 0)
        try h.move(1, 240, 270, at: 50)
        #expect(h.app.drainTrace().contains {
            if case .transition(_, _, .ended, _, let values) = $0 { return values.direction == "left" }
            return false
        })
    }

    /// Pins UIKIT-PINCH.
    @Test func s38_pinchScaleFollowsTheDistance() throws {
        let pinch = UIPinchGestureRecognizer()
        let (h, _) = setUp(pinch, "PI", multi: true)
        var scales: [CGFloat] = []
        pinch.addHandler { scales.append(($0 as! UIPinchGestureRecognizer).scale) }
        try h.down(1, 100, 400, at: 0)
        try h.down(2, 200, 400, at: 5)
        var x: CGFloat = 200
        var t = 5.0
        while x < 300 {
            x += 10
            t += 16
            try h.move(2, x, 400, at: t)
        }
        try h.frame([(.up, 1, 100, 400), (.up, 2, 300, 400)], at: t + 16)
        let transitions = h.log(only: "PI:")
        #expect(transitions.first == "PI:possible→began", "began once the distance changed by 8 pt (at the first 10 pt step)")
        #expect(transitions.filter { $0 == "PI:began→changed" || $0 == "PI:changed→changed" }.count == 9)
        #expect(transitions.last == "PI:changed→ended")
        #expect(abs(scales[scales.count - 2] - 2.0) < 1e-9)
    }

    /// Pins UIKIT-RELATION-EXCLUSIVE.
    @Test func s39_pinchAndRotationExcludeEachOther() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        v.isMultipleTouchEnabled = true
        let pinch = UIPinchGestureRecognizer(); pinch.name = "PI"; pinch.addHandler { _ in }
        let rotation = UIRotationGestureRecognizer(); rotation.name = "RO"; rotation.addHandler { _ in }
        v.addGestureRecognizer(pinch)
        v.addGestureRecognizer(rotation)
        try h.frame([(.down, 1, 150, 400), (.down, 2, 250, 400)], at: 0)
        for step in 1...10 {
            let angle = CGFloat(step) * 0.05
            let radius = 50 + CGFloat(step) * 3
            try h.frame([(.move, 1, 200 - radius * cos(angle), 400 - radius * sin(angle)),
                         (.move, 2, 200 + radius * cos(angle), 400 + radius * sin(angle))], at: Double(step) * 16)
        }
        let log = h.log()
        let begun = ["PI", "RO"].filter { log.contains("\($0):possible→began") }
        #expect(begun.count == 1)
        let loser = begun == ["PI"] ? "RO" : "PI"
        #expect(log.contains { $0.hasPrefix("\(loser):possible→failed [prevented by \(begun[0])") })
        #expect(!log.contains { $0.hasPrefix("act(\(loser)") })
    }

    /// Pins UIKIT-ROTATION.
    @Test func rotationMeasuresTheTurn() throws {
        let rotation = UIRotationGestureRecognizer()
        let (h, _) = setUp(rotation, "RO", multi: true)
        try h.frame([(.down, 1, 100, 400), (.down, 2, 300, 400)], at: 0)
        try h.frame([(.move, 1, 200, 300), (.move, 2, 200, 500)], at: 100)
        #expect(abs(rotation.rotation - .pi / 2) < 1e-9)
        rotation.rotation = 0
        try h.frame([(.move, 1, 300, 400), (.move, 2, 100, 400)], at: 200)
        #expect(abs(rotation.rotation - .pi / 2) < 1e-9)
    }

    /// Pins UIKIT-PAN.
    @Test func s41_panMinimumTouchesNeverBeginsWithOneFinger() throws {
        let pan = UIPanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        let (h, v) = setUp(pan, "P")
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 300, 100, at: 100)
        try h.up(1, 300, 100, at: 200)
        #expect(h.log(only: "P:") == ["P:possible→failed [1 touch(es) < minimumNumberOfTouches 2]"])
        #expect(v.received == ["tb(1)", "tm(1)", "te(1)"])
    }

    /// Pins UIKIT-PAN.
    @Test func panTranslationAndVelocity() throws {
        let pan = UIPanGestureRecognizer()
        let (h, v) = setUp(pan, "P")
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 120, 100, at: 20)
        #expect(pan.translation(in: v) == CGPoint(x: 20, y: 0), "translation includes the hysteresis distance")
        try h.move(1, 140, 110, at: 40)
        #expect(pan.translation(in: v) == CGPoint(x: 40, y: 10))
        #expect(abs(pan.velocity(in: v).x - 1000) < 1e-6)
        pan.setTranslation(.zero, in: v)
        try h.move(1, 150, 110, at: 60)
        #expect(pan.translation(in: v) == CGPoint(x: 10, y: 0))
    }

    /// Pins UIKIT-SCREEN-EDGE-PAN.
    @Test func s42_screenEdgePan() throws {
        let edge = UIScreenEdgePanGestureRecognizer()
        edge.edges = .left
        let h = Harness()
        edge.name = "Edge"
        edge.addHandler { _ in }
        h.window.addGestureRecognizer(edge)
        try h.down(1, 2, 400, at: 0)
        try h.move(1, 30, 400, at: 50)
        try h.move(1, 60, 400, at: 100)
        try h.up(1, 60, 400, at: 110)
        #expect(h.log(only: "Edge:") == ["Edge:possible→began", "Edge:began→changed", "Edge:changed→ended"])
        try h.down(2, 150, 400, at: 1000)
        #expect(h.log(only: "Edge:") == ["Edge:possible→failed [began 150.0 pt from the left edge > edgeBandWidth 20.0 pt]"])
    }
}
