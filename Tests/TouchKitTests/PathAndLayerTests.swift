import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Paths and layers (docs/uikit-rules.md): UIBezierPath containment, CAShapeLayer stroking, layer geometry.
@Suite struct PathAndLayerTests {
    /// Pins UIKIT-PATH-CONTAINS.
    @Test func s70NonZeroAndEvenOddFillRules() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        path.append(UIBezierPath(rect: CGRect(x: 25, y: 25, width: 50, height: 50)))
        #expect(path.contains(CGPoint(x: 50, y: 50)))
        #expect(path.contains(CGPoint(x: 10, y: 10)))
        #expect(!path.contains(CGPoint(x: 150, y: 50)))
        path.usesEvenOddFillRule = true
        #expect(!path.contains(CGPoint(x: 50, y: 50)))
        #expect(path.contains(CGPoint(x: 10, y: 10)))

        let cut = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        cut.append(UIBezierPath(rect: CGRect(x: 25, y: 25, width: 50, height: 50)).reversing())
        #expect(!cut.contains(CGPoint(x: 50, y: 50)), "the reversed inner rectangle cuts a hole with non-zero winding")
        #expect(cut.contains(CGPoint(x: 10, y: 10)))
    }

    /// Pins UIKIT-PATH-CONTAINS.
    @Test func s70OpenSubpathsAreNotContainedUntilClosed() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        #expect(!path.contains(CGPoint(x: 90, y: 10)))
        #expect(path.cgPath.contains(CGPoint(x: 90, y: 10)), "CGPath counts open subpaths, as a fill closes them")
        path.close()
        #expect(path.contains(CGPoint(x: 90, y: 10)))
    }

    /// Pins UIKIT-PATH-CONTAINS.
    @Test func edgesFollowTheCGRectRule() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(path.contains(CGPoint(x: 0, y: 50)) && path.contains(CGPoint(x: 50, y: 0)) && path.contains(.zero))
        #expect(!path.contains(CGPoint(x: 100, y: 50)) && !path.contains(CGPoint(x: 50, y: 100)))
    }

    @Test func curvesArcsAndShapesHaveTheirBounds() {
        let oval = UIBezierPath(ovalIn: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(abs(oval.bounds.minX - 10) < 0.01 && abs(oval.bounds.maxX - 110) < 0.01)
        #expect(abs(oval.bounds.minY - 20) < 0.01 && abs(oval.bounds.maxY - 70) < 0.01)
        #expect(oval.contains(CGPoint(x: 60, y: 45)) && !oval.contains(CGPoint(x: 12, y: 22)))

        let rounded = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 20)
        #expect(!rounded.contains(CGPoint(x: 2, y: 2)), "the corner is cut")
        #expect(rounded.contains(CGPoint(x: 50, y: 2)))

        // A half circle, clockwise on screen from 0 to π: below the centre (y grows downwards).
        let arc = UIBezierPath(arcCenter: CGPoint(x: 50, y: 50), radius: 40, startAngle: 0, endAngle: .pi, clockwise: true)
        #expect(abs(arc.bounds.maxY - 90) < 0.01 && abs(arc.bounds.minY - 50) < 0.01)
        #expect(abs(arc.currentPoint.x - 10) < 1e-9 && abs(arc.currentPoint.y - 50) < 1e-9)

        let curve = UIBezierPath()
        curve.move(to: .zero)
        curve.addQuadCurve(to: CGPoint(x: 100, y: 0), controlPoint: CGPoint(x: 50, y: 100))
        #expect(abs(curve.bounds.maxY - 50) < 0.01, "a quadratic reaches half way to its control point")
        curve.addCurve(to: CGPoint(x: 200, y: 0), controlPoint1: CGPoint(x: 100, y: -100), controlPoint2: CGPoint(x: 200, y: -100))
        #expect(abs(curve.bounds.minY + 75) < 0.01, "this cubic peaks at 3/4 of its control points' height")
    }

    /// Pins UIKIT-LAYER-GEOMETRY.
    @Test func s70LayerFrameFollowsBoundsPositionAndAnchorPoint() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 100, y: 100)
        #expect(layer.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
        layer.anchorPoint = .zero
        #expect(layer.frame == CGRect(x: 100, y: 100, width: 100, height: 50))
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(layer.position == CGPoint(x: 10, y: 20) && layer.bounds.size == CGSize(width: 30, height: 40))
    }

    /// Pins UIKIT-LAYER-GEOMETRY.
    @Test func aViewsLayerIsTheViewsGeometryAndColours() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.layer.position == view.center && view.layer.bounds == view.bounds && view.layer.frame == view.frame)
        view.layer.position = CGPoint(x: 200, y: 200)
        #expect(view.center == CGPoint(x: 200, y: 200))
        view.layer.opacity = 0.5
        #expect(view.alpha == 0.5)
        view.layer.masksToBounds = true
        #expect(view.clipsToBounds)
        view.layer.backgroundColor = UIColor.red.cgColor
        #expect(view.backgroundColor == .red)
        view.layer.transform = CATransform3DMakeScale(2, 3, 1)
        #expect(view.transform == CGAffineTransform(scaleX: 2, y: 3))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(CATransform3DIsAffine(view.layer.transform))
        #expect(view.layer.affineTransform() == view.transform)
        #expect(view.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
    }

    /// A shape layer stroking, in red and unfilled, a path from the origin through `points`; and that path.
    func redStroke(through points: [CGPoint]) -> (CAShapeLayer, CGMutablePath) {
        let shape = CAShapeLayer()
        let path = CGMutablePath()
        path.move(to: .zero)
        for point in points { path.addLine(to: point) }
        shape.path = path
        shape.fillColor = nil
        shape.strokeColor = UIColor.red.cgColor
        return (shape, path)
    }

    /// Pins UIKIT-SHAPE-LAYER.
    @Test func s70StrokeEndTrimsAlongThePathsLength() throws {
        let h = Harness()
        let view = h.add(UIView(0, 0, 200, 200), "V")
        let (shape, _) = redStroke(through: [CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
        shape.lineWidth = 4
        shape.strokeEnd = 0.75
        view.layer.addSublayer(shape)
        try h.advance(to: 1)
        #expect(h.app.renderTree().node(named: "V")?.displayList == [
            .stroke(path: [.move(.zero), .line(CGPoint(x: 100, y: 0)), .line(CGPoint(x: 100, y: 50))],
                    color: UIColor.red.cgColor, lineWidth: 4, lineCap: .butt, lineJoin: .miter),
        ])
        shape.strokeStart = 0.8
        // The implicit animation of the change (0.25 s) keeps the stroke, a point at the model, for the page to trim
        // (UIKIT-CA-SUBLAYER-DRAWN); once it ended, nothing is stroked.
        #expect(h.app.renderTree().node(named: "V")?.displayList == [
            .stroke(path: [.move(.zero)], color: UIColor.red.cgColor, lineWidth: 4, lineCap: .butt, lineJoin: .miter),
        ])
        try h.advance(to: 300)
        #expect(h.app.renderTree().node(named: "V")?.displayList == nil, "strokeStart past strokeEnd strokes nothing")
    }

    /// Pins UIKIT-SHAPE-LAYER.
    @Test func shapeSublayersAreDrawnInTheirSuperlayersCoordinates() throws {
        let h = Harness()
        let view = h.add(UIView(0, 0, 200, 200), "V")
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 50, y: 60, width: 20, height: 20)
        shape.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)).cgPath
        shape.fillColor = UIColor.blue.cgColor
        shape.fillRule = .evenOdd
        shape.opacity = 0.5
        view.layer.addSublayer(shape)
        let commands = try #require(h.app.renderTree().node(named: "V")?.displayList)
        #expect(commands == [.fill(path: [.move(CGPoint(x: 50, y: 60)), .line(CGPoint(x: 60, y: 60)), .line(CGPoint(x: 60, y: 70)),
                                          .line(CGPoint(x: 50, y: 70)), .close],
                                   color: UIColor.blue.withAlphaComponent(0.5).cgColor, evenOdd: true)])
        shape.removeFromSuperlayer()
        #expect(view.layer.sublayers == nil)
        #expect(h.app.renderTree().node(named: "V")?.displayList == nil)
    }

    /// Pins UIKIT-SHAPE-LAYER: the layer draws its path as it was set; changing the mutable path
    /// afterwards shows only once the path is set again.
    @Test func aMutablePathChangedAfterItWasSetShowsOnlyWhenSetAgain() throws {
        let h = Harness()
        let view = h.add(UIView(0, 0, 200, 200), "V")
        let (shape, path) = redStroke(through: [CGPoint(x: 100, y: 0)])
        view.layer.addSublayer(shape)
        let before: [DrawCommand] = [.stroke(path: [.move(.zero), .line(CGPoint(x: 100, y: 0))], color: UIColor.red.cgColor,
                                                lineWidth: 1, lineCap: .butt, lineJoin: .miter)]
        #expect(h.app.renderTree().node(named: "V")?.displayList == before)
        path.addLine(to: CGPoint(x: 100, y: 100))
        #expect(h.app.renderTree().node(named: "V")?.displayList == before, "the layer keeps the path it was given")
        shape.path = path
        #expect(h.app.renderTree().node(named: "V")?.displayList?.count == 1)
        #expect(h.app.renderTree().node(named: "V")?.displayList != before, "set again, the change shows")
    }

    /// S70's last part: a view whose touchable area is an oval, through `point(inside:)`.
    final class OvalView: UIView {
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            UIBezierPath(ovalIn: bounds).contains(point)
        }
    }

    /// Pins UIKIT-HIT-POINT-INSIDE.
    @Test func s70AnOvalPathDecidesHitTesting() throws {
        let h = Harness()
        let root = h.add(UIView(0, 0, 400, 800), "R")
        h.add(OvalView(100, 100, 100, 100), "V", to: root)
        #expect(h.window.hitTest(CGPoint(x: 105, y: 105), with: nil)?.accessibilityIdentifier == "R")
        #expect(h.window.hitTest(CGPoint(x: 150, y: 150), with: nil)?.accessibilityIdentifier == "V")
    }
}
