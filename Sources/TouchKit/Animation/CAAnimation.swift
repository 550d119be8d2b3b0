import Foundation

/// What an animation shows outside its active time (Core Animation's `fillMode`).
public struct CAMediaTimingFillMode: Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public let rawValue: String
    /// A mode by name; prefer the constants.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Nothing: before and after, the layer shows its model (the default).
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    /// After the end it keeps showing the final value (with `isRemovedOnCompletion` false).
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    /// Before its begin time it shows the first value.
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    /// Both.
    public static let both = CAMediaTimingFillMode(rawValue: "both")

    var fillsForwards: Bool { self == .forwards || self == .both }
    var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// Told when a layer animation starts and stops.
public protocol CAAnimationDelegate: AnyObject {
    /// The animation was added and its time began.
    func animationDidStart(_ anim: CAAnimation)
    /// It ended: `flag` true when it ran its whole time, false when it was removed.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing by default.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing by default.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Core Animation's explicit animation: timing shared by the basic and keyframe kinds
/// (UIKIT-CA-EXPLICIT). A layer keeps a copy, so changing an animation after `add(_:forKey:)`
/// changes nothing on screen.
open class CAAnimation {
    /// Seconds of one pass; 0 (the default) takes the transaction's duration, 0.25 s unless set.
    open var duration: TimeInterval = 0
    /// Seconds after it is added that it begins [choose: TouchKit has no `CACurrentMediaTime()`, so it is
    /// relative to the add, not absolute layer time].
    open var beginTime: TimeInterval = 0
    /// Pacing of each pass; nil is linear.
    open var timingFunction: CAMediaTimingFunction?
    /// Passes to run (0 and 1 are one pass; `.infinity` runs until removed).
    open var repeatCount: Float = 0
    /// Each pass runs forward then back.
    open var autoreverses = false
    /// What it shows before and after its active time.
    open var fillMode: CAMediaTimingFillMode = .removed
    /// Removed from the layer at its end (default true): the layer then shows its model again.
    open var isRemovedOnCompletion = true
    /// Told when it starts and stops; kept strongly, as Core Animation does.
    open var delegate: CAAnimationDelegate?

    /// An animation with Core Animation's defaults.
    public required init() {}

    /// A copy with the same settings (what `add(_:forKey:)` keeps).
    open func copy() -> CAAnimation {
        let copy = Self()
        copy.copyTiming(from: self)
        return copy
    }

    func copyTiming(from other: CAAnimation) {
        duration = other.duration
        beginTime = other.beginTime
        timingFunction = other.timingFunction
        repeatCount = other.repeatCount
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        isRemovedOnCompletion = other.isRemovedOnCompletion
        delegate = other.delegate
    }

    /// The eased fraction at `elapsed` seconds after its begin, nil when it shows nothing then.
    func fraction(atElapsed elapsed: TimeInterval, duration: TimeInterval) -> Double? {
        let passes = repeatCount <= 1 ? 1 : Double(repeatCount)
        let period = duration * (autoreverses ? 2 : 1)
        if elapsed < 0 { return fillMode.fillsBackwards ? ease(0) : nil }
        if elapsed >= period * passes {
            return fillMode.fillsForwards && !isRemovedOnCompletion ? ease(autoreverses ? 0 : 1) : nil
        }
        guard duration > 0 else { return ease(1) }
        var x = elapsed.truncatingRemainder(dividingBy: period) / duration
        if x > 1 { x = 2 - x }
        return ease(x)
    }

    private func ease(_ x: Double) -> Double { timingFunction?.value(at: x) ?? x }

    /// Seconds from its begin to its end; nil when it repeats for ever.
    func activeTime(duration: TimeInterval) -> TimeInterval? {
        guard repeatCount.isFinite else { return nil }
        return duration * (autoreverses ? 2 : 1) * (repeatCount <= 1 ? 1 : Double(repeatCount))
    }
}

/// An animation of one layer property named by `keyPath` (UIKIT-CA-EXPLICIT).
open class CAPropertyAnimation: CAAnimation {
    /// The animated property: `opacity`, `position` (`position.x`, `position.y`), `bounds`
    /// (`bounds.size`), `transform` (`transform.scale`, `transform.rotation.z`), `backgroundColor`,
    /// `cornerRadius`, `borderWidth`, and on a `CAShapeLayer` `strokeStart`, `strokeEnd`, `lineWidth`.
    open var keyPath: String?
    /// The value is added to the model instead of replacing it.
    open var isAdditive = false

    /// An animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    /// An animation with Core Animation's defaults.
    public required init() { super.init() }

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        guard let other = other as? CAPropertyAnimation else { return }
        keyPath = other.keyPath
        isAdditive = other.isAdditive
    }
}

/// From one value to another (UIKIT-CA-EXPLICIT): nil `fromValue` starts at the model value, nil
/// `toValue` ends at it; `byValue` gives the other end relative to the one set.
open class CABasicAnimation: CAPropertyAnimation {
    /// The first value (a number, `CGPoint`, `CGSize`, `CGRect`, `CATransform3D`, `CGColor`, `UIColor`).
    open var fromValue: Any?
    /// The last value.
    open var toValue: Any?
    /// The change, relative to whichever end is set (or to the model).
    open var byValue: Any?

    /// An animation with Core Animation's defaults.
    public required init() { super.init() }

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }
}

/// How a keyframe animation moves between its values.
public struct CAAnimationCalculationMode: Hashable, Sendable {
    /// The name, as Core Animation spells it.
    public let rawValue: String
    /// A mode by name; prefer the constants.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Straight between keyframes (the default).
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Jumps from value to value at each key time.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Evenly paced [choose: TouchKit interpolates it as `linear`].
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
}

/// Through a list of values (UIKIT-CA-EXPLICIT): `keyTimes` (default evenly spaced) say when each is
/// reached, `timingFunctions` pace each segment; a `path` (for `position`) is followed at even speed.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values.
    open var values: [Any]?
    /// When each value is reached, 0…1, one per value; nil or a mismatched count spaces them evenly.
    open var keyTimes: [NSNumber]?
    /// One per segment (values − 1); nil is linear.
    open var timingFunctions: [CAMediaTimingFunction]?
    /// `linear`, `discrete` or `paced`.
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// A path for a point property, overriding `values`.
    open var path: CGPath?

    /// An animation with Core Animation's defaults.
    public required init() { super.init() }

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        path = other.path
    }
}
