import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Released withheld phases (UIKIT-DELIVERY-DELAYS-BEGAN, UIKIT-DELIVERY-DELAYS-ENDED): `delaysTouchesBegan` releasing after the finger moved, and
/// withheld phases reaching the view in the order they happened.
@Suite struct WithheldReleaseTests {
    /// Records every call with the touch's location and previous location, as drawing code reads them.
    final class PathView: UIView {
        var calls: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("tb", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("tm", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("te", touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("tc", touches) }
        private func note(_ method: String, _ touches: Set<UITouch>) {
            for touch in touches {
                let p = touch.previousLocation(in: self), l = touch.location(in: self)
                calls.append("\(method) (\(Int(p.x)),\(Int(p.y)))→(\(Int(l.x)),\(Int(l.y)))")
            }
        }
    }

    private func delayedTap(_ h: Harness) -> PathView {
        let v = h.add(PathView(0, 0, 400, 800), "V")
        let tap = UITapGestureRecognizer()
        tap.name = "T"
        tap.delaysTouchesBegan = true
        tap.addHandler { _ in }
        v.addGestureRecognizer(tap)
        return v
    }

    /// Issue: press at (10,10), move to (60,60), the tap fails: the line must start at (10,10).
    /// Pins UIKIT-DELIVERY-DELAYS-BEGAN.
    @Test func aFailedDelayingRecognizerReleasesTheStartThenCatchesUp() throws {
        let h = Harness()
        let v = delayedTap(h)
        try h.down(1, 10, 10, at: 0)
        try h.move(1, 30, 30, at: 16)
        #expect(v.calls.isEmpty)
        try h.move(1, 60, 60, at: 33)
        #expect(h.log(diagnostics: true) == [
            "hit(1) Window>V",
            "1@V: touchesBegan withheld: delaysTouchesBegan of T",
            "T:possible→failed [moved 70.7 pt > allowableMovement 45.0 pt]",
            "T:failed→possible [reset]",
            "V.tb(1)",
            "1@V: touchesBegan released at its start (10, 10), touchesMoved catches up to (60, 60)",
            "V.tm(1)",
        ])
        #expect(v.calls == ["tb (10,10)→(10,10)", "tm (10,10)→(60,60)"])
        try h.move(1, 70, 70, at: 50)
        try h.up(1, 70, 70, at: 66)
        #expect(v.calls.suffix(2) == ["tm (60,60)→(70,70)", "te (70,70)→(70,70)"])
    }

    /// Pins UIKIT-DELIVERY-DELAYS-BEGAN.
    @Test func theEventLogCarriesTheReleasedLocations() throws {
        let h = Harness()
        _ = delayedTap(h)
        try h.down(1, 10, 10, at: 0)
        try h.move(1, 60, 60, at: 33)
        let calls = h.app.drainTrace().compactMap { event -> (String, CGPoint)? in
            guard case .responder(let call) = event else { return nil }
            return (call.method.shortName, call.touches[0].location)
        }
        #expect(calls.map(\.0) == ["tb", "tm"])
        #expect(calls.map(\.1) == [CGPoint(x: 10, y: 10), CGPoint(x: 60, y: 60)])
    }

    /// Pins UIKIT-DELIVERY-DELAYS-BEGAN.
    @Test func aHolderFailingByTimerReleasesTheStartAndTheCurrentPosition() throws {
        let h = Harness()
        let v = h.add(PathView(0, 0, 400, 800), "V")
        let press = UILongPressGestureRecognizer()
        press.name = "LP"
        press.delaysTouchesBegan = true
        press.allowableMovement = 100
        press.numberOfTouchesRequired = 2
        press.addHandler { _ in }
        v.addGestureRecognizer(press)
        try h.down(1, 10, 10, at: 0)
        try h.move(1, 40, 10, at: 100)
        try h.up(1, 40, 10, at: 200)
        #expect(v.calls == ["tb (10,10)→(10,10)", "tm (10,10)→(40,10)", "te (40,10)→(40,10)"])
    }

    /// Pins UIKIT-DELIVERY-DELAYS-BEGAN.
    @Test func aTouchThatDidNotMoveGetsNoCatchUpMove() throws {
        let h = Harness()
        let v = delayedTap(h)
        try h.down(1, 10, 10, at: 0)
        try h.advance(to: 751)
        #expect(v.calls == ["tb (10,10)→(10,10)"])
    }

    /// Issue: a double tap with `cancelsTouchesInView = false` released finger 2's end before finger
    /// 1's, although finger 1 lifted 200 ms earlier.
    /// Pins UIKIT-DELIVERY-DELAYS-ENDED.
    @Test func withheldEndsAreReleasedInTheOrderTheyHappened() throws {
        let h = Harness()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        double.cancelsTouchesInView = false
        let v = h.viewWith(double, named: "DT")
        try h.tap(1, 100, 100, at: 0)
        try h.tap(2, 100, 100, at: 280)
        #expect(h.log() == ["V.tb(1)", "V.tb(2×2)", "DT:possible→ended", "act(DT,ended)", "V.te(1)", "V.te(2×2)"])
        #expect(v.received == ["tb(1)", "tb(2)", "te(1)", "te(2)"])
    }
}
