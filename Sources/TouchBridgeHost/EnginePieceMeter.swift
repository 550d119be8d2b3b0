/// What the engine-time budget charges each piece of work on the service thread (a message, a timer,
/// an open, a replay slice): the thread's CPU time since the previous read of its CPU clock, capped
/// at the piece's own wall time. The CPU clock is read once per piece, at its end.
///
/// Why: the thread's CPU clock (`ThreadCPUClock`) is a system call on Linux. Read before and after
/// every piece it was two of the five system calls of a sequential round trip (the echo makes three).
/// Read once, at the end, the CPU time since the previous read holds the piece's own CPU time `p` and
/// `g`, what the thread did since the previous piece ended: polls, reads and writes, handshakes,
/// refusals — transport work charged to nobody. The piece's wall time `w` (the monotonic clock, which
/// the shell reads anyway: from the transport's arrival read to the shell's one read at the end) caps
/// it. So a piece is charged `min(p + g, w)`, and:
/// - It never pays less than its own CPU time (`p ≤ w`): the budget cannot be dodged.
/// - What it pays beyond that is at most `g` and at most `w − p`, the time within the piece that it
///   did not run (descheduled, or waiting on a file). A piece that ran through is charged `p`, as with
///   a read before and after it, whatever the transport did before it.
/// - All pieces together never pay more than the CPU time the thread used: each is charged from the
///   CPU time since the previous one, and descheduled time is nobody's (the CPU clock stands still).
///
/// What a preempted thread means now: preempted between two pieces, nothing changes for either (the
/// CPU clock does not move, and neither piece's wall time grows). Preempted inside a piece, the piece's
/// wall time grows and it may take up the transport work since the previous piece, up to the time it
/// was preempted, never the preempted time itself: a 50 µs frame preempted for 5 ms pays 50 µs plus
/// `g`, which is tens of microseconds between two messages, and counts as expensive
/// (`EngineBudget.expensiveSeconds`) only if the thread also did 5 ms of uncharged work since the
/// previous piece. The withdrawn window meter shared a window's CPU time by wall time, so its `g` was
/// the whole window's and a preempted piece paid up to its wall time. Engine work charged to nobody (a
/// close's teardown, a catch-up render) ends with a read too (`endedUncharged`), so it is no piece's `g`.
///
/// The first piece on a thread has no previous read on it: it is charged the CPU time since the thread
/// started (where the clock counts from), capped at its wall time like any piece; a reading from another
/// thread than the previous one (or earlier than it: a new thread) counts as such a first.
struct EnginePieceMeter {
    /// Reads the service thread's CPU clock (`ThreadCPUClock.read`; tests script the readings).
    private let cpuClock: () -> ThreadCPUClock.Reading
    /// The last reading, at the end of the previous piece; nil before the first.
    private var previous: ThreadCPUClock.Reading?

    init(cpuClock: @escaping () -> ThreadCPUClock.Reading = ThreadCPUClock.read) {
        self.cpuClock = cpuClock
    }

    /// A piece that took `wallSeconds` (monotonic) has ended: reads the CPU clock once and returns
    /// what the piece is charged, `min(CPU since the previous read on this thread, wallSeconds)`.
    mutating func ended(wallSeconds: Double) -> Double {
        let reading = cpuClock()
        defer { previous = reading }
        let since = previous.flatMap { $0.thread == reading.thread && $0.seconds <= reading.seconds ? $0.seconds : nil } ?? 0
        return min(reading.seconds - since, max(0, wallSeconds))
    }

    /// Work charged to nobody has ended: reads the CPU clock so that the next piece is not charged it.
    mutating func endedUncharged() {
        previous = cpuClock()
    }
}
