import Foundation

/// An on/off switch: a tap toggles it and sends `.valueChanged`.
open class UISwitch: UIControl {
    /// Whether the switch is on (settable, as in UIKit; setting it sends no `.valueChanged`).
    public var isOn = false { didSet { noteRenderChange() } }

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A switch of UIKit's fixed size, 51 × 31 pt, at `frame`'s origin.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 51, height: 31)))
    }

    /// Sets `isOn`; `animated` is ignored and no `.valueChanged` is sent, as in UIKit.
    public func setOn(_ on: Bool, animated: Bool) {
        isOn = on
    }

    /// A touch lifting inside toggles the switch and sends `.valueChanged`.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        guard let touch, isInsideForTracking(touch.location(in: self)) else { return }
        setOn(!isOn, animated: true)
        sendActions(for: .valueChanged, with: event)
    }

    /// iOS 6 rule: a superview's single tap, or a one-finger pan parallel to the switch, does not
    /// steal the switch's gesture.
    override func standardControlKeeps(_ recognizer: UIGestureRecognizer) -> String? {
        if let tap = recognizer as? UITapGestureRecognizer, tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 {
            return "\(traceName) is a UISwitch and keeps its single tap (iOS 6 rule)"
        }
        if let pan = recognizer as? UIPanGestureRecognizer, pan.numberOfTouches == 1 {
            let translation = pan.translation(in: nil)
            if abs(translation.x) >= abs(translation.y) {
                return "\(traceName) is a UISwitch and keeps parallel pans (iOS 6 rule)"
            }
        }
        return nil
    }

    override var renderedControlState: ControlRenderState {
        var state = super.renderedControlState
        state.isOn = isOn
        return state
    }
}
