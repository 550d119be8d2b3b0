import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// What the render tree carries so the page draws Core Animation as UIKit does (UIKIT-CA-SUBLAYER-DRAWN): a
/// sublayer's animations with the display-list commands they move and the layer's model geometry, a shape's
/// untrimmed stroke for an animated trim, keyframe animations with their key times, and finite repeat counts.
@Suite struct SublayerRenderTests {
    /// first command, count, parent (6), position (2), transform (6), opacity.
    func geometry(_ s: RenderSublayer) -> [CGFloat] {
        [CGFloat(s.firstCommand), CGFloat(s.commandCount)] + s.parent + s.position + s.transform + [s.opacity]
    }

    /// Pins UIKIT-CA-SUBLAYER-DRAWN: a sublayer's `strokeEnd` animation names the stroke to trim again and its whole path.
    @Test func aSublayersTrimAnimationCarriesItsStroke() throws {
        let scene = CoreAnimationTests.Scene()
        let (h, l) = (scene.h, scene.l)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.fillColor = nil
        l.strokeColor = UIColor.red.cgColor
        l.strokeEnd = 0
        CATransaction.commit()
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0
        grow.toValue = 1
        grow.duration = 1
        l.add(grow, forKey: "grow")
        try h.advance(to: 100)
        let node = try #require(h.app.renderTree().node(named: "V"))
        guard case .stroke(let path, _, _, _, _) = try #require(node.displayList?.first) else {
            Issue.record("expected the stroke, got \(String(describing: node.displayList))")
            return
        }
        #expect(path == [.move(CGPoint(x: 0, y: 50))], "at model strokeEnd 0 the stroke is kept as a point")
        let a = try #require(node.animations.first)
        #expect(node.animations.count == 1 && a.property == "strokeEnd" && a.absolute && a.from == [0] && a.to == [1] && a.duration == 1)
        let group = try #require(a.sublayer)
        #expect(geometry(group) == [0, 1, 1, 0, 0, 1, 0, 0, 100, 50, 1, 0, 0, 1, 0, 0, 1])
        #expect(group.stroke == [0, 0] && group.strokeCommand == 0)
        #expect(group.strokePath == [.move(CGPoint(x: 0, y: 50)), .line(CGPoint(x: 100, y: 50))])
        try h.advance(to: 1100)
        #expect(h.app.renderTree().node(named: "V")?.animations == [], "removed at its end")
    }

    /// Pins UIKIT-CA-SUBLAYER-DRAWN: a spinning sublayer inside a moved one, its commands counted after what `draw(_:)` drew.
    @Test func aNestedSublayersRotationCountsItsCommandsAndItsSuperlayer() throws {
        let scene = CoreAnimationTests.Scene()
        let (h, l) = (scene.h, scene.l)
        let inner = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.fillColor = nil
        l.position = CGPoint(x: 110, y: 60)
        inner.frame = CGRect(x: 20, y: 0, width: 10, height: 10)
        inner.backgroundColor = UIColor.blue.cgColor
        inner.opacity = 0
        l.addSublayer(inner)
        CATransaction.commit()
        let spin = CABasicAnimation(keyPath: "transform.rotation")
        spin.toValue = CGFloat.pi
        spin.duration = 1
        spin.repeatCount = .infinity
        inner.add(spin, forKey: "spin")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        fade.repeatCount = 2.5
        inner.add(fade, forKey: "fade")
        try h.advance(to: 10)
        let node = try #require(h.app.renderTree().node(named: "V"))
        #expect(node.displayList?.count == 1, "the inner layer's background, drawn though its model opacity is 0 (it fades in)")
        #expect(node.animations.map(\.property) == ["transform.rotation.z", "opacity"])
        #expect(node.animations.map(\.repeats) == [true, false] && node.animations.map(\.passes) == [nil, 2.5])
        let group = try #require(node.animations.first?.sublayer)
        #expect(geometry(group) == [0, 1, 1, 0, 0, 1, 10, 10, 25, 5, 1, 0, 0, 1, 0, 0, 1])
        #expect(group.stroke == nil && group.strokeCommand == nil && group.strokePath == nil)
        #expect(node.animations.first?.from == [0] && node.animations.first?.to == [CGFloat.pi])
    }

    /// Pins UIKIT-CA-EXPLICIT: a keyframe animation of a view's layer, run twice, reaches the render with its key times.
    @Test func aViewLayerKeyframeAnimationReachesTheRenderTree() throws {
        let scene = CoreAnimationTests.Scene()
        let (h, v) = (scene.h, scene.v)
        let hop = CAKeyframeAnimation(keyPath: "position")
        hop.values = [CGPoint(x: 100, y: 150), CGPoint(x: 200, y: 150), CGPoint(x: 200, y: 250)]
        hop.keyTimes = [0, 0.25, 1]
        hop.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        hop.calculationMode = .discrete
        hop.duration = 1
        hop.repeatCount = 2
        v.layer.add(hop, forKey: "hop")
        try h.advance(to: 10)
        let a = try #require(h.app.renderTree().node(named: "V")?.animations.first)
        #expect(a.property == "center" && a.absolute && a.from == [100, 150] && a.to == [200, 250] && a.passes == 2 && !a.repeats)
        #expect(a.keyframes == [[100, 150], [200, 150], [200, 250]] && a.keyTimes == [0, 0.25, 1] && a.discrete)
        #expect(a.segmentCurves == [[0.42, 0, 1, 1], [0, 0, 1, 1]])
        #expect(a.sublayer == nil)
    }
}
