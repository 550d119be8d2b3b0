import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Block animations (docs/uikit-rules.md, "Animation"): model vs presentation, the interaction lock, completion timing and
/// overlapping animations, on the manual clock with the exact ordered log.
@Suite struct AnimationTests {
    /// R (a touch-handling root) holding V(x,100,100,100) (x 0 unless given) with tap T, and an unanimated sibling S.
    final class Scene {
        let h = Harness()
        let r: TouchView
        let v: TouchView
        let s: TouchView
        let actions = ActionLog()
        var done: [String] = []

        init(x: CGFloat = 0) {
            r = h.add(TouchView(0, 0, 400, 800), "R")
            v = h.add(TouchView(x, 100, 100, 100), "V", to: r)
            s = h.add(TouchView(0, 600, 100, 100), "S", to: r)
            let tap = UITapGestureRecognizer(target: actions, action: ActionLog.tap)
            tap.name = "T"
            v.addGestureRecognizer(tap)
            _ = h.log()
        }

        /// The completion, logged with the engine time it ran at.
        func completion(_ name: String) -> (Bool) -> Void {
            { [unowned self] finished in done.append("\(name)(\(finished)) at \(Int((h.app.currentTime * 1000).rounded()))") }
        }

        func presented(_ keyPath: KeyPath<CALayer, CGFloat>) -> CGFloat? { v.layer.presentation()?[keyPath: keyPath] }
    }

