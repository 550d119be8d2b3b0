import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// What the arena remembers about a recognizer lasts one attempt, and "recognized in this turn" one
/// turn: a recognizer that recognized in an earlier gesture takes part in the next one undecided
/// (UIKIT-RELATION-EXCLUSIVE, UIKIT-RELATION-REQUIRE-FAILURE, UIKIT-STATE-RESET).
@Suite struct ArenaTurnTests {
    /// Begins as its finger lands and ends when it lifts (a "touch down" recognizer).
    final class TouchDown: UIGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .began }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { state = .ended }
    }

    /// A tap on `V` (attached first, so fed first) and a touch-down recognizer; the touch-down one is
    /// off for the first gesture, so the tap recognizes alone.
    private func tapThenTouchDown() throws -> (Harness, UITapGestureRecognizer, TouchDown) {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        let tap = UITapGestureRecognizer(); tap.name = "T"; tap.addHandler { _ in }
        let down = TouchDown(); down.name = "D"; down.addHandler { _ in }
        v.addGestureRecognizer(tap)
        v.addGestureRecognizer(down)
        down.isEnabled = false
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log(only: "T:") == ["T:possible→ended"])
        down.isEnabled = true
        return (h, tap, down)
    }

    /// The tap that recognized in the first gesture does not prevent anything in the second: the
    /// touch-down recognizer begins when the next finger lands, and fails the undecided tap.
    @Test func aRecognitionInAnEarlierGesturePreventsNothingInTheNext() throws {
        let (h, tap, down) = try tapThenTouchDown()
        try h.down(2, 100, 100, at: 1000)
        #expect(h.log(only: "T:", "D:") == ["D:possible→began", "T:possible→failed [prevented by D]"])
        #expect(down.state == .began)
        #expect(tap.state == .possible, "failed, then reset")
    }

    /// Nor does it make a recognizer that requires it to fail give up: the touch-down recognizer waits
    /// for the undecided tap, and begins once the tap fails.
    @Test func aRecognitionInAnEarlierGestureFailsNoLaterRequirement() throws {
        let (h, tap, down) = try tapThenTouchDown()
        down.require(toFail: tap)
        try h.down(2, 100, 100, at: 1000)
        #expect(h.log(only: "D") == ["D waits [waiting for failure of T]"])
        try h.advance(to: 2000)
        #expect(h.log(only: "T:", "D:") == ["T:possible→failed [held longer than maximumTapDuration 750 ms]", "D:possible→began"])
    }
}
