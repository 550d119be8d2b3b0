import TouchKit

/// A declarative view that may have a hit shape (`point(inside:with:)` overridden).
protocol HitShaped: AnyObject {
    var hitShape: HitShape? { get set }
}

/// A plain declarative view: forwards its touches (UIView's default) or handles them
/// (`responder: log`, so the chain stops there), with an optional hit shape; it may accept
/// first-responder status (`canBecomeFirstResponder`, false by default as in UIKit) and have a shape
/// layer (`shape`).
final class SceneView: UIView, HitShaped {
    var handlesTouches = false
    var hitShape: HitShape?
    var acceptsFirstResponder = false
    /// The `CAShapeLayer` sublayer of its `shape` spec, if any.
    private(set) var shapeLayer: CAShapeLayer?

    var shape: ShapeSpec? {
        didSet {
            guard let shape else {
                shapeLayer?.removeFromSuperlayer()
                shapeLayer = nil
                return
            }
            if shapeLayer == nil {
                let layer = CAShapeLayer()
                self.layer.addSublayer(layer)
                shapeLayer = layer
            }
            if let shapeLayer { shape.apply(to: shapeLayer) }
        }
    }

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

/// A declarative button with an optional hit shape and touch overrides (`responder`).
final class SceneButton: UIButton, HitShaped, TouchHandling, TrackingOverriding {
    var tracking: TrackingSpec?
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { trackingBegan(touch, super.beginTracking(touch, with: event)) }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { trackingContinued(touch, super.continueTracking(touch, with: event)) }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) { super.endTracking(touch, with: event); trackingFinished(touch, cancelled: false) }
    override func cancelTracking(with event: UIEvent?) { super.cancelTracking(with: event); trackingFinished(nil, cancelled: true) }
    var hitShape: HitShape?
    var handlesTouches = false

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        hitShape?.contains(point, in: bounds) ?? super.point(inside: point, with: event)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesBegan(touches, with: event) } }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesMoved(touches, with: event) } }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesEnded(touches, with: event) } }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesCancelled(touches, with: event) } }
}

/// A declarative plain control with an optional hit shape and touch overrides (`responder`).
final class SceneControl: UIControl, HitShaped, TouchHandling, TrackingOverriding {
    var tracking: TrackingSpec?
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { trackingBegan(touch, super.beginTracking(touch, with: event)) }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { trackingContinued(touch, super.continueTracking(touch, with: event)) }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) { super.endTracking(touch, with: event); trackingFinished(touch, cancelled: false) }
    override func cancelTracking(with event: UIEvent?) { super.cancelTracking(with: event); trackingFinished(nil, cancelled: true) }
    var hitShape: HitShape?
    var handlesTouches = false

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        hitShape?.contains(point, in: bounds) ?? super.point(inside: point, with: event)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesBegan(touches, with: event) } }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesMoved(touches, with: event) } }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesEnded(touches, with: event) } }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesCancelled(touches, with: event) } }
}

/// A declarative scroll view that declares `cancelsControlTouches` or `responder`. With
/// `cancelsControlTouches` it overrides `touchesShouldCancel(in:)` to answer true for controls too
/// (UIKit's default is false for `UIControl`s, so a held button keeps its touch and the scroll view
/// does not scroll — UIKIT-SCROLL-CONTENT-TOUCHES, the usual fix for that complaint, scenario S59);
/// with `responder` it overrides the touch methods.
final class SceneScrollView: UIScrollView, TouchHandling {
    var cancelsControlTouches = false
    var handlesTouches = false

    override func touchesShouldCancel(in view: UIView) -> Bool {
        cancelsControlTouches || super.touchesShouldCancel(in: view)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesBegan(touches, with: event) } }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesMoved(touches, with: event) } }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesEnded(touches, with: event) } }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesCancelled(touches, with: event) } }
}
