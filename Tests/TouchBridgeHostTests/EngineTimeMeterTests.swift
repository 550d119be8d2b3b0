import Testing
@testable import TouchBridgeHost

/// The engine-time budget's meter: wall time per piece of work, the thread's CPU clock once per window,
/// and the window's CPU time shared among its pieces.
@Suite struct EngineTimeMeterTests {
    /// A thread CPU clock the test sets, counting its reads.
    final class ScriptedCPUClock: @unchecked Sendable {
        var seconds = 0.0
        var reads = 0
        func now() -> Double {
            reads += 1
            return seconds
        }
    }

    /// Times `wall` seconds of work on `connection` starting at `now`, the thread using `cpu` of them.
    static func run(_ meter: inout EngineTimeMeter, _ clock: ScriptedCPUClock, _ connection: UInt64,
                    at now: Double, wall: Double, cpu: Double) -> [EngineTimeMeter.Charge] {
        var charges: [EngineTimeMeter.Charge] = []
        meter.starting(at: now) { charges.append($0) }
        clock.seconds += cpu
        meter.finished(connection, now: now, end: now + wall) { charges.append($0) }
        return charges
    }

    /// `charges` are one per connection in `expected`, in order, each within a nanosecond of its seconds.
    static func matches(_ charges: [EngineTimeMeter.Charge], _ expected: [(UInt64, seconds: Double, now: Double)]) -> Bool {
        charges.count == expected.count && zip(charges, expected).allSatisfy { charge, expected in
            charge.connection == expected.0 && abs(charge.seconds - expected.seconds) < 1e-9 && charge.now == expected.now
        }
    }

