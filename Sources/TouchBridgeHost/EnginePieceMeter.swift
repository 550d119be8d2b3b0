/// What the engine-time budget charges each piece of work on the service thread (a message, a timer,
/// an open, a replay slice): a short piece its wall time; any other the thread's CPU time since the
/// previous read of its CPU clock, less what the short pieces since then paid, capped at its own wall
/// time. The CPU clock is read at most once per piece, at its end, and only for pieces that are not short.
///
/// Why: the thread's CPU clock (`ThreadCPUClock`) is a system call on Linux. Read before and after
/// every piece it was two of the five system calls of a sequential round trip (the echo makes three).
/// Read once, at the end, the CPU time since the previous read holds the piece's own CPU time `p` and
/// `g`, what the thread did since the previous piece ended: polls, reads and writes, handshakes,
/// refusals — transport work charged to nobody. The piece's wall time `w` (the monotonic clock, which
/// the shell reads anyway: from the transport's arrival read to the shell's one read at the end) caps
/// it. So a piece is charged `min(p + g, w)`, and:
/// - It never pays less than its own CPU time (`p ≤ w`), but for what short pieces lost (below): the
///   budget cannot be dodged.
/// - What it pays beyond that is at most `g` and at most `w − p`, the time within the piece that it
///   did not run (descheduled, or waiting on a file). A piece that ran through is charged `p`, as with
///   a read before and after it, whatever the transport did before it.
/// - All pieces together never pay more than the CPU time the thread used: each is charged from the
///   CPU time since the previous one, and descheduled time is nobody's (the CPU clock stands still).
///
/// Short pieces (under `wallChargeLimit`, 100 µs: a release build's frames take tens of microseconds)
/// are charged their wall time `w` and read nothing: that is at least their CPU time, and at most
/// 100 µs more. The next piece that reads finds their CPU time in its reading and subtracts what they
/// paid. Where a short piece lost time inside it, what it paid beyond its CPU time is subtracted too,
/// so the reading piece may pay less than its own CPU time by that much: the clock is read at the
/// latest once the short pieces since the last read have paid 1 ms (`wallChargedBetweenReads`), which
/// bounds it, and the short pieces paid that time themselves.
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
    /// A piece with less wall time than this is charged its wall time and the CPU clock is not read:
    /// it cannot have lost more than this to preemption. A read is a system call (~0.4 µs, about 2% of a
    /// release server's CPU per message, docs/performance.md), and a release build's frames are short.
    static let wallChargeLimit = 0.000_1
    /// Wall time charged without a read, in all, after which the next piece reads the CPU clock anyway:
    /// bounds what the pieces charged by wall time can take from the next read's piece (below).
    static let wallChargedBetweenReads = 0.001

    /// Reads the service thread's CPU clock (`ThreadCPUClock.read`; tests script the readings).
    private let cpuClock: () -> ThreadCPUClock.Reading
    /// The last reading, at the end of the previous piece that read it; nil before the first.
    private var previous: ThreadCPUClock.Reading?
    /// What the pieces since `previous` were charged by their wall time: CPU time the next reading
    /// holds that is already paid for.
    private var chargedByWall = 0.0

    init(cpuClock: @escaping () -> ThreadCPUClock.Reading = ThreadCPUClock.read) {
        self.cpuClock = cpuClock
    }

    /// A piece that took `wallSeconds` (monotonic) has ended: returns what it is charged. Under
    /// `wallChargeLimit` (and while the wall-charged total since the last read stays under
    /// `wallChargedBetweenReads`) its wall time, without a read; else it reads the CPU clock once and
    /// is charged `min(CPU since the previous read on this thread − what the pieces since were charged, wallSeconds)`,
    /// never below zero.
    mutating func ended(wallSeconds: Double) -> Double {
        let wall = max(0, wallSeconds)
        if wall < Self.wallChargeLimit, chargedByWall + wall < Self.wallChargedBetweenReads {
            chargedByWall += wall
            return wall
        }
        let reading = cpuClock()
        defer {
            previous = reading
            chargedByWall = 0
        }
        guard let previous, previous.thread == reading.thread, previous.seconds <= reading.seconds else {
            return min(reading.seconds, wall)  // the first read on this thread: its CPU time since it started
        }
        return min(max(0, reading.seconds - previous.seconds - chargedByWall), wall)
    }

    /// Work charged to nobody has ended: reads the CPU clock so that the next piece is not charged it.
    mutating func endedUncharged() {
        previous = cpuClock()
        chargedByWall = 0
    }
}