    /// Pins UIKIT-ANIM-MODEL-VALUES.
    @Test func s66ModelValuesChangeAtOnceThePresentationMoves() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        UIView.animate(withDuration: 1, delay: 0, options: [.allowUserInteraction, .curveLinear], animations: {
            v.center.x = 350
        }, completion: scene.completion("done"))
        #expect(v.center.x == 350 && v.frame.minX == 300, "the model is the end value at once")
        #expect(h.log() == ["anim: animation 1 began: V.center over 1000 ms, linear, interaction allowed"])
        try h.advance(to: 500)
        #expect(scene.presented(\.position.x) == 200)
        // Hit-testing uses the model: where V is drawn is R, where V will be is V.
        try h.tap(1, 200, 150, at: 500, duration: 60)
        #expect(h.log() == ["R.tb(1)", "R.te(1)"])
        try h.tap(2, 350, 150, at: 600, duration: 60)
        #expect(h.log() == ["V.tb(2)", "T:possible→ended", "V.tc(2)", "act(T,ended)"])
        try h.advance(to: 999)
        #expect(scene.done.isEmpty)
        try h.advance(to: 1000)
        #expect(scene.done == ["done(true) at 1000"])
        #expect(h.log() == ["anim: animation 1 ended (finished true)"])
        #expect(v.layer.animationKeys() == nil && scene.presented(\.position.x) == 350)
    }

    /// Pins UIKIT-ANIM-INTERACTION-LOCK.
    @Test func s67WithoutAllowUserInteractionTheViewIsLockedUntilTheEnd() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.center.x = 350 })
        _ = h.log()
        try h.tap(1, 350, 150, at: 500, duration: 60)
        #expect(h.log(diagnostics: true).prefix(3) == [
            "anim: V refused the touch: animation 1 runs without .allowUserInteraction", "hit(1) Window>R", "R.tb(1)",
        ])
        #expect(scene.actions.entries.isEmpty)
        try h.tap(2, 50, 650, at: 700, duration: 60)
        #expect(h.log() == ["S.tb(2)", "S.te(2)"], "an unanimated sibling works")
        try h.tap(3, 350, 150, at: 1100, duration: 60)
        #expect(h.log() == ["anim: animation 1 ended (finished true)", "V.tb(3)", "T:possible→ended", "V.tc(3)", "act(T,ended)"])
        #expect(scene.actions.entries == ["T:ended"])
    }

    /// Pins UIKIT-ANIM-COMPLETION.
    @Test func s68CompletionRunsOnTheEngineClockBeforeTheDispatchInput() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        UIView.animate(withDuration: 0.3, delay: 0.2, options: [.curveLinear, .allowUserInteraction], animations: {
            v.alpha = 0.5
        }, completion: scene.completion("done"))
        #expect(v.alpha == 0.5)
        #expect(h.log() == ["anim: animation 1 began: V.alpha over 300 ms after 200 ms, linear, interaction allowed"])
        try h.advance(to: 100)
        #expect(scene.presented(\.opacityValue) == 1, "the delay holds the old value")
        try h.advance(to: 350)
        #expect(scene.presented(\.opacityValue) == 0.75)
        try h.tap(1, 50, 150, at: 520, duration: 60)
        #expect(scene.done == ["done(true) at 500"])
        #expect(h.log() == ["anim: animation 1 ended (finished true)", "V.tb(1)", "T:possible→ended", "V.tc(1)", "act(T,ended)"])
    }

    /// Pins UIKIT-ANIM-COMPLETION.
    @Test func s68DurationZeroCompletesInTheNextDispatch() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        try h.advance(to: 100)
        UIView.animate(withDuration: 0, animations: { v.alpha = 0.5 }, completion: scene.completion("done"))
        #expect(scene.presented(\.opacityValue) == 0.5 && scene.done.isEmpty)
        #expect(h.log().isEmpty, "nothing animates")
        try h.advance(to: 100)
        #expect(scene.done == ["done(true) at 100"])
    }

    /// Pins UIKIT-ANIM-COMPLETION.
    @Test func s68RemovingTheAnimationsCompletesUnfinishedAtOnce() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        UIView.animate(withDuration: 0.3, delay: 0.2, options: .curveLinear, animations: { v.alpha = 0.5 },
                       completion: scene.completion("done"))
        try h.advance(to: 300)
        v.layer.removeAllAnimations()
        #expect(scene.done == ["done(false) at 300"])
        #expect(scene.presented(\.opacityValue) == 0.5)
        #expect(h.log() == ["anim: animation 1 began: V.alpha over 300 ms after 200 ms, linear, interaction off",
                            "anim: animation 1 interrupted: removeAllAnimations on V (finished false)"])
        try h.advance(to: 2000)
        #expect(scene.done == ["done(false) at 300"], "once")
        try h.tap(1, 50, 150, at: 2100)
        #expect(scene.actions.entries == ["T:ended"], "the lock went with the animation")
    }

    /// Pins UIKIT-ANIM-COMPLETION.
    @Test func aViewLeavingItsWindowEndsItsAnimationUnfinished() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        UIView.animate(withDuration: 1, animations: { v.center.y = 500 }, completion: scene.completion("done"))
        try h.advance(to: 200)
        v.removeFromSuperview()
        #expect(scene.done == ["done(false) at 200"])
        #expect(h.log().last == "anim: animation 1 interrupted: V left the window (finished false)")
    }

    /// Pins UIKIT-ANIM-ADDITIVE.
    @Test(arguments: [false, true])
    func s69OverlappingAnimationsAddUp(beginFromCurrentState: Bool) throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.center.x = 350 },
                       completion: scene.completion("first"))
        try h.advance(to: 500)
        UIView.animate(withDuration: 1, delay: 0, options: beginFromCurrentState ? [.curveLinear, .beginFromCurrentState] : .curveLinear,
                       animations: { v.center.x = 50 }, completion: scene.completion("second"))
        #expect(v.center.x == 50)
        var drawn: [Int: CGFloat] = [:]
        for ms in [500, 750, 1000, 1250, 1500] {
            try h.advance(to: Double(ms))
            drawn[ms] = scene.presented(\.position.x)
        }
        #expect(drawn == [500: 200, 750: 200, 1000: 200, 1250: 125, 1500: 50])
        #expect(scene.done == ["first(true) at 1000", "second(true) at 1500"])
    }

    /// Pins UIKIT-ANIM-OPTIONS.
    @Test func curvesRepeatAndAutoreverseShapeThePresentation() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        UIView.animate(withDuration: 1, animations: { v.alpha = 0 })
        try h.advance(to: 250)
        let easedInOut = try #require(scene.presented(\.opacityValue))
        #expect(easedInOut > 0.75 && easedInOut < 1, "ease-in-out starts slowly: \(easedInOut)")
        v.layer.removeAllAnimations()
        v.alpha = 1
        UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear, .autoreverse, .repeat], animations: { v.alpha = 0 },
                       completion: scene.completion("done"))
        try h.advance(to: 500)
        #expect(abs((scene.presented(\.opacityValue) ?? -1) - 0.5) < 1e-9)
        try h.advance(to: 750)
        #expect(abs((scene.presented(\.opacityValue) ?? -1) - 0) < 1e-9)
        try h.advance(to: 1000)
        #expect(abs((scene.presented(\.opacityValue) ?? -1) - 0.5) < 1e-9, "on its way back")
        try h.advance(to: 60_000)
        #expect(scene.done.isEmpty, "a repeating animation does not end by itself")
        v.layer.removeAllAnimations()
        #expect(scene.done == ["done(false) at 60000"])
    }

    /// Pins UIKIT-ANIM-OPTIONS.
    @Test func theSpringFormSettlesAtTheEnd() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.3, initialSpringVelocity: 0, options: [],
                       animations: { v.center.x = 250 }, completion: scene.completion("done"))
        var overshoot = false
        for ms in stride(from: 50, through: 950, by: 50) {
            try h.advance(to: Double(ms))
            if (scene.presented(\.position.x) ?? 0) > 250 { overshoot = true }
        }
        #expect(overshoot, "damping 0.3 overshoots")
        try h.advance(to: 1000)
        #expect(scene.done == ["done(true) at 1000"] && scene.presented(\.position.x) == 250)
    }

    /// Pins UIKIT-ANIM-COMPLETION.
    @Test func withoutAWindowChangesApplyAndCompletionRunsAtOnce() {
        let loose = UIView(frame: .zero)
        var finished: Bool?
        UIView.animate(withDuration: 1, animations: { loose.alpha = 0 }, completion: { finished = $0 })
        #expect(loose.alpha == 0 && finished == true)
    }
}

extension CALayer {
    var opacityValue: CGFloat { CGFloat(opacity) }
}
