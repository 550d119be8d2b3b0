import TouchKit

/// A declarative view's touch area when it differs from its bounds — an enlarged button, a round
/// view, an irregular one — implemented the way UIKit apps do it: by overriding
/// `point(inside:with:)` (UIKIT-HIT-POINT-INSIDE: hit-testing asks it, and a `false` keeps the view's
/// subviews from being hit too). JSON: `{"inset": n}` (negative enlarges), `{"circle": true}` (the circle
/// inscribed in the bounds), `{"oval": true}` (the ellipse inscribed in the bounds),
/// `{"polygon": [[x, y], …]}` (view coordinates, non-zero rule) or `{"path": [element, …]}`, a
/// `UIBezierPath` built from `["move", x, y]`, `["line", x, y]`, `["close"]`, `["rect", x, y, w, h]`,
/// `["reversedRect", x, y, w, h]` and `["oval", x, y, w, h]`, asked `contains(_:)` with its fill rule
/// (`"evenOdd": true` for `usesEvenOddFillRule`; an open subpath is not closed for it — UIKIT-PATH-CONTAINS).
enum HitShape: Equatable, Sendable {
    case inset(CGFloat)
    case circle
    case oval
    case polygon([CGPoint])
    case path([PathElement], evenOdd: Bool)

    enum PathElement: Equatable, Sendable {
        case move(CGPoint), line(CGPoint), close, rect(CGRect), reversedRect(CGRect), oval(CGRect)
    }

    /// A `UIBezierPath` of `elements`, in order.
    static func bezierPath(_ elements: [PathElement]) -> UIBezierPath {
        let path = UIBezierPath()
        for element in elements {
            switch element {
            case .move(let to): path.move(to: to)
            case .line(let to): path.addLine(to: to)
            case .close: path.close()
            case .rect(let rect): path.append(UIBezierPath(rect: rect))
            case .reversedRect(let rect): path.append(UIBezierPath(rect: rect).reversing())
            case .oval(let rect): path.append(UIBezierPath(ovalIn: rect))
            }
        }
        return path
    }

    func contains(_ point: CGPoint, in bounds: CGRect) -> Bool {
        switch self {
        case .inset(let amount):
            return bounds.insetBy(dx: amount, dy: amount).contains(point)
        case .circle:
            let radius = min(bounds.width, bounds.height) / 2
            return hypot(point.x - bounds.midX, point.y - bounds.midY) <= radius
        case .oval:
            return UIBezierPath(ovalIn: bounds).contains(point)
        case .path(let elements, let evenOdd):
            let path = HitShape.bezierPath(elements)
            path.usesEvenOddFillRule = evenOdd
            return path.contains(point)
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

extension JSONWalker {
    func hitShape() throws(SceneError) -> HitShape {
        let object = try object(allowing: ["inset", "circle", "oval", "polygon", "path", "evenOdd"])
        guard object.keys.filter({ $0 != "evenOdd" }).count == 1 else { throw error("give one of inset, circle, oval, polygon or path") }
        if let inset = field("inset", in: object) { return .inset(try inset.number(in: -10_000...10_000)) }
        for (key, shape) in [("circle", HitShape.circle), ("oval", .oval)] {
            guard let flag = field(key, in: object) else { continue }
            guard try flag.bool() else { throw SceneError(path: "\(path).\(key)", message: "expected true") }
            return shape
        }
        if let elements = field("path", in: object) {
            let evenOdd = try field("evenOdd", in: object)?.bool() ?? false
            return .path(try elements.array(maxCount: 256).map { element throws(SceneError) in try element.pathElement() }, evenOdd: evenOdd)
        }
        let points = try required("polygon", in: object).array(maxCount: 256)
        guard points.count >= 3 else { throw SceneError(path: "\(path).polygon", message: "at least 3 points") }
        return .polygon(try points.map { point throws(SceneError) in
            let xy = try point.array()
            guard xy.count == 2 else { throw point.error("expected [x, y]") }
            return CGPoint(x: try xy[0].number(), y: try xy[1].number())
        })
    }

    func pathElement() throws(SceneError) -> HitShape.PathElement {
        let parts = try array(maxCount: 5)
        guard let verb = try parts.first?.oneOf(["move", "line", "close", "rect", "reversedRect", "oval"]) else {
            throw error("expected [verb, numbers…]")
        }
        let numbers = try parts.dropFirst().map { part throws(SceneError) in try part.number() }
        let count = ["move": 2, "line": 2, "close": 0][verb] ?? 4
        guard numbers.count == count else { throw error("\(verb) takes \(count) numbers") }
        switch verb {
        case "move": return .move(CGPoint(x: numbers[0], y: numbers[1]))
        case "line": return .line(CGPoint(x: numbers[0], y: numbers[1]))
        case "close": return .close
        default:
            let rect = CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            return verb == "rect" ? .rect(rect) : verb == "oval" ? .oval(rect) : .reversedRect(rect)
        }
    }
}
