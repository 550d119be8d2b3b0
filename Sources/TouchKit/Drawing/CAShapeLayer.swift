import Foundation

/// A layer that draws a path: fill, then stroke, with UIKit's defaults (UIKIT-SHAPE-LAYER): fill opaque
/// black, no stroke, line width 1, non-zero rule, `strokeStart` 0 and `strokeEnd` 1 (fractions of
/// the path's length; `strokeStart >= strokeEnd` strokes nothing). In a window, changing `strokeStart`,
/// `strokeEnd` or `lineWidth` animates implicitly, as the layer properties do (UIKIT-CA-IMPLICIT).
open class CAShapeLayer: CALayer {
    /// The shape; nil draws nothing. The layer keeps the path as it was when set (UIKIT-SHAPE-LAYER):
    /// a `CGMutablePath` changed afterwards changes nothing on screen until it is set again, as on iOS,
    /// where the property's type is the immutable `CGPath` and what is drawn is what was committed.
    public var path: CGPath? {
        get { drawnPath }
        set {
            drawnPath = newValue.map { $0 is CGMutablePath ? CGPath(elements: $0.elements) : $0 }
            noteRenderChange()
        }
    }
    private var drawnPath: CGPath?
    /// Fill colour (default opaque black, as in Core Animation); nil fills nothing.
    public var fillColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1) { didSet { noteRenderChange() } }
    /// Stroke colour; nil (default) strokes nothing.
    public var strokeColor: CGColor? { didSet { noteRenderChange() } }
    /// Stroke width in points, scaled by the layer's transform.
    public var lineWidth: CGFloat = 1 { didSet { noteRenderChange(); implicitAction("lineWidth", from: oldValue) } }
    /// Line ends of the stroke.
    public var lineCap: CAShapeLayerLineCap = .butt { didSet { noteRenderChange() } }
    /// Line joins of the stroke.
    public var lineJoin: CAShapeLayerLineJoin = .miter { didSet { noteRenderChange() } }
    /// How overlapping subpaths fill.
    public var fillRule: CAShapeLayerFillRule = .nonZero { didSet { noteRenderChange() } }
    /// Where the stroke starts, as a fraction of the path's length (animate it to draw a path on).
    public var strokeStart: CGFloat = 0 { didSet { noteRenderChange(); implicitAction("strokeStart", from: oldValue) } }
    /// Where the stroke ends, as a fraction of the path's length.
    public var strokeEnd: CGFloat = 1 { didSet { noteRenderChange(); implicitAction("strokeEnd", from: oldValue) } }
    /// Lengths of painted and unpainted stretches of the stroke, alternating; nil (default) or empty
    /// strokes solid (UIKIT-EVERYDAY-LINE-DASH).
    public var lineDashPattern: [NSNumber]? { didSet { noteRenderChange() } }
    /// How far into `lineDashPattern` the stroke starts, in points (default 0).
    public var lineDashPhase: CGFloat = 0 { didSet { noteRenderChange() } }

    /// A shape layer with Core Animation's defaults.
    public required init() { super.init() }

    override func drawContent(into context: CGContext, transform: CGAffineTransform, opacity: CGFloat) {
        guard let path else { return }
        let polygons = path.polygons().map { PathPolygon(points: $0.points.map { $0.applying(transform) }, closed: $0.closed) }
        if let fillColor, fillColor.alpha > 0 {
            context.setFillColor(fillColor.multiplyingAlpha(opacity))
            context.addPolygons(polygons.map { PathPolygon(points: $0.points, closed: true) })
            context.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
        }
        if let strokeColor, lineWidth > 0 {
            // A trim the page animates (a solid stroke) keeps its command, if only a point, and its whole path.
            let retrimmed = trimAnimates && (lineDashPattern ?? []).isEmpty
            var stroked = PathFlattening.trim(polygons, from: strokeStart, to: strokeEnd)
            if stroked.isEmpty, retrimmed, let start = polygons.first?.points.first { stroked = [PathPolygon(points: [start], closed: false)] }
            guard !stroked.isEmpty else { return }
            if retrimmed { context.animatedStroke = (context.commandCount, polygons.drawElements) }
            context.saveGState()
            context.setStrokeColor(strokeColor.multiplyingAlpha(opacity))
            // Stroke width and dashes scale with the layer's transform as on screen (uniform scale assumed).
            let scale = (abs(transform.a * transform.d - transform.b * transform.c)).squareRoot()
            context.setLineWidth(lineWidth * scale)
            context.setLineCap(lineCap.cgLineCap)
            context.setLineJoin(lineJoin.cgLineJoin)
            context.setLineDash(phase: lineDashPhase * scale, lengths: (lineDashPattern ?? []).map { CGFloat($0.doubleValue) * scale })
            context.addPolygons(stroked)
            context.strokePath()
            context.restoreGState()
        }
    }
}

/// `CAShapeLayer.lineCap` values.
public struct CAShapeLayerLineCap: Hashable, Sendable {
    /// The value's name, as Core Animation spells it.
    public let rawValue: String
    /// A value by name; prefer the named constants.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Flat at the end point (default).
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    /// A semicircle around the end point.
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    /// A half-square past the end point.
    public static let square = CAShapeLayerLineCap(rawValue: "square")
    var cgLineCap: CGLineCap { self == .round ? .round : self == .square ? .square : .butt }
}

/// `CAShapeLayer.lineJoin` values.
public struct CAShapeLayerLineJoin: Hashable, Sendable {
    /// The value's name, as Core Animation spells it.
    public let rawValue: String
    /// A value by name; prefer the named constants.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Sharp corners (default).
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    /// Rounded corners.
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    /// Cut-off corners.
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
    var cgLineJoin: CGLineJoin { self == .round ? .round : self == .bevel ? .bevel : .miter }
}

/// `CAShapeLayer.fillRule` values.
public struct CAShapeLayerFillRule: Hashable, Sendable {
    /// The value's name, as Core Animation spells it.
    public let rawValue: String
    /// A value by name; prefer the named constants.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Non-zero winding (default).
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    /// Even–odd: overlaps alternate between filled and empty.
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}
