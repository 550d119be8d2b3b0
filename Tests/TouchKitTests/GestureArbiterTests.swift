import Foundation
import Testing
@testable import TouchKit

/// Arbitration on its own (`GestureArbiter`), against stub recognizers that do nothing but ask for
/// the transitions a test scripts — in the manner of Flutter's gesture-arena tests. No digitizer,
/// hit-testing or view delivery takes part: the stubs join the arena directly and share touches the
/// test makes.
@Suite struct GestureArbiterTests {
    /// A recognizer with no touch logic: the test sets its state, its relationships and what it
    /// answers to the subclass hooks.
    final class Stub: UIGestureRecognizer {
        var preventsOthers = true
        var preventable = true
        var waitsFor: [UIGestureRecognizer] = []
        override func canPrevent(_ other: UIGestureRecognizer) -> Bool { preventsOthers }
        override func canBePrevented(by other: UIGestureRecognizer) -> Bool { preventable }
        override func shouldRequireFailure(of other: UIGestureRecognizer) -> Bool { waitsFor.contains { $0 === other } }
    }

    final class Delegate: UIGestureRecognizerDelegate {
        var shouldBegin = true
        var simultaneous = false
        var asked: [String] = []
        func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {
            asked.append("shouldBegin \(g.name ?? "?")")
            return shouldBegin
        }
        func gestureRecognizer(_ g: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith o: UIGestureRecognizer) -> Bool { simultaneous }
    }

    /// An application whose arena the stubs join, and touches for them to share.
    struct Arena {
        let app = UIApplication()
        var arbiter: GestureArbiter { app.gestureEnvironment.arbiter }
        private var nextTouch = 1

        /// A stub named `name` that tracks `touches` and takes part in the arena.
        func stub(_ name: String, tracking touches: [UITouch], actions: Bool = true) -> Stub {
            let stub = Stub()
            stub.name = name
            if actions { stub.addHandler { _ in } }
            stub.trackedTouches = touches
            arbiter.join(stub)
            return stub
        }

        mutating func touch() -> UITouch {
            defer { nextTouch += 1 }
            return UITouch(identifier: nextTouch, pointerID: nextTouch, sequence: 1, location: .zero, timestamp: 0,
                           tapCount: 1, type: .direct, force: 0, maximumPossibleForce: 0, majorRadius: 0, majorRadiusTolerance: 0)
        }

        /// Runs `body` as one turn: the arbiter's decisions are made at once, their actions and
        /// resets wait for the end of the turn (as during a dispatch).
        func turn(_ body: () -> Void) { app.performTurn(body) }

        /// The transitions and waits logged since the last call, in the log's notation.
        func log() -> [String] {
            app.drainTrace().compactMap { event in
                switch event {
                case .transition, .waiting, .action: event.notation
                default: nil
                }
            }
        }
    }

    // MARK: Exclusivity

    @Test func aRecognizerThatBeginsFailsTheUndecidedSharingItsTouch() {
        var arena = Arena()
        let touch = arena.touch()
        let a = arena.stub("A", tracking: [touch]), b = arena.stub("B", tracking: [touch])
        arena.turn {
            a.state = .began
            #expect(a.state == .began)
            #expect(b.state == .failed)
            #expect(arena.arbiter.pendingActions.map { "\($0.recognizer.name!):\($0.state)" } == ["A:began"])
        }
        #expect(arena.log() == ["A:possible→began", "B:possible→failed [prevented by A]", "act(A,began)", "B:failed→possible [reset]"])
    }

    @Test func anActiveRecognizerPreventsOneThatJoinsLaterAndAsksToBegin() {
        var arena = Arena()
        let touch = arena.touch()
        let a = arena.stub("A", tracking: [touch])
        arena.turn {
            a.state = .began
            let b = arena.stub("B", tracking: [touch])
            b.state = .began
            #expect(b.state == .failed)
            #expect(a.state == .began)
        }
        #expect(arena.log().contains("B:possible→failed [prevented by A]"))
    }

