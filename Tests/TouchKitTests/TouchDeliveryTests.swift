import Foundation
import Testing
@testable import TouchKit
import TouchKitTestSupport

/// View delivery on its own (`TouchDelivery`): which phases views get, against stub recognizers
/// whose decisions the test makes — no digitizer, hit-testing or recognizer touch logic. The test
/// binds touches to views and recognizers itself and hands each dispatch's touches to the delivery.
@Suite struct TouchDeliveryTests {
    /// A recognizer that decides only when the test says so.
    final class Stub: UIGestureRecognizer {}

    /// An application with two views; when the test is over it lets the touches it made go of
    /// their recognizers and views (the digitizer does that for its own touches), so nothing is
    /// left in a cycle.
    final class Scene {
        let app = UIApplication()
        let window: UIWindow
        let left = TouchView(0, 0, 200, 800), right = TouchView(200, 0, 200, 800)
        let event: UIEvent
        var delivery: TouchDelivery { app.gestureEnvironment.delivery }
        private var touches: [UITouch] = []

        init() {
            window = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window.makeKeyAndVisible()
            left.accessibilityIdentifier = "L"
            right.accessibilityIdentifier = "R"
            window.addSubview(left)
            window.addSubview(right)
            event = UIEvent(touchesOwnedBy: app)
            app.gestureEnvironment.delivery.lastEvent = event
        }

        deinit {
            for touch in touches {
                touch.releaseRecognizers()
                touch.letGoOfViews()
            }
        }

        /// A stub on `view` with the given delay flags, in the arena.
        func stub(_ name: String, on view: UIView, delaysBegan: Bool = false, delaysEnded: Bool = false, cancels: Bool = true) -> Stub {
            let stub = Stub()
            stub.name = name
            stub.delaysTouchesBegan = delaysBegan
            stub.delaysTouchesEnded = delaysEnded
            stub.cancelsTouchesInView = cancels
            stub.addHandler { _ in }
            view.addGestureRecognizer(stub)
            return stub
        }

        /// A touch that began on `view` at `point`, gathered by `recognizers` (which track it).
        func touch(_ id: Int, on view: UIView, at point: CGPoint, sequence: Int = 1, recognizers: [Stub] = []) -> UITouch {
            let touch = UITouch(identifier: id, pointerID: id, sequence: sequence, location: point, timestamp: 0,
                                tapCount: 1, type: .direct, force: 0, maximumPossibleForce: 0, majorRadius: 0, majorRadiusTolerance: 0)
            touch.window = window
            touch.view = view
            touch.gather(recognizers)
            touches.append(touch)
            for recognizer in recognizers {
                recognizer.trackedTouches.append(touch)
                app.gestureEnvironment.arbiter.join(recognizer)
            }
            return touch
        }

        /// One dispatch: `touches` in their current phases go to the views (step 6), then withheld
        /// phases whose holders decided are released (step 5), as the arena does.
        func dispatch(_ touches: [UITouch]) {
            event.orderedTouches = touches
            app.performTurn {
                delivery.deliver(touches, event: event)
                delivery.endDispatch()
                delivery.releaseWithheldTouches()
            }
        }

        func move(_ touch: UITouch, to point: CGPoint) {
            touch.previousLocationInWindow = touch.locationInWindow
            touch.locationInWindow = point
            touch.phase = .moved
        }

        /// The view calls logged since the last call.
        func calls() -> [String] {
            app.drainTrace().compactMap { event in
                if case .responder = event { return event.notation }
                return nil
            }
        }

        /// The delivery notes (withheld, released, discarded, not delivered) since the last call.
        func notes() -> [String] {
            app.drainTrace().compactMap { event in
                if case .delivery = event { return event.notation }
                return nil
            }
        }
    }

    // MARK: Plain delivery

