/// `events`: the ordered event log of one dispatch. Never dropped or coalesced.
public struct EventsMessage: Codable, Equatable, Sendable {
    /// The `seq` of the message that caused the dispatch (nil for timer-driven ones).
    public var seq: Int?
    /// Engine time after the dispatch, ms.
    public var t: Double
    public var log: [LogEntry]
    /// After an `input`: the device's pointers still down, in window points (so observers can draw
    /// every finger, also those a recognizer took over); nil for other dispatches.
    public var pointers: [LivePointer]?

    public init(seq: Int?, t: Double, log: [LogEntry], pointers: [LivePointer]? = nil) {
        self.seq = seq
        self.t = t
        self.log = log
        self.pointers = pointers
    }
}

/// A pointer that is down, as `events.pointers` lists it.
public struct LivePointer: Codable, Equatable, Sendable {
    /// The client's pointer id.
    public var id: Int
    public var x: Double
    public var y: Double

    public init(id: Int, x: Double, y: Double) {
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

    public var touch: Int?
    public var path: [String]?
    public var method: String?
    public var responder: String?
    public var touches: [LogTouch]?
    /// The complete log only: the event's touches with their phases, as the callee saw them.
    public var allTouches: [LogTouch]?
    public var subtype: String?
    public var forwardedFrom: String?
    public var view: String?
    public var note: String?
    public var recognizer: String?
    public var from: String?
    public var to: String?
    public var reason: String?
    public var values: LogValues?
    public var state: String?
    public var control: String?
    public var event: String?
    public var message: String?

    public init(kind: String, text: String, diagnostic: Bool) {
        self.kind = kind
        self.text = text
        self.diagnostic = diagnostic
    }
}

/// A touch as a responder call shows it.
public struct LogTouch: Codable, Equatable, Sendable {
    public var id: Int
    public var phase: String
    public var tapCount: Int
    /// Window points, `[x, y]`.
    public var location: [Double]

    public init(id: Int, phase: String, tapCount: Int, location: [Double]) {
        self.id = id
        self.phase = phase
        self.tapCount = tapCount
        self.location = location
    }
}

/// A recognizer's values at a transition.
public struct LogValues: Codable, Equatable, Sendable {
    public var location: [Double]
    public var numberOfTouches: Int
    public var translation: [Double]?
    public var velocity: [Double]?
    public var scale: Double?
    public var rotation: Double?
    public var direction: String?

    public init(location: [Double], numberOfTouches: Int) {
        self.location = location
        self.numberOfTouches = numberOfTouches
    }
}
