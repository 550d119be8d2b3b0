import TouchBridgeServer

/// What one device connection sent, kept so its live session can be paused and stepped through
/// (`StepTimeline` replays it). Only the inbound side is kept — the engine rebuilds the rest — and
/// only up to `maxBytes` of message text: past it the history is dropped and pausing is refused
/// (`too-long`), so a long session costs a bounded amount of memory. The stepper also bounds all
/// histories together (`SessionStepper.historyBudgetBytes`) and drops the largest past that.
struct SessionHistory {
    static let maxBytes = 2 * 1024 * 1024

    private(set) var entries: [Recording.Entry] = []
    /// The message bytes held now (0 once dropped).
    private(set) var bytes = 0
    private(set) var overflowed = false

    mutating func append(_ input: SessionInput, at now: Double) {
        guard !overflowed else { return }
        switch input {
        case .opened(let subprotocol): entries.append(.open(subprotocol: subprotocol))
        case .text(let text, let receivedAt), .decoded(_, let text, let receivedAt):
            guard bytes + text.utf8.count <= Self.maxBytes else { return drop() }
            bytes += text.utf8.count
            entries.append(.input(text, at: receivedAt))
        case .timerFired: entries.append(.timer(at: now))
        case .closed: break
        }
    }

    /// Forgets what was kept: pausing this session is refused from now on.
    mutating func drop() {
        overflowed = true
        entries = []
        bytes = 0
    }
}
