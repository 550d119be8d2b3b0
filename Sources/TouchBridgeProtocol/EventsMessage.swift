/// `events`: the ordered event log of one dispatch. Never dropped or coalesced.
package struct EventsMessage: Codable, Equatable, Sendable {
    /// The `seq` of the message that caused the dispatch (nil for timer-driven ones).
    package var seq: Int?
    /// Engine time after the dispatch, ms.
    package var t: Double
    /// Everything the engine did in the dispatch, in order (docs/protocol.md §7); may be empty.
    package var log: [LogEntry]
    /// After an `input`: the device's pointers still down, in window points (so observers can draw
    /// every finger, also those a recognizer took over); nil for other dispatches.
    package var pointers: [LivePointer]?
    /// After an `act`: the scene's lints as the actions left it (docs/margins-and-lints.md); nil otherwise.
    package var lints: [WireLint]?

    /// Builds an `events` message; `pointers` is given only for dispatches that answer an `input`.
    package init(seq: Int?, t: Double, log: [LogEntry], pointers: [LivePointer]? = nil) {
        self.seq = seq
        self.t = t
        self.log = log
        self.pointers = pointers
    }
}

/// A pointer that is down, as `events.pointers` lists it.
package struct LivePointer: Codable, Equatable, Sendable {
    /// The client's pointer id.
    package var id: Int
    /// Window points, so an observer draws the finger where the device's scene has it.
    package var x: Double
    /// Window points (see `x`).
    package var y: Double

    /// A pointer `id` down at (`x`, `y`) in window points.
    package init(id: Int, x: Double, y: Double) {
        self.id = id
        self.x = x
        self.y = y
    }
}

/// One entry of the event log: TouchKit's `TraceEvent` flattened into one object whose `kind`
/// says which fields are present (docs/protocol.md §7). Flat rather than nested so a JavaScript
/// panel reads `entry.recognizer` without unwrapping.
public struct LogEntry: Codable, Equatable, Sendable {
    /// hitTest, responder, delivery, transition, waiting, action, controlEvent, note, and in the
    /// complete log recognizerTouches.
    public var kind: String
    /// The entry in the event log's compact notation (docs/protocol.md §7).
    public var text: String
    /// true for entries that explain rather than act.
    public var diagnostic: Bool

    /// `hitTest` and `delivery`: the touch's number (1, 2, 3… in landing order within the scene, not the
    /// browser's pointer id).
    public var touch: Int?
    /// `hitTest`: the hit-test path, window first and hit view last, by trace name.
    public var path: [String]?
    /// `responder` and `recognizerTouches`: the method called, e.g. `touchesBegan` or `motionEnded`.
    public var method: String?
    /// `responder`: the responder whose method ran (its trace name).
    public var responder: String?
    /// `responder` and `recognizerTouches`: the touches passed to the call, with their phases.
    public var touches: [LogTouch]?
    /// The complete log only: the event's touches with their phases, as the callee saw them.
    public var allTouches: [LogTouch]?
    /// `responder`: the event subtype (`none`, `motionShake`, or a remote command's name).
    public var subtype: String?
    /// `responder`: the responder whose default implementation passed the call up the chain; nil for a direct
    /// call.
    public var forwardedFrom: String?
    /// `delivery`: the touch's view, the one that did not get (or got late) its touch.
    public var view: String?
    /// `delivery`: why the touch was held back, released or not delivered.
    public var note: String?
    /// `transition`, `waiting`, `action` and `recognizerTouches`: the recognizer's trace name.
    public var recognizer: String?
    /// `transition`: the state left (`possible`, `began`, `changed`, `ended`, `cancelled`, `failed`).
    public var from: String?
    /// `transition`: the state entered.
    public var to: String?
    /// `transition` (always for `failed` and `cancelled`) and `waiting`: why, in words, with the rule and
    /// thresholds used.
    public var reason: String?
    /// `transition`: the recognizer's values at the transition.
    public var values: LogValues?
    /// `transition`: the margins of the threshold decisions behind it (absent when it had none).
    public var margins: [LogMargin]?
    /// `action`: the state the recognizer's target–actions ran in.
    public var state: String?
    /// `controlEvent`: the control's trace name.
    public var control: String?
    /// `controlEvent`: the events sent, combined ones joined with `|` (e.g. `touchUpInside`).
    public var event: String?
    /// `note` and `animation`: the diagnostic in words.
    public var message: String?

    /// An entry with no kind-specific fields yet; the encoder sets those its `kind` has.
    public init(kind: String, text: String, diagnostic: Bool) {
        self.kind = kind
        self.text = text
        self.diagnostic = diagnostic
    }
}

/// A touch as a responder call shows it.
public struct LogTouch: Codable, Equatable, Sendable {
    /// The touch's number within the scene (see `LogEntry.touch`).
    public var id: Int
    /// `began`, `moved`, `stationary`, `ended` or `cancelled`, as the callee saw it.
    public var phase: String
    /// `UITouch.tapCount`, so a reader sees which tap of a multi-tap a call belongs to.
    public var tapCount: Int
    /// Window points, `[x, y]`.
    public var location: [Double]

    /// A touch as it appears in a responder entry.
    public init(id: Int, phase: String, tapCount: Int, location: [Double]) {
        self.id = id
        self.phase = phase
        self.tapCount = tapCount
        self.location = location
    }
}

/// A recognizer's values at a transition.
public struct LogValues: Codable, Equatable, Sendable {
    /// The touches' centroid in window points, `[x, y]` (`location(in: nil)`).
    public var location: [Double]
    /// How many touches the recognizer is tracking.
    public var numberOfTouches: Int
    /// Pans: `translation(in: nil)`, `[x, y]`.
    public var translation: [Double]?
    /// Pans `[x, y]` points per second; pinches and rotations `[v, 0]`.
    public var velocity: [Double]?
    /// Pinches: the scale factor since the gesture began.
    public var scale: Double?
    /// Rotations: radians since the gesture began.
    public var rotation: Double?
    /// Swipes: the direction recognized (`right`, `left`, `up`, `down`).
    public var direction: String?

    /// Values with the two fields every recognizer has; the encoder adds the type-specific ones.
    public init(location: [Double], numberOfTouches: Int) {
        self.location = location
        self.numberOfTouches = numberOfTouches
    }
}