    @Test func recognizingFailsTheUndecidedAndCancelsTheActiveWhoShareATouch() {
        var arena = Arena()
        let touch = arena.touch()
        let a = arena.stub("A", tracking: [touch]), b = arena.stub("B", tracking: [touch])
        arena.turn {
            b.state = .ended
            #expect(b.state == .ended)
            #expect(a.state == .failed, "A was undecided and shares the touch")
        }
        #expect(b.state == .possible && a.state == .possible, "both reset at the end of the turn")
        #expect(arena.arbiter.participants.isEmpty, "reset recognizers without touches leave the arena")
    }

    @Test func recognizersWithoutASharedTouchDoNotPreventEachOther() {
        var arena = Arena()
        let a = arena.stub("A", tracking: [arena.touch()]), b = arena.stub("B", tracking: [arena.touch()])
        arena.turn {
            a.state = .began
            b.state = .began
            #expect(a.state == .began && b.state == .began)
        }
    }

    @Test func eitherDelegateAllowsSimultaneousRecognition() {
        for side in ["winner", "loser"] {
            var arena = Arena()
            let touch = arena.touch()
            let a = arena.stub("A", tracking: [touch]), b = arena.stub("B", tracking: [touch])
            let delegate = Delegate()
            delegate.simultaneous = true
            (side == "winner" ? a : b).delegate = delegate
            arena.turn {
                a.state = .began
                b.state = .began
                #expect(a.state == .began && b.state == .began, "delegate of the \(side)")
            }
        }
    }

    @Test func canPreventAndCanBePreventedMustBothAgree() {
        for (prevents, preventable) in [(false, true), (true, false)] {
            var arena = Arena()
            let touch = arena.touch()
            let a = arena.stub("A", tracking: [touch]), b = arena.stub("B", tracking: [touch])
            a.preventsOthers = prevents
            b.preventable = preventable
            arena.turn {
                a.state = .began
                b.state = .began
                #expect(b.state == .began, "canPrevent \(prevents), canBePrevented \(preventable)")
            }
        }
    }

    // MARK: Failure requirements

