import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Events and touches, which views get which touches, and cancellation (docs/uikit-rules.md):
/// sequences, phases, multiple and exclusive touch, tapCount, cancellation.
@Suite struct MultiTouchTests {
    /// An observer recognizer that never changes state and hides nothing from the view (S09).
    final class Observer: UIGestureRecognizer {
        var seen: [String] = []
        override init() {
            super.init()
            cancelsTouchesInView = false
            delaysTouchesEnded = false
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { seen.append("tb(\(ids(touches)))") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { seen.append("te(\(ids(touches)))") }
        private func ids(_ touches: Set<UITouch>) -> String { touches.map(\.identifier).sorted().map(String.init).joined(separator: ",") }
    }

    /// Pins UIKIT-VIEW-MULTIPLE-TOUCH.
    @Test func s09_singleTouchViewGetsOnlyTheFirstTouchButRecognizersGetAll() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        let g = Observer()
        v.addGestureRecognizer(g)
        try h.down(1, 100, 100, at: 0)
        try h.down(2, 200, 200, at: 10)
        try h.up(2, 200, 200, at: 50)
        try h.up(1, 100, 100, at: 60)
        #expect(v.received == ["tb(1)", "te(1)"])
        #expect(g.seen == ["tb(1)", "tb(2)", "te(2)", "te(1)"])
        #expect(h.log(only: "2@") == ["2@V: not delivered: isMultipleTouchEnabled is false and the view already has a touch"])
    }

    /// Pins UIKIT-VIEW-MULTIPLE-TOUCH.
    @Test func multipleTouchEnabledViewGetsBothTouches() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        v.isMultipleTouchEnabled = true
        try h.frame([(.down, 1, 100, 100), (.down, 2, 200, 200)], at: 0)
        try h.frame([(.move, 1, 110, 100)], at: 16)
        try h.frame([(.up, 1, 110, 100), (.up, 2, 200, 200)], at: 32)
        #expect(v.received == ["tb(1,2)", "tm(1)", "te(1,2)"])
    }

    /// Pins UIKIT-VIEW-EXCLUSIVE-TOUCH.
    @Test func s11_exclusiveTouchBlocksOtherViewsBothWays() throws {
        let h = Harness()
        let a = h.add(TouchView(0, 0, 200, 800), "A")
        a.isExclusiveTouch = true
        let b = h.add(TouchView(200, 0, 200, 800), "B")
        try h.down(1, 100, 100, at: 0)
        try h.down(2, 300, 100, at: 10)
        try h.frame([(.up, 1, 100, 100), (.up, 2, 300, 100)], at: 50)
        #expect(a.received == ["tb(1)", "te(1)"])
        #expect(b.received.isEmpty)
        // The other way round: B is tracking, so exclusive A gets nothing.
        try h.down(3, 300, 100, at: 1000)
        try h.down(4, 100, 100, at: 1010)
        try h.frame([(.up, 3, 300, 100), (.up, 4, 100, 100)], at: 1050)
        #expect(b.received == ["tb(3)", "te(3)"])
        #expect(a.received == ["tb(1)", "te(1)"])
    }

