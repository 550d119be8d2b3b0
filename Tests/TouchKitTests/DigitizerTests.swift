import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Bad input is rejected with a typed error and nothing of the frame is applied (issue: digitizer).
@Suite struct DigitizerTests {
    private func change(_ phase: PointerChange.Phase, _ id: Int, _ x: CGFloat = 10, _ y: CGFloat = 10, t: Double) -> PointerChange {
        PointerChange(pointerID: id, phase: phase, location: CGPoint(x: x, y: y), timestamp: t)
    }

    @Test func rejectsBadFramesAtomically() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        try h.down(1, 10, 10, at: 0)
        let cases: [([PointerChange], InputError)] = [
            ([change(.move, 9, t: 1)], .unknownPointer(9)),
            ([change(.up, 9, t: 1)], .unknownPointer(9)),
            ([change(.move, 1, 20, 20, t: 1), change(.down, 1, t: 1)], .pointerAlreadyDown(1)),
            ([change(.move, 1, 20, 20, t: 1), change(.move, 1, .nan, 3, t: 1)], .nonFiniteValue(pointer: 1)),
            ([change(.move, 1, .infinity, 3, t: 1)], .nonFiniteValue(pointer: 1)),
            ([change(.move, 1, 20, 20, t: 0.01), change(.move, 1, 30, 30, t: -1)], .timeWentBackwards(previous: 0, got: -1)),
            ([change(.move, 1, 20, 20, t: .nan)], .nonFiniteTimestamp),
            ([PointerChange(pointerID: 1, phase: .move, location: .zero, timestamp: 1, pressure: -1)], .negativeValue(pointer: 1)),
        ]
        for (frame, expected) in cases {
            #expect(throws: expected) { try h.app.digitizer.process(frame) }
        }
        #expect(v.received == ["tb(1)"], "no rejected frame delivered anything")
        #expect(h.app.digitizer.activeTouches.map(\.pointerID) == [1])
        #expect(h.app.digitizer.activeTouches[0].location(in: nil) == CGPoint(x: 10, y: 10))
    }

    @Test func rejectsMoreTouchesThanConfigured() throws {
        let h = Harness()
        h.app.digitizer.configuration.maximumTouches = 2
        try h.frame([(.down, 1, 10, 10), (.down, 2, 20, 20)], at: 0)
        #expect(throws: InputError.tooManyTouches(limit: 2)) { try h.down(3, 30, 30, at: 10) }
        #expect(h.app.digitizer.activeTouches.count == 2)
    }

    @Test func timeGoingBackwardsAcrossFramesIsRejected() throws {
        let h = Harness()
        try h.down(1, 10, 10, at: 100)
        #expect(throws: InputError.timeWentBackwards(previous: 0.1, got: 0.05)) { try h.move(1, 12, 10, at: 50) }
        #expect(throws: InputError.timeWentBackwards(previous: 0.1, got: 0.05)) { try h.advance(to: 50) }
    }

    /// Pins UIKIT-TOUCH-PHASES.
    @Test func coalescedMovesMergeAndDownUpInOneFrameSplits() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        try h.frame([(.down, 1, 10, 10), (.move, 1, 20, 10), (.move, 1, 30, 10), (.up, 1, 30, 10)], at: 0)
        #expect(v.received == ["tb(1)", "tm(1)", "te(1)"], "down | move+move (coalesced) | up")
    }

    /// The event of merged moves is as late as its latest sample, even when a client sent the pointer's
    /// samples out of order: the clock does not go back behind a sample it has seen (found by
    /// `DigitizerPropertyTests`' oracle).
    /// Pins UIKIT-TOUCH-COALESCED.
    @Test func mergedMovesTakeTheEventToTheirLatestSample() throws {
        final class Times: TouchView {
            var times: [TimeInterval] = []
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                times.append(event?.timestamp ?? -1)
                super.touchesMoved(touches, with: event)
            }
        }
        let h = Harness()
        let v = h.add(Times(0, 0, 400, 800), "V")
        try h.down(1, 10, 10, at: 0)
        try h.app.digitizer.process([
            PointerChange(pointerID: 1, phase: .move, location: CGPoint(x: 20, y: 10), timestamp: 0.2),
            PointerChange(pointerID: 1, phase: .move, location: CGPoint(x: 30, y: 10), timestamp: 0.1),
        ])
        #expect(v.times == [0.2])
        #expect(h.app.currentTime == 0.2)
        #expect(throws: InputError.timeWentBackwards(previous: 0.2, got: 0.15)) {
            try h.app.digitizer.process([PointerChange(pointerID: 1, phase: .move, location: CGPoint(x: 40, y: 10), timestamp: 0.15)])
        }
    }

    /// Pins UIKIT-EVENT-SEQUENCE.
    @Test func sequenceEndsWithTheLastFinger() throws {
        final class Events: TouchView {
            var events: [ObjectIdentifier] = []
            override func touchesBegan(_ t: Set<UITouch>, with e: UIEvent?) { events.append(ObjectIdentifier(e!)) }
        }
        let h = Harness()
        let v = h.add(Events(0, 0, 400, 800), "V")
        v.isMultipleTouchEnabled = true
        try h.down(1, 10, 10, at: 0)
        try h.down(2, 50, 50, at: 10)
        #expect(h.app.digitizer.activeTouches.count == 2)
        try h.frame([(.up, 1, 10, 10), (.up, 2, 50, 50)], at: 20)
        #expect(h.app.digitizer.activeTouches.isEmpty)
        #expect(Set(v.events).count == 1, "one UIEvent object represents the touch sequence")
    }

    /// Pins UIKIT-CANCEL-SYSTEM.
    @Test func cancelAllTouchesEndsEveryLiveTouch() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        v.isMultipleTouchEnabled = true
        try h.frame([(.down, 1, 10, 10), (.down, 2, 50, 50)], at: 0)
        try h.app.digitizer.cancelAllTouches(at: 0.1)
        #expect(v.received == ["tb(1,2)", "tc(1,2)"])
        #expect(h.app.digitizer.activeTouches.isEmpty)
    }

    @Test func sameInputGivesTheSameLog() throws {
        func run() throws -> [String] {
            let h = Harness()
            let v = h.add(TouchView(0, 0, 400, 800), "V")
            v.addGestureRecognizer(UITapGestureRecognizer())
            v.addGestureRecognizer(UIPanGestureRecognizer())
            try h.tap(1, 100, 100, at: 0)
            try h.down(2, 100, 100, at: 500)
            try h.move(2, 150, 100, at: 550)
            try h.up(2, 150, 100, at: 600)
            return h.log(diagnostics: true)
        }
        #expect(try run() == run())
    }
}
