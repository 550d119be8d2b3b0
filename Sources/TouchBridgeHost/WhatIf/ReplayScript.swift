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

    /// The recording's header (session id, clock, limits, scenes).
    let header: Recording.Header
    /// The inbound events with their 1-based line in the recording.
    var steps: [(line: Int, step: Step)]
    /// The latest time the recording knows (a receive or timer time), server seconds.
    let lastTime: Double

    /// The inbound side of `recording`.
    init(_ recording: Recording) {
        header = recording.header
        var steps: [(line: Int, step: Step)] = []
        var lastTime = -Double.infinity
        for (offset, entry) in recording.entries.enumerated() {
            let line = offset + 2
            switch entry {
            case .open(let subprotocol): steps.append((line, .open(subprotocol: subprotocol)))
            case .input(let text, let at):
                steps.append((line, .message(try? ClientMessage.decode(text, limits: recording.header.limits), text: text, at: at)))
                lastTime = max(lastTime, at)
            case .timer(let at): lastTime = max(lastTime, at)
            case .close: steps.append((line, .close))
            case .output, .closing, .dropped: break
            }
        }
        self.steps = steps
        self.lastTime = lastTime.isFinite ? lastTime : 0
    }
}
