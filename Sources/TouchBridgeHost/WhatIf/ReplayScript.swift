import TouchBridgeProtocol

/// A recording's inbound side, decoded once, ready to be re-run many times (a what-if replays it
/// twice, a flake sweep once per variant, each variant with its own jittered copy). Recorded timer
/// firings and outbound lines are left out: the runner fires the app's own timers when they fall due,
/// since a changed app or a jittered trace arms other ones.
struct ReplayScript: Sendable {
    /// One inbound event.
    enum Step: Sendable, Equatable {
        /// The connection opened with this subprotocol.
        case open(subprotocol: String?)
        /// A message received at `at` (server seconds); `message` is nil when it does not decode (the
        /// session answers it with its error, as it did live).
        case message(ClientMessage?, text: String, at: Double)
        /// The connection ended.
        case close
    }

    /// The session id the replay's hub gives the session.
    let session: String
    /// The limits the messages are checked against.
    let limits: ProtocolLimits
    /// The session's clock mode (a jittered trace starts no earlier than a manual clock's 0).
    var clock: ClockMode
    /// The inbound events with their 1-based line in the recording.
    var steps: [(line: Int, step: Step)] = []
    /// The latest time the recording knows (a receive or timer time), server seconds (0 for none).
    var lastTime: Double { latestTime.isFinite ? latestTime : 0 }
    private var latestTime = -Double.infinity
    /// Entries read so far (the next one is line `read + 2`).
    private(set) var read = 0

    /// The inbound side of `recording`.
    init(_ recording: Recording) {
        self.init(recording.entries, session: recording.header.session, limits: recording.header.limits, clock: recording.header.clock)
    }

    /// The inbound side of `entries` (a recording's, or a live session's history), replayed as
    /// session `session` under `limits`; `clock` is the session's clock mode.
    init(_ entries: some Collection<Recording.Entry>, session: String, limits: ProtocolLimits, clock: ClockMode) {
        self.init(session: session, limits: limits, clock: clock)
        for entry in entries { append(entry) }
    }

    /// An empty script, read an entry at a time with `append` (a live session's history is decoded a
    /// slice at a time).
    init(session: String, limits: ProtocolLimits, clock: ClockMode) {
        self.session = session
        self.limits = limits
        self.clock = clock
    }

    /// Reads the next entry: an inbound event becomes a step (its message decoded once).
    mutating func append(_ entry: Recording.Entry) {
        read += 1
        let line = read + 1
        switch entry {
        case .open(let subprotocol): steps.append((line, .open(subprotocol: subprotocol)))
        case .input(let text, let at):
            steps.append((line, .message(try? ClientMessage.decode(text, limits: limits), text: text, at: at)))
            latestTime = max(latestTime, at)
        case .timer(let at): latestTime = max(latestTime, at)
        case .close: steps.append((line, .close))
        case .output, .closing, .dropped: break
        }
    }
}
