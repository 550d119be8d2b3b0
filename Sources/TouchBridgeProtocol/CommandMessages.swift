import Foundation

/// `act`: app-side changes — a property set, a view removed or moved, a recognizer moved, the app
/// resigning active … — applied at engine time `t` between input frames. The actions stay JSON here;
/// the session interprets them against the running app (docs/protocol.md §4.11).
public struct AppActions: Codable, Equatable, Sendable {
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
}

/// `advance`: moves the manual clock to `t` (ms), firing due timers (docs/protocol.md §4.3).
public struct Advance: Codable, Equatable, Sendable {
    /// The engine time to move to, ms; never earlier than the session's time.
    public var t: Double
    /// Echoed in the `events` reply (docs/protocol.md §5.3).
    public var seq: Int?

    /// An `advance` to `t`.
    public init(t: Double, seq: Int? = nil) {
        self.t = t
        self.seq = seq
    }

    enum CodingKeys: String, CodingKey { case t, seq }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        t = try c.decode(Double.self, forKey: .t)
        seq = try c.decodeIntegerIfPresent(forKey: .seq)
    }
}

/// `motion`: a shake phase at `t` (ms).
public struct Motion: Codable, Equatable, Sendable {
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

    enum CodingKeys: String, CodingKey { case phase, t, seq }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        phase = try c.decode(MotionPhase.self, forKey: .phase)
        t = try c.decode(Double.self, forKey: .t)
        seq = try c.decodeIntegerIfPresent(forKey: .seq)
    }
}

/// `remote`: a remote-control command at `t` (ms).
public struct Remote: Codable, Equatable, Sendable {
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

    enum CodingKeys: String, CodingKey { case command, t, seq }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        command = try c.decode(RemoteCommand.self, forKey: .command)
        t = try c.decode(Double.self, forKey: .t)
        seq = try c.decodeIntegerIfPresent(forKey: .seq)
    }
}

/// `scene`: replaces the running scene.
public struct SceneSwitch: Codable, Equatable, Sendable {
    /// The scene to run instead: a catalog name or an inline scene.
    public var scene: SceneRequest

    /// A `scene` message.
    public init(scene: SceneRequest) { self.scene = scene }
}

/// `ping`: asks for a `pong` with the same id.
public struct Ping: Codable, Equatable, Sendable {
    /// Any integer; the `pong` echoes it so a client can measure round trips.
    public var id: Int

    /// A `ping` with `id`.
    public init(id: Int) { self.id = id }

    enum CodingKeys: String, CodingKey { case id }

    public init(from decoder: Decoder) throws {
        id = try decoder.container(keyedBy: CodingKeys.self).decodeInteger(forKey: .id)
    }
}

/// `mark`: a note for the server's session recording ("that tap was wrong"); the session ignores it.
public struct Mark: Codable, Equatable, Sendable {
    /// Free text (≤ `maxStringLength` characters).
    public var note: String?
    /// Client time of the mark, ms (informational).
    public var t: Double?

    /// A mark with an optional note and client time.
    public init(note: String? = nil, t: Double? = nil) {
        self.note = note
        self.t = t
    }

    func validate(limits: ProtocolLimits) throws(ProtocolError) {
        if let note { try Check.string(note, limits: limits, path: "note") }
        if let t { guard t.isFinite else { throw .schema("t", "expected a finite number") } }
    }
}
