import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// `UIViewPropertyAnimator` on the manual clock (docs/uikit-rules.md, "Property animators"): the scenarios S77–S82 of the
/// behaviour reference, the pan that scrubs an animator, with exact values and the ordered log.
@Suite struct PropertyAnimatorTests {
    /// AnimationTests' scene with V at (50,100,100,100) — centre (100,150).
    final class Scene {
        let base = AnimationTests.Scene(x: 50)
        var h: Harness { base.h }
        var r: TouchView { base.r }
        var v: TouchView { base.v }
        var actions: ActionLog { base.actions }
        var done: [String] = []

        /// PA(1.0, linear){V.center.x 100→300} with a logging completion.
        func animator(_ curve: UIView.AnimationCurve = .linear) -> UIViewPropertyAnimator {
            let animator = UIViewPropertyAnimator(duration: 1, curve: curve) { [v] in v.center.x = 300 }
            animator.addCompletion { [unowned self] position in done.append("done(\(position)) at \(ms)") }
            return animator
        }

        var ms: Int { Int((h.app.currentTime * 1000).rounded()) }
        /// V's drawn x, to 1e-3.
        var x: Double? { v.layer.presentation().map { rounded(Double($0.position.x)) } }
        var alpha: Double? { v.layer.presentation().map { rounded(Double($0.opacity)) } }
        /// The animator's fraction, to 1e-9.
        func fraction(_ animator: UIViewPropertyAnimator) -> Double { (Double(animator.fractionComplete) * 1e9).rounded() / 1e9 }
    }

