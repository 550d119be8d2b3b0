import Foundation

/// A layer that draws a path: fill, then stroke, with UIKit's defaults (UIKIT-SHAPE-LAYER): fill opaque
/// black, no stroke, line width 1, non-zero rule, `strokeStart` 0 and `strokeEnd` 1 (fractions of
/// the path's length; `strokeStart >= strokeEnd` strokes nothing).
open class CAShapeLayer: CALayer {
    public var path: CGPath?
    public var fillColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    public var strokeColor: CGColor?
    public var lineWidth: CGFloat = 1
    public var lineCap: CAShapeLayerLineCap = .butt
    public var lineJoin: CAShapeLayerLineJoin = .miter
    public var fillRule: CAShapeLayerFillRule = .nonZero
    public var strokeStart: CGFloat = 0
    public var strokeEnd: CGFloat = 1

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
            let stroked = PathFlattening.trim(polygons, from: strokeStart, to: strokeEnd)
            guard !stroked.isEmpty else { return }
            context.saveGState()
            context.setStrokeColor(strokeColor.multiplyingAlpha(opacity))
            // Stroke width scales with the layer's transform as on screen (uniform scale assumed).
            context.setLineWidth(lineWidth * (abs(transform.a * transform.d - transform.b * transform.c)).squareRoot())
            context.setLineCap(lineCap.cgLineCap)
            context.setLineJoin(lineJoin.cgLineJoin)
            context.addPolygons(stroked)
            context.strokePath()
            context.restoreGState()
        }
    }
}

/// `CAShapeLayer.lineCap` values.
public struct CAShapeLayerLineCap: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
    var cgLineCap: CGLineCap { self == .round ? .round : self == .square ? .square : .butt }
}

/// `CAShapeLayer.lineJoin` values.
public struct CAShapeLayerLineJoin: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
    var cgLineJoin: CGLineJoin { self == .round ? .round : self == .bevel ? .bevel : .miter }
}

/// `CAShapeLayer.fillRule` values.
public struct CAShapeLayerFillRule: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}