    @Test func aRecognizerWaitsForItsRequirementToFailThenRecognizes() {
        var arena = Arena()
        let touch = arena.touch()
        let single = arena.stub("S", tracking: [touch]), double = arena.stub("D", tracking: [touch])
        single.require(toFail: double)
        _ = arena.log()
        arena.turn {
            single.state = .ended
            #expect(single.state == .possible, "waits while D is undecided")
            #expect(arena.arbiter.pendingState(of: single) == .ended)
            #expect(arena.arbiter.pendingActions.isEmpty)
            double.state = .failed
            #expect(single.state == .ended, "D failed: S recognizes in the same turn")
        }
        #expect(arena.log() == [
            "S waits [waiting for failure of D]",
            "D:possible→failed [state set to failed by Stub]",
            "S:possible→ended",
            "act(S,ended)",
            "D:failed→possible [reset]",
            "S:ended→possible [reset]",
        ])
    }

    @Test func aRecognizerFailsWhenItsRequirementRecognizes() {
        var arena = Arena()
        let touch = arena.touch()
        let single = arena.stub("S", tracking: [touch]), double = arena.stub("D", tracking: [touch])
        double.preventsOthers = false
        single.require(toFail: double)
        arena.turn {
            single.state = .ended
            double.state = .ended
            #expect(double.state == .ended)
            #expect(single.state == .failed)
        }
        #expect(arena.log().contains("S:possible→failed [required D to fail, but it recognized]"))
    }

    @Test func requirementsFromSubclassHooksCountLikeRequireToFail() {
        var arena = Arena()
        let touch = arena.touch()
        let a = arena.stub("A", tracking: [touch]), b = arena.stub("B", tracking: [touch])
        a.waitsFor = [b]
        arena.turn {
            a.state = .began
            #expect(a.state == .possible && arena.arbiter.pendingState(of: a) == .began)
            b.state = .failed
            #expect(a.state == .began)
        }
    }

    @Test func aRequirementThatTakesNoPartDoesNotHoldARecognizerBack() {
        var arena = Arena()
        let a = arena.stub("A", tracking: [arena.touch()])
        let idle = Stub()
        a.require(toFail: idle)
        arena.turn {
            a.state = .began
            #expect(a.state == .began, "the required recognizer has no touches: it is not undecided")
        }
    }

    // MARK: shouldBegin

    @Test func delegateShouldBeginFalseFailsTheRecognizer() {
        var arena = Arena()
        let a = arena.stub("A", tracking: [arena.touch()])
        let delegate = Delegate()
        delegate.shouldBegin = false
        a.delegate = delegate
        arena.turn { a.state = .began }
        #expect(delegate.asked == ["shouldBegin A"])
        #expect(arena.log().contains("A:possible→failed [delegate gestureRecognizerShouldBegin returned false]"))
    }

    @Test func shouldBeginIsAskedOnlyOnceTheRequirementsAreSettled() {
        var arena = Arena()
        let touch = arena.touch()
        let a = arena.stub("A", tracking: [touch]), b = arena.stub("B", tracking: [touch])
        let delegate = Delegate()
        a.delegate = delegate
        a.require(toFail: b)
        arena.turn {
            a.state = .began
            #expect(delegate.asked.isEmpty, "still waiting for B")
            b.state = .failed
            #expect(delegate.asked == ["shouldBegin A"])
        }
    }

    // MARK: Actions and resets

    @Test func actionsAreQueuedInTransitionOrderAndTakenOnce() {
        var arena = Arena()
        let a = arena.stub("A", tracking: [arena.touch()]), b = arena.stub("B", tracking: [arena.touch()])
        arena.turn {
            a.state = .began
            b.state = .began
            a.state = .changed
            b.state = .cancelled
            var taken: [String] = []
            while let (recognizer, state) = arena.arbiter.nextAction() { taken.append("\(recognizer.name!):\(state)") }
            #expect(taken == ["A:began", "B:began", "A:changed", "B:cancelled"])
            #expect(arena.arbiter.nextAction() == nil)
            #expect(arena.arbiter.pendingResets.map(\.name) == ["B"], "only the terminal one resets")
        }
    }

    @Test func aFailureFromPossibleSendsNoActionButAFailureAfterBeganDoes() {
        var arena = Arena()
        let a = arena.stub("A", tracking: [arena.touch()]), b = arena.stub("B", tracking: [arena.touch()])
        arena.turn {
            a.state = .failed
            b.state = .began
            b.state = .failed
            #expect(arena.arbiter.pendingActions.map { "\($0.recognizer.name!):\($0.state)" } == ["B:began", "B:failed"])
        }
    }

    @Test func illegalTransitionsAreIgnored() {
        var arena = Arena()
        let a = arena.stub("A", tracking: [arena.touch()])
        arena.turn {
            a.state = .changed
            #expect(a.state == .possible)
        }
        #expect(arena.arbiter.pendingActions.isEmpty)
    }

    @Test func reasonsAreNotPutIntoWordsWhileTheLogIsOff() {
        var arena = Arena()
        arena.app.isTracing = false
        let touch = arena.touch()
        let single = arena.stub("S", tracking: [touch]), double = arena.stub("D", tracking: [touch])
        single.require(toFail: double)
        arena.turn {
            single.setState(.ended, reason: "tapped")
            #expect(arena.arbiter.pendingState(of: single) == .ended)
            #expect(single.participation.pendingReason == nil, "waits, without a reason while the log is off")
            double.state = .failed
            #expect(single.state == .ended)
        }
        #expect(arena.app.drainTrace().isEmpty)
    }
}
