import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Which recognizers see a touch, and their relationships and delegates (docs/uikit-rules.md).
@Suite struct RelationshipTests {
    final class Delegate: UIGestureRecognizerDelegate {
        var shouldBegin = true
        var receiveOutside: CGRect?
        var simultaneous = false
        var requireFailureOf: UIGestureRecognizer?
        func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { shouldBegin }
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            guard let rect = receiveOutside else { return true }
            return !rect.contains(touch.location(in: g.view))
        }
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { simultaneous }
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldRequireFailureOf o: UIGestureRecognizer) -> Bool { o === requireFailureOf }
    }

    private func singleAndDouble(require: Bool) -> (Harness, TouchView, UITapGestureRecognizer, UITapGestureRecognizer) {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        let single = UITapGestureRecognizer(); single.name = "S"; single.addHandler { _ in }
        let double = UITapGestureRecognizer(); double.name = "D"; double.numberOfTapsRequired = 2; double.addHandler { _ in }
        if require { single.require(toFail: double) }
        v.addGestureRecognizer(single)
        v.addGestureRecognizer(double)
        return (h, v, single, double)
    }

    /// Pins UIKIT-RELATION-REQUIRE-FAILURE.
    @Test func s43_singleWaitsForDoubleToFail() throws {
        let (h, v, single, _) = singleAndDouble(require: true)
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log(diagnostics: true).contains("S waits [waiting for failure of D]"))
        #expect(single.state == .possible)
        try h.advance(to: 429)
        #expect(h.log().isEmpty, "no action before the timeout")
        try h.advance(to: 430)
        #expect(h.log() == ["D:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]",
                            "S:possible→ended", "V.tc(1)", "act(S,ended)"])
        #expect(v.received == ["tb(1)", "tc(1)"])
    }

    /// Pins UIKIT-RELATION-REQUIRE-FAILURE.
    @Test func s43_doubleTapInputFailsTheSingle() throws {
        let (h, _, _, _) = singleAndDouble(require: true)
        try h.tap(1, 100, 100, at: 0)
        try h.tap(2, 100, 100, at: 200)
        let log = h.log()
        #expect(log.contains("act(D,ended)"))
        #expect(!log.contains("act(S,ended)"))
        #expect(log.contains { $0.hasPrefix("S:possible→failed") })
    }

    /// Pins UIKIT-RELATION-CAN-PREVENT.
    @Test func s45_withoutRequirementSingleFiresFirstThenDouble() throws {
        let (h, _, _, _) = singleAndDouble(require: false)
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log() == ["V.tb(1)", "S:possible→ended", "V.tc(1)", "act(S,ended)"])
        try h.tap(2, 100, 100, at: 200)
        let log = h.log()
        #expect(log.contains("act(D,ended)"))
        #expect(log.firstIndex(of: "act(S,ended)")! < log.firstIndex(of: "act(D,ended)")!, "deterministic: S is attached first")
    }

    /// Pins UIKIT-STATE-SHOULD-BEGIN.
    @Test func s47_shouldBeginFalseFailsThePanAndTheViewKeepsItsTouch() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        let pan = UIPanGestureRecognizer(); pan.name = "P"
        let delegate = Delegate(); delegate.shouldBegin = false
        pan.delegate = delegate
        v.addGestureRecognizer(pan)
        try h.down(1, 100, 100, at: 0)
        for step in 1...5 { try h.move(1, 100 + CGFloat(step) * 20, 100, at: Double(step) * 16) }
        try h.up(1, 200, 100, at: 100)
        #expect(h.log(only: "P:") == ["P:possible→failed [delegate gestureRecognizerShouldBegin returned false]"])
        #expect(v.received == ["tb(1)", "tm(1)", "tm(1)", "tm(1)", "tm(1)", "tm(1)", "te(1)"])
    }

    /// Pins UIKIT-STATE-SHOULD-BEGIN.
    @Test func viewGestureRecognizerShouldBeginCanRefuse() throws {
        final class Refusing: TouchView {
            override func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool { false }
        }
        let h = Harness()
        let v = h.add(Refusing(0, 0, 400, 800), "V")
        let tap = UITapGestureRecognizer(); tap.name = "T"
        v.addGestureRecognizer(tap)
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log(only: "T:") == ["T:possible→failed [V.gestureRecognizerShouldBegin returned false]"])
    }

    /// Pins UIKIT-GESTURE-SHOULD-RECEIVE.
    @Test func s48_shouldReceiveFalseHidesTheTouch() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        let tap = UITapGestureRecognizer(); tap.name = "T"
        var actions = 0
        tap.addHandler { _ in actions += 1 }
        let delegate = Delegate(); delegate.receiveOutside = CGRect(x: 0, y: 0, width: 100, height: 100)
        tap.delegate = delegate
        v.addGestureRecognizer(tap)
        try h.tap(1, 50, 50, at: 0)
        #expect(actions == 0)
        #expect(tap.state == .possible)
        #expect(v.received == ["tb(1)", "te(1)"])
        #expect(h.log(only: "1@") == ["1@T: withheld from recognizer: delegate shouldReceive returned false"])
        try h.tap(2, 200, 200, at: 1000)
        #expect(actions == 1)
    }

    /// Pins UIKIT-GESTURE-PARTICIPANTS.
    @Test func s50_recognizerOnAnAncestorSeesTheChildsTouch() throws {
        let h = Harness()
        let sv = h.add(TouchView(0, 0, 400, 800), "SV")
        let c = h.add(TouchView(50, 50, 100, 100), "C", to: sv)
        let tap = UITapGestureRecognizer(); tap.name = "T"; tap.addHandler { _ in }
        sv.addGestureRecognizer(tap)
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log() == ["C.tb(1)", "T:possible→ended", "C.tc(1)", "act(T,ended)"])
        #expect(c.received == ["tb(1)", "tc(1)"])
    }

    /// Pins UIKIT-GESTURE-PARTICIPANTS.
    @Test func windowRecognizersParticipate() throws {
        let h = Harness()
        let tap = UITapGestureRecognizer(); tap.name = "W"; tap.addHandler { _ in }
        h.window.addGestureRecognizer(tap)
        h.add(TouchView(0, 0, 100, 100), "C")
        try h.tap(1, 50, 50, at: 0)
        #expect(h.log().contains("act(W,ended)"))
    }

    /// Pins UIKIT-GESTURE-ONE-VIEW.
    @Test func s53_recognizerMovedToASecondView() throws {
        let h = Harness()
        let a = h.add(TouchView(0, 0, 200, 800), "A")
        let b = h.add(TouchView(200, 0, 200, 800), "B")
        let g = UITapGestureRecognizer(); g.name = "g"
        var fired = 0
        g.addHandler { _ in fired += 1 }
        a.addGestureRecognizer(g)
        b.addGestureRecognizer(g)
        #expect(h.log(diagnostics: true) == ["note: g moved from A to B: a recognizer belongs to one view"])
        #expect(a.gestureRecognizers == nil)
        #expect(g.view === b)
        try h.tap(1, 100, 100, at: 0)
        #expect(fired == 0)
        try h.tap(2, 300, 100, at: 1000)
        #expect(fired == 1)
    }

    /// Pins UIKIT-RELATION-EXCLUSIVE.
    @Test func simultaneousRecognitionThroughEitherDelegate() throws {
        for side in [0, 1] {
            let h = Harness()
            let v = h.add(TouchView(0, 0, 400, 800), "V")
            v.isMultipleTouchEnabled = true
            let pinch = UIPinchGestureRecognizer(); pinch.name = "PI"; pinch.addHandler { _ in }
            let rotation = UIRotationGestureRecognizer(); rotation.name = "RO"; rotation.addHandler { _ in }
            let delegate = Delegate(); delegate.simultaneous = true
            (side == 0 ? pinch : rotation).delegate = delegate
            v.addGestureRecognizer(pinch)
            v.addGestureRecognizer(rotation)
            try h.frame([(.down, 1, 150, 400), (.down, 2, 250, 400)], at: 0)
            for step in 1...10 {
                let angle = CGFloat(step) * 0.08, radius = 50 + CGFloat(step) * 3
                try h.frame([(.move, 1, 200 - radius * cos(angle), 400 - radius * sin(angle)),
                             (.move, 2, 200 + radius * cos(angle), 400 + radius * sin(angle))], at: Double(step) * 16)
            }
            let log = h.log()
            #expect(log.contains("act(PI,began)") && log.contains("act(RO,began)"), "side \(side)")
        }
    }

    /// Pins UIKIT-RELATION-REQUIRE-FAILURE.
    @Test func delegateShouldRequireFailureOfMakesADynamicRequirement() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        let pan = UIPanGestureRecognizer(); pan.name = "P"; pan.addHandler { _ in }
        let swipe = UISwipeGestureRecognizer(); swipe.name = "SW"; swipe.addHandler { _ in }
        let delegate = Delegate(); delegate.requireFailureOf = swipe
        pan.delegate = delegate
        v.addGestureRecognizer(pan)
        v.addGestureRecognizer(swipe)
        try h.down(1, 100, 300, at: 0)
        try h.move(1, 100, 330, at: 30)
        #expect(h.log(diagnostics: true).contains("P waits [waiting for failure of SW]"))
        try h.move(1, 100, 360, at: 40)
        let log = h.log()
        #expect(log.contains { $0.hasPrefix("SW:possible→failed") })
        #expect(log.contains("P:possible→began"), "the pan begins as soon as the swipe fails")
    }

    /// Pins UIKIT-RELATION-REQUIRE-FAILURE.
    @Test func swipeRecognizingFailsAWaitingPan() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        let pan = UIPanGestureRecognizer(); pan.name = "P"
        let swipe = UISwipeGestureRecognizer(); swipe.name = "SW"
        pan.require(toFail: swipe)
        v.addGestureRecognizer(pan)
        v.addGestureRecognizer(swipe)
        try h.down(1, 100, 300, at: 0)
        try h.move(1, 120, 300, at: 20)
        try h.move(1, 170, 300, at: 40)
        #expect(h.log(only: "P:", "SW:") == ["SW:possible→ended", "P:possible→failed [required SW to fail, but it recognized]"])
    }

    /// Subclass hooks canPrevent / canBePrevented make one-way relations.
    /// Pins UIKIT-RELATION-CAN-PREVENT.
    @Test func canBePreventedMakesOneWayRelations() throws {
        final class Unpreventable: UIPinchGestureRecognizer {
            override func canBePrevented(by g: UIGestureRecognizer) -> Bool { false }
        }
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        v.isMultipleTouchEnabled = true
        let rotation = UIRotationGestureRecognizer(); rotation.name = "RO"
        let pinch = Unpreventable(); pinch.name = "PI"
        v.addGestureRecognizer(rotation)
        v.addGestureRecognizer(pinch)
        try h.frame([(.down, 1, 150, 400), (.down, 2, 250, 400)], at: 0)
        try h.frame([(.move, 1, 150, 380), (.move, 2, 250, 420)], at: 16)
        try h.frame([(.move, 1, 130, 380), (.move, 2, 270, 420)], at: 32)
        let log = h.log()
        #expect(log.contains("RO:possible→began"))
        #expect(log.contains("PI:possible→began"), "rotation cannot prevent this pinch")
    }

    /// Pins UIKIT-STATE-ACTIONS.
    @Test func targetActionShapesAndRemoval() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        let log = ActionLog()
        let tap = UITapGestureRecognizer(target: log, action: ActionLog.tap)
        tap.name = "T"
        tap.addTarget(log, action: ActionLog.plain)
        var closureCalls = 0
        let handler = tap.addHandler { _ in closureCalls += 1 }
        v.addGestureRecognizer(tap)
        try h.tap(1, 100, 100, at: 0)
        #expect(log.entries == ["T:ended", "plain"])
        #expect(closureCalls == 1)
        tap.removeTarget(log)
        tap.removeHandler(handler)
        try h.tap(2, 100, 100, at: 1000)
        #expect(log.entries == ["T:ended", "plain"])
        #expect(closureCalls == 1)
    }

    /// Pins UIKIT-STATE-ACTIONS.
    @Test func targetsAreHeldWeakly() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        weak var weakLog: ActionLog?
        do {
            let log = ActionLog()
            weakLog = log
            v.addGestureRecognizer(UITapGestureRecognizer(target: log, action: ActionLog.tap))
        }
        #expect(weakLog == nil)
        try h.tap(1, 100, 100, at: 0)
    }
}
