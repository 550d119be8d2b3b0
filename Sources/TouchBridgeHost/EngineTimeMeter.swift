/// Turns the monotonic-clock time of each piece of charged work (a message, a timer, an open, a replay
/// slice) into the service thread's CPU time, which is what the engine-time budget charges, while reading
/// the thread's CPU clock once per window instead of twice per message: once per millisecond of work when
/// messages come quickly (a sequential client: once per 20–50 messages), at most once per message when
/// they come more than `windowSeconds` apart.
///
/// Why: the thread's CPU clock (`ThreadCPUClock`, `CLOCK_THREAD_CPUTIME_ID`) is a system call on Linux,
/// the monotonic clock is not (the vDSO serves it). Two CPU-clock reads around every message were two of
/// a sequential round trip's five system calls (the echo makes three). Wall time alone would charge a
/// client for the time the thread spent descheduled: on a busy machine a 50 µs tap frame preempted for
/// 5 ms would count as an expensive message and send its calm client to the busy pool (docs/security.md).
///
/// How: work is timed on the monotonic clock (its start is the `now` the shell read anyway, its end one
/// more vDSO read) and kept in a window that starts at a CPU-clock read. The window is settled — the
/// CPU clock read again — as soon as its work passes `settleAfterSeconds`, or it holds `settleAfterItems`
/// pieces, or it is older than `windowSeconds` when the next piece starts, or a connection closes. The
/// window's CPU time `c` is then shared among its pieces in proportion to their wall time, and no piece
/// is charged more than its own wall time: each is charged `wall × min(1, c / Σwall)`. So:
/// - Nothing is charged more than it took in wall time, and all pieces together no more than the CPU
///   time the thread used in the window: time spent descheduled is still charged to nobody in total.
/// - Where the window's thread was never descheduled (wall ≈ CPU), each piece pays its wall time, which
///   is its CPU time: the budget is what it was.
/// - A preemption inside one piece is shared by the window's pieces by wall time instead of being
///   nobody's. A piece starts only in a window at most `windowSeconds` old, so the window's CPU time is
///   at most that plus the piece's own: a cheap frame preempted for 5 ms pays at most its own CPU time
///   and 2 ms, so it is never counted expensive (`EngineBudget.expensiveSeconds`). A window closes right
///   after the piece that passes `settleAfterSeconds`, so an expensive message gives up to the others at
///   most the preemption of the under-a-millisecond of work before it in its window.
/// - Work under `settleAfterSeconds` (at most `settleAfterItems` pieces) is charged when its window
///   settles, not as it ends: a connection's bucket can lag its work by under a millisecond. Any piece
///   that passes the threshold, which every expensive one does, is charged before the next one runs.
struct EngineTimeMeter {
    /// Work, in seconds of wall time, after which the window is settled (one CPU-clock read).
    static let settleAfterSeconds = 0.001
    /// Pieces after which the window is settled however little they took: bounds what is kept.
    static let settleAfterItems = 64
    /// A window older than this when the next piece starts is settled first, so a piece's window holds
    /// at most this much CPU time besides its own (the earlier pieces' and what the thread did without
    /// charging anyone: reads, writes, polls, handshakes).
    static let windowSeconds = 0.002

    /// One piece of work's share of the thread, for `EngineBudget.charge`.
    struct Charge {
        let connection: EngineBudget.ConnectionKey
        let seconds: Double
        /// The server time the work started at: when the budget takes it.
        let now: Double
    }

    private struct Piece {
        let connection: EngineBudget.ConnectionKey
        let wallSeconds: Double
        let now: Double
    }

    /// Reads the service thread's CPU clock (`ThreadCPUClock.now`; tests count the reads).
    private let cpuClock: () -> Double
    private var pieces: [Piece] = []
    private var wallSeconds = 0.0
    /// The CPU clock and the monotonic clock when the window began; nil until the first piece.
    private var window: (cpu: Double, at: Double)?

    init(cpuClock: @escaping () -> Double = ThreadCPUClock.now) {
        self.cpuClock = cpuClock
        pieces.reserveCapacity(Self.settleAfterItems)
    }

    /// Work is about to start at monotonic time `now`: opens a window if none is open, first settling
    /// one that is older than `windowSeconds` (each of its pieces handed to `charge`).
    mutating func starting(at now: Double, charge: (Charge) -> Void) {
        if let window, now - window.at <= Self.windowSeconds { return }
        settle(at: now, charge: charge)
    }

    /// `connection`'s work started at `now` and ended at `end` (monotonic); if this piece settles the
    /// window, each of its pieces is handed to `charge`.
    mutating func finished(_ connection: EngineBudget.ConnectionKey, now: Double, end: Double, charge: (Charge) -> Void) {
        let wall = max(0, end - now)
        pieces.append(Piece(connection: connection, wallSeconds: wall, now: now))
        wallSeconds += wall
        guard wallSeconds > Self.settleAfterSeconds || pieces.count >= Self.settleAfterItems else { return }
        settle(at: end, charge: charge)
    }

    /// Reads the CPU clock, shares the window's CPU time among its pieces (handed to `charge` in order:
    /// a closure, not an array, so settling allocates nothing) and starts a new window there.
    mutating func settle(at now: Double, charge: (Charge) -> Void) {
        let cpu = cpuClock()
        defer {
            window = (cpu, now)
            pieces.removeAll(keepingCapacity: true)
            wallSeconds = 0
        }
        guard let window, !pieces.isEmpty else { return }
        let used = max(0, cpu - window.cpu)
        let scale = wallSeconds > used ? used / wallSeconds : 1
        for piece in pieces { charge(Charge(connection: piece.connection, seconds: piece.wallSeconds * scale, now: piece.now)) }
    }
}
