#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CPU time the calling thread has used, in seconds: what the engine-time budget charges a
/// message (`EngineBudget`). Wall-clock time would also charge the time the service thread spent
/// descheduled: on a loaded machine a 50 µs tap frame then measured over 5 ms, counted as an expensive
/// message and sent its calm client to wait for the busy pool behind the attackers (calm p99 15 s with
/// 12 attackers, debug build, load 13–20 on two cores). A read costs about 270 ns on the development
/// machine (`CLOCK_MONOTONIC`: 56 ns); two per message are about 1% of the server's ~50 µs per message.
enum ThreadCPUClock {
    /// Seconds of CPU used by this thread so far (`CLOCK_THREAD_CPUTIME_ID`).
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000
    }
}
