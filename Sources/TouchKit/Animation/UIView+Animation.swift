import Foundation

/// UIView's block animations on the engine's virtual clock (UIKIT-ANIM-MODEL-VALUES).
///
/// As in UIKit, properties set inside `animations` take their new (model) value at once —
/// getters, `frame`, hit-testing and `convert` see it — while the presentation (`layer.presentation()`,
/// what the page draws) moves from the old value over the duration. Animations are additive
/// (UIKIT-ANIM-ADDITIVE): presentation = model + Σ (from − to)·(1 − curve(progress)), so a second animation
/// of a moving property never jumps. Animatable: `center` (and `frame`), `bounds`, `transform`,
/// `alpha`, `backgroundColor`.
///
/// Choices where UIKit is silent (UIKIT-ANIM-INTERACTION-LOCK, UIKIT-ANIM-OPTIONS, UIKIT-ANIM-COMPLETION): the
/// views "involved" are the views whose animatable properties the block changed (not their subviews); without
/// `.allowUserInteraction` they are locked for hit-testing from the call, delay included, to the end; a touch
/// already on such a view is kept. A nested `animate` (called inside another's block) starts its own
/// animation with the outer block's duration and curve unless `.overrideInheritedDuration` /
/// `.overrideInheritedCurve` (UIKIT-ANIM-NESTED); its delay and other options are its own. Completion runs once, on the engine clock: `true` at delay + duration (twice the duration with
/// `.autoreverse`), in the first dispatch reaching that time, before its input; with duration 0 or nothing
/// animatable changed, `true` in the next dispatch; `false` at once when the animation is removed
/// (`layer.removeAllAnimations()` on any involved view, or a view leaving its window). With `.repeat` it never
/// ends by itself. When no changed view is in an application the changes apply without animation and
/// `completion(true)` runs at once (there is no clock to wait on).
extension UIView {
    /// Options of `animate(withDuration:delay:options:animations:completion:)`, with UIKit's raw values.
    /// TouchKit acts on `allowUserInteraction`, `repeat`, `autoreverse`, the curves and a nested call's
    /// `overrideInheritedDuration` and `overrideInheritedCurve`; the others are accepted and change nothing
    /// (animations are additive, so `beginFromCurrentState` is how they always behave).
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Accepted; no effect in TouchKit.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// The involved views keep receiving touches while they animate (without it hit-testing skips them,
        /// UIKIT-ANIM-INTERACTION-LOCK).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Changes nothing, as on iOS 8 and later for every property TouchKit animates
        /// (UIKIT-ANIM-BEGIN-FROM-CURRENT-STATE): a new animation is added to the one in flight, so it already starts
        /// from what is drawn, and neither jumps to the old end value nor waits for the old one to finish.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeats until removed; the completion never runs by itself.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Each pass runs forward then back, so the animation takes twice the duration.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// A nested `animate` keeps its own duration instead of the enclosing block's (UIKIT-ANIM-NESTED).
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// A nested `animate` keeps its own curve instead of the enclosing block's (UIKIT-ANIM-NESTED).
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// Accepted; no effect in TouchKit.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// Accepted; no effect in TouchKit.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// Accepted; no effect (a nested `animate` inherits only the duration and curve, UIKIT-ANIM-NESTED).
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        /// Slow start and end (the default curve).
        public static let curveEaseInOut = AnimationOptions([])
        /// Slow start.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Slow end.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        var curve: TouchKit.AnimationCurve { animationCurve.curve }
    }

    /// Animates the animatable properties `animations` changes, after `delay` seconds on the engine clock;
    /// `completion` gets true when it ran to the end, false when it was removed.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        ViewAnimator.run(duration: duration, delay: delay, options: options, curve: options.curve,
                         animations: animations, completion: completion)
    }

    /// Animates with no delay and the default curve.
    public class func animate(withDuration duration: TimeInterval, animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animates with no delay, the default curve and no completion.
    public class func animate(withDuration duration: TimeInterval, animations: () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// The spring form: `dampingRatio` 1 settles without overshoot, smaller values oscillate;
    /// `velocity` is the initial speed in units of the whole change per second.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        ViewAnimator.run(duration: duration, delay: delay, options: options,
                         curve: .spring(damping: Double(dampingRatio), velocity: Double(velocity)),
                         animations: animations, completion: completion)
    }

    /// Changes made in `actionsWithoutAnimation` inside an animation block are not animated.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        AnimationTransaction.$current.withValue(nil) { actionsWithoutAnimation() }
    }

    /// Reports a change of an animatable property to the animation block being run, if any.
    func noteAnimatable(_ property: AnimatableProperty, from old: [CGFloat]) {
        AnimationTransaction.current?.note(self, property, from: old)
    }

    /// Logs why a touch inside this view did not reach it: an animation locks it (UIKIT-ANIM-INTERACTION-LOCK).
    func refuseTouchWhileAnimating(at point: CGPoint, with event: UIEvent?) {
        guard self.point(inside: point, with: event), let application = window?.application,
              let animation = application.animator.lockingAnimation(of: self) else { return }
        application.record(.animation("\(traceName) refused the touch: animation \(animation.id) runs without .allowUserInteraction"))
    }
}

