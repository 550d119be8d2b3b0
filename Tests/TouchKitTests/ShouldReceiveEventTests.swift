import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// The delegate's `gestureRecognizer(_:shouldReceive:)` for a whole event (iOS 13.4), asked before the
/// per-touch question, on the manual clock with the exact ordered log.
@Suite struct ShouldReceiveEventTests {
    /// Answers `shouldReceive(event)` true while the event has at most `maximumTouches` touches,
    /// noting every question it is asked.
    final class Delegate: UIGestureRecognizerDelegate {
        var maximumTouches = 1
        var asked: [String] = []
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
            asked.append("event(\(event.allTouches?.count ?? 0))")
            return (event.allTouches?.count ?? 0) <= maximumTouches
        }
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            asked.append("touch(\(touch.identifier))")
            return true
        }
    }

    /// Pins UIKIT-GESTURE-SHOULD-RECEIVE-EVENT.
    @Test func theEventIsAskedOnceBeforeItsTouchesAndFalseHidesThem() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        v.isMultipleTouchEnabled = true
        let pan = UIPanGestureRecognizer(); pan.name = "P"; pan.addHandler { _ in }
        let delegate = Delegate()
        pan.delegate = delegate
        v.addGestureRecognizer(pan)
        // One finger: asked for the event, then for the touch; the pan sees it.
        try h.down(1, 100, 100, at: 0)
        #expect(delegate.asked == ["event(1)", "touch(1)"])
        // Two fingers land in one event of three touches: asked once for the event, which it refuses,
        // so neither new touch is asked about nor reaches the pan; the first one still moves it.
        delegate.asked = []
        try h.frame([(.down, 2, 200, 200), (.down, 3, 300, 300)], at: 20)
        #expect(delegate.asked == ["event(3)"])
        try h.move(1, 160, 100, at: 40)
        try h.up(1, 160, 100, at: 60)
        #expect(h.log(diagnostics: true).filter { !$0.hasPrefix("hit(") && !$0.hasSuffix("[reset]") } == [
            "V.tb(1)",
            "2@P: withheld from recognizer: delegate shouldReceive(event) returned false",
            "3@P: withheld from recognizer: delegate shouldReceive(event) returned false",
            "V.tb(2,3)", "P:possible→began", "V.tc(1)", "act(P,began)", "P:began→ended", "act(P,ended)",
        ])
        #expect(pan.numberOfTouches == 0)
    }

    /// The question has UIKit's signature, beside the per-touch one (a line that compiles only then).
    @Test func theEventQuestionHasUIKitsSignature() {
        let delegate: any UIGestureRecognizerDelegate = Delegate()
        let ask: (UIGestureRecognizer, UIEvent) -> Bool = delegate.gestureRecognizer(_:shouldReceive:)
        let askTouch: (UIGestureRecognizer, UITouch) -> Bool = delegate.gestureRecognizer(_:shouldReceive:)
        #expect((delegate as? Delegate)?.asked == [])
        _ = (ask, askTouch)
    }
}
