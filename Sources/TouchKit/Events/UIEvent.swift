import Foundation

/// An event: a touch dispatch, a shake, or a remote-control command.
///
/// UIKit rule (UIKIT-EVENT-SEQUENCE): one touch event object represents a whole multitouch sequence and is
/// updated for every dispatch; `allTouches` holds every touch of the sequence that is still relevant, including
/// `stationary` ones, which no responder method receives.
public class UIEvent {
    /// What kind of event this is, with UIKit's raw values.
    public enum EventType: Int, Sendable, CustomStringConvertible {
        /// Touches go through hit-testing and recognizers; motion and remote-control events go to the first
        /// responder (UIKIT-RESPONDER-FIRST); TouchKit never sends presses.
        case touches, motion, remoteControl, presses

        public var description: String {
            switch self {
            case .touches: "touches"
            case .motion: "motion"
            case .remoteControl: "remoteControl"
            case .presses: "presses"
            }
        }
    }

    /// Subtypes with UIKit's raw values (motionShake = 1, remote-control commands 100…109).
    public enum EventSubtype: Int, Sendable, CustomStringConvertible {
        /// Touch events have no subtype.
        case none = 0
        /// A shake (`motionBegan/Ended/Cancelled`).
        case motionShake = 1
        /// Remote control: play.
        case remoteControlPlay = 100
        /// Remote control: pause.
        case remoteControlPause = 101
        /// Remote control: stop.
        case remoteControlStop = 102
        /// Remote control: toggle between play and pause.
        case remoteControlTogglePlayPause = 103
        /// Remote control: next track.
        case remoteControlNextTrack = 104
        /// Remote control: previous track.
        case remoteControlPreviousTrack = 105
        /// Remote control: start seeking backward.
        case remoteControlBeginSeekingBackward = 106
        /// Remote control: stop seeking backward.
        case remoteControlEndSeekingBackward = 107
        /// Remote control: start seeking forward.
        case remoteControlBeginSeekingForward = 108
        /// Remote control: stop seeking forward.
        case remoteControlEndSeekingForward = 109

        public var description: String {
            switch self {
            case .none: "none"
            case .motionShake: "motionShake"
            case .remoteControlPlay: "play"
            case .remoteControlPause: "pause"
            case .remoteControlStop: "stop"
            case .remoteControlTogglePlayPause: "togglePlayPause"
            case .remoteControlNextTrack: "nextTrack"
            case .remoteControlPreviousTrack: "previousTrack"
            case .remoteControlBeginSeekingBackward: "beginSeekingBackward"
            case .remoteControlEndSeekingBackward: "endSeekingBackward"
            case .remoteControlBeginSeekingForward: "beginSeekingForward"
            case .remoteControlEndSeekingForward: "endSeekingForward"
            }
        }
    }

    /// Touches, motion or remote control.
    @exclusivity(unchecked) public internal(set) var type: EventType
    /// The shake or remote-control command; `.none` for touches.
    public internal(set) var subtype: EventSubtype
    /// Engine time of the dispatch, seconds: the time recognizers measure durations with, never a wall clock.
    @exclusivity(unchecked) public internal(set) var timestamp: TimeInterval
    /// The application that dispatches this event (not UIKit API; gives default responder
    /// implementations a place to record the chain walk).
    public var application: UIApplication? { heldApplication ?? borrowedApplication?.takeUnretainedValue() }
    /// The application of a one-off event (motion, remote control), held strongly: nothing in the
    /// application holds such an event.
    private var heldApplication: UIApplication?
    /// The application of the digitizer's touch event, read in every responder hop without a weak
    /// load: the application owns the digitizer that owns the event, and clears this when it goes
    /// away (`Digitizer.applicationWentAway()`), so it never dangles.
    private var borrowedApplication: Unmanaged<UIApplication>?

    /// Runs `body` with `application`, the digitizer's borrowed for the call without reference
    /// counting (every responder hop asks).
    @inline(__always)
    func withApplication<Result>(_ body: (UIApplication?) -> Result) -> Result {
        // Underscored standard-library API, as in `UncountedLink.with(_:)` (which says what replaces it).
        if let borrowedApplication { return borrowedApplication._withUnsafeGuaranteedRef { body($0) } }
        return body(heldApplication)
    }

    /// The touches of this dispatch in landing order.
    @exclusivity(unchecked) var orderedTouches: [UITouch] = []

    /// Makes `touches` the event's touches, copied into the event's own list: the digitizer's list
    /// then stays unshared, so a touch landing or lifting changes it in place instead of copying it.
    /// The same touches as before (every frame of a drag) are left as they are.
    func holdTouches(_ touches: [UITouch]) {
        if orderedTouches.count == touches.count,
           !orderedTouches.indices.contains(where: { orderedTouches[$0] !== touches[$0] }) { return }
        orderedTouches.clearKeepingCapacity()
        for index in touches.indices { orderedTouches.append(touches[index]) }
    }

    init(type: EventType, subtype: EventSubtype = .none, timestamp: TimeInterval, application: UIApplication?) {
        self.type = type
        self.subtype = subtype
        self.timestamp = timestamp
        self.heldApplication = application
    }

    /// A touch event owned by `application` itself (the digitizer's): it refers to the application
    /// without holding it.
    init(touchesOwnedBy application: UIApplication) {
        self.type = .touches
        self.subtype = .none
        self.timestamp = 0
        self.borrowedApplication = Unmanaged.passUnretained(application)
    }

    /// The application that owned this event went away.
    func forgetApplication() {
        heldApplication = nil
        borrowedApplication = nil
    }

    /// Every touch of the current dispatch; nil for events that are not touch events.
    public var allTouches: Set<UITouch>? {
        type == .touches ? Set(orderedTouches) : nil
    }

    /// The touches bound to `view` (the view that was hit-tested when they began).
    public func touches(for view: UIView) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(orderedTouches.filter { $0.view === view })
    }

    /// The touches that belong to `window`.
    public func touches(for window: UIWindow) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(orderedTouches.filter { $0.window === window })
    }

    /// The touches that `gestureRecognizer` is receiving in this dispatch.
    public func touches(for gestureRecognizer: UIGestureRecognizer) -> Set<UITouch>? {
        guard type == .touches else { return nil }
        return Set(orderedTouches.filter { gestureRecognizer.receives($0) })
    }
}
