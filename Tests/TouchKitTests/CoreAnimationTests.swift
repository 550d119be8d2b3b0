import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Core Animation on the manual clock (docs/uikit-rules.md UIKIT-CA-EXPLICIT, UIKIT-CA-IMPLICIT,
/// UIKIT-CA-TRANSACTION): explicit basic and keyframe animations, implicit actions of standalone layers,
/// transactions, `presentation()`, with exact values and the ordered log.
@Suite struct CoreAnimationTests {
    /// V(0,100,200,100) in the window with a standalone shape layer L (path: a 100 pt line) as a sublayer.
    final class Scene: CAAnimationDelegate {
        let h = Harness()
        let v: UIView
        let l = CAShapeLayer()
        var heard: [String] = []

        init() {
            v = h.add(UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100)), "V")
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 0, y: 50))
            path.addLine(to: CGPoint(x: 100, y: 50))
            l.path = path.cgPath
            l.name = "L"
            l.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            v.layer.addSublayer(l)
            _ = h.log()
        }

        func animationDidStart(_ anim: CAAnimation) { heard.append("start at \(ms)") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { heard.append("stop(\(flag)) at \(ms)") }
        var ms: Int { Int((h.app.currentTime * 1000).rounded()) }

        /// A presented number to 1e-4.
        func drawn(_ read: (CALayer) -> CGFloat, of layer: CALayer? = nil) -> Double? {
            (layer ?? l).presentation().map { (Double(read($0)) * 10_000).rounded() / 10_000 }
        }
        var strokeEnd: Double? { drawn { ($0 as? CAShapeLayer)?.strokeEnd ?? -1 } }
    }

    /// Pins UIKIT-CA-EXPLICIT: a basic animation changes what is drawn, never the model, and is removed at its end.
    @Test func aBasicAnimationDrawsAndJumpsBackToTheModel() throws {
        let scene = Scene()
        let (h, l) = (scene.h, scene.l)
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 0.5
        draw.duration = 1
        draw.delegate = scene
        l.add(draw, forKey: "draw")
        draw.toValue = 0.9
        #expect(l.strokeEnd == 1 && scene.strokeEnd == 0, "the model stays; the copy was added")
        try h.advance(to: 500)
        #expect(scene.strokeEnd == 0.25)
        #expect((l.animation(forKey: "draw") as? CABasicAnimation)?.toValue as? Double == 0.5)
        #expect(l.animationKeys() == ["draw"])
        try h.advance(to: 1000)
        #expect(scene.strokeEnd == 1, "removed on completion: the model again")
        #expect(l.animationKeys() == nil && scene.heard == ["start at 0", "stop(true) at 1000"])
        #expect(h.log() == ["anim: layer animation 1 began: L.strokeEnd key draw over 1000 ms", "anim: layer animation 1 ended (finished true)"])
    }

    /// Pins UIKIT-CA-EXPLICIT: fill mode forwards with `isRemovedOnCompletion` false keeps the last value.
    @Test func fillForwardsKeepsTheEndValue() throws {
        let scene = Scene()
        let h = scene.h
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0.2
        fade.duration = 0.4
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        scene.l.add(fade, forKey: nil)
        try h.advance(to: 200)
        #expect(scene.drawn { CGFloat($0.opacity) } == 0.6, "nil fromValue: from the model 1")
        try h.advance(to: 2000)
        #expect(scene.drawn { CGFloat($0.opacity) } == 0.2 && scene.l.opacity == 1)
    }

    /// Pins UIKIT-CA-EXPLICIT: the same key replaces; removal tells the delegate `false`; additive and `byValue`.
    @Test func sameKeyReplacesRemovalIsUnfinishedAdditiveAdds() throws {
        let scene = Scene()
        let (h, l) = (scene.h, scene.l)
        let first = CABasicAnimation(keyPath: "position.x")
        first.byValue = 100
        first.duration = 1
        first.delegate = scene
        l.add(first, forKey: "move")
        try h.advance(to: 500)
        #expect(scene.drawn { $0.position.x } == 150, "by 100 from the model 100")
        let second = CABasicAnimation(keyPath: "position.x")
        second.fromValue = 0
        second.toValue = 40
        second.isAdditive = true
        second.duration = 1
        second.delegate = scene
        l.add(second, forKey: "move")
        #expect(scene.heard == ["start at 0", "stop(false) at 500", "start at 500"])
        try h.advance(to: 750)
        #expect(scene.drawn { $0.position.x } == 110, "model 100 + 10")
        l.removeAnimation(forKey: "move")
        #expect(scene.heard.last == "stop(false) at 750" && scene.drawn { $0.position.x } == 100)
    }

    /// Pins UIKIT-CA-EXPLICIT: keyframes at their key times, a segment's timing function, discrete mode and a path.
    @Test func keyframesFollowKeyTimesFunctionsAndPaths() throws {
        let scene = Scene()
        let (h, l) = (scene.h, scene.l)
        let hop = CAKeyframeAnimation(keyPath: "position.x")
        hop.values = [0, 100, 50]
        hop.keyTimes = [0, 0.25, 1]
        hop.timingFunctions = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeIn)]
        hop.duration = 1
        l.add(hop, forKey: "hop")
        try h.advance(to: 125)
        #expect(scene.drawn { $0.position.x } == 50)
        try h.advance(to: 250)
        #expect(scene.drawn { $0.position.x } == 100)
        try h.advance(to: 625)
        #expect(abs((scene.drawn { $0.position.x } ?? 0) - (100 - 50 * 0.3154)) < 0.01, "easeIn at half the segment")
        l.removeAllAnimations()
        let steps = CAKeyframeAnimation(keyPath: "opacity")
        steps.values = [1, 0.5, 0]
        steps.calculationMode = .discrete
        steps.duration = 1
        l.add(steps, forKey: nil)
        try h.advance(to: 1100)
        #expect(scene.drawn { CGFloat($0.opacity) } == 1, "added at 625: the first value until half way")
        try h.advance(to: 1200)
        #expect(scene.drawn { CGFloat($0.opacity) } == 0.5)
        let route = CAKeyframeAnimation(keyPath: "position")
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 300, y: 0))
        path.addLine(to: CGPoint(x: 300, y: 100))
        route.path = path
        route.duration = 1
        l.add(route, forKey: "route")
        try h.advance(to: 1700)
        #expect(scene.drawn { $0.position.x } == 200 && scene.drawn { $0.position.y } == 0, "at even speed: 200 of 400 pt")
    }

    /// Pins UIKIT-CA-IMPLICIT (S83): a standalone layer animates a change over 0.25 s on `default`'s curve;
    /// disabled actions and a view's own layer change at once.
    @Test func s83ImplicitAnimationsOfStandaloneLayersOnly() throws {
        let scene = Scene()
        let (h, l, v) = (scene.h, scene.l, scene.v)
        l.opacity = 0
        #expect(l.opacity == 0)
        try h.advance(to: 125)
        #expect(scene.drawn { CGFloat($0.opacity) } == 0.1976)
        try h.advance(to: 250)
        #expect(scene.drawn { CGFloat($0.opacity) } == 0 && l.animationKeys() == nil)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.opacity = 1
        CATransaction.commit()
        #expect(scene.drawn { CGFloat($0.opacity) } == 1 && l.animationKeys() == nil)
        v.layer.opacity = 0.5
        #expect(scene.drawn({ CGFloat($0.opacity) }, of: v.layer) == 0.5 && v.layer.animationKeys() == nil)
        l.strokeEnd = 0
        try h.advance(to: 375)
        #expect(scene.strokeEnd == 0.1976, "strokeEnd too")
        #expect(h.log().isEmpty, "implicit animations are not logged")
    }

    /// Pins UIKIT-CA-TRANSACTION: the completion block waits for the animations added inside; duration and
    /// timing function apply to implicit animations made inside.
    @Test func transactionCompletionWaitsForItsAnimations() throws {
        let scene = Scene()
        let (h, l) = (scene.h, scene.l)
        var done: [String] = []
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.3)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        CATransaction.setCompletionBlock { done.append("first at \(scene.ms)") }
        #expect(CATransaction.animationDuration() == 0.3)
        l.strokeEnd = 0.4
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25, "outside, the default")
        try h.advance(to: 150)
        #expect(scene.strokeEnd == 0.7 && done.isEmpty)
        try h.advance(to: 300)
        #expect(done == ["first at 300"])
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.append("empty at \(scene.ms)") }
        CATransaction.commit()
        #expect(done.last == "empty at 300", "nothing to wait for: at commit")
    }

    /// Pins UIKIT-CA-EXPLICIT: on a view's own layer the animation shows in the render tree (the page draws
    /// it) as a non-additive entry with the timing function's control points.
    @Test func aViewLayerAnimationReachesTheRenderTree() throws {
        let scene = Scene()
        let (h, v) = (scene.h, scene.v)
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = CGPoint(x: 300, y: 150)
        slide.duration = 0.5
        slide.timingFunction = CAMediaTimingFunction(name: .easeOut)
        v.layer.add(slide, forKey: "slide")
        try h.advance(to: 250)
        let x = try #require(scene.drawn({ $0.position.x }, of: v.layer))
        #expect(abs(x - (300 - 200 * 0.6846)) < 0.01, "easeOut half way: \(x)")
        #expect(v.center.x == 100)
        let node = try #require(h.app.renderTree().node(named: "V"))
        let a = try #require(node.animations.first)
        #expect(a.property == "center" && a.absolute && a.from == [300, 150] && a.to == [100, 150] && a.begin == 0 && a.duration == 0.5)
        #expect(a.curve == "bezier" && a.controlPoints == [0, 0, 0.58, 1])
    }
}