    @Test func phasesGoToTheTouchesViewsGroupedOneCallPerView() {
        let scene = Scene()
        let a = scene.touch(1, on: scene.left, at: CGPoint(x: 10, y: 10))
        let b = scene.touch(2, on: scene.right, at: CGPoint(x: 300, y: 10))
        let c = scene.touch(3, on: scene.left, at: CGPoint(x: 20, y: 10))
        scene.dispatch([a, b, c])
        #expect(scene.calls() == ["L.tb(1,3)", "R.tb(2)"])
        scene.move(a, to: CGPoint(x: 15, y: 10))
        b.phase = .stationary
        c.phase = .ended
        scene.dispatch([a, b, c])
        #expect(scene.calls() == ["L.tm(1)", "L.te(3)"], "stationary touches are never delivered; began, moved, ended, cancelled order")
    }

    @Test func touchesOfDifferentSequencesOnOneViewAreSeparateCalls() {
        let scene = Scene()
        let a = scene.touch(1, on: scene.left, at: CGPoint(x: 10, y: 10), sequence: 1)
        let b = scene.touch(2, on: scene.left, at: CGPoint(x: 20, y: 10), sequence: 2)
        scene.delivery.send(.touchesBegan, [a, b])
        #expect(scene.calls() == ["L.tb(1)", "L.tb(2)"])
    }

