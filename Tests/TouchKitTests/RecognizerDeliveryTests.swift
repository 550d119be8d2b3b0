import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Recognizers and views (docs/uikit-rules.md): the order of one dispatch, cancelled, delayed and
/// ignored touches, reset, disabling, and the state machine's illegal requests.
@Suite struct RecognizerDeliveryTests {
    private func viewWith(_ recognizer: UIGestureRecognizer, name: String, in h: Harness, multi: Bool = false) -> TouchView {
        h.viewWith(recognizer, named: name, multipleTouch: multi)
    }

    /// Pins UIKIT-DELIVERY-CANCELS-TOUCHES.
    @Test func s18_tapWithDefaultsCancelsTheViewsTouchBeforeTheAction() throws {
        let h = Harness()
        let v = viewWith(UITapGestureRecognizer(), name: "T", in: h)
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log() == ["V.tb(1)", "T:possible→ended", "V.tc(1)", "act(T,ended)"])
        #expect(v.received == ["tb(1)", "tc(1)"])
        #expect(h.log(diagnostics: true).isEmpty)
    }

    /// Pins UIKIT-DELIVERY-DELAYS-ENDED.
    @Test func withheldEndedIsExplained() throws {
        let h = Harness()
        let d = UITapGestureRecognizer()
        d.numberOfTapsRequired = 2
        _ = viewWith(d, name: "DT", in: h)
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log(only: "1@") == ["1@V: touchesEnded withheld: delaysTouchesEnded of DT"])
    }

    /// Pins UIKIT-DELIVERY-CANCELS-TOUCHES.
    @Test func s19_tapWithoutCancelsTouchesInView() throws {
        let h = Harness()
        let t = UITapGestureRecognizer()
        t.cancelsTouchesInView = false
        let v = viewWith(t, name: "T", in: h)
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log() == ["V.tb(1)", "T:possible→ended", "act(T,ended)", "V.te(1)"])
        #expect(v.received == ["tb(1)", "te(1)"])
    }

    /// Pins UIKIT-DISPATCH-ORDER, UIKIT-DELIVERY-CANCELS-TOUCHES.
    @Test func s20_panWithDefaults() throws {
        let h = Harness()
        _ = viewWith(UIPanGestureRecognizer(), name: "P", in: h)
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 104, 100, at: 16)
        try h.move(1, 108, 100, at: 33)
        try h.move(1, 130, 100, at: 50)
        try h.move(1, 160, 100, at: 66)
        try h.up(1, 160, 100, at: 83)
        #expect(h.log() == [
            "V.tb(1)", "V.tm(1)", "V.tm(1)",
            "P:possible→began", "V.tc(1)", "act(P,began)",
            "P:began→changed", "act(P,changed)",
            "P:changed→ended", "act(P,ended)",
        ])
    }

    /// cancelsTouchesInView false: the view and the pan interleave and the touch ends normally.
    /// Pins UIKIT-DISPATCH-ORDER, UIKIT-DELIVERY-CANCELS-TOUCHES.
    @Test func panWithoutCancelsInterleavesWithTheView() throws {
        let h = Harness()
        let p = UIPanGestureRecognizer()
        p.cancelsTouchesInView = false
        _ = viewWith(p, name: "P", in: h)
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 105, 100, at: 16)
        try h.move(1, 130, 100, at: 33)
        try h.move(1, 160, 100, at: 50)
        try h.up(1, 160, 100, at: 66)
        #expect(h.log().filter { !$0.contains("→") } == [
            "V.tb(1)", "V.tm(1)", "act(P,began)", "V.tm(1)", "act(P,changed)", "V.tm(1)", "act(P,ended)", "V.te(1)",
        ])
    }

    /// Pins UIKIT-DELIVERY-DELAYS-BEGAN.
    @Test func s22_delaysTouchesBeganHidesARecognizedTapEntirely() throws {
        let h = Harness()
        let t = UITapGestureRecognizer()
        t.delaysTouchesBegan = true
        let v = viewWith(t, name: "T", in: h)
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log() == ["T:possible→ended", "act(T,ended)"])
        #expect(v.received.isEmpty)
    }

    /// Pins UIKIT-DELIVERY-DELAYS-BEGAN.
    @Test func delaysTouchesBeganReleasesTheTouchWhenTheRecognizerFails() throws {
        let h = Harness()
        let t = UITapGestureRecognizer()
        t.delaysTouchesBegan = true
        let v = viewWith(t, name: "T", in: h)
        try h.down(1, 100, 100, at: 0)
        #expect(v.received.isEmpty)
        try h.move(1, 200, 100, at: 30)
        #expect(v.received == ["tb(1)", "tm(1)"], "failure by movement releases touchesBegan, then the catch-up move")
        try h.up(1, 200, 100, at: 60)
        #expect(v.received == ["tb(1)", "tm(1)", "te(1)"])
    }

    /// Pins UIKIT-DELIVERY-DELAYS-ENDED.
    @Test func s24_doubleTapWithDelaysTouchesEnded() throws {
        let h = Harness()
        let dt = UITapGestureRecognizer()
        dt.numberOfTapsRequired = 2
        let v = viewWith(dt, name: "DT", in: h)
        try h.tap(1, 100, 100, at: 0)
        try h.tap(2, 100, 100, at: 200)
        #expect(v.received == ["tb(1)", "tb(2)", "tc(1)", "tc(2)"])
        #expect(h.log() == ["V.tb(1)", "V.tb(2×2)", "DT:possible→ended", "V.tc(1)", "V.tc(2×2)", "act(DT,ended)"])
    }

    /// Pins UIKIT-DELIVERY-DELAYS-ENDED.
    @Test func s25_doubleTapWithoutDelaysTouchesEnded() throws {
        let h = Harness()
        let dt = UITapGestureRecognizer()
        dt.numberOfTapsRequired = 2
        dt.delaysTouchesEnded = false
        let v = viewWith(dt, name: "DT", in: h)
        try h.tap(1, 100, 100, at: 0)
        try h.tap(2, 100, 100, at: 200)
        #expect(v.received == ["tb(1)", "te(1)", "tb(2)", "tc(2)"])
        #expect(h.log() == ["V.tb(1)", "V.te(1)", "V.tb(2×2)", "DT:possible→ended", "V.tc(2×2)", "act(DT,ended)"])
    }

    /// Pins UIKIT-DELIVERY-DELAYS-ENDED.
    @Test func doubleTapFailsAfterTheIntervalAndReleasesTheWithheldEnd() throws {
        let h = Harness()
        let dt = UITapGestureRecognizer()
        dt.numberOfTapsRequired = 2
        let v = viewWith(dt, name: "DT", in: h)
        try h.tap(1, 100, 100, at: 0)
        #expect(v.received == ["tb(1)"])
        #expect(h.app.nextDeadline == 0.43)
        try h.advance(to: 430)
        #expect(v.received == ["tb(1)", "te(1)"])
        #expect(h.log() == ["V.tb(1)", "DT:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]", "V.te(1)"])
    }

    /// Pins UIKIT-DELIVERY-CANCELS-TOUCHES.
    @Test func s26_twoFingerTapWalkthrough() throws {
        let h = Harness()
        let tap2 = UITapGestureRecognizer()
        tap2.numberOfTouchesRequired = 2
        let v = viewWith(tap2, name: "Tap2", in: h, multi: true)
        try h.down(1, 100, 100, at: 0)
        try h.down(2, 160, 100, at: 5)
        try h.frame([(.move, 1, 101, 100), (.move, 2, 161, 100)], at: 40)
        try h.up(1, 101, 100, at: 90)
        #expect(v.received == ["tb(1)", "tb(2)", "tm(1,2)"], "finger 1's end is withheld")
        try h.up(2, 161, 100, at: 100)
        #expect(v.received == ["tb(1)", "tb(2)", "tm(1,2)", "tc(1,2)"])
        #expect(h.log().suffix(3) == ["Tap2:possible→ended", "V.tc(1,2)", "act(Tap2,ended)"])
    }

    /// Pins UIKIT-DELIVERY-DELAYS-ENDED.
    @Test func twoFingerTapFailureVariantDeliversBothEnds() throws {
        let h = Harness()
        let tap2 = UITapGestureRecognizer()
        tap2.numberOfTouchesRequired = 2
        let v = viewWith(tap2, name: "Tap2", in: h, multi: true)
        try h.down(1, 100, 100, at: 0)
        try h.down(2, 160, 100, at: 5)
        try h.up(1, 100, 100, at: 90)
        try h.move(2, 260, 100, at: 95)
        #expect(v.received == ["tb(1)", "tb(2)", "te(1)", "tm(2)"], "failure releases finger 1's withheld end, which happened before the move")
        try h.up(2, 260, 100, at: 100)
        #expect(v.received.last == "te(2)")
    }

    /// S28: a recognizer that ignores a touch never cancels it in the view.
    final class IgnoringRecognizer: UIGestureRecognizer {
        var seen: [Int] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            for touch in touches where touch.identifier == 2 { ignore(touch, for: event) }
            seen += touches.map(\.identifier)
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            seen += touches.map(\.identifier)
            if touches.contains(where: { $0.identifier == 1 }) { state = .ended }
        }
    }

    /// Pins UIKIT-DELIVERY-IGNORE.
    @Test func s28_ignoredTouchIsNeverCancelledInTheView() throws {
        let h = Harness()
        let g = IgnoringRecognizer()
        let v = viewWith(g, name: "G", in: h, multi: true)
        try h.down(1, 100, 100, at: 0)
        try h.down(2, 200, 100, at: 10)
        try h.move(2, 210, 100, at: 20)
        try h.move(1, 110, 100, at: 30)
        try h.up(2, 210, 100, at: 40)
        try h.up(1, 110, 100, at: 50)
        #expect(g.seen == [1, 2, 1])
        #expect(v.received == ["tb(1)", "tb(2)", "tm(2)", "tc(1)", "te(2)"])
    }

    /// Pins UIKIT-CANCEL-SYSTEM, UIKIT-STATE-ACTIONS.
    @Test func s16_systemCancelDuringPanCancelsTheRecognizer() throws {
        let h = Harness()
        let v = viewWith(UIPanGestureRecognizer(), name: "P", in: h)
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 140, 100, at: 80)
        try h.cancel(1, 140, 100, at: 100)
        #expect(h.log() == ["V.tb(1)", "P:possible→began", "V.tc(1)", "act(P,began)", "P:began→cancelled [touches cancelled]", "act(P,cancelled)"])
        #expect(v.received == ["tb(1)", "tc(1)"])
    }

    /// Pins UIKIT-STATE-ACTIONS, UIKIT-STATE-DISABLE.
    @Test func disablingMidGestureCancelsWithAnAction() throws {
        let h = Harness()
        let log = ActionLog()
        let p = UIPanGestureRecognizer(target: log, action: ActionLog.any)
        p.name = "P"
        h.add(TouchView(0, 0, 400, 800), "V").addGestureRecognizer(p)
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 140, 100, at: 50)
        p.isEnabled = false
        #expect(log.entries == ["P:began", "P:cancelled"])
        #expect(h.log().suffix(2) == ["P:began→cancelled [isEnabled set to false]", "act(P,cancelled)"])
        try h.move(1, 160, 100, at: 70)
        #expect(log.entries.count == 2)
    }

    /// Pins UIKIT-STATE-RESET.
    @Test func recognizerResetIgnoresTheRestOfTheSequence() throws {
        final class Counting: UIGestureRecognizer {
            var moves = 0
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
                moves += 1
                if moves == 1 { state = .ended }
            }
        }
        let h = Harness()
        let g = Counting()
        h.add(TouchView(0, 0, 400, 800), "V").addGestureRecognizer(g)
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 110, 100, at: 10)
        try h.move(1, 120, 100, at: 20)
        try h.up(1, 120, 100, at: 30)
        #expect(g.moves == 1)
        #expect(g.state == .possible)
        try h.down(2, 100, 100, at: 100)
        try h.move(2, 110, 100, at: 110)
        #expect(g.moves == 2, "a new touch starts a new attempt")
    }

    /// Pins UIKIT-STATE-TRANSITIONS.
    @Test func illegalTransitionsAreIgnoredAndNoted() throws {
        final class Bad: UIGestureRecognizer {
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .changed }
        }
        let h = Harness()
        let g = Bad()
        g.name = "Bad"
        h.add(TouchView(0, 0, 400, 800), "V").addGestureRecognizer(g)
        try h.down(1, 100, 100, at: 0)
        #expect(g.state == .possible)
        #expect(h.log(only: "note") == ["note: Bad: illegal transition possible → changed ignored"])
    }

    /// Recording of each phase call a recognizer gets, with the touch ids of that call.
    final class PhaseRecorder: UIGestureRecognizer {
        var calls: [String] = []
        private func note(_ phase: String, _ touches: Set<UITouch>) {
            calls.append("\(phase)\(touches.map(\.identifier).sorted())")
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { note("b", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { note("m", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { note("e", touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { note("c", touches) }
    }

    /// One dispatch with several touches in several phases: each recognizer gets exactly the touches
    /// it received, per phase — a recognizer on the common superview gets both fingers, each child's
    /// recognizer only its own, whatever order they are fed in.
    /// Pins UIKIT-DISPATCH-ORDER.
    @Test func eachRecognizerGetsItsOwnTouchesPerPhaseInOneDispatch() throws {
        let h = Harness()
        let parent = h.add(TouchView(0, 0, 400, 800), "P")
        parent.isMultipleTouchEnabled = true
        let left = h.add(TouchView(0, 0, 200, 800), "L", to: parent)
        let right = h.add(TouchView(200, 0, 200, 800), "R", to: parent)
        let all = PhaseRecorder(), onLeft = PhaseRecorder(), onRight = PhaseRecorder()
        parent.addGestureRecognizer(all)
        left.addGestureRecognizer(onLeft)
        right.addGestureRecognizer(onRight)
        try h.frame([(.down, 1, 100, 100), (.down, 2, 300, 100)], at: 0)
        try h.frame([(.move, 1, 110, 100), (.move, 2, 310, 100)], at: 16)
        try h.frame([(.up, 1, 110, 100), (.move, 2, 320, 100)], at: 32)
        try h.frame([(.down, 3, 120, 100), (.cancel, 2, 320, 100)], at: 48)
        #expect(all.calls == ["b[1, 2]", "m[1, 2]", "m[2]", "e[1]", "b[3]", "c[2]"])
        #expect(onLeft.calls == ["b[1]", "m[1]", "e[1]", "b[3]"])
        #expect(onRight.calls == ["b[2]", "m[2]", "m[2]", "c[2]"])
    }
}
