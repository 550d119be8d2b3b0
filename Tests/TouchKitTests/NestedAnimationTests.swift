import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// `UIView.animate` called inside another call's block: what it inherits and what its options keep
/// its own, on the manual clock with the exact ordered log.
@Suite struct NestedAnimationTests {
    /// Pins UIKIT-ANIM-NESTED.
    @Test func aNestedCallInheritsTheDurationAndCurveUnlessItOverridesThem() throws {
        let scene = AnimationTests.Scene()
        let (h, v, s) = (scene.h, scene.v, scene.s)
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .allowUserInteraction], animations: {
            v.center.x = 250
            UIView.animate(withDuration: 0.2, delay: 0, options: [.curveEaseIn, .allowUserInteraction], animations: {
                s.alpha = 0
            }, completion: scene.completion("inherits"))
            UIView.animate(withDuration: 0.2, delay: 0, options: [.overrideInheritedDuration, .allowUserInteraction], animations: {
                s.center.y = 750
            }, completion: scene.completion("ownDuration"))
            UIView.animate(withDuration: 0.2, delay: 0.1, options: [.overrideInheritedDuration, .overrideInheritedCurve, .curveEaseIn,
                                                                   .allowUserInteraction], animations: {
                v.alpha = 0.5
            }, completion: scene.completion("own"))
        }, completion: scene.completion("outer"))
        #expect(h.log() == [
            "anim: animation 1 began: S.alpha over 1000 ms, linear, interaction allowed, nested: inherits its duration and curve",
            "anim: animation 2 began: S.center over 200 ms, linear, interaction allowed, nested: inherits its curve",
            "anim: animation 3 began: V.alpha over 200 ms after 100 ms, easeIn, interaction allowed",
            "anim: animation 4 began: V.center over 1000 ms, linear, interaction allowed",
        ])
        try h.advance(to: 100)
        // The inherited linear curve: a tenth of the way after a tenth of the time (easeIn would be 2 %).
        #expect(abs(Double(s.layer.presentation()!.opacity) - 0.9) < 1e-6)
        #expect(abs(Double(s.layer.presentation()!.position.y) - (650 + 0.5 * 100)) < 1e-6)
        try h.advance(to: 300)
        #expect(scene.done == ["ownDuration(true) at 200", "own(true) at 300"])
        try h.advance(to: 1000)
        #expect(scene.done == ["ownDuration(true) at 200", "own(true) at 300", "inherits(true) at 1000", "outer(true) at 1000"])
        // Outside any block, and inside performWithoutAnimation, a call's own duration and curve stand.
        UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut], animations: { s.alpha = 1 })
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
            UIView.performWithoutAnimation {
                UIView.animate(withDuration: 0.4, delay: 0, options: [.curveEaseIn], animations: { v.alpha = 1 })
            }
        })
        #expect(h.log().filter { $0.contains("began") } == [
            "anim: animation 5 began: S.alpha over 300 ms, easeOut, interaction off",
            "anim: animation 6 began: V.alpha over 400 ms, easeIn, interaction off",
        ])
    }
}
