import Foundation

/// The states of an animator (UIKIT-ANIMATOR-STATES).
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: its animations are not applied.
    case inactive = 0
    /// Started or paused: the animations are applied, running or not.
    case active = 1
    /// Stopped with `stopAnimation(false)`: waiting for `finishAnimation(at:)`.
    case stopped = 2
}

/// Where an animator's animations ended: the value a completion receives.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// At the end values.
    case end = 0
    /// At the start values (a reversed animator, or `finishAnimation(at: .start)`).
    case start = 1
    /// Wherever they were when stopped.
    case current = 2
}

/// UIKit's protocol of objects that run interruptible animations.
public protocol UIViewAnimating: AnyObject {
    /// `.inactive`, `.active` or `.stopped`.
    var state: UIViewAnimatingState { get }
    /// Whether the animations move now (false while paused).
    var isRunning: Bool { get }
    /// Whether the animations run towards their start values.
    var isReversed: Bool { get set }
    /// How far the animations are, 0…1, in the direction they run.
    var fractionComplete: CGFloat { get set }
    /// Runs the animations from where they are.
    func startAnimation()
    /// Runs them after `delay` seconds.
    func startAnimation(afterDelay delay: TimeInterval)
    /// Holds them where they are.
    func pauseAnimation()
    /// Ends them where they are drawn.
    func stopAnimation(_ withoutFinishing: Bool)
    /// After `stopAnimation(false)`: puts the views at `finalPosition` and runs the completions.
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// UIKit's protocol of animators that take more animations and completions while they run.
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    /// Adds animations that run for the rest of the animator's time.
    func addAnimations(_ animation: @escaping () -> Void)
    /// Adds animations that start after `delayFactor` of the remaining time.
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    /// Adds a block to run when the animations end.
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    /// Resumes a paused animator with new timing and a scaled remaining duration.
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}
