import Foundation

/// The layer properties Core Animation's explicit and implicit animations can name, read and
/// written as numbers (UIKIT-CA-EXPLICIT). `transform` is its affine part (a b c d tx ty);
/// `transform.scale` and `transform.rotation.z` are read from it and written back about its translation.
enum LayerKeyPath {
    /// The model (or, on a presentation copy, drawn) value of `keyPath`; nil for a key path TouchKit
    /// does not animate.
    static func value(_ keyPath: String, of layer: CALayer) -> [CGFloat]? {
        let shape = layer as? CAShapeLayer
        switch keyPath {
        case "opacity": return [CGFloat(layer.opacity)]
        case "position": return [layer.position.x, layer.position.y]
        case "position.x": return [layer.position.x]
        case "position.y": return [layer.position.y]
        case "bounds": return [layer.bounds.minX, layer.bounds.minY, layer.bounds.width, layer.bounds.height]
        case "bounds.size": return [layer.bounds.width, layer.bounds.height]
        case "transform": return affine(layer.affineTransform())
        case "transform.scale": let t = layer.affineTransform(); return [(t.a * t.a + t.b * t.b).squareRoot()]
        case "transform.rotation", "transform.rotation.z": let t = layer.affineTransform(); return [atan2(t.b, t.a)]
        case "backgroundColor": return layer.backgroundColor.map(rgba) ?? [0, 0, 0, 0]
        case "cornerRadius": return [layer.cornerRadius]
        case "borderWidth": return [layer.borderWidth]
        case "strokeStart": return shape.map { [$0.strokeStart] }
        case "strokeEnd": return shape.map { [$0.strokeEnd] }
        case "lineWidth": return shape.map { [$0.lineWidth] }
        default: return nil
        }
    }

    /// Sets `keyPath` on `layer` (a presentation copy) to `value`.
    static func set(_ keyPath: String, _ value: [CGFloat], on layer: CALayer) {
        let shape = layer as? CAShapeLayer
        switch (keyPath, value.count) {
        case ("opacity", 1): layer.opacity = Float(value[0])
        case ("position", 2): layer.position = CGPoint(x: value[0], y: value[1])
        case ("position.x", 1): layer.position.x = value[0]
        case ("position.y", 1): layer.position.y = value[0]
        case ("bounds", 4): layer.bounds = CGRect(x: value[0], y: value[1], width: value[2], height: value[3])
        case ("bounds.size", 2): layer.bounds.size = CGSize(width: value[0], height: value[1])
        case ("transform", 6):
            layer.setAffineTransform(CGAffineTransform(a: value[0], b: value[1], c: value[2], d: value[3], tx: value[4], ty: value[5]))
        case ("transform.scale", 1):
            let t = layer.affineTransform(), angle = atan2(t.b, t.a)
            layer.setAffineTransform(CGAffineTransform(rotationAngle: angle).scaledBy(x: value[0], y: value[0]).translatedTo(t.tx, t.ty))
        case ("transform.rotation", 1), ("transform.rotation.z", 1):
            let t = layer.affineTransform(), scale = (t.a * t.a + t.b * t.b).squareRoot()
            layer.setAffineTransform(CGAffineTransform(rotationAngle: value[0]).scaledBy(x: scale, y: scale).translatedTo(t.tx, t.ty))
        case ("backgroundColor", 4): layer.backgroundColor = CGColor(red: value[0], green: value[1], blue: value[2], alpha: value[3])
        case ("cornerRadius", 1): layer.cornerRadius = value[0]
        case ("borderWidth", 1): layer.borderWidth = value[0]
        case ("strokeStart", 1): shape?.strokeStart = value[0]
        case ("strokeEnd", 1): shape?.strokeEnd = value[0]
        case ("lineWidth", 1): shape?.lineWidth = value[0]
        default: break
        }
    }

    /// An animation value (`fromValue`, a keyframe) as numbers: a number, `CGPoint`, `CGSize`,
    /// `CGRect`, `CATransform3D`, `CGAffineTransform`, `CGColor` or `UIColor`; nil for anything else.
    static func decode(_ value: Any?) -> [CGFloat]? {
        switch value {
        case let v as [CGFloat]: return v
        case let v as CGFloat: return [v]
        case let v as Double: return [CGFloat(v)]
        case let v as Float: return [CGFloat(v)]
        case let v as Int: return [CGFloat(v)]
        case let v as NSNumber: return [CGFloat(v.doubleValue)]
        case let v as CGPoint: return [v.x, v.y]
        case let v as CGSize: return [v.width, v.height]
        case let v as CGRect: return [v.minX, v.minY, v.width, v.height]
        case let v as CATransform3D: return affine(CATransform3DGetAffineTransform(v))
        case let v as CGAffineTransform: return affine(v)
        case let v as CGColor: return rgba(v)
        case let v as UIColor: return rgba(v.cgColor)
        default: return nil
        }
    }

    private static func affine(_ t: CGAffineTransform) -> [CGFloat] { [t.a, t.b, t.c, t.d, t.tx, t.ty] }
    private static func rgba(_ c: CGColor) -> [CGFloat] { [c.red, c.green, c.blue, c.alpha] }

    /// The view property the page animates for a key path of a view's own layer, with the same numbers.
    static func viewProperty(_ keyPath: String) -> AnimatableProperty? {
        switch keyPath {
        case "position": .center
        case "opacity": .alpha
        case "bounds": .bounds
        case "transform": .transform
        case "backgroundColor": .backgroundColor
        default: nil
        }
    }
}

private extension CGAffineTransform {
    func translatedTo(_ tx: CGFloat, _ ty: CGFloat) -> CGAffineTransform {
        var copy = self
        copy.tx = tx
        copy.ty = ty
        return copy
    }
}
