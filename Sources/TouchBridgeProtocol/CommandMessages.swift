import Foundation

/// `act`: app-side changes — a property set, a view removed or moved, a recognizer moved, the app
/// resigning active … — applied at engine time `t` between input frames. The actions stay JSON here;
/// the session interprets them against the running app (docs/protocol.md §4.11).
public struct AppActions: WireObject {
    /// Engine time (ms) at which the actions apply; like input timestamps, it may not go backwards.
    public var t: Double
    /// Echoed in the `events` reply so a client can match it.
    public var seq: Int?
    /// The actions, in order, as §4.11 defines them.
    public var actions: [JSONValue]

    /// Actions one message may carry.
    public static let maximumActions = 64

    /// An `act` message.
    public init(t: Double, seq: Int? = nil, actions: [JSONValue]) {
        self.t = t
        self.seq = seq
        self.actions = actions
    }

    /// The fields of `act` (docs/protocol.md §4.11).
    public static let wireFields: [WireField<AppActions>] = [
        .number("t", \.t, "Engine time (ms) at which the actions apply; client clock: mapped like `input` times; never earlier than the engine's time."),
        .integer("seq", \.seq, "Echoed in the `events` reply (and any `error`), so a client can match it."),
        .array("actions", \.actions, type: "array, 1…64", "The actions, in order, as the table below defines them."),
    ]

    /// The reader's starting value.
    public static var wireBlank: AppActions { AppActions(t: 0, actions: []) }
}

/// `advance`: moves the manual clock to `t` (ms), firing due timers (docs/protocol.md §4.3).
public struct Advance: WireObject {
    /// The engine time to move to, ms; never earlier than the session's time.
    public var t: Double
    /// Echoed in the `events` reply (docs/protocol.md §5.3).
    public var seq: Int?

    /// An `advance` to `t`.
    public init(t: Double, seq: Int? = nil) {
        self.t = t
        self.seq = seq
    }

    /// The fields of `advance`.
    public static let wireFields: [WireField<Advance>] = [
        .number("t", \.t, "The engine time to move to, ms; not less than the engine's time."),
        .integer("seq", \.seq, "Echoed in the `events` reply (and any `error`), so a client can match it."),
    ]

    /// The reader's starting value.
    public static var wireBlank: Advance { Advance(t: 0) }
}

/// `motion`: a shake phase at `t` (ms).
public struct Motion: WireObject {
    /// Which phase of the shake.
    public var phase: MotionPhase
    /// Client time, ms, on the same clock as input timestamps.
    public var t: Double
    /// Echoed in the `events` reply (docs/protocol.md §5.3).
    public var seq: Int?

    /// A `motion` message.
    public init(phase: MotionPhase, t: Double, seq: Int? = nil) {
        self.phase = phase
        self.t = t
        self.seq = seq
    }

    /// The fields of `motion`.
    public static let wireFields: [WireField<Motion>] = [
        .wire("phase", \.phase, "Becomes `motionBegan/Ended/Cancelled(.motionShake)` sent to the first responder."),
        .number("t", \.t, "Client time, ms, on the same clock as input timestamps."),
        .integer("seq", \.seq, "Echoed in the `events` reply (and any `error`), so a client can match it."),
    ]

    /// The reader's starting value.
    public static var wireBlank: Motion { Motion(phase: .began, t: 0) }
}

/// `remote`: a remote-control command at `t` (ms).
public struct Remote: WireObject {
    /// The command, delivered as `remoteControlReceived(with:)` to the first responder.
    public var command: RemoteCommand
    /// Client time, ms, on the same clock as input timestamps.
    public var t: Double
    /// Echoed in the `events` reply (docs/protocol.md §5.3).
    public var seq: Int?

    /// A `remote` message.
    public init(command: RemoteCommand, t: Double, seq: Int? = nil) {
        self.command = command
        self.t = t
        self.seq = seq
    }

    /// The fields of `remote`.
    public static let wireFields: [WireField<Remote>] = [
        .wire("command", \.command, "Becomes `remoteControlReceived(with:)` with the matching `UIEvent.EventSubtype`; apps that did not call `beginReceivingRemoteControlEvents()` drop it (the log notes it)."),
        .number("t", \.t, "Client time, ms, on the same clock as input timestamps."),
        .integer("seq", \.seq, "Echoed in the `events` reply (and any `error`), so a client can match it."),
    ]

    /// The reader's starting value.
    public static var wireBlank: Remote { Remote(command: .play, t: 0) }
}

/// `scene`: replaces the running scene.
public struct SceneSwitch: WireObject {
    /// The scene to run instead: a catalog name or an inline scene.
    public var scene: SceneRequest

    /// A `scene` message.
    public init(scene: SceneRequest) { self.scene = scene }

    /// The field of `scene` (docs/protocol.md §4.7).
    public static let wireFields: [WireField<SceneSwitch>] = [
        .custom("scene", \.scene, required: true, type: "string or object",
                "A catalog name, or an inline scene object as in `hello`.",
                read: { fields throws(ProtocolError) in
                    guard let value = fields.members["scene"] else { throw .schema(fields.path("scene"), "required field is missing") }
                    return try SceneRequest(reading: value, path: fields.path("scene"))
                },
                write: { $0.wireValue }),
    ]

    /// The reader's starting value.
    public static var wireBlank: SceneSwitch { SceneSwitch(scene: .named("")) }
}

/// `ping`: asks for a `pong` with the same id.
public struct Ping: WireObject {
    /// Any integer; the `pong` echoes it so a client can measure round trips.
    public var id: Int

    /// A `ping` with `id`.
    public init(id: Int) { self.id = id }

    /// The field of `ping` (docs/protocol.md §4.8).
    public static let wireFields: [WireField<Ping>] = [.integer("id", \.id, "Echoed in the `pong`.")]

    /// The reader's starting value.
    public static var wireBlank: Ping { Ping(id: 0) }
}

/// `mark`: a note for the server's session recording ("that tap was wrong"); the session ignores it.
public struct Mark: WireObject {
    /// Free text (≤ `maxStringLength` characters).
    public var note: String?
    /// Client time of the mark, ms (informational).
    public var t: Double?

    /// A mark with an optional note and client time.
    public init(note: String? = nil, t: Double? = nil) {
        self.note = note
        self.t = t
    }

    /// The fields of `mark` (docs/protocol.md §4.10).
    public static let wireFields: [WireField<Mark>] = [
        .string("note", \.note, "Free text (≤ `maxStringLength` characters)."),
        .number("t", \.t, "Client time, ms (informational)."),
    ]

    /// The reader's starting value.
    public static var wireBlank: Mark { Mark() }

    func validate(limits: ProtocolLimits) throws(ProtocolError) {
        if let note { try Check.string(note, limits: limits, path: "note") }
        if let t { guard t.isFinite else { throw .schema("t", "expected a finite number") } }
    }
}
