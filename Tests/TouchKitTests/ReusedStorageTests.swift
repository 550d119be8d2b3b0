import Foundation
import Testing
import TouchKitTestSupport
@testable import TouchKit

/// The per-gesture storage the engine reuses instead of allocating: recognizers' start-point tables,
/// the one-touch `Set` handed to recognizers and views, and a touch's gathered recognizers shared
/// with its view. Each must behave exactly as the fresh value it replaces.
@Suite struct ReusedStorageTests {
    private func touch(_ identifier: Int) -> UITouch {
        UITouch(identifier: identifier, pointerID: identifier, sequence: 1, location: .zero, timestamp: 0,
                tapCount: 1, type: .direct, force: 0, maximumPossibleForce: 0, majorRadius: 0, majorRadiusTolerance: 0)
    }

    // MARK: TouchStartPoints

    @Test func startPointsBehaveAsTheDictionaryTheyReplace() {
        var points = TouchStartPoints()
        #expect(points[1] == nil)
        points[1] = CGPoint(x: 1, y: 1)
        points[2] = CGPoint(x: 2, y: 2)
        #expect(points[1] == CGPoint(x: 1, y: 1) && points[2] == CGPoint(x: 2, y: 2))
        points[1] = CGPoint(x: 5, y: 5)
        #expect(points[1] == CGPoint(x: 5, y: 5), "a later point replaces the earlier one")
        points[1] = nil
        #expect(points[1] == nil && points[2] == CGPoint(x: 2, y: 2), "nil removes one touch, not the others")
        points[1] = nil
        #expect(points[2] == CGPoint(x: 2, y: 2), "removing an absent touch changes nothing")
    }

    @Test func startPointsForgetEveryTouchOnRemoveAll() {
        var points = TouchStartPoints()
        points[1] = CGPoint(x: 1, y: 1)
        points[2] = CGPoint(x: 2, y: 2)
        points.removeAll()
        #expect(points[1] == nil && points[2] == nil)
        points[2] = CGPoint(x: 3, y: 3)
        #expect(points[2] == CGPoint(x: 3, y: 3) && points[1] == nil, "the next attempt starts empty")
    }

    // MARK: TouchSetCache

    @Test func aNewTouchsSetHoldsOnlyThatTouchAndLeavesAKeptSetAlone() {
        var cache = TouchSetCache()
        let a = touch(1), b = touch(2)
        let kept = cache.set(of: a)
        #expect(cache.set(of: a) == kept, "the same touch gets the same set")
        let next = cache.set(of: b)
        #expect(next == [b], "the reused storage holds the new touch only")
        #expect(kept == [a], "a set a receiver kept does not change")
        _ = cache.set(of: [a, b])
        #expect(cache.set(of: a) == [a], "a one-touch set after a set of several")
        #expect(cache.set(of: [b]) == [b], "a list of one touch gets that touch's set")
        #expect(cache.set(of: [a, b]) == [a, b] && cache.set(of: [b, a]) == [a, b])
    }

    // MARK: The touch event's list

    @Test func theTouchEventHoldsACopyOfTheTouchesItIsGiven() {
        let app = UIApplication()
        let event = UIEvent(touchesOwnedBy: app)
        let a = touch(1), b = touch(2)
        var live = [a]
        event.holdTouches(live)
        event.holdTouches(live)
        #expect(event.orderedTouches == [a])
        live.append(b)
        #expect(event.orderedTouches == [a], "the digitizer's later changes do not reach the event")
        event.holdTouches(live)
        #expect(event.orderedTouches == [a, b])
        event.holdTouches([b])
        #expect(event.orderedTouches == [b])
        event.holdTouches([])
        #expect(event.orderedTouches.isEmpty)
    }

    // MARK: Gathered recognizers

    @Test func aTouchGathersItsViewsRecognizersAsAListOfItsOwn() throws {
        let harness = Harness()
        let tap = UITapGestureRecognizer(), pan = UIPanGestureRecognizer()
        let view = harness.viewWith(tap, named: "tap")
        view.addGestureRecognizer(pan)
        try harness.down(1, 10, 10, at: 0)
        let touch = try #require(harness.app.digitizer.activeTouches.first)
        #expect(touch.gestureRecognizers == [tap, pan])
        view.addGestureRecognizer(UILongPressGestureRecognizer())
        view.removeGestureRecognizer(tap)
        #expect(touch.gestureRecognizers == [tap, pan], "the view's later changes do not reach the touch")
        #expect(view.gestureRecognizers?.count == 2 && view.gestureRecognizers?.first === pan)
    }

    @Test func aTouchLeavesOutDisabledRecognizersAndGathersEveryViewUpTheChain() throws {
        let harness = Harness()
        let outer = UITapGestureRecognizer(), disabled = UIPanGestureRecognizer(), inner = UIPanGestureRecognizer()
        let parent = harness.viewWith(outer, named: "outer")
        parent.addGestureRecognizer(disabled)
        disabled.isEnabled = false
        let child = harness.add(TouchView(0, 0, 100, 100), "child", to: parent)
        child.addGestureRecognizer(inner)
        try harness.down(1, 10, 10, at: 0)
        let touch = try #require(harness.app.digitizer.activeTouches.first)
        #expect(touch.gestureRecognizers == [inner, outer], "deepest view first, the disabled one left out")
        try harness.down(2, 300, 300, at: 10)
        let other = try #require(harness.app.digitizer.activeTouches.last)
        #expect(other.gestureRecognizers == [outer], "only the enabled one of the parent's list")
    }
}
