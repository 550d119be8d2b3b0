import TouchKit

/// A declarative view's `CAShapeLayer` sublayer (UIKIT-SHAPE-LAYER): a path stroked between `strokeStart` and
/// `strokeEnd` (fractions of its length), filled only when `fillColor` is given, placed by the
/// layer's geometry — `bounds` size, `position` in the view, `anchorPoint` (UIKit's default
/// (0.5, 0.5)); `frame` follows from them. JSON: `{"path": [elements as in hitShape], "strokeColor",
/// "fillColor", "lineWidth", "strokeStart", "strokeEnd", "bounds": [w, h], "position": [x, y],
/// "anchorPoint": [x, y]}`.
struct ShapeSpec: Equatable, Sendable {
    var path: [HitShape.PathElement]
    var strokeColor: UIColorValue?
    var fillColor: UIColorValue?
    var lineWidth: Double
    var strokeStart: Double
    var strokeEnd: Double
    var size: CGSize
    var position: CGPoint
    var anchorPoint: CGPoint

    /// Gives the spec to `layer`.
    func apply(to layer: CAShapeLayer) {
        layer.path = HitShape.bezierPath(path).cgPath
        layer.strokeColor = strokeColor.flatMap { UIColor(hex: $0.hex)?.cgColor }
        layer.fillColor = fillColor.flatMap { UIColor(hex: $0.hex)?.cgColor }
        layer.lineWidth = lineWidth
        layer.strokeStart = strokeStart
        layer.strokeEnd = strokeEnd
        layer.anchorPoint = anchorPoint
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = position
    }
}

extension JSONWalker {
    func shape() throws(SceneError) -> ShapeSpec {
        let object = try object(allowing: ["path", "strokeColor", "fillColor", "lineWidth", "strokeStart", "strokeEnd",
                                           "bounds", "position", "anchorPoint"])
        func point(_ key: String, default value: CGPoint) throws(SceneError) -> CGPoint {
            guard let field = field(key, in: object) else { return value }
            let pair = try field.size()
            return CGPoint(x: pair.width, y: pair.height)
        }
        return ShapeSpec(
            path: try required("path", in: object).array(maxCount: 256).map { element throws(SceneError) in try element.pathElement() },
            strokeColor: try field("strokeColor", in: object)?.color(),
            fillColor: try field("fillColor", in: object)?.color(),
            lineWidth: try field("lineWidth", in: object)?.number(in: 0...1000) ?? 1,
            strokeStart: try field("strokeStart", in: object)?.number(in: 0...1) ?? 0,
            strokeEnd: try field("strokeEnd", in: object)?.number(in: 0...1) ?? 1,
            size: try field("bounds", in: object)?.size() ?? .zero,
            position: try point("position", default: .zero),
            anchorPoint: try point("anchorPoint", default: CGPoint(x: 0.5, y: 0.5)))
    }
}
