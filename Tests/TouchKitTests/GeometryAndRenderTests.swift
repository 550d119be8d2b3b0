import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// CGAffineTransform, view geometry and conversion, hierarchy, layout/display passes, render tree.
@Suite struct GeometryAndRenderTests {
    private func close(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func affineTransformMatchesCoreGraphicsConventions() {
        let p = CGPoint(x: 1, y: 0)
        #expect(close(p.applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1)), "positive angles turn clockwise on a y-down screen")
        let t = CGAffineTransform.identity.translatedBy(x: 10, y: 0).scaledBy(x: 2, y: 2)
        #expect(close(p.applying(t), CGPoint(x: 12, y: 0)), "scaledBy applies before the existing translation")
        let u = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 0))
        #expect(u == t)
        #expect(close(p.applying(t).applying(t.inverted()), p))
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        #expect(singular.inverted() == singular, "a singular transform is returned unchanged")
        let r = CGRect(x: 0, y: 0, width: 10, height: 20).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(r.width - 20) < 1e-9 && abs(r.height - 10) < 1e-9)
        #expect(CGAffineTransform.identity.rotated(by: .pi).isIdentity == false)
    }

    @Test func frameCenterBoundsAndConversion() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let parent = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        let child = UIView(frame: CGRect(x: 50, y: 50, width: 20, height: 20))
        window.addSubview(parent)
        parent.addSubview(child)
        #expect(child.center == CGPoint(x: 60, y: 60))
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 150, y: 150))
        #expect(child.convert(CGPoint(x: 150, y: 150), from: nil) == .zero)
        parent.bounds.origin = CGPoint(x: 50, y: 0)
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 100, y: 150), "bounds origin scrolls the content")
        parent.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(parent.frame == CGRect(x: 0, y: 0, width: 400, height: 400))
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 0, y: 100))
        let rect = child.convert(child.bounds, to: window)
        #expect(rect == CGRect(x: 0, y: 100, width: 40, height: 40))
        #expect(child.convert(rect, from: window) == child.bounds)
        #expect(child.window === window)
    }

    @Test func hierarchyOrdering() {
        let root = UIView(0, 0, 100, 100)
        let a = UIView(), b = UIView(), c = UIView()
        root.addSubview(a); root.addSubview(b); root.addSubview(c)
        root.bringSubviewToFront(a)
        #expect(root.subviews == [b, c, a])
        root.sendSubviewToBack(a)
        #expect(root.subviews == [a, b, c])
        root.insertSubview(c, at: 0)
        #expect(root.subviews == [c, a, b])
        root.insertSubview(c, aboveSubview: b)
        #expect(root.subviews == [a, b, c])
        root.insertSubview(a, belowSubview: c)
        #expect(root.subviews == [b, a, c])
        let other = UIView()
        other.addSubview(a)
        #expect(root.subviews == [b, c] && a.superview === other, "adding elsewhere moves the view")
        c.removeFromSuperview()
        #expect(root.subviews == [b] && c.superview == nil)
        c.tag = 7
        b.addSubview(c)
        #expect(root.viewWithTag(7) === c)
    }

    final class CountingView: UIView {
        var layouts = 0, draws = 0
        override func layoutSubviews() { layouts += 1 }
        override func draw(_ rect: CGRect) {
            draws += 1
            let context = UIGraphicsGetCurrentContext()
            context?.setFillColor(UIColor.red.cgColor)
            context?.fill(rect)
        }
    }

    @Test func layoutAndDisplayRunOncePerTurn() throws {
        let h = Harness()
        let v = h.add(CountingView(0, 0, 100, 100), "V")
        try h.advance(to: 1)
        #expect(v.layouts == 1 && v.draws == 1)
        v.setNeedsLayout(); v.setNeedsLayout(); v.setNeedsDisplay(); v.setNeedsDisplay()
        try h.advance(to: 2)
        #expect(v.layouts == 2 && v.draws == 2)
        try h.tap(1, 50, 50, at: 3000)
        #expect(v.layouts == 2 && v.draws == 2, "nothing marked, nothing re-run")
        v.bounds.size = CGSize(width: 50, height: 50)
        try h.advance(to: 4000)
        #expect(v.layouts == 3, "a size change lays out again")
        #expect(h.app.renderTree().node(named: "V")?.displayList == [.fill(path: [.rect(CGRect(x: 0, y: 0, width: 100, height: 100))], color: UIColor.red.cgColor)])
        #expect(UIGraphicsGetCurrentContext() == nil, "no context outside the display pass")
    }

    @Test func controllerLifecycleAndLayoutCallbacks() {
        final class Controller: UIViewController {
            var calls: [String] = []
            override func viewDidLoad() { calls.append("viewDidLoad") }
            override func viewWillAppear(_ animated: Bool) { calls.append("viewWillAppear") }
            override func viewDidAppear(_ animated: Bool) { calls.append("viewDidAppear") }
            override func viewDidLayoutSubviews() { calls.append("viewDidLayoutSubviews") }
        }
        let h = Harness()
        let controller = Controller()
        h.host(controller)
        #expect(controller.calls == ["viewDidLoad", "viewWillAppear", "viewDidLayoutSubviews", "viewDidAppear"])
        #expect(controller.view.frame == h.window.bounds)
        h.window.frame = CGRect(x: 0, y: 0, width: 800, height: 400)
        h.window.layoutIfNeeded()
        #expect(controller.view.frame.size == CGSize(width: 800, height: 400), "the root view follows the window")
    }

    @Test func renderTreeCarriesVisualState() {
        let h = Harness()
        let v = h.add(UIView(10, 20, 100, 50), "V")
        v.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        v.alpha = 0.8
        v.layer.cornerRadius = 8
        v.layer.borderWidth = 2
        v.layer.borderColor = UIColor.black.cgColor
        v.transform = CGAffineTransform(rotationAngle: 0.5)
        let label = h.add(UILabel(frame: CGRect(x: 0, y: 0, width: 50, height: 20)), "L", to: v)
        label.text = "Hi"
        label.font = .boldSystemFont(ofSize: 20)
        let image = h.add(UIImageView(image: UIImage(named: "photo")), "I")
        #expect(image.isUserInteractionEnabled == false, "UIImageView ignores touches by default, as in UIKit")
        #expect(label.isUserInteractionEnabled == false)
        let tree = h.app.renderTree()
        #expect(tree.nodes.map(\.name) == ["Window", "V", "L", "I"])
        let node = try! #require(tree.node(named: "V"))
        #expect(node.parent == tree.node(named: "Window")?.id)
        #expect(node.center == CGPoint(x: 60, y: 45) && node.bounds.size == CGSize(width: 100, height: 50))
        #expect(node.backgroundColor?.hexString == "#ff000080")
        #expect(node.alpha == 0.8 && node.cornerRadius == 8 && node.borderWidth == 2)
        #expect(node.transform == CGAffineTransform(rotationAngle: 0.5))
        #expect(tree.node(named: "L")?.text == "Hi" && tree.node(named: "L")?.fontBold == true)
        #expect(tree.node(named: "I")?.image == "photo" && tree.node(named: "I")?.kind == "UIImageView")
        #expect(h.app.renderTree() == tree, "snapshots are deterministic")
    }

    @Test func colorsFromHex() {
        #expect(UIColor(hex: "#f00")?.cgColor == UIColor.red.cgColor)
        #expect(UIColor(hex: "00ff00")?.cgColor.hexString == "#00ff00ff")
        #expect(UIColor(hex: "#zzz") == nil)
        #expect(UIColor.red.withAlphaComponent(0.5).cgColor.alpha == 0.5)
    }
}