/// The properties an animation block can animate, with their values as numbers.
enum AnimatableProperty: String, Sendable, CaseIterable {
    case center, bounds, transform, alpha, backgroundColor

    func value(of view: UIView) -> [CGFloat] {
        switch self {
        case .center:
            return [view.center.x, view.center.y]
        case .bounds:
            return [view.bounds.origin.x, view.bounds.origin.y, view.bounds.size.width, view.bounds.size.height]
        case .transform:
            let t = view.transform
            return [t.a, t.b, t.c, t.d, t.tx, t.ty]
        case .alpha:
            return [view.alpha]
        case .backgroundColor:
            guard let c = view.backgroundColor?.cgColor else { return [0, 0, 0, 0] }
            return [c.red, c.green, c.blue, c.alpha]
        }
    }
}

/// What one `animate` call's block changed: the first old value of each (view, property).
final class AnimationTransaction: @unchecked Sendable {
    @TaskLocal static var current: AnimationTransaction?

    /// The duration and curve an `animate` call's block passes to the calls nested in it.
    struct Timing {
        let duration: TimeInterval
        let curve: AnimationCurve
    }

    /// nil for a property animator's block (its nested calls inherit nothing).
    let timing: Timing?

    init(timing: Timing?) { self.timing = timing }

    struct Change {
        let view: UIView
        let property: AnimatableProperty
        let from: [CGFloat]
    }

    private(set) var changes: [Change] = []

    func note(_ view: UIView, _ property: AnimatableProperty, from old: [CGFloat]) {
        guard !changes.contains(where: { $0.view === view && $0.property == property }) else { return }
        changes.append(Change(view: view, property: property, from: old))
    }
}

extension AnimatableProperty {
    /// Sets the model value from its numbers (a property animator stopping or finishing), without animating.
    func set(_ value: [CGFloat], on view: UIView) {
        UIView.performWithoutAnimation {
            switch self {
            case .center where value.count == 2:
                view.center = CGPoint(x: value[0], y: value[1])
            case .bounds where value.count == 4:
                view.bounds = CGRect(x: value[0], y: value[1], width: value[2], height: value[3])
            case .transform where value.count == 6:
                view.transform = CGAffineTransform(a: value[0], b: value[1], c: value[2], d: value[3], tx: value[4], ty: value[5])
            case .alpha where value.count == 1:
                view.alpha = value[0]
            case .backgroundColor where value.count == 4:
                view.backgroundColor = UIColor(red: value[0], green: value[1], blue: value[2], alpha: value[3])
            default:
                break
            }
        }
    }
}
