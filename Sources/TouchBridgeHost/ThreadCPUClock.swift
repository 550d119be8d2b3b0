#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time the calling thread has used, in seconds: what the engine-time budget charges a
/// message (`EngineBudget`, through `EnginePieceMeter`). Wall-clock time would also charge the time the
/// service thread spent descheduled: on a loaded machine a 50 µs tap frame then measured over 5 ms,
/// counted as an expensive message and sent its calm client to wait for the busy pool behind the
/// attackers (calm p99 15 s with 12 attackers, debug build, load 13–20 on two cores). A read costs
/// about 270 ns on the development machine (`CLOCK_MONOTONIC`: 56 ns) and is a system call on Linux,
/// where the monotonic clock is served by the vDSO: so it is read once per piece of work, at its end,
/// and not at all for a piece under 100 µs, which is charged its wall time (`EnginePieceMeter`).
enum ThreadCPUClock {
    /// One read: which thread read it, and that thread's CPU seconds so far. A thread's CPU clock
    /// starts at zero when the thread does, and two threads' readings cannot be subtracted.
    struct Reading: Equatable {
        /// The reading thread (its `pthread_t` as a number): only compared for equality.
        let thread: UInt
        /// Seconds of CPU this thread has used since it started.
        let seconds: Double
    }

    /// The calling thread and its CPU seconds so far (`CLOCK_THREAD_CPUTIME_ID`).
    static func read() -> Reading {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        #if canImport(Glibc)
        let thread = UInt(truncatingIfNeeded: pthread_self())
        #else
        let thread = UInt(bitPattern: pthread_self())
        #endif
        return Reading(thread: thread, seconds: Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000)
    }
}
