import Foundation

/// Core Animation's display link on the engine clock (UIKIT-EVERYDAY-DISPLAY-LINK): once added, it calls its
/// target at every frame boundary of the engine clock — multiples of `duration`, 1/60 s at the native
/// 60 Hz [choose] — with `timestamp` that frame's time in engine seconds and `targetTimestamp` the next
/// frame's. A link added at time t first fires at the first boundary after t. `isPaused` stops the calls
/// without removing the link; `invalidate()` removes it and releases the target, which the link retains
/// until then, as UIKit's does.
///
/// Linux adaptation: the selector is a method reference, `CADisplayLink(target: self, selector:
/// Animator.step)` with `func step(_ link: CADisplayLink)` or `func step()`; `add(to:forMode:)` joins
/// the application whose turn is running (or the target's, when it is a view in a window or a view
/// controller whose view is), since there is no `UIApplication.shared`.
public final class CADisplayLink {
    /// The native frame rate of the engine clock's display [choose].
    public static let nativeFramesPerSecond = 60

    private var target: AnyObject?
    private let call: (AnyObject, CADisplayLink) -> Void
    private weak var application: UIApplication?
    private var pendingFrame: TimerToken?

    /// The time of the frame being displayed, in engine seconds; 0 before the first call.
    public private(set) var timestamp: TimeInterval = 0
    /// The time of the next frame: `timestamp + duration`.
    public private(set) var targetTimestamp: TimeInterval = 0
    /// The interval between frames, in seconds (UIKit: undefined before the first call; here 0).
    public private(set) var duration: TimeInterval = 0
    /// Frames per second to call at, rounded to a divisor of the native rate; 0 (default) is native.
    public var preferredFramesPerSecond = 0 { didSet { rescheduleIfRunning() } }
    /// While true the target is not called; the link stays added. Setting false resumes at the next frame.
    public var isPaused = false { didSet { rescheduleIfRunning() } }

    /// A link that calls `target.selector(link)` each frame once added.
    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        self.target = target
        call = { object, link in (object as? Target).map { selector($0)(link) } }
    }

    /// A link that calls `target.selector()` each frame once added.
    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
        self.target = target
        call = { object, _ in (object as? Target).map { selector($0)() } }
    }

    /// Starts the calls on the engine clock of the application whose turn is running, or else the
    /// target's; the run loop and mode are accepted for UIKit's spelling. Adding twice changes nothing.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard target != nil, application == nil, let found = CurrentApplication.value ?? targetsApplication else { return }
        application = found
        rescheduleIfRunning()
    }

    /// Stops the calls, as removing the link from its last run loop does.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        cancelPendingFrame()
        application = nil
    }

    /// Stops the calls for good and releases the target.
    public func invalidate() {
        remove(from: .main, forMode: .common)
        target = nil
    }

    private var targetsApplication: UIApplication? {
        if let view = target as? UIView { return view.window?.application }
        if let controller = target as? UIViewController { return controller.viewIfLoaded?.window?.application }
        return nil
    }

    /// The frame interval: 1/60 s, or a whole multiple of it for a lower preferred rate.
    private var frameInterval: TimeInterval {
        let native = Self.nativeFramesPerSecond
        let preferred = preferredFramesPerSecond > 0 ? min(preferredFramesPerSecond, native) : native
        return TimeInterval(native / preferred) / TimeInterval(native)
    }

    private func rescheduleIfRunning() {
        cancelPendingFrame()
        guard let application, target != nil, !isPaused else { return }
        let interval = frameInterval
        // Frames are numbered from time 0, so their times stay exact multiples of the interval.
        var next = (application.currentTime / interval).rounded(.down) + 1
        if next * interval <= application.currentTime { next += 1 }
        scheduleFrame(next, interval: interval, in: application)
    }

    /// The link is retained by the pending frame, as a run loop retains an added link, until it is
    /// removed or invalidated.
    private func scheduleFrame(_ frame: Double, interval: TimeInterval, in application: UIApplication) {
        pendingFrame = application.schedule(after: frame * interval - application.currentTime) {
            self.fire(frame, interval: interval, in: application)
        }
    }

    private func fire(_ frame: Double, interval: TimeInterval, in application: UIApplication) {
        pendingFrame = nil
        guard let target else { return }
        timestamp = frame * interval
        duration = interval
        targetTimestamp = (frame + 1) * interval
        scheduleFrame(frame + 1, interval: interval, in: application)
        call(target, self)
    }

    private func cancelPendingFrame() {
        if let pendingFrame { application?.cancelScheduled(pendingFrame) }
        pendingFrame = nil
    }
}