    /// Pins UIKIT-ANIMATOR-STATES and UIKIT-ANIMATOR-SCRUB (S77).
    @Test func s77StateWalk() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        let pa = scene.animator()
        #expect(pa.state == .inactive && !pa.isRunning && pa.fractionComplete == 0 && v.center.x == 100, "the block waits for activation")
        pa.startAnimation()
        #expect(pa.state == .active && pa.isRunning && v.center.x == 300, "the model takes the end value at once")
        try h.advance(to: 400)
        #expect(scene.x == 180 && pa.fractionComplete == 0.4)
        pa.pauseAnimation()
        #expect(pa.state == .active && !pa.isRunning && pa.fractionComplete == 0.4 && scene.x == 180)
        pa.fractionComplete = 0.7
        #expect(scene.x == 240)
        try h.advance(to: 1000)
        #expect(scene.x == 240, "paused: nothing moves")
        pa.startAnimation()
        try h.advance(to: 1150)
        #expect(scene.x == 270 && scene.fraction(pa) == 0.85)
        try h.advance(to: 1299)
        #expect(scene.done.isEmpty)
        try h.advance(to: 1300)
        #expect(scene.done == ["done(end) at 1300"] && pa.state == .inactive && !pa.isRunning && scene.x == 300)
        #expect(v.layer.animationKeys() == nil)
        #expect(h.log() == [
            "anim: animation 1 joined animator 1: V.center",
            "anim: animator 1 running from fraction 0 over 1000 ms, linear",
            "anim: animator 1 paused at fraction 0.4",
            "anim: animator 1 running from fraction 0.7 over 300 ms, linear",
            "anim: animation 1 ended (finished true)",
            "anim: animator 1 finished at end",
        ])
    }

    enum Finish: String, CaseIterable { case current, end, start, withoutFinishing }

    /// Pins UIKIT-ANIMATOR-STOP (S78).
    @Test(arguments: Finish.allCases)
    func s78StopAndFinish(finish: Finish) throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        let pa = scene.animator()
        pa.startAnimation()
        try h.advance(to: 400)
        pa.pauseAnimation()
        _ = h.log()
        pa.stopAnimation(finish == .withoutFinishing)
        #expect(v.center.x == 180 && scene.x == 180, "the model takes the presented value")
        #expect(scene.done.isEmpty)
        switch finish {
        case .withoutFinishing:
            #expect(pa.state == .inactive)
            try h.advance(to: 5000)
            #expect(scene.done.isEmpty, "never")
        case .current, .end, .start:
            #expect(pa.state == .stopped)
            pa.startAnimation()
            #expect(v.center.x == 180 && pa.state == .stopped, "an animation cannot start while stopped")
            let position: UIViewAnimatingPosition = finish == .current ? .current : finish == .end ? .end : .start
            pa.finishAnimation(at: position)
            #expect(pa.state == .inactive && scene.done == ["done(\(position)) at 400"])
            #expect(v.center.x == [.current: 180, .end: 300, .start: 100][finish])
        }
        let log = h.log()
        #expect(log.prefix(2) == ["anim: animation 1 interrupted: animator 1 stopped (finished false)",
                                  "anim: animator 1 stopped at fraction 0.4" + (finish == .withoutFinishing ? ", without finishing" : "")])
        if finish != .withoutFinishing {
            #expect(log.dropFirst(2) == ["anim: animator 1 refused: startAnimation() while stopped (call finishAnimation(at:))",
                                         "anim: animator 1 finished at \(finish.rawValue)"])
        }
    }

    /// Pins UIKIT-ANIMATOR-SCRUB (S79): the exact Bézier value when scrubbing along the curve.
    @Test(arguments: [true, false])
    func s79Scrubbing(linearly: Bool) throws {
        let scene = Scene()
        let pa = scene.animator(.easeInOut)
        pa.scrubsLinearly = linearly
        pa.pauseAnimation()
        #expect(pa.state == .active && !pa.isRunning)
        pa.fractionComplete = 0.25
        #expect(scene.x == (linearly ? 150 : 125.832))
        pa.fractionComplete = 0.5
        #expect(scene.x == 200)
        pa.fractionComplete = 7
        #expect(pa.fractionComplete == 1 && scene.x == 300, "clamped to 0…1")
    }

    /// Pins UIKIT-ANIMATOR-ADD (S80).
    @Test func s80AddAnimationsMidFlight() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        let pa = scene.animator()
        pa.startAnimation()
        try h.advance(to: 600)
        pa.addAnimations { v.alpha = 0 }
        #expect(v.alpha == 0 && scene.alpha == 1)
        try h.advance(to: 800)
        #expect(scene.alpha == 0.5 && scene.x == 260)
        try h.advance(to: 1000)
        #expect(scene.alpha == 0 && scene.done == ["done(end) at 1000"])
        #expect(h.log(only: "anim").filter { $0.contains("animation") } == [
            "anim: animation 1 joined animator 1: V.center", "anim: animation 2 joined animator 1: V.alpha",
            "anim: animation 1 ended (finished true)", "anim: animation 2 ended (finished true)",
        ])
    }

    /// Pins UIKIT-ANIMATOR-ADD: `delayFactor` delays the block by that share of the remaining time.
    @Test func addAnimationsWithADelayFactor() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        let pa = scene.animator()
        pa.addAnimations({ v.alpha = 0 }, delayFactor: 0.5)
        pa.startAnimation()
        try h.advance(to: 500)
        #expect(scene.alpha == 1 && scene.x == 200)
        try h.advance(to: 750)
        #expect(scene.alpha == 0.5)
    }

    /// Pins UIKIT-ANIMATOR-REVERSE (S81).
    @Test func s81PausesOnCompletionThenReverses() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        let pa = scene.animator()
        pa.pausesOnCompletion = true
        pa.startAnimation()
        try h.advance(to: 1000)
        #expect(pa.state == .active && !pa.isRunning && pa.fractionComplete == 1 && scene.done.isEmpty)
        pa.isReversed = true
        #expect(pa.fractionComplete == 0, "reversing reads 1 − the previous fraction")
        try h.advance(to: 1200)
        pa.startAnimation()
        try h.advance(to: 1700)
        #expect(scene.x == 200)
        try h.advance(to: 2200)
        #expect(scene.x == 100 && scene.done.isEmpty && pa.state == .active)
        pa.stopAnimation(false)
        pa.finishAnimation(at: .start)
        #expect(scene.done == ["done(start) at 2200"] && v.center.x == 100)
    }

    /// Pins UIKIT-ANIMATOR-REVERSE: a reversed animator that finishes ends at the start values with `.start`.
    @Test func reversingWhileRunningTurnsAroundWhereItIs() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        let pa = scene.animator()
        pa.startAnimation()
        try h.advance(to: 300)
        pa.isReversed = true
        #expect(scene.x == 160 && pa.fractionComplete == 0.7)
        try h.advance(to: 450)
        #expect(scene.x == 130)
        try h.advance(to: 600)
        #expect(scene.done == ["done(start) at 600"] && v.center.x == 100 && scene.x == 100)
    }

    /// Pins UIKIT-ANIMATOR-REVERSE, UIKIT-ANIMATOR-CONTINUE: a curved animator reversed half way runs back along the
    /// same curve (the Bézier's piece before 0.5, walked backwards): a quarter of the way back it is where it was at 0.25.
    @Test func aCurvedAnimatorReversesAlongItsCurve() throws {
        let scene = Scene()
        let h = scene.h
        let pa = scene.animator(.easeInOut)
        pa.startAnimation()
        try h.advance(to: 500)
        #expect(scene.x == 200)
        pa.isReversed = true
        #expect(scene.x == 200, "no jump")
        try h.advance(to: 750)
        #expect(scene.x == rounded(100 + 200 * AnimationCurveProbe.easeInOut(0.25)))
        try h.advance(to: 1000)
        #expect(scene.done == ["done(start) at 1000"] && scene.x == 100)
    }

    /// Pins UIKIT-ANIMATOR-CONTINUE: app code's extreme numbers never trap: an infinite duration is 0, a huge
    /// factor runs for ever (logged as "inf"), a NaN fraction is refused.
    @Test func extremeNumbersAreSafe() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        let instant = UIViewPropertyAnimator(duration: .infinity, curve: .linear) { v.alpha = 0.5 }
        #expect(instant.duration == 0)
        let pa = scene.animator()
        pa.pauseAnimation()
        pa.fractionComplete = .nan
        #expect(pa.fractionComplete == 0)
        pa.continueAnimation(withTimingParameters: nil, durationFactor: 1e308)
        try h.advance(to: 100_000)
        #expect(scene.done.isEmpty && pa.isRunning)
        #expect(h.log(only: "anim: animator").suffix(2) == ["anim: animator 1 refused: fractionComplete nan is not a number",
                                                            "anim: animator 1 running from fraction 0 over inf ms, linear"])
    }

    /// Pins UIKIT-ANIMATOR-INTERACTION (S82).
    @Test func s82WithoutUserInteractionTheAnimatedViewTakesNoTouches() throws {
        let scene = Scene()
        let h = scene.h
        let pa = scene.animator()
        pa.isUserInteractionEnabled = false
        pa.startAnimation()
        pa.isUserInteractionEnabled = true
        #expect(!pa.isUserInteractionEnabled)
        _ = h.log()
        try h.tap(1, 300, 150, at: 500)
        #expect(h.log() == ["anim: V refused the touch: animation 1 runs without .allowUserInteraction", "R.tb(1)", "R.te(1)"])
        try h.tap(2, 50, 650, at: 600)
        #expect(h.log() == ["S.tb(2)", "S.te(2)"])
        try h.tap(3, 300, 150, at: 1100)
        #expect(scene.actions.entries == ["T:ended"])
        let allowed = Scene()
        let free = allowed.animator()
        free.startAnimation()
        try allowed.h.tap(1, 300, 150, at: 500)
        #expect(allowed.actions.entries == ["T:ended"], "the default lets touches through")
    }

    /// Pins UIKIT-ANIMATOR-INTERACTION: isInterruptible false refuses pause, scrub, stop and reversal.
    @Test func anUninterruptibleAnimatorRunsToTheEnd() throws {
        let scene = Scene()
        let h = scene.h
        let pa = scene.animator()
        pa.isInterruptible = false
        pa.startAnimation()
        try h.advance(to: 500)
        pa.pauseAnimation()
        pa.stopAnimation(true)
        pa.isReversed = true
        #expect(pa.isRunning && !pa.isReversed && pa.state == .active)
        try h.advance(to: 1000)
        #expect(scene.done == ["done(end) at 1000"])
        #expect(h.log(only: "anim: animator 1 refused") == [
            "anim: animator 1 refused: pauseAnimation() on an animator that is not interruptible",
            "anim: animator 1 refused: stopAnimation on an animator that is not interruptible",
            "anim: animator 1 refused: isReversed set on an animator that is not interruptible",
        ])
    }

    /// Pins UIKIT-ANIMATOR-CONTINUE: resuming keeps the curve's shape from where it is (no jump), over
    /// `durationFactor` × the remaining time, 0 meaning the remaining time.
    @Test(arguments: [0.0, 2.0])
    func continueScalesTheRemainingTime(factor: Double) throws {
        let scene = Scene()
        let h = scene.h
        let pa = scene.animator(.easeInOut)
        pa.startAnimation()
        try h.advance(to: 250)
        #expect(scene.x == 125.832)
        pa.pauseAnimation()
        pa.continueAnimation(withTimingParameters: nil, durationFactor: CGFloat(factor))
        #expect(scene.x == 125.832, "no jump")
        let remaining = 750 * (factor == 0 ? 1 : factor)
        // The original curve from 0.25 on: at half the remaining time the curve's x is 0.625.
        try h.advance(to: 250 + remaining / 2)
        #expect(scene.x == rounded(100 + 200 * AnimationCurveProbe.easeInOut(0.625)))
        try h.advance(to: 250 + remaining)
        #expect(scene.done == ["done(end) at \(Int(250 + remaining))"])
    }

    /// Pins UIKIT-ANIMATOR-CONTINUE: the classic interaction — a pan scrubs the animator, the release
    /// continues it with a spring at the pan's velocity.
    @Test func aPanScrubsTheAnimatorAndTheReleaseContinuesAtItsVelocity() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        let pa = scene.animator(.easeInOut)
        var released: CGFloat?
        let pan = UIPanGestureRecognizer()
        pan.name = "P"
        pan.addHandler { [unowned r = scene.r] recognizer in
            let pan = recognizer as! UIPanGestureRecognizer
            switch pan.state {
            case .began: pa.pauseAnimation()
            case .changed: pa.fractionComplete = pan.translation(in: r).x / 200
            case .ended:
                let velocity = pan.velocity(in: r).x
                released = velocity
                let remaining = (1 - pa.fractionComplete) * 200
                pa.continueAnimation(withTimingParameters: UISpringTimingParameters(dampingRatio: 1, initialVelocity: CGVector(dx: velocity / remaining, dy: 0)),
                                     durationFactor: 0)
            default: break
            }
        }
        scene.r.addGestureRecognizer(pan)
        // 100 pt at 0.5 pt/ms in 10 pt steps (the pan begins at the first), lifting at 220.
        try h.down(1, 200, 400, at: 0)
        for step in 1...10 { try h.move(1, 200 + CGFloat(step) * 10, 400, at: Double(step) * 20) }
        #expect(pa.state == .active && !pa.isRunning)
        let scrubbed = try #require(scene.x)
        #expect(pa.fractionComplete == 0.5, "100 pt of 200 (translation counts from where the finger went down)")
        #expect(scrubbed == 100 + 200 * Double(pa.fractionComplete), "linear scrub")
        try h.up(1, 300, 400, at: 220)
        let velocity = try #require(released)
        #expect(abs(velocity - 500) < 1, "0.5 pt/ms: \(velocity)")
        #expect(pa.isRunning && v.center.x == 300)
        // The drawn speed right after the release is the finger's (spring starting at that velocity).
        let start = try #require(scene.x)
        try h.advance(to: 221)
        let after = try #require(scene.x)
        #expect(abs((after - start) / 0.001 - Double(velocity)) < 0.05 * Double(velocity), "\((after - start) / 0.001) vs \(velocity)")
        try h.advance(to: 719)
        #expect(scene.done.isEmpty)
        try h.advance(to: 720)
        #expect(scene.done == ["done(end) at 720"] && scene.x == 300)
    }

    /// Pins UIKIT-ANIMATOR-STATES: the `animate`-shaped constructor starts at once with the options' interaction.
    @Test func runningPropertyAnimatorStartsAtOnce() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        var ended: UIViewAnimatingPosition?
        let pa = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.5, delay: 0.5, options: [.curveLinear, .allowUserInteraction],
                                                                 animations: { v.alpha = 0 }, completion: { ended = $0 })
        #expect(pa.state == .active && pa.isRunning && pa.isUserInteractionEnabled && pa.delay == 0.5)
        try h.advance(to: 500)
        #expect(scene.alpha == 1, "the delay holds the start value")
        try h.advance(to: 750)
        #expect(scene.alpha == 0.5)
        try h.advance(to: 1000)
        #expect(ended == .end)
    }

    /// Pins UIKIT-ANIMATOR-STATES: the render tree carries the animator's segment, so the page draws a paused
    /// animator still and a resumed one from where it is.
    @Test func theRenderTreeCarriesTheSegment() throws {
        let scene = Scene()
        let h = scene.h
        let pa = scene.animator(.easeIn)
        pa.pauseAnimation()
        pa.fractionComplete = 0.5
        var node = try #require(h.app.renderTree().node(named: "V"))
        #expect(node.animations.count == 1)
        var a = try #require(node.animations.first)
        #expect(a.duration == 0 && a.startValue == 0.5 && a.endValue == 0.5 && a.from == [100, 150] && a.to == [300, 150])
        try h.advance(to: 100)
        pa.startAnimation()
        node = try #require(h.app.renderTree().node(named: "V"))
        a = try #require(node.animations.first)
        #expect(a.begin == 0.1 && a.duration == 0.5 && a.startValue == 0.5 && a.endValue == 1 && a.curve == "bezier")
        let points = try #require(a.controlPoints)
        #expect(points.count == 4 && points[0] > 0 && points[2] <= 1)
    }
}

/// `value` to 1e-3.
func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

/// The named curves' values, for expectations computed from their control points.
enum AnimationCurveProbe {
    static func easeInOut(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, x) }

    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        func at(_ a: Double, _ b: Double, _ s: Double) -> Double { 3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let s = (low + high) / 2
            if at(x1, x2, s) < x { low = s } else { high = s }
        }
        return at(y1, y2, (low + high) / 2)
    }
}
