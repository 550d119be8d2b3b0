import Foundation

/// Line joins, as CoreGraphics' `CGLineJoin`.
public enum CGLineJoin: Int32, Sendable {
    /// Sharp, rounded or cut-off corners where segments meet.
    case miter, round, bevel
}

/// Fill rules, as CoreGraphics' `CGPathFillRule`.
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding, or even–odd (overlaps alternate between filled and empty).
    case winding, evenOdd
}

/// A path, as CoreGraphics' `CGPath`: subpaths of lines and Bézier curves. Immutable; build one
/// with `CGMutablePath` or `UIBezierPath` (`cgPath`).
///
/// Linux adaptation: curves and arcs are kept as cubic Béziers (arcs as CoreGraphics splits them,
/// at most a quarter turn each) and flattened into short segments where a polygon is needed —
/// containment, the display list the page paints, and `strokeStart`/`strokeEnd`.
public class CGPath: Equatable {
    /// One element: absolute points, as `CGPathElement`.
    public enum Element: Equatable, Sendable {
        /// Starts a subpath at the point.
        case move(CGPoint)
        /// A straight line to the point.
        case line(CGPoint)
        /// A quadratic Bézier to the point.
        case quad(CGPoint, control: CGPoint)
        /// A cubic Bézier to the point.
        case cubic(CGPoint, control1: CGPoint, control2: CGPoint)
        /// Closes the subpath with a line back to its start.
        case close
    }

    /// The path's elements in order, as CoreGraphics' `applyWithBlock` would list them.
    public internal(set) var elements: [Element]

    init(elements: [Element]) { self.elements = elements }

    public static func == (lhs: CGPath, rhs: CGPath) -> Bool { lhs.elements == rhs.elements }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The point a new element starts from: the last element's end (the subpath's start after a close).
    public var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for element in elements {
            switch element {
            case .move(let p): start = p; current = p
            case .line(let p), .quad(let p, _), .cubic(let p, _, _): current = p
            case .close: current = start
            }
        }
        return current
    }

    /// The smallest rectangle holding every point of the drawn path (`boundingBoxOfPath`; control
    /// points off the curve are not included).
    public var boundingBoxOfPath: CGRect {
        let points = polygons().flatMap(\.points)
        guard let first = points.first else { return .null }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in points {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether a fill of this path with `rule` would paint `point`. As CoreGraphics, open
    /// subpaths count as if closed (a fill closes them); `UIBezierPath.contains` does not.
    public func contains(_ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity) -> Bool {
        let local = point.applying(transform.inverted())
        return PathContainment.contains(local, in: polygons(), evenOdd: rule == .evenOdd, closedOnly: false)
    }

    /// A copy with every point mapped through `transform`.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let transform = transform?.pointee else { return CGPath(elements: elements) }
        return CGPath(elements: elements.map { $0.applying(transform) })
    }

    /// A mutable copy to extend.
    public func mutableCopy() -> CGMutablePath? { CGMutablePath(elements: elements) }

    /// The path as polylines, one per subpath.
    func polygons() -> [PathPolygon] { PathFlattening.polygons(of: elements) }
}

/// A path being built, as CoreGraphics' `CGMutablePath`.
public final class CGMutablePath: CGPath {
    /// An empty path.
    public convenience init() { self.init(elements: []) }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { elements.append(.move(point)) }
    /// Adds a line to `point` (starting the path there when it is empty).
    public func addLine(to point: CGPoint) { startIfNeeded(at: point); elements.append(.line(point)) }
    /// Starts a subpath at the first point and adds lines through the rest.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }
    /// Adds a quadratic Bézier to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        startIfNeeded(at: control)
        elements.append(.quad(end, control: control))
    }
    /// Adds a cubic Bézier to `end`.
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        startIfNeeded(at: control1)
        elements.append(.cubic(end, control1: control1, control2: control2))
    }
    /// Adds a closed rectangle subpath.
    public func addRect(_ rect: CGRect) { elements += PathShapes.rect(rect) }
    /// Adds a closed ellipse subpath inscribed in `rect`.
    public func addEllipse(in rect: CGRect) { elements += PathShapes.oval(in: rect) }
    /// An arc in CoreGraphics' coordinates as UIKit uses them (y down): `clockwise` as on screen.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        elements += PathShapes.arc(center: center, radius: radius, from: startAngle, to: endAngle, clockwise: clockwise,
                                   continuing: !elements.isEmpty)
    }
    /// Appends `path`'s elements.
    public func addPath(_ path: CGPath) { elements += path.elements }
    /// Closes the current subpath (nothing for an empty path).
    public func closeSubpath() { if !elements.isEmpty { elements.append(.close) } }

    /// CoreGraphics starts a subpath at the first point when a path has none.
    private func startIfNeeded(at point: CGPoint) {
        if elements.isEmpty { elements.append(.move(point)) }
    }
}

extension CGPath.Element {
    func applying(_ t: CGAffineTransform) -> CGPath.Element {
        switch self {
        case .move(let p): .move(p.applying(t))
        case .line(let p): .line(p.applying(t))
        case .quad(let p, let c): .quad(p.applying(t), control: c.applying(t))
        case .cubic(let p, let c1, let c2): .cubic(p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
        case .close: .close
        }
    }
}