    /// Pins UIKIT-TOUCH-PHASES.
    @Test func stationaryTouchesAreInAllTouchesButNotDelivered() throws {
        final class Inspector: TouchView {
            var phases: [String] = []
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                super.touchesMoved(touches, with: event)
                let all = event?.allTouches?.sorted { $0.identifier < $1.identifier } ?? []
                phases.append(all.map { "\($0.identifier):\($0.phase)" }.joined(separator: " "))
            }
        }
        let h = Harness()
        let v = h.add(Inspector(0, 0, 400, 800), "V")
        v.isMultipleTouchEnabled = true
        try h.frame([(.down, 1, 100, 100), (.down, 2, 200, 200)], at: 0)
        try h.move(2, 210, 200, at: 16)
        #expect(v.received.last == "tm(2)")
        #expect(v.phases == ["1:stationary 2:moved"])
    }

    /// Pins UIKIT-TOUCH-IDENTITY.
    @Test func touchObjectIsStableForTheWholeSequence() throws {
        final class Keeper: TouchView {
            var touches: [UITouch] = []
            override func touchesBegan(_ t: Set<UITouch>, with e: UIEvent?) { touches += t }
            override func touchesMoved(_ t: Set<UITouch>, with e: UIEvent?) { touches += t }
            override func touchesEnded(_ t: Set<UITouch>, with e: UIEvent?) { touches += t }
        }
        let h = Harness()
        let v = h.add(Keeper(0, 0, 400, 800), "V")
        try h.down(1, 10, 10, at: 0)
        try h.move(1, 20, 10, at: 16)
        try h.up(1, 20, 10, at: 32)
        #expect(v.touches.count == 3)
        #expect(v.touches.allSatisfy { $0 === v.touches[0] })
        #expect(v.touches[0].previousLocation(in: v) == CGPoint(x: 20, y: 10))
        #expect(v.touches[0].phase == .ended)
    }

    /// Pins UIKIT-TOUCH-TAP-COUNT.
    @Test func s13_s14_tapCountCountsQuickNearbyTaps() throws {
        final class TapCounter: TouchView {
            var counts: [Int] = []
            override func touchesBegan(_ t: Set<UITouch>, with e: UIEvent?) { counts.append(t.first!.tapCount) }
            override func touchesEnded(_ t: Set<UITouch>, with e: UIEvent?) { counts.append(t.first!.tapCount) }
        }
        let h = Harness()
        let v = h.add(TapCounter(0, 0, 400, 800), "V")
        try h.tap(1, 100, 100, at: 0, duration: 60)
        try h.tap(2, 102, 101, at: 200, duration: 60)
        #expect(v.counts == [1, 1, 2, 2])
        try h.tap(3, 100, 100, at: 900 + 260, duration: 60)
        #expect(v.counts.suffix(2) == [1, 1], "840 ms after the lift is past the 350 ms window")
        try h.tap(4, 200, 200, at: 1300, duration: 60)
        #expect(v.counts.suffix(2) == [1, 1], "too far from the previous tap")
        try h.tap(5, 200, 200, at: 1500, duration: 60)
        try h.tap(6, 200, 200, at: 1700, duration: 60)
        #expect(v.counts.suffix(4) == [2, 2, 3, 3])
    }

    /// Pins UIKIT-CANCEL-SYSTEM.
    @Test func s16_cancelledInputCancelsTheViewsTouches() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 140, 100, at: 80)
        try h.cancel(1, 140, 100, at: 100)
        #expect(v.received == ["tb(1)", "tm(1)", "tc(1)"])
    }

    /// Pins UIKIT-CANCEL-VIEW-REMOVED.
    @Test func s17_viewRemovedFromWindowMidTouchIsCancelled() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        try h.down(1, 100, 100, at: 0)
        v.removeFromSuperview()
        #expect(v.received == ["tb(1)", "tc(1)"])
        try h.move(1, 120, 100, at: 50)
        try h.up(1, 120, 100, at: 60)
        #expect(v.received == ["tb(1)", "tc(1)"])
    }

    /// Source material: "the last finger lifted" via touches(for:).
    /// Pins UIKIT-EVENT-SEQUENCE.
    @Test func lastFingerLiftedViaTouchesForView() throws {
        final class LastFinger: TouchView {
            var lastLifted = 0
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
                if touches.count == event?.touches(for: self)?.count { lastLifted += 1 }
            }
        }
        let h = Harness()
        let v = h.add(LastFinger(0, 0, 400, 800), "V")
        v.isMultipleTouchEnabled = true
        try h.frame([(.down, 1, 100, 100), (.down, 2, 200, 200)], at: 0)
        try h.up(1, 100, 100, at: 50)
        #expect(v.lastLifted == 0)
        try h.up(2, 200, 200, at: 60)
        #expect(v.lastLifted == 1)
    }

    /// Pins UIKIT-EVENT-SEQUENCE.
    @Test func eventTouchesForWindowAndView() throws {
        final class Inspector: TouchView {
            var counts: [Int] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                counts = [event?.allTouches?.count ?? -1, event?.touches(for: self)?.count ?? -1, event?.touches(for: window!)?.count ?? -1]
            }
        }
        let h = Harness()
        let v = h.add(Inspector(0, 0, 200, 800), "V")
        h.add(TouchView(200, 0, 200, 800), "W")
        try h.down(1, 300, 100, at: 0)
        try h.down(2, 100, 100, at: 10)
        #expect(v.counts == [2, 1, 2])
    }

    /// Pins UIKIT-TOUCH-IDENTITY.
    @Test func forceAndRadiusComeFromPressureAndContactSize() throws {
        let h = Harness()
        final class Sensor: TouchView {
            var touch: UITouch?
            override func touchesBegan(_ t: Set<UITouch>, with e: UIEvent?) { touch = t.first }
        }
        let v = h.add(Sensor(0, 0, 400, 800), "V")
        try h.app.digitizer.process([PointerChange(pointerID: 7, phase: .down, location: CGPoint(x: 5, y: 5), timestamp: 0,
                                                   pressure: 0.5, contactSize: CGSize(width: 20, height: 30), type: .pencil)])
        let touch = try #require(v.touch)
        #expect(touch.force == 1.0)
        #expect(abs(touch.maximumPossibleForce - 20.0 / 3.0) < 1e-9)
        #expect(touch.majorRadius == 15)
        #expect(touch.type == .pencil)
        #expect(touch.view === v)
        #expect(touch.window === h.window)
    }
}
