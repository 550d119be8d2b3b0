import Foundation

/// A horizontal slider. A drag must start on the thumb, as in UIKit.
open class UISlider: UIControl {
    /// The value at the track's left end (default 0).
    public var minimumValue: Float = 0 { didSet { noteRenderChange() } }
    /// The value at the track's right end (default 1).
    public var maximumValue: Float = 1 { didSet { noteRenderChange() } }
    /// The slider's value, clamped to `minimumValue…maximumValue` when set (settable, as in UIKit).
    public var value: Float {
        get { currentValue }
        set { currentValue = min(max(newValue, minimumValue), maximumValue) }
    }
    private var currentValue: Float = 0 { didSet { noteRenderChange() } }
    /// true: `.valueChanged` during the drag; false: once at the end.
    public var isContinuous = true
    /// Half the width of the thumb's touch area.
    public var thumbRadius: CGFloat = 22

    /// Sets `value` (clamped); `animated` is ignored. Sends no `.valueChanged`, as in UIKit.
    public func setValue(_ value: Float, animated: Bool) {
        self.value = value
    }

    private var thumbX: CGFloat {
        let span = maximumValue - minimumValue
        let fraction = span > 0 ? CGFloat((value - minimumValue) / span) : 0
        return bounds.minX + thumbRadius + fraction * max(bounds.width - 2 * thumbRadius, 0)
    }

    /// Tracks the touch only if it lands on the thumb (within `thumbRadius`).
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        abs(touch.location(in: self).x - thumbX) <= thumbRadius
    }

    /// Moves the value with the finger and sends `.valueChanged` when `isContinuous`.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let usable = max(bounds.width - 2 * thumbRadius, 1)
        let fraction = Float(min(max((touch.location(in: self).x - bounds.minX - thumbRadius) / usable, 0), 1))
        let newValue = minimumValue + fraction * (maximumValue - minimumValue)
        if newValue != value {
            setValue(newValue, animated: false)
            if isContinuous { sendActions(for: .valueChanged, with: event) }
        }
        return true
    }

    /// Sends the one `.valueChanged` of a non-continuous slider.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        if !isContinuous { sendActions(for: .valueChanged, with: event) }
    }

    /// iOS 6 rule: a superview's one-finger swipe parallel to the slider does not steal its drag.
    /// UISlider's own `gestureRecognizerShouldBegin(_:)` veto: a superview's pan that starts on the
    /// thumb (the slider tracks its touch) and runs along the track does not begin either
    /// (UIKIT-CONTROL-SLIDER-VETO).
    override func standardControlKeeps(_ recognizer: UIGestureRecognizer) -> String? {
        if let swipe = recognizer as? UISwipeGestureRecognizer, swipe.numberOfTouchesRequired == 1,
           !swipe.direction.intersection([.left, .right]).isEmpty {
            return "\(traceName) is a UISlider and keeps parallel swipes (iOS 6 rule)"
        }
        if let pan = recognizer as? UIPanGestureRecognizer, isTracking {
            let translation = pan.translation(in: nil)
            if abs(translation.x) >= abs(translation.y) {
                return "\(traceName) is a UISlider: its gestureRecognizerShouldBegin refuses a pan along the track that starts on its thumb"
            }
        }
        return nil
    }

    override var renderedControlState: ControlRenderState {
        var state = super.renderedControlState
        state.value = Double(value)
        state.minimumValue = Double(minimumValue)
        state.maximumValue = Double(maximumValue)
        return state
    }
}
