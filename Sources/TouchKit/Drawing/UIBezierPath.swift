import Foundation

/// UIKit's path object: lines, curves, arcs and shapes, with stroke style, drawn into the current
/// context by `stroke()` and `fill()`, and hit-tested by `contains(_:)`
/// (UIKIT-PATH-CONTAINS).
open class UIBezierPath {
    private let path = CGMutablePath()

    /// Stroke width in points (default 1).
    public var lineWidth: CGFloat = 1
    /// Line ends of the stroke (default `.butt`).
    public var lineCapStyle: CGLineCap = .butt
    /// Line joins of the stroke (default `.miter`).
    public var lineJoinStyle: CGLineJoin = .miter
    /// false (UIKit's default): non-zero winding; true: even-odd, for fills and `contains(_:)`.
    public var usesEvenOddFillRule = false
    /// The dash pattern `stroke()` uses (`setLineDash`); empty: solid.
    private var dashLengths: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    /// An empty path.
    public init() {}

    /// A closed rectangle.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// A closed ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rectangle with corners rounded by `cornerRadius`.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        path.elements += PathShapes.roundedRect(rect, radius: cornerRadius)
    }

    /// A rectangle with only `corners` rounded, each by an ellipse of `cornerRadii` clamped to half the
    /// rectangle's size (UIKIT-EVERYDAY-ROUNDED-CORNERS).
    public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        self.init()
        path.elements += PathShapes.roundedRect(rect, corners: corners, radii: cornerRadii)
    }

    /// An arc around `center`; angles in radians from the positive x axis, `clockwise` as on screen (y down).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        path.elements += PathShapes.arc(center: center, radius: radius, from: startAngle, to: endAngle, clockwise: clockwise, continuing: false)
    }

    /// A path with `cgPath`'s elements.
    public convenience init(cgPath: CGPath) {
        self.init()
        path.elements = cgPath.elements
    }

    /// An immutable copy of the path, for `CAShapeLayer.path` and CoreGraphics calls.
    public var cgPath: CGPath { CGPath(elements: path.elements) }

    /// Whether the path has no elements.
    public var isEmpty: Bool { path.isEmpty }
    /// Where the next element starts.
    public var currentPoint: CGPoint { path.currentPoint }
    /// The rectangle enclosing the drawn path (control points of curves off the curve excluded:
    /// CoreGraphics' `boundingBoxOfPath`) [choose: UIKit's includes them].
    public var bounds: CGRect { path.boundingBoxOfPath }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { path.move(to: point) }
    /// Adds a line to `point`.
    public func addLine(to point: CGPoint) { path.addLine(to: point) }
    /// Adds a quadratic Bézier to `endPoint`.
    public func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) { path.addQuadCurve(to: endPoint, control: controlPoint) }
    /// Adds a cubic Bézier to `endPoint`.
    public func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }
    /// Adds an arc, joined to the current point by a line when there is one (as UIKit).
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }
    /// Closes the current subpath with a line to its start.
    public func close() { path.closeSubpath() }
    /// Empties the path, keeping the stroke style.
    public func removeAllPoints() { path.elements.removeAll() }
    /// Adds `bezierPath`'s subpaths.
    public func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }
    /// Maps every point of the path through `transform`.
    public func apply(_ transform: CGAffineTransform) { path.elements = path.elements.map { $0.applying(transform) } }

    /// The same shape traced backwards (each subpath reversed), e.g. to cut a hole with the
    /// non-zero rule.
    public func reversing() -> UIBezierPath {
        let reversed = UIBezierPath()
        reversed.copyStyle(of: self)
        for polygon in path.polygons() {
            guard let last = polygon.points.last else { continue }
            reversed.move(to: last)
            for point in polygon.points.dropLast().reversed() { reversed.addLine(to: point) }
            if polygon.closed { reversed.close() }
        }
        return reversed
    }

    /// Whether a fill would paint `point`: only closed subpaths count (an open one must be closed
    /// first), with `usesEvenOddFillRule`; the line width is ignored (UIKIT-PATH-CONTAINS).
    public func contains(_ point: CGPoint) -> Bool {
        PathContainment.contains(point, in: path.polygons(), evenOdd: usesEvenOddFillRule, closedOnly: true)
    }

    /// UIKit's `setLineDash(_:count:phase:)`: `count` lengths from `pattern`, alternating painted and
    /// unpainted stretches, for later `stroke()` calls; a nil pattern or count 0 strokes solid
    /// (UIKIT-EVERYDAY-LINE-DASH).
    public func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dashLengths = pattern.map { Array(UnsafeBufferPointer(start: $0, count: max(count, 0))) } ?? []
        dashPhase = phase
    }

    /// UIKit's `getLineDash(_:count:phase:)`: copies the pattern into `pattern` (room for the count it
    /// reads back), and its length and phase into `count` and `phase`; nil pointers are skipped.
    public func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                            phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern { for (index, length) in dashLengths.enumerated() { pattern[index] = length } }
        count?.pointee = dashLengths.count
        phase?.pointee = dashPhase
    }

    /// Strokes the path into the current context with this path's line style and the context's
    /// stroke colour (`UIColor.setStroke()`); nothing outside `draw(_:)`.
    public func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineDash(phase: dashPhase, lengths: dashLengths)
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.addPath(cgPath)
        context.strokePath()
        context.restoreGState()
    }

    /// Fills the path into the current context with the context's fill colour (`UIColor.setFill()`).
    public func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.addPath(cgPath)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    private func copyStyle(of other: UIBezierPath) {
        lineWidth = other.lineWidth
        lineCapStyle = other.lineCapStyle
        lineJoinStyle = other.lineJoinStyle
        usesEvenOddFillRule = other.usesEvenOddFillRule
        dashLengths = other.dashLengths
        dashPhase = other.dashPhase
    }
}
