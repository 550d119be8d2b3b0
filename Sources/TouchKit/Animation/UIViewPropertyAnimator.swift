import Foundation

/// UIKit's interruptible, scrubbable animator on the engine clock (UIKIT-ANIMATOR-STATES and the
/// rules after it in docs/uikit-rules.md).
///
/// Its blocks run when it first becomes active (`startAnimation`, `pauseAnimation` or a
/// `fractionComplete` assignment): the model takes the end values at once, as in `UIView.animate`,
/// and the presentation follows the animator's *position* (its time fraction, 0 = start values,
/// 1 = end values) through its *value* (the eased fraction). Running, the position moves linearly
/// over the remaining time and the value along the timing curve; paused, both hold; a linear scrub
/// (`scrubsLinearly`) sets the value to the position. Resuming keeps the curve's shape from where it
/// is (the curve's piece from the position to the end, rescaled so the drawn value never jumps).
/// While active the animator is kept alive by its animations, as UIKit keeps a running animator.
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    /// The duration of a full run, in seconds.
    public let duration: TimeInterval
    /// The delay of the last `startAnimation(afterDelay:)`.
    public private(set) var delay: TimeInterval = 0
    /// The timing the animator was made with.
    public let timingParameters: UITimingCurveProvider?
    /// `.inactive` until started, paused or scrubbed; `.stopped` only after `stopAnimation(false)`.
    public private(set) var state: UIViewAnimatingState = .inactive
    /// Whether the animations move now.
    public private(set) var isRunning = false
    /// Whether touches reach the animated views while active (default true). Set only while
    /// inactive: setting it on an active animator is logged and ignored (UIKit raises).
    public var isUserInteractionEnabled: Bool {
        get { interactionEnabled }
        set {
            guard state == .inactive else { return refuse("isUserInteractionEnabled can only change while inactive") }
            interactionEnabled = newValue
        }
    }
    private var interactionEnabled = true
    /// Whether it can be paused, stopped, scrubbed or reversed (default true). Set only while inactive.
    public var isInterruptible: Bool {
        get { interruptible }
        set {
            guard state == .inactive else { return refuse("isInterruptible can only change while inactive") }
            interruptible = newValue
        }
    }
    private var interruptible = true
    /// Kept for code that sets it: TouchKit hit-tests model values either way (UIKIT-ANIMATOR-INTERACTION).
    public var isManualHitTestingEnabled = false
    /// Whether an assigned `fractionComplete` places the views linearly (default true) or along the curve.
    public var scrubsLinearly = true
    /// Whether the animator stays active and paused at its end instead of finishing (default false).
    public var pausesOnCompletion = false

    /// The curve a start or a scrub uses.
    let curve: AnimationCurve
    /// Where the animations are and where they go (docs: `AnimatorSegment`).
    private(set) var segment: AnimatorSegment
    private var pending: [(animations: () -> Void, delayFactor: Double)] = []
    private var blocks: [ViewAnimation] = []
    /// What the blocks changed, kept after a stop for `finishAnimation(at:)`.
    private var stoppedParts: [ViewAnimation.Part] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private weak var application: UIApplication?
    private var token: TimerToken?
    /// The number the log uses ("animator 1"); given when it first meets an application.
    private(set) var id = 0

    /// An animator with `parameters`' timing (a spring ignores nothing: it settles within `duration`).
    public init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        self.duration = duration.isFinite ? max(duration, 0) : 0
        timingParameters = parameters
        curve = parameters.animationCurve
        segment = .hold(at: 0, value: 0, time: 0, curve: curve)
    }

    /// An animator with one of the four named curves.
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// An animator with a custom cubic Bézier curve.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// A spring animator: `ratio` 1 settles without overshoot, smaller values oscillate.
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Makes and starts an animator as `UIView.animate` would: its interaction follows
    /// `.allowUserInteraction`, its curve the options' curve.
    @discardableResult
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
        animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> Self {
        let animator = Self(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.animationCurve))
        animator.isUserInteractionEnabled = options.contains(.allowUserInteraction)
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// The required initializer `runningPropertyAnimator` uses to make subclasses.
    public required convenience init(duration: TimeInterval, timingParameters parameters: UICubicTimingParameters) {
        self.init(duration: duration, timingParameters: parameters as UITimingCurveProvider)
    }

    private var now: TimeInterval { application?.currentTime ?? segment.begin }
    private var target: Double { isReversed ? 0 : 1 }

    // MARK: Fraction and direction

    /// How far the animations are, 0…1, in the direction they run (reversing reads 1 − the previous
    /// value). Assignable while paused or inactive (which pauses it first); ignored while running,
    /// stopped or not interruptible (UIKIT-ANIMATOR-SCRUB).
    public var fractionComplete: CGFloat {
        get {
            let position = segment.position(at: now)
            return CGFloat(isReversed ? 1 - position : position)
        }
        set {
            guard newValue.isFinite else { return refuse("fractionComplete \(newValue) is not a number") }
            guard isInterruptible else { return refuse("fractionComplete set on an animator that is not interruptible") }
            guard state != .stopped else { return refuse("fractionComplete set while stopped") }
            guard !isRunning else { return refuse("fractionComplete set while running (pause first)") }
            activate()
            let fraction = min(max(Double(newValue), 0), 1)
            let position = isReversed ? 1 - fraction : fraction
            hold(at: position, value: scrubsLinearly ? position : curve.value(at: position))
        }
    }

    /// Whether the animations run towards their start values. Flipping it while running turns them
    /// around where they are; a reversed animator ends at `.start` (UIKIT-ANIMATOR-REVERSE).
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            guard isInterruptible || state == .inactive else { return refuse("isReversed set on an animator that is not interruptible") }
            reversed = newValue
            if isRunning { run(curve: nil, duration: nil, delay: 0) }
        }
    }
    private var reversed = false

    // MARK: Running

    /// Runs the animations from where they are, now.
    public func startAnimation() { startAnimation(afterDelay: 0) }

    /// Runs the animations after `delay` seconds on the engine clock; the model has the end values at once.
    public func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped else { return refuse("startAnimation() while stopped (call finishAnimation(at:))") }
        guard !isRunning else { return }
        self.delay = delay.isFinite ? max(delay, 0) : 0
        activate()
        run(curve: nil, duration: nil, delay: self.delay)
    }

    /// Holds the animations where they are drawn.
    public func pauseAnimation() {
        guard isInterruptible else { return refuse("pauseAnimation() on an animator that is not interruptible") }
        guard state != .stopped else { return refuse("pauseAnimation() while stopped") }
        activate()
        guard isRunning else { return }
        let time = now
        hold(at: segment.position(at: time), value: segment.value(at: time))
        record("paused at fraction \(LogNumber.fraction(Double(fractionComplete)))")
    }

    /// Resumes with `parameters`' curve (nil: the animator's own, from where it is) over
    /// `durationFactor` × the remaining time (0 keeps the remaining time) (UIKIT-ANIMATOR-CONTINUE).
    public func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        guard state != .stopped else { return refuse("continueAnimation while stopped") }
        activate()
        let factor = durationFactor.isFinite && durationFactor > 0 ? Double(durationFactor) : 1
        let remaining = abs(target - segment.position(at: now)) * duration * factor
        var newCurve: AnimationCurve?
        if let spring = parameters?.springTimingParameters {
            newCurve = spring.curve(over: remaining)
        } else if let cubic = parameters?.cubicTimingParameters {
            newCurve = cubic.curve
        }
        run(curve: newCurve, duration: remaining, delay: 0)
    }

    // MARK: Animations and completions

    /// Adds animations for the whole run (inactive) or the rest of it (active).
    public func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }

    /// Adds animations that start after `delayFactor` (0…1) of the remaining time; on an active animator
    /// the block runs at once and its views move from the animator's present value to the end
    /// (UIKIT-ANIMATOR-ADD).
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let factor = delayFactor.isFinite ? min(max(Double(delayFactor), 0), 1) : 0
        switch state {
        case .inactive:
            pending.append((animation, factor))
        case .active:
            let value = segment.value(at: now)
            join(animation, at: value + factor * (1 - value))
        case .stopped:
            refuse("addAnimations while stopped")
        }
    }

    /// Adds a block that runs when the animations end, with where they ended; completions run in the
    /// order added.
    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Stopping

    /// Ends the animations where they are drawn: the model takes the presented values. `true`: the
    /// animator becomes inactive and its completions never run; `false`: it is `.stopped` until
    /// `finishAnimation(at:)` (UIKIT-ANIMATOR-STOP).
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard isInterruptible else { return refuse("stopAnimation on an animator that is not interruptible") }
        guard state == .active else { return refuse("stopAnimation while \(state == .stopped ? "stopped" : "inactive")") }
        let time = now
        var presented: [(ViewAnimation.Part, [CGFloat])] = []
        for block in blocks {
            let remaining = CGFloat(1 - block.eased(at: time))
            for part in block.parts {
                guard let view = part.view else { continue }
                let model = part.property.value(of: view)
                presented.append((part, model.indices.map { i in
                    i < part.from.count && i < part.to.count ? model[i] + (part.from[i] - part.to[i]) * remaining : model[i]
                }))
            }
        }
        let parts = release(finished: false, reason: "animator \(id) stopped")
        for (part, value) in presented { if let view = part.view { part.property.set(value, on: view) } }
        record("stopped at fraction \(LogNumber.fraction(Double(fractionComplete)))" + (withoutFinishing ? ", without finishing" : ""))
        if withoutFinishing {
            state = .inactive
            completions = []
        } else {
            state = .stopped
            stoppedParts = parts
        }
    }

    /// After `stopAnimation(false)`: `.start` or `.end` puts the views at those values, `.current`
    /// leaves them; then the completions run with `finalPosition`. Any other time it is a programmer
    /// error: logged and ignored.
    public func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return refuse("finishAnimation(at:) is only for a stopped animator") }
        for part in stoppedParts {
            guard let view = part.view else { continue }
            switch finalPosition {
            case .start: part.property.set(part.from, on: view)
            case .end: part.property.set(part.to, on: view)
            case .current: break
            }
        }
        stoppedParts = []
        complete(at: finalPosition)
    }

    // MARK: Internals

    /// Inactive → active: the pending blocks run (their model values change now).
    private func activate() {
        guard state == .inactive else { return }
        state = .active
        let start = isReversed ? 1.0 : 0.0
        segment = .hold(at: start, value: start, time: now, curve: curve)
        let blocksToRun = pending
        pending = []
        for (animations, factor) in blocksToRun { join(animations, at: factor) }
    }

    private func join(_ animations: () -> Void, at value: Double) {
        guard let block = ViewAnimator.join(self, joinedAt: value, animations: animations) else { return }
        blocks.append(block)
    }

    /// The first block in an application gives the animator its clock and its number.
    func meet(_ application: UIApplication) {
        guard self.application == nil else { return }
        self.application = application
        id = application.animator.numberAnimator()
        segment.begin = application.currentTime
    }

    /// Holds still at `position`; a running animator pauses.
    private func hold(at position: Double, value: Double) {
        cancelTimer()
        isRunning = false
        segment = .hold(at: position, value: value, time: now, curve: curve)
        noteRender()
    }

    /// Runs from where it is to the end in its direction: with `newCurve` (nil: the piece of its own
    /// curve from here), over `newDuration` (nil: the remaining part of `duration`).
    private func run(curve newCurve: AnimationCurve?, duration newDuration: TimeInterval?, delay: TimeInterval) {
        let time = now
        let position = segment.position(at: time), value = segment.value(at: time)
        let length = newDuration ?? abs(target - position) * duration
        segment = AnimatorSegment(begin: time + delay, duration: length, curve: newCurve ?? curve.piece(from: position, to: target),
                                  startPosition: position, endPosition: target, startValue: value, endValue: target)
        isRunning = true
        noteRender()
        cancelTimer()
        guard let application else { return reachEnd() }
        record("running from fraction \(LogNumber.fraction(Double(fractionComplete))) over \(LogNumber.milliseconds(length)) ms"
               + (delay > 0 ? " after \(LogNumber.milliseconds(delay)) ms" : "") + ", \(segment.curve.name)" + (isReversed ? ", reversed" : ""))
        token = application.schedule(after: delay + length) { [self] in
            token = nil
            reachEnd()
        }
    }

    /// The run reached its end: paused there (`pausesOnCompletion`), or finished.
    private func reachEnd() {
        let end = target
        guard !pausesOnCompletion else {
            hold(at: end, value: end)
            record("paused on completion")
            return
        }
        isRunning = false
        let parts = release(finished: true, reason: nil)
        if isReversed {
            for part in parts { if let view = part.view { part.property.set(part.from, on: view) } }
        }
        complete(at: isReversed ? .start : .end)
    }

    /// Ends every block's animation; returns what they changed.
    private func release(finished: Bool, reason: String?) -> [ViewAnimation.Part] {
        cancelTimer()
        isRunning = false
        let ended = blocks
        blocks = []
        for block in ended {
            block.driver = nil
            application?.animator.finish(block, finished: finished, reason: reason)
        }
        return ended.flatMap(\.parts)
    }

    /// Becomes inactive, then runs the completions in the order added.
    private func complete(at position: UIViewAnimatingPosition) {
        state = .inactive
        segment = .hold(at: 0, value: 0, time: now, curve: curve)
        record("finished at \(position)")
        let toRun = completions
        completions = []
        for completion in toRun { completion(position) }
    }

    private func cancelTimer() {
        if let token { application?.cancelScheduled(token) }
        token = nil
    }

    /// The views' drawn values depend on the segment: their render nodes may differ.
    private func noteRender() {
        for block in blocks { for part in block.parts { part.view?.noteRenderChange() } }
    }

    private func record(_ text: @autoclosure () -> String) {
        application?.record(.animation("animator \(id) " + text()))
    }

    /// A call UIKit forbids here (it raises): logged and ignored.
    private func refuse(_ what: String) {
        record("refused: \(what)")
    }
}

extension UIView.AnimationOptions {
    /// The named curve the options ask for.
    var animationCurve: UIView.AnimationCurve {
        switch rawValue >> 16 & 3 {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInOut
        }
    }
}