    /// A view that runs `onBegan` after logging its `touchesBegan`.
    final class NestingView: TouchView {
        var onBegan: (() -> Void)?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            super.touchesBegan(touches, with: event)
            onBegan?()
        }
    }

    @Test func groupsAreSettledBeforeTheFirstIsSentAndANestedSendHasListsOfItsOwn() {
        let scene = Scene()
        let nesting = NestingView(0, 0, 200, 800)
        nesting.accessibilityIdentifier = "N"
        scene.window.addSubview(nesting)
        let a = scene.touch(1, on: nesting, at: CGPoint(x: 10, y: 10), sequence: 1)
        let b = scene.touch(2, on: scene.right, at: CGPoint(x: 300, y: 10), sequence: 1)
        let c = scene.touch(3, on: scene.left, at: CGPoint(x: 20, y: 10), sequence: 2)
        let d = scene.touch(4, on: scene.right, at: CGPoint(x: 310, y: 10), sequence: 2)
        nesting.onBegan = { scene.delivery.send(.touchesMoved, [c, d]) }
        scene.delivery.send(.touchesBegan, [a, b])
        #expect(scene.calls() == ["N.tb(1)", "L.tm(3)", "R.tm(4)", "R.tb(2)"],
                "the nested send's groups do not disturb the outer send's")
        nesting.onBegan = nil
        scene.delivery.send(.touchesEnded, [b, d, a])
        #expect(scene.calls() == ["R.te(2)", "R.te(4)", "N.te(1)"], "one call per view and sequence, in order of their first touch")
    }

    @Test func aCancelledTouchIsCancelledInItsViewOnlyIfTheViewHadIt() {
        let scene = Scene()
        let a = scene.touch(1, on: scene.left, at: CGPoint(x: 10, y: 10))
        scene.dispatch([a])
        a.phase = .cancelled
        scene.dispatch([a])
        #expect(scene.calls() == ["L.tb(1)", "L.tc(1)"])
        let b = scene.touch(2, on: scene.left, at: CGPoint(x: 10, y: 10))
        b.phase = .cancelled
        scene.dispatch([b])
        #expect(scene.calls().isEmpty, "the view never had touch 2")
    }

    // MARK: Claims (cancelsTouchesInView)

    @Test func aClaimCancelsDeliveredTouchesAndDiscardsPendingOnes() {
        let scene = Scene()
        let stub = scene.stub("G", on: scene.left)
        let a = scene.touch(1, on: scene.left, at: CGPoint(x: 10, y: 10), recognizers: [stub])
        scene.dispatch([a])
        let b = scene.touch(2, on: scene.left, at: CGPoint(x: 20, y: 10), recognizers: [stub])
        _ = scene.calls()
        scene.delivery.claimTouches(of: stub)
        #expect(scene.app.drainTrace().map(\.notation) == ["2@L: discarded: claimed by G", "L.tc(1)"])
        scene.move(a, to: CGPoint(x: 30, y: 10))
        scene.dispatch([a, b])
        #expect(scene.calls().isEmpty, "claimed touches reach the view no more")
    }

    // MARK: Withholding and release

    @Test func delaysTouchesBeganWithholdsUntilTheHolderDecidesThenReleasesAtTheStart() {
        let scene = Scene()
        let stub = scene.stub("G", on: scene.left, delaysBegan: true, cancels: false)
        let a = scene.touch(1, on: scene.left, at: CGPoint(x: 10, y: 10), recognizers: [stub])
        scene.dispatch([a])
        #expect(scene.notes() == ["1@L: touchesBegan withheld: delaysTouchesBegan of G"])
        scene.move(a, to: CGPoint(x: 40, y: 10))
        scene.dispatch([a])
        #expect(scene.calls().isEmpty, "nothing of the touch while G is undecided")
        stub.state = .failed
        #expect(scene.calls() == ["L.tb(1)", "L.tm(1)"], "began at its start, then a move catches up")
        #expect(a.locationInWindow == CGPoint(x: 40, y: 10) && a.phase == .moved, "the touch is restored")
    }

    @Test func delaysTouchesEndedWithholdsTheLiftUntilTheHolderDecides() {
        let scene = Scene()
        let stub = scene.stub("G", on: scene.left, delaysEnded: true, cancels: false)
        let a = scene.touch(1, on: scene.left, at: CGPoint(x: 10, y: 10), recognizers: [stub])
        scene.dispatch([a])
        a.phase = .ended
        scene.dispatch([a])
        #expect(scene.calls() == ["L.tb(1)"])
        stub.state = .ended
        #expect(scene.calls() == ["L.te(1)"], "released once G recognized (it does not cancel touches)")
        #expect(a.gestureRecognizers == nil, "the arena is done with the touch")
    }

    @Test func aHolderThatRecognizesAndCancelsTouchesDiscardsTheWithheldPhases() {
        let scene = Scene()
        let stub = scene.stub("G", on: scene.left, delaysBegan: true, delaysEnded: true)
        let a = scene.touch(1, on: scene.left, at: CGPoint(x: 10, y: 10), recognizers: [stub])
        scene.dispatch([a])
        a.phase = .ended
        scene.dispatch([a])
        _ = scene.app.drainTrace()
        stub.state = .ended
        #expect(scene.calls().isEmpty)
    }

    @Test func anUndecidedRecognizerWithoutDelaysHoldsNothingBack() {
        let scene = Scene()
        let stub = scene.stub("G", on: scene.left, delaysEnded: false)
        let a = scene.touch(1, on: scene.left, at: CGPoint(x: 10, y: 10), recognizers: [stub])
        scene.dispatch([a])
        a.phase = .ended
        scene.dispatch([a])
        #expect(stub.state == .possible)
        #expect(scene.calls() == ["L.tb(1)", "L.te(1)"])
    }

    @Test func withheldTouchesAreReleasedInTouchOrder() {
        let scene = Scene()
        let stub = scene.stub("G", on: scene.left, delaysBegan: true, cancels: false)
        let b = scene.touch(2, on: scene.right, at: CGPoint(x: 300, y: 10), recognizers: [stub])
        let a = scene.touch(1, on: scene.left, at: CGPoint(x: 10, y: 10), recognizers: [stub])
        scene.dispatch([b])
        scene.dispatch([a])
        stub.state = .failed
        #expect(scene.calls() == ["L.tb(1)", "R.tb(2)"])
    }

    // MARK: Views leaving the window

    @Test func aViewThatLeavesTheWindowGetsItsTouchesCancelledAndNothingWithheld() {
        let scene = Scene()
        let stub = scene.stub("G", on: scene.window, delaysBegan: true, cancels: false)
        let a = scene.touch(1, on: scene.left, at: CGPoint(x: 10, y: 10))
        let b = scene.touch(2, on: scene.left, at: CGPoint(x: 20, y: 10), recognizers: [stub])
        scene.dispatch([a])
        scene.dispatch([b])
        _ = scene.app.drainTrace()
        scene.delivery.subtreeLeftWindow(scene.left, activeTouches: [a, b])
        #expect(scene.calls() == ["L.tc(1)"])
        #expect(scene.delivery.withheldTouches.isEmpty)
    }
}
