import TouchBridgeServer

/// What one device connection sent, kept so its live session can be paused and stepped through
/// (`StepTimeline` replays it). Only the inbound side is kept — the engine rebuilds the rest — and
/// only up to `maxBytes` of memory: past it the history is dropped and pausing is refused
/// (`too-long`), so a long session costs a bounded amount of memory. The stepper also bounds all
/// histories together (`SessionStepper.historyBudgetBytes`) and drops the largest past that.
struct SessionHistory {
    static let maxBytes = 2 * 1024 * 1024

    private(set) var entries: [Recording.Entry] = []
    /// The memory the entries hold now (0 once dropped): each entry's slot, and each message's text
    /// with its heap header and allocator overhead — for ~150-byte inputs that overhead is a third.
    private(set) var bytes = 0
    private(set) var overflowed = false

    /// A Swift string's heap header (32 bytes) and the allocator's chunk overhead (16).
    private static let textBookkeepingBytes = 48

    mutating func append(_ input: SessionInput, at now: Double) {
        guard !overflowed else { return }
        let entry: Recording.Entry
        var size = MemoryLayout<Recording.Entry>.stride
        switch input {
        case .opened(let subprotocol): entry = .open(subprotocol: subprotocol)
        case .text(let text, let receivedAt), .decoded(_, let text, let receivedAt):
            size += text.utf8.count + Self.textBookkeepingBytes
            entry = .input(text, at: receivedAt)
        case .stepping(let request, let receivedAt):
            // Applied only by a hub without a stepper, as the unknown type it is to v1: kept as what was sent.
            size += request.text.utf8.count + Self.textBookkeepingBytes
            entry = .input(request.text, at: receivedAt)
        case .timerFired: entry = .timer(at: now)
        case .closed: return
        }
        guard bytes + size <= Self.maxBytes else { return drop() }
        bytes += size
        entries.append(entry)
    }

    /// Forgets what was kept: pausing this session is refused from now on.
    mutating func drop() {
        overflowed = true
        entries = []
        bytes = 0
    }
}
