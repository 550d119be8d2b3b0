import Foundation

/// An event: a touch dispatch, a shake, or a remote-control command.
///
/// UIKit rule (UIKIT-EVENT-SEQUENCE): one touch event object represents a whole multitouch sequence and is
/// updated for every dispatch; `allTouches` holds every touch of the sequence that is still relevant, including
/// `stationary` ones, which no responder method receives.
public class UIEvent {
    public enum EventType: Int, Sendable, CustomStringConvertible {
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
        case none = 0
        case motionShake = 1
        case remoteControlPlay = 100
        case remoteControlPause = 101
        case remoteControlStop = 102
        case remoteControlTogglePlayPause = 103
        case remoteControlNextTrack = 104
        case remoteControlPreviousTrack = 105
        case remoteControlBeginSeekingBackward = 106
        case remoteControlEndSeekingBackward = 107
        case remoteControlBeginSeekingForward = 108
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

    public internal(set) var type: EventType
    public internal(set) var subtype: EventSubtype
    public internal(set) var timestamp: TimeInterval
    /// The application that dispatches this event (not UIKit API; gives default responder
    /// implementations a place to record the chain walk).
    public internal(set) weak var application: UIApplication?

    /// The touches of this dispatch in landing order.
    var orderedTouches: [UITouch] = []

    init(type: EventType, subtype: EventSubtype = .none, timestamp: TimeInterval, application: UIApplication?) {
        self.type = type
        self.subtype = subtype
        self.timestamp = timestamp
        self.application = application
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
