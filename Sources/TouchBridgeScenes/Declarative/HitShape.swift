import TouchKit

/// A declarative view's touch area when it differs from its bounds — an enlarged button, a round
/// view, an irregular one — implemented the way UIKit apps do it: by overriding
/// `point(inside:with:)` (§1.2: hit-testing asks it, and a `false` keeps the view's subviews from
/// being hit too). JSON: `{"inset": n}` (negative enlarges), `{"circle": true}` (the circle
/// inscribed in the bounds) or `{"polygon": [[x, y], …]}` (view coordinates, non-zero rule).
enum HitShape: Equatable, Sendable {
    case inset(CGFloat)
    case circle
    case polygon([CGPoint])

    func contains(_ point: CGPoint, in bounds: CGRect) -> Bool {
        switch self {
        case .inset(let amount):
            return bounds.insetBy(dx: amount, dy: amount).contains(point)
        case .circle:
            let radius = min(bounds.width, bounds.height) / 2
            return hypot(point.x - bounds.midX, point.y - bounds.midY) <= radius
        case .polygon(let points):
            let path = UIBezierPath()
            guard let first = points.first else { return false }
            path.move(to: first)
            for point in points.dropFirst() { path.addLine(to: point) }
            path.close()
            return path.contains(point)
        }
    }
}

/// A declarative view that may have a hit shape (`point(inside:with:)` overridden).
protocol HitShaped: AnyObject {
    var hitShape: HitShape? { get set }
}

/// A plain declarative view: forwards its touches (UIView's default) or handles them
/// (`responder: log`, so the chain stops there), with an optional hit shape; it may accept
/// first-responder status (`canBecomeFirstResponder`, false by default as in UIKit).
final class SceneView: UIView, HitShaped {
    var handlesTouches = false
    var hitShape: HitShape?
    var acceptsFirstResponder = false

    override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        hitShape?.contains(point, in: bounds) ?? super.point(inside: point, with: event)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handlesTouches { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handlesTouches { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handlesTouches { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handlesTouches { super.touchesCancelled(touches, with: event) }
    }
}

/// A declarative button with an optional hit shape.
final class SceneButton: UIButton, HitShaped {
    var hitShape: HitShape?

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        hitShape?.contains(point, in: bounds) ?? super.point(inside: point, with: event)
    }
}

/// A declarative plain control with an optional hit shape.
final class SceneControl: UIControl, HitShaped {
    var hitShape: HitShape?

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        hitShape?.contains(point, in: bounds) ?? super.point(inside: point, with: event)
    }
}

extension JSONWalker {
    func hitShape() throws(SceneError) -> HitShape {
        let object = try object(allowing: ["inset", "circle", "polygon"])
        guard object.count == 1 else { throw error("give one of inset, circle or polygon") }
        if let inset = field("inset", in: object) { return .inset(try inset.number(in: -10_000...10_000)) }
        if let circle = field("circle", in: object) {
            guard try circle.bool() else { throw SceneError(path: "\(path).circle", message: "expected true") }
            return .circle
        }
        let points = try required("polygon", in: object).array(maxCount: 256)
        guard points.count >= 3 else { throw SceneError(path: "\(path).polygon", message: "at least 3 points") }
        return .polygon(try points.map { point throws(SceneError) in
            let xy = try point.array()
            guard xy.count == 2 else { throw point.error("expected [x, y]") }
            return CGPoint(x: try xy[0].number(), y: try xy[1].number())
        })
    }
}

/// A declarative scroll view; `cancelsControlTouches` overrides `touchesShouldCancel(in:)` to answer
/// true for controls too (UIKit's default is false for `UIControl`s, so a held button keeps its touch
/// and the scroll view does not scroll — §1.11, the usual fix for that complaint, §3 S59).
final class SceneScrollView: UIScrollView {
    var cancelsControlTouches = false

    override func touchesShouldCancel(in view: UIView) -> Bool {
        cancelsControlTouches || super.touchesShouldCancel(in: view)
    }
}
