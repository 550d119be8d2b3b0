import Foundation
import Testing
@testable import TouchKit
import TouchKitTestSupport

/// The arena visits its lists with their elements borrowed (`Array.forEachBorrowed`), which is only
/// sound while the list visited keeps them alive. These pin the helpers, and app code that drops
/// recognizers from inside the arena's calls — the case a borrowed element of a live list would not
/// survive (run under the address sanitizer, docs/testing.md).
@Suite struct BorrowedListTests {
    final class Box {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test func visitsEveryElementInOrderAndFindsTheFirstMatch() {
        let list = [Box(1), Box(2), Box(3), Box(2)]
        var visited: [Int] = []
        list.forEachBorrowed { visited.append($0.number) }
        #expect(visited == [1, 2, 3, 2])
        #expect(list.firstIndexBorrowed { $0.number == 2 } == 1)
        #expect(list.firstIndexBorrowed { $0.number == 9 } == nil)
        #expect(list.borrowing(2) { $0.number } == 3)
    }

    @Test func anUncountedLinkRecordsOnlyWhileTheLogRecords() {
        let application = UIApplication()
        let link = UncountedLink(application)
        #expect(link.links(to: application) && !link.links(to: UIApplication()))
        var built = 0
        func event() -> TraceEvent {
            built += 1
            return .note("n")
        }
        application.isTracing = false
        link.record(event())
        application.isTracing = true
        link.record(event())
        #expect(built == 1, "the event is built only while the log records")
        #expect(application.drainTrace().count == 1)
    }

    /// Removes every recognizer but its own from the view when asked about a failure requirement,
    /// so the arena's lists outlive the recognizers' last other owner.
    final class Dropper: UIGestureRecognizerDelegate {
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldRequireFailureOf o: UIGestureRecognizer) -> Bool {
            for other in g.view?.gestureRecognizers ?? [] where other !== g { g.view?.removeGestureRecognizer(other) }
            return false
        }
    }

    /// A tap whose delegate removes the view's other recognizers while the arena asks it about them:
    /// they fail (removed from their view) and the tap still recognizes.
    @Test func recognizersDroppedWhileTheArenaAsksAboutThemFailAndTheGestureGoesOn() throws {
        let h = Harness()
        let view = h.add(TouchView(0, 0, 400, 800), "V")
        let dropper = Dropper()
        let tap = UITapGestureRecognizer(); tap.name = "T"; tap.addHandler { _ in }
        tap.delegate = dropper
        view.addGestureRecognizer(tap)
        for name in ["P", "L"] {
            let other: UIGestureRecognizer = name == "P" ? UIPanGestureRecognizer() : UILongPressGestureRecognizer()
            other.name = name
            view.addGestureRecognizer(other)
        }
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log() == ["V.tb(1)", "P:possible→failed [removed from its view]", "L:possible→failed [removed from its view]",
                            "T:possible→ended", "V.tc(1)", "act(T,ended)"])
        #expect(view.gestureRecognizers?.map(\.name) == ["T"])
    }

    /// A recognizer that removes itself from its view in its own `touchesBegan` (the view held the
    /// last reference besides the arena's): it fails, and the next touch goes on without it.
    @Test func aRecognizerRemovingItselfMidDispatchFails() throws {
        final class Quitter: UIGestureRecognizer {
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
                view?.removeGestureRecognizer(self)
            }
        }
        let h = Harness()
        let view = h.add(TouchView(0, 0, 400, 800), "V")
        weak var quitter: Quitter?
        do {
            let recognizer = Quitter(); recognizer.name = "Q"
            view.addGestureRecognizer(recognizer)
            quitter = recognizer
        }
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log() == ["Q:possible→failed [removed from its view]", "V.tb(1)", "V.te(1)"])
        try h.tap(2, 100, 100, at: 1000)
        #expect(quitter == nil, "nothing keeps the removed recognizer once the gesture is over")
        #expect(view.received == ["tb(1)", "te(1)", "tb(2)", "te(2)"])
    }
}
