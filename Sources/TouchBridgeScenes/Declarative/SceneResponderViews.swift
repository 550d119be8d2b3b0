import TouchKit

/// A declarative view whose class overrides the four touch methods (`responder`): `log` handles the
/// touches without calling super — the chain stops at the view, a control no longer tracks, a drawing
/// no longer draws, as such an override does in UIKit; `forward` calls super (the class's own
/// handling). Every view is a UIResponder, so every kind has it (UIKIT-RESPONDER-FORWARDING).
protocol TouchHandling: AnyObject {
    var handlesTouches: Bool { get set }
}

extension SceneView: TouchHandling {}

/// A label subclass with touch overrides (a "link label"); plain labels stay `UILabel` in the render.
final class SceneLabel: UILabel, TouchHandling {
    var handlesTouches = false
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesBegan(touches, with: event) } }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesMoved(touches, with: event) } }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesEnded(touches, with: event) } }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesCancelled(touches, with: event) } }
}

/// An image view subclass with touch overrides.
final class SceneImageView: UIImageView, TouchHandling {
    var handlesTouches = false
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesBegan(touches, with: event) } }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesMoved(touches, with: event) } }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesEnded(touches, with: event) } }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesCancelled(touches, with: event) } }
}

/// A switch subclass with touch and tracking overrides (`responder`, `tracking`).
final class SceneSwitch: UISwitch, TouchHandling, TrackingOverriding {
    var tracking: TrackingSpec?
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { trackingBegan(touch, super.beginTracking(touch, with: event)) }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { trackingContinued(touch, super.continueTracking(touch, with: event)) }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) { super.endTracking(touch, with: event); trackingFinished(touch, cancelled: false) }
    override func cancelTracking(with event: UIEvent?) { super.cancelTracking(with: event); trackingFinished(nil, cancelled: true) }
    var handlesTouches = false
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesBegan(touches, with: event) } }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesMoved(touches, with: event) } }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesEnded(touches, with: event) } }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesCancelled(touches, with: event) } }
}

/// A slider subclass with touch and tracking overrides (`responder`, `tracking`).
final class SceneSlider: UISlider, TouchHandling, TrackingOverriding {
    var tracking: TrackingSpec?
    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { trackingBegan(touch, super.beginTracking(touch, with: event)) }
    override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { trackingContinued(touch, super.continueTracking(touch, with: event)) }
    override func endTracking(_ touch: UITouch?, with event: UIEvent?) { super.endTracking(touch, with: event); trackingFinished(touch, cancelled: false) }
    override func cancelTracking(with event: UIEvent?) { super.cancelTracking(with: event); trackingFinished(nil, cancelled: true) }
    var handlesTouches = false
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesBegan(touches, with: event) } }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesMoved(touches, with: event) } }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesEnded(touches, with: event) } }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesCancelled(touches, with: event) } }
}

/// A drawing view subclass with touch overrides.
final class SceneDrawingView: DrawLinesView, TouchHandling {
    var handlesTouches = false
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesBegan(touches, with: event) } }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesMoved(touches, with: event) } }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesEnded(touches, with: event) } }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { if !handlesTouches { super.touchesCancelled(touches, with: event) } }
}
