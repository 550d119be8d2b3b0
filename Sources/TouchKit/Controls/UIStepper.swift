import Foundation

/// A − / + pair that steps a value (UIKIT-EVERYDAY-STEPPER): touching down on an enabled half steps the
/// value at once and sends `.valueChanged`; held, it repeats (`autorepeat`) after `autorepeatDelay`, then
/// every `autorepeatInterval` [choose: UIKit does not document its timing], while the finger stays inside.
/// A half is disabled at its end of the range unless `wraps`. With `isContinuous` false the value still
/// steps, and one `.valueChanged` is sent when the touch ends. Fixed size 94 × 32 pt, as iOS 13's.
open class UIStepper: UIControl {
    /// The half a touch is pressing.
    enum Part: String { case minus, plus }

    /// The wait before a held half starts repeating [choose].
    public static let autorepeatDelay: TimeInterval = 0.5
    /// The interval between repeats of a held half [choose].
    public static let autorepeatInterval: TimeInterval = 0.1

    /// The value, kept within `minimumValue…maximumValue` (default 0); setting it sends nothing.
    public var value: Double = 0 {
        didSet {
            let clamped = Swift.max(minimumValue, Swift.min(maximumValue, value))
            if clamped != value { value = clamped }
            noteRenderChange()
        }
    }
    /// The lowest value (default 0); raising it above the value raises the value.
    public var minimumValue: Double = 0 { didSet { value = Swift.max(minimumValue, Swift.min(maximumValue, value)) } }
    /// The highest value (default 100); lowering it below the value lowers the value.
    public var maximumValue: Double = 100 { didSet { value = Swift.max(minimumValue, Swift.min(maximumValue, value)) } }
    /// How much one step changes the value (default 1).
    public var stepValue: Double = 1
    /// Whether stepping past one end continues from the other (default false).
    public var wraps = false { didSet { noteRenderChange() } }
    /// Whether holding a half repeats the step (default true).
    public var autorepeat = true
    /// Whether each step sends `.valueChanged` at once (default true), or one is sent when the touch ends.
    public var isContinuous = true

    private(set) var pressedPart: Part? { didSet { noteRenderChange() } }
    private var repeatTimer: TimerToken?
    private var changedWhileTracking = false

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A stepper of UIKit's fixed size, 94 × 32 pt, at `frame`'s origin.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: CGSize(width: 94, height: 32)))
    }

    /// Whether `part` can step now: not at its end of the range, unless the stepper wraps.
    func canStep(_ part: Part) -> Bool {
        wraps || (part == .minus ? value > minimumValue : value < maximumValue)
    }

    private func part(at point: CGPoint) -> Part? {
        guard bounds.contains(point) else { return nil }
        return point.x < bounds.midX ? .minus : .plus
    }

    private func step(_ part: Part, with event: UIEvent?) {
        guard canStep(part) else { return }
        var next = value + (part == .minus ? -stepValue : stepValue)
        if wraps && next > maximumValue { next = minimumValue } else if wraps && next < minimumValue { next = maximumValue }
        value = next
        if isContinuous { sendActions(for: .valueChanged, with: event) } else { changedWhileTracking = true }
    }

    /// Presses the half under the touch when it can step; the step itself follows the control's
    /// `.touchDown` (`touchesBegan(_:with:)`).
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let part = part(at: touch.location(in: self)), canStep(part) else { return false }
        pressedPart = part
        changedWhileTracking = false
        return true
    }

    /// After `.touchDown`, the pressed half steps once and starts its repeats.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        let wasTracking = isTracking
        super.touchesBegan(touches, with: event)
        guard !wasTracking, isTracking, let part = pressedPart else { return }
        step(part, with: event)
        if autorepeat { scheduleRepeat(after: Self.autorepeatDelay) }
    }

    /// A finger that leaves the pressed half stops the repeats; coming back resumes them.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let inside = pressedPart != nil && part(at: touch.location(in: self)) == pressedPart
        if !inside { cancelRepeat() } else if repeatTimer == nil && autorepeat { scheduleRepeat(after: Self.autorepeatDelay) }
        return true
    }

    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) { finish(with: event) }

    open override func cancelTracking(with event: UIEvent?) { finish(with: event) }

    private func finish(with event: UIEvent?) {
        cancelRepeat()
        pressedPart = nil
        if changedWhileTracking { sendActions(for: .valueChanged, with: event) }
        changedWhileTracking = false
    }

    private func scheduleRepeat(after delay: TimeInterval) {
        guard let application = window?.application else { return }
        repeatTimer = application.schedule(after: delay) { [weak self] in
            guard let self, let part = self.pressedPart else { return }
            self.repeatTimer = nil
            self.step(part, with: nil)
            self.scheduleRepeat(after: Self.autorepeatInterval)
        }
    }

    private func cancelRepeat() {
        if let repeatTimer { window?.application?.cancelScheduled(repeatTimer) }
        repeatTimer = nil
    }

    /// iOS 6 rule: a superview's single tap does not steal a stepper's tap (UIKIT-CONTROL-KEEPS-ITS-GESTURE).
    override func standardControlKeeps(_ recognizer: UIGestureRecognizer) -> String? {
        keepsSingleTap(from: recognizer, as: "UIStepper")
    }

    override var renderedControlState: ControlRenderState {
        var state = super.renderedControlState
        state.value = value
        state.minimumValue = minimumValue
        state.maximumValue = maximumValue
        state.stepper = StepperRenderState(pressed: pressedPart?.rawValue, canDecrement: canStep(.minus), canIncrement: canStep(.plus))
        return state
    }
}