    /// Cheap messages in quick succession: the CPU clock is read once per millisecond of work, not
    /// twice per message (two system calls each before), and every one of them is charged in the end.
    @Test func cheapWorkReadsTheCPUClockOncePerMillisecondOfIt() {
        let clock = ScriptedCPUClock()
        var meter = EngineTimeMeter(cpuClock: clock.now)
        var charged: [EngineTimeMeter.Charge] = []
        for index in 0..<100 {  // 30 µs of work every 50 µs: 3 ms of work in 5 ms
            charged += Self.run(&meter, clock, 1, at: Double(index) * 0.000_05, wall: 0.000_03, cpu: 0.000_03)
        }
        #expect(clock.reads == 3, "one to open the window and one per millisecond of work: \(clock.reads)")
        #expect(Self.matches(charged, (0..<68).map { (1, 0.000_03, Double($0) * 0.000_05) }),
                "the 2 × 34 pieces of the two settled windows, each paying its wall time (no preemption): \(charged.count)")
    }

    /// The thread was descheduled for 5 ms inside a 50 µs tap frame: the frame is not charged 5 ms
    /// (it would count as expensive, `EngineBudget.expensiveSeconds`, and wait for the busy pool), and
    /// the window's pieces together pay no more than the CPU time the thread used.
    @Test func aPreemptedCheapFramePaysTheWindowsCPUTimeNotItsWallTime() {
        let clock = ScriptedCPUClock()
        var meter = EngineTimeMeter(cpuClock: clock.now)
        var charged = Self.run(&meter, clock, 1, at: 0, wall: 0.000_5, cpu: 0.000_5)
        charged += Self.run(&meter, clock, 2, at: 0.001, wall: 0.005_05, cpu: 0.000_05)
        #expect(charged.map(\.connection) == [1, 2], "the preempted frame passed the threshold: the window settled")
        let total = charged.map(\.seconds).reduce(0, +)
        #expect(abs(total - 0.000_55) < 1e-12, "together: the 0.55 ms of CPU the thread used")
        #expect(charged[1].seconds < 0.001, "the preempted frame: \(charged[1].seconds)")
        #expect(charged[1].seconds < EngineBudget.expensiveSeconds)
        #expect(charged[0].seconds <= 0.000_5, "no piece pays more than its wall time")
    }

    /// A scene build: 20 ms of CPU, charged in full as soon as it ends (before the next message runs),
    /// however long the thread was descheduled inside it.
    @Test func anExpensiveMessageIsChargedItsCPUTimeAsSoonAsItEnds() {
        let clock = ScriptedCPUClock()
        var meter = EngineTimeMeter(cpuClock: clock.now)
        let charged = Self.run(&meter, clock, 7, at: 0, wall: 0.035, cpu: 0.02)
        #expect(Self.matches(charged, [(7, 0.02, 0)]), "\(charged)")
    }

    /// The thread's CPU time beyond the pieces' wall time (reads, writes, polls no one is charged for)
    /// is never charged: a piece pays at most its wall time.
    @Test func noPiecePaysMoreThanItsWallTime() {
        let clock = ScriptedCPUClock()
        var meter = EngineTimeMeter(cpuClock: clock.now)
        meter.starting(at: 0) { _ in }
        clock.seconds += 0.003  // the transport's own work in the window
        let charged = Self.run(&meter, clock, 3, at: 0.005, wall: 0.002, cpu: 0.002)
        #expect(Self.matches(charged, [(3, 0.002, 0.005)]), "\(charged)")
    }

    /// A window older than `windowSeconds` is settled when the next piece starts, so a preempted piece
    /// later on does not take the CPU time of everything the thread did since long ago.
    @Test func aStaleWindowIsSettledBeforeTheNextPiece() {
        let clock = ScriptedCPUClock()
        var meter = EngineTimeMeter(cpuClock: clock.now)
        var charged = Self.run(&meter, clock, 1, at: 0, wall: 0.000_1, cpu: 0.000_1)
        #expect(charged.isEmpty)
        clock.seconds += 0.004  // a second of uncharged work (handshakes, metrics): not the next piece's
        charged = []
        meter.starting(at: 1) { charged.append($0) }
        #expect(Self.matches(charged, [(1, 0.000_1, 0)]), "\(charged)")
        clock.seconds += 0.000_05
        charged = []
        meter.finished(2, now: 1, end: 1.005_05) { charged.append($0) }
        #expect(charged.count == 1 && charged[0].seconds < 0.000_051, "preempted for 5 ms, used 50 µs: \(charged)")
    }

    /// A connection's pending pieces are settled when asked (the bridge does when a connection closes,
    /// before its address keeps what it owes).
    @Test func settlingChargesWhatIsPending() {
        let clock = ScriptedCPUClock()
        var meter = EngineTimeMeter(cpuClock: clock.now)
        #expect(Self.run(&meter, clock, 4, at: 0, wall: 0.000_2, cpu: 0.000_2).isEmpty)
        var charged: [EngineTimeMeter.Charge] = []
        meter.settle(at: 0.001) { charged.append($0) }
        #expect(Self.matches(charged, [(4, 0.000_2, 0)]))
        meter.settle(at: 0.002) { charged.append($0) }
        #expect(charged.count == 1, "nothing was left to settle")
    }

    /// A preempted cheap piece pays at most the window's CPU time: at most `windowSeconds` before it,
    /// plus its own, which stays below what counts as expensive.
    @Test func aPreemptedPieceCannotPayMoreThanTheWindowBeforeItAndItsOwnCPUTime() {
        let clock = ScriptedCPUClock()
        var meter = EngineTimeMeter(cpuClock: clock.now)
        meter.starting(at: 0) { _ in }
        clock.seconds += 0.0019  // the thread busy without charging anyone until just before the frame
        let charged = Self.run(&meter, clock, 5, at: 0.0019, wall: 0.006, cpu: 0.000_05)
        #expect(charged.count == 1 && charged[0].seconds <= EngineTimeMeter.windowSeconds + 0.000_05, "\(charged)")
        #expect(EngineTimeMeter.windowSeconds + 0.001 < EngineBudget.expensiveSeconds)
    }
}
