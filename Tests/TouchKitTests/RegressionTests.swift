import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Example-based regressions for engine bugs the property tests (Tests/TouchKitPropertyTests) found.
/// Each test names the invariant that broke and the shrunk case it came from.
@Suite struct RegressionTests {
    /// Invariant "allTouches": a touch a view receives belongs to the event it comes with (UIKIT-EVENT-SEQUENCE).
    /// A `touchesEnded` withheld by a double tap and released in a later dispatch (here: when a second
    /// finger lands far away and fails the double tap) came with an event that no longer held the
    /// touch, so `touches(for: self)`-style "last finger lifted" checks went wrong.
    @Test func releasedTouchesEndedBelongsToItsEvent() throws {
        final class Checking: TouchView {
            var belonged: [Bool] = []
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
                super.touchesEnded(touches, with: event)
                belonged.append(touches.isSubset(of: event?.allTouches ?? []) && touches.isSubset(of: event?.touches(for: self) ?? []))
            }
        }
        let h = Harness()
        let v = h.add(Checking(0, 0, 400, 800), "V")
        let double = UITapGestureRecognizer()
        double.name = "DT"
        double.numberOfTapsRequired = 2
        double.addHandler { _ in }
        v.addGestureRecognizer(double)
        try h.tap(1, 100, 100, at: 0)
        #expect(v.received == ["tb(1)"], "touchesEnded is withheld while the double tap is undecided")
        try h.down(2, 300, 700, at: 150)
        #expect(h.log().contains("DT:possible→failed [tap landed 632.5 pt from the first tap > allowableMovement 45.0 pt]"))
        #expect(v.received == ["tb(1)", "te(1)", "tb(2)"], "the withheld end comes first: finger 1 lifted before finger 2 landed")
        #expect(v.belonged == [true])
    }

    /// Invariants "balance" and "settle": a view removed mid-touch gets `touchesCancelled` while it is
    /// still in its window. Before, the cancellation ran after the view was detached: the ancestors
    /// that got the touch through the responder chain never got `touchesCancelled`, and the view's
    /// recognizers were failed outside any application — not logged, never reset, and dead for good
    /// (still `.failed`) once the view came back.
    /// Pins UIKIT-CANCEL-VIEW-REMOVED.
    @Test func removedViewCancelsThroughTheChainAndResetsItsRecognizers() throws {
        let h = Harness()
        let parent = h.add(TouchView(0, 0, 400, 800), "P")
        let child = h.add(UIView(0, 0, 300, 300), "C", to: parent) // forwards its touches to P
        let swipe = UISwipeGestureRecognizer()
        swipe.name = "SW"
        let actions = ActionLog()
        swipe.addTarget(actions, action: ActionLog.any)
        child.addGestureRecognizer(swipe)

        try h.down(1, 50, 50, at: 0)
        #expect(parent.received == ["tb(1)"])
        child.removeFromSuperview()
        #expect(parent.received == ["tb(1)", "tc(1)"])
        let log = h.log(diagnostics: true)
        #expect(log.contains("C.tc(1)"))
        #expect(log.contains("P.tc(1) via C"))
        #expect(log.contains("SW:possible→failed [its view left the window]"))
        #expect(log.contains("SW:failed→possible [reset]"))
        #expect(swipe.state == .possible)
        try h.up(1, 50, 50, at: 100)
        try h.advance(to: 1000)
        #expect(swipe.state == .possible)

        parent.addSubview(child)
        try h.drag(2, from: CGPoint(x: 50, y: 100), to: CGPoint(x: 200, y: 100), at: 2000, steps: 5)
        #expect(actions.entries == ["SW:ended"], "the swipe works again once its view is back")
    }

    /// Invariant "exclusivity": two recognizers sharing a touch are never both active unless a delegate
    /// allows it (UIKIT-RELATION-EXCLUSIVE). A new touch used to join each recognizer only just before that
    /// recognizer's own `touchesBegan`, so a recognizer fed first could begin with the touch while an
    /// active pan, not yet holding it, neither prevented it nor was cancelled by it: both ended up
    /// active on the same touch. (Shrunk from property case 0xF9902A22734728E2.)
    @Test func activeRecognizerPreventsOneBeginningWithASharedNewTouch() throws {
        /// Begins as soon as it gets touch 2.
        final class BeginsOnSecondTouch: UIGestureRecognizer {
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
                if state == .possible, touches.contains(where: { $0.identifier == 2 }) { state = .began }
            }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
                if state == .began || state == .changed { state = .ended } else { state = .failed }
            }
        }
        let h = Harness()
        let custom = BeginsOnSecondTouch()
        custom.name = "C"
        custom.addHandler { _ in }
        h.window.addGestureRecognizer(custom) // attached first: fed first
        let pan = UIPanGestureRecognizer()
        pan.name = "PAN"
        pan.addHandler { _ in }
        h.window.addGestureRecognizer(pan)

        try h.down(1, 50, 50, at: 0)
        try h.move(1, 50, 90, at: 16)
        #expect(h.log().contains("C:possible→failed [prevented by PAN]"))
        #expect(pan.state == .began)
        try h.down(2, 300, 600, at: 32)
        let log = h.log()
        #expect(log.contains("C:possible→failed [prevented by PAN]"))
        #expect(!log.contains("act(C,began)"))
        #expect(pan.state == .began)
        #expect(custom.state == .possible)
    }
}
