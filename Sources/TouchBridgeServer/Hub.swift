import TouchBridgeProtocol

/// Owns every connection's session and routes between them: observers find their device's
/// session by id and receive what it sends.
///
/// Transport-agnostic: connections are plain ids, time arrives in the inputs, and the result is a
/// list of typed effects per connection, which an `EffectExecutor` carries out in order. One hub is
/// used from one thread (the transport's service thread); it holds engine objects, which are not
/// `Sendable`.
public final class Hub {
    private var environment: SessionEnvironment
    // `@exclusivity(unchecked)` (issue 25: five run-time checks a message, some 560 instructions): every
    // access to these is a read or a write that calls out to nothing while it lasts (a lookup, an
    // insertion, a removal, an optional read), so no access can overlap another; the sessions' code
    // reaches `sessions` only through `environment.findSession`, outside any of them. The compiler still
    // checks every access it can see statically.
    @exclusivity(unchecked) private var connections: [ConnectionID: Session] = [:]
    @exclusivity(unchecked) private var sessions: [String: SharedSession] = [:]
    /// Pauses sessions and steps through them: the hub routes stepping requests to it (nil: a session
    /// answers one as the unknown type it is to v1).
    @exclusivity(unchecked) package var stepping: (any SteppingHandler)?
    /// Told every input a session applied, with its effects (the recorder, the stepping histories).
    @exclusivity(unchecked) package weak var journal: (any SessionJournal)?

    /// A hub serving `catalog`'s scenes within `limits`. `makeSessionID` is injectable so determinism tests
    /// and replays get fixed ids; an id already live gets a suffix (`-2`, `-3` …).
    public init(
        catalog: any SceneCatalog, limits: ProtocolLimits = ProtocolLimits(),
        makeSessionID: @escaping () -> String = SessionID.random
    ) {
        environment = SessionEnvironment(catalog: catalog, limits: limits, makeSessionID: makeSessionID)
        let generate = makeSessionID
        environment.makeSessionID = { [unowned self] in
            // 128 random bits do not collide in practice; a fixed generator (a replay's recorded id) does
            // as soon as a second device joins, and generating again would never end: a suffix always does.
            let id = generate()
            guard self.sessions[id] != nil else { return id }
            var suffix = 2
            while self.sessions["\(id)-\(suffix)"] != nil { suffix += 1 }
            return "\(id)-\(suffix)"
        }
        environment.findSession = { [unowned self] id in self.sessions[id] }
    }

    /// Whether the host records sessions; sessions opened from now on say so in `welcome`.
    public var isRecording: Bool {
        get { environment.isRecording }
        set { environment.isRecording = newValue }
    }

    /// The host's network address for `welcome.lan`; sessions opened from now on carry it.
    public var lanAddress: LANAddress? {
        get { environment.lanAddress }
        set { environment.lanAddress = newValue }
    }

    /// Called with every event log a session publishes (its engine time in ms and the entries), before
    /// they are written as `events`; sessions opened from now on call it. What-if replays and flake
    /// sweeps read the log here instead of parsing each `events` text back.
    public var logTap: ((Double, [LogEntry]) -> Void)? {
        get { environment.logTap }
        set { environment.logTap = newValue }
    }

    /// Whether sessions opened from now on write their `welcome`, `render` and `events` messages (true).
    /// A replay that reads only `logTap` and the errors — a what-if's two timelines, each of a flake
    /// sweep's variants — turns it off: writing texts no one reads was about a third of a sweep's CPU
    /// (docs/performance.md). Errors, pongs, timers and closes are produced as ever, and the log is the
    /// same: such a session still names unnamed recognizers where writing would have.
    public var writesMessages: Bool {
        get { environment.writesMessages }
        set { environment.writesMessages = newValue }
    }

    /// The limits every message is validated against (what the shell decodes messages with).
    public var limits: ProtocolLimits { environment.limits }

    /// Open connections.
    public var connectionCount: Int { connections.count }
    /// Live sessions (one per joined device).
    public var sessionCount: Int { sessions.count }

    /// The session id a connection belongs to (after its `hello`).
    public func sessionID(of connection: ConnectionID) -> String? { connections[connection]?.sessionID }

    /// The whole render state of the connection's session as one `render` message (`full: true`):
    /// what a connection that fell behind gets instead of the diffs it missed.
    public func fullRender(for connection: ConnectionID, withLints: Bool = true) -> String? {
        connections[connection]?.shared?.fullRender(withLints: withLints)
    }

    /// The `act` that starts or ends a system interruption of the app of `connection`'s session
    /// (`SystemInterruption`), to hand back in as that device's message; nil when the connection is
    /// not a device or its app already is in that state.
    public func interruptionMessage(_ interruption: SystemInterruption, for connection: ConnectionID) -> String? {
        guard let session = connections[connection], case .device(let shared) = session.state else { return nil }
        return shared.interruptionMessage(interruption)
    }

    /// The observers of `connection`'s session, in the order they joined (none before its `hello`).
    package func observers(of connection: ConnectionID) -> [ConnectionID] { connections[connection]?.shared?.observers ?? [] }

    /// The role a connection was granted.
    public func role(of connection: ConnectionID) -> Role? { connections[connection]?.role }

    /// Handles one input of one connection; returns the effects for every affected connection, in
    /// the order to execute them.
    public func handle(_ input: SessionInput, on connection: ConnectionID) -> [(connection: ConnectionID, effect: SessionEffect)] {
        if let stepping, let routed = route(input, on: connection, to: stepping) { return routed }
        let session: Session
        if let existing = connections[connection] {
            session = existing
        } else {
            // A transport that skips `.opened` still gets a session (the subprotocol check is skipped).
            guard input != .closed else {
                // One the hub already forgot (its session closed it): the journal still forgets it.
                journal?.applied(input, on: connection, effects: [], hub: self)
                return []
            }
            session = Session(connection: connection, environment: environment)
            connections[connection] = session
        }
        let watched = session.shared
        let routed = session.process(input)

        // A session becomes a device only by its `hello` (`Session.join`), which this call just
        // processed if it had none before: looking its id up on every message hashed the id string, ~330
        // instructions a message (docs/performance.md, "fourth pass").
        if watched == nil, case .device(let shared) = session.state {
            sessions[shared.id] = shared
        }
        var result: [(connection: ConnectionID, effect: SessionEffect)] = []
        let closing = input == .closed || routed.contains { $0.audience == .connection && isClose($0.effect) }
        // Once, not per item: each read retains and releases the session and its observer list.
        let observers = (session.shared ?? watched)?.observers ?? []
        // Every effect for the connection and each observer, in one allocation: growing allocated per append.
        result.reserveCapacity(routed.count * (observers.count + 1))
        for item in routed {
            switch item.audience {
            case .connection:
                if input != .closed { result.append((connection, item.effect)) }
            case .session:
                if input != .closed { result.append((connection, item.effect)) }
                result += observers.map { ($0, item.effect) }
            case .observers:
                result += observers.map { ($0, item.effect) }
            }
        }
        if watched == nil, let stepping, session.role == .observer {
            result += stepping.observerJoined(connection, hub: self).map { (connection, $0) }
        }
        if closing {
            connections[connection] = nil
            if let watched, session.role == nil, watched.isEnded { sessions[watched.id] = nil }
        }
        journal?.applied(input, on: connection, effects: result, hub: self)
        return result
    }

    private func isClose(_ effect: SessionEffect) -> Bool {
        if case .close = effect { return true }
        return false
    }
}
