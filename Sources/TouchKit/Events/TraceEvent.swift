import Foundation

/// One entry of the engine's ordered event log: what UIKit does silently, made visible.
///
/// Hosts (the server, tests, replay) read the log with `UIApplication.drainTrace()`. Every entry names
/// objects by their `traceName`, so logs are stable across runs and processes.
public enum TraceEvent: Equatable, Sendable {
    /// A new touch was hit-tested; `path` runs from the window down to the hit-test view.
    case hitTest(touch: Int, path: [String])
    /// A responder method was called, by the window's delivery or by a default implementation
    /// forwarding to `next` (then `forwardedFrom` names the sender).
    case responder(ResponderCall)
    /// A touch was not delivered to its view, or held back, or released; `reason` says why.
    case delivery(touch: Int, view: String, note: String)
    /// A recognizer changed state; failures and cancellations always carry a reason.
    case transition(recognizer: String, from: UIGestureRecognizer.State, to: UIGestureRecognizer.State, reason: String?, values: RecognizerValues)
    /// A recognizer that wants to leave `.possible` is held there (failure requirements).
    case waiting(recognizer: String, reason: String)
    /// A target–action pair was invoked.
    case action(recognizer: String, state: UIGestureRecognizer.State)
    /// A control sent one of its control events.
    case controlEvent(control: String, event: String)
    /// A diagnostic note (a recognizer moved to another view, an illegal transition was ignored…).
    case note(String)
    /// A block animation began, ended or was interrupted, or an animating view refused a touch
    /// (UIKIT-ANIM-INTERACTION-LOCK).
    case animation(String)
    /// A recognizer's own touch method was called (`LogDetail.complete` only).
    case recognizerTouches(RecognizerCall)
}

/// How much the event log records.
public enum LogDetail: String, Sendable, CaseIterable {
    /// What every client needs to explain a gesture: responder calls, transitions, actions, reasons.
    case standard
    /// Also each recognizer's own `touchesBegan/Moved/Ended/Cancelled`, and with every responder and
    /// recognizer call the event's `allTouches` with their phases (`stationary` included).
    case complete
}

/// A recognizer's touch method call in the event log.
public struct RecognizerCall: Equatable, Sendable {
    /// The recognizer's trace name.
    public var recognizer: String
    /// Which of its touch methods ran.
    public var method: ResponderCall.Method
    /// The touches passed to the call.
    public var touches: [TouchRecord]
    /// The event's touches with their phases.
    public var allTouches: [TouchRecord]
}

/// A responder method call in the event log.
public struct ResponderCall: Equatable, Sendable {
    /// The `UIResponder` methods the log reports.
    public enum Method: String, Sendable {
        /// The touch methods.
        case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
        /// The motion (shake) methods.
        case motionBegan, motionEnded, motionCancelled
        /// `remoteControlReceived(with:)`.
        case remoteControlReceived
    }

    /// Which method ran.
    public var method: Method
    /// The trace name of the responder whose method ran.
    public var responder: String
    /// The touches passed (empty for motion and remote-control calls).
    public var touches: [TouchRecord]
    /// The event's subtype: `.none` for touches, `.motionShake`, or a remote-control command.
    public var subtype: UIEvent.EventSubtype
    /// The responder whose default implementation forwarded the call to `next`; nil for a direct call.
    public var forwardedFrom: String?
    /// The event's touches with their phases, as the responder saw them (`LogDetail.complete` only).
    public var allTouches: [TouchRecord]?
}

/// A touch as the event log shows it.
public struct TouchRecord: Equatable, Sendable {
    /// The touch's number in the application (1, 2, 3… in landing order).
    public var id: Int
    /// The touch's phase at the call.
    public var phase: UITouch.Phase
    /// `UITouch.tapCount` at the call.
    public var tapCount: Int
    /// Where the touch was, in window coordinates.
    public var location: CGPoint

    init(_ touch: UITouch) {
        id = touch.identifier
        phase = touch.phase
        tapCount = touch.tapCount
        location = touch.locationInWindow
    }
}

/// A recognizer's values at a transition, so a client can show them without asking.
public struct RecognizerValues: Equatable, Sendable {
    /// The touches' centroid in window coordinates (`location(in: nil)`).
    public var location: CGPoint
    /// `numberOfTouches`.
    public var numberOfTouches: Int
    /// Pans: `translation(in: nil)`.
    public var translation: CGPoint?
    /// Pans: `velocity(in: nil)`, points per second; pinches and rotations put their velocity in `x`.
    public var velocity: CGPoint?
    /// Pinches: `scale`.
    public var scale: CGFloat?
    /// Rotations: `rotation`, radians.
    public var rotation: CGFloat?
    /// Swipes: the direction recognized.
    public var direction: String?
    /// The margins of the threshold decisions that led to this transition (empty for most transitions).
    public var margins: [DecisionMargin] = []

    /// Values with the fields every recognizer has; the recognizer adds its own.
    public init(location: CGPoint, numberOfTouches: Int) {
        self.location = location
        self.numberOfTouches = numberOfTouches
    }
}

/// Objects the event log names.
public protocol TraceNamed: AnyObject {
    /// A stable, readable name: the object's `accessibilityIdentifier` or `name` when set,
    /// otherwise its class and an id unique within its application.
    var traceName: String { get }
}
