import Logging
import Testing
@testable import TouchBridgeHost
import TouchBridgeServer

/// What a piece of engine work is charged: a short one its wall time; any other the thread's CPU time
/// since the previous read of its CPU clock, less what the short pieces since paid, capped at the
/// piece's own wall time, with the CPU clock read once per such piece, at its end.
@Suite struct EnginePieceMeterTests {
    /// A thread's CPU clock whose readings the test scripts, counting them, and the meter reading it.
    final class ScriptedCPUClock: @unchecked Sendable {
        var thread: UInt = 1
        var seconds = 0.0
        var reads = 0
        /// Reads this clock without holding it: the clock holds the meter, and a meter holding the clock
        /// back would keep both alive (LeakSanitizer, `scripts/sanitize.sh address`).
        lazy var meter = EnginePieceMeter(cpuClock: { [unowned self] in read() })

        func read() -> ThreadCPUClock.Reading {
            reads += 1
            return ThreadCPUClock.Reading(thread: thread, seconds: seconds)
        }

        /// The charge of a piece that ends when this clock reads `seconds`, after `wall` of wall time.
        func pieceEnds(at seconds: Double, wall: Double) -> Double {
            self.seconds = seconds
            return meter.ended(wallSeconds: wall)
        }

        /// The charges of `count` pieces of `wall` each, this clock moving `step` before each ends.
        func charges(ofPieces count: Int, every step: Double, wall: Double) -> [Double] {
            (0..<count).map { _ in pieceEnds(at: seconds + step, wall: wall) }
        }
    }

    @Test func aPieceIsChargedTheCPUTimeSinceThePreviousReadCappedAtItsWallTime() {
        let cpu = ScriptedCPUClock()
        // The first piece on the thread: the thread used 2 s before (start-up), the piece lasted 1 ms.
        #expect(cpu.pieceEnds(at: 2, wall: 0.001) == 0.001, "no previous read: CPU since the thread started, capped")
        // A piece that ran through: 300 µs of CPU in 310 µs of wall time, nothing done between.
        #expect(abs(cpu.pieceEnds(at: 2.0003, wall: 0.000_31) - 0.0003) < 1e-12, "its own CPU time")
        // 40 µs of transport work (a read, a write), then a 150 µs piece that ran through.
        #expect(abs(cpu.pieceEnds(at: 2.000_49, wall: 0.000_15) - 0.000_15) < 1e-12, "the transport's work is not charged past the wall time")
        // 9.95 ms of transport work (handshakes), then a 150 µs piece preempted for 5 ms.
        #expect(cpu.pieceEnds(at: 2.010_59, wall: 0.005_15) == 0.005_15, "a preempted piece pays at most its wall time")
        // A 20 ms piece right after the previous one: its whole CPU time, whatever its wall time.
        #expect(abs(cpu.pieceEnds(at: 2.030_59, wall: 0.025) - 0.02) < 1e-12)
        #expect(cpu.reads == 5, "one read per piece of 100 µs or more")
    }

    /// A piece under 100 µs pays its wall time and reads nothing (a read is a system call); the next
    /// piece that reads subtracts what they paid from the CPU time it finds.
    @Test func aShortPieceIsChargedItsWallTimeWithoutARead() {
        let cpu = ScriptedCPUClock()
        _ = cpu.pieceEnds(at: 1, wall: 0.001)
        // Three 30 µs frames that ran through, 20 µs of transport work before each: no read.
        #expect(cpu.charges(ofPieces: 3, every: 0.000_05, wall: 0.000_03) == Array(repeating: 0.000_03, count: 3))
        #expect(cpu.reads == 1)
        // Then 20 µs of transport work and a 300 µs piece preempted for 2 ms: its CPU time and the
        // transport's since the read, less what the three paid.
        #expect(abs(cpu.pieceEnds(at: 1.000_47, wall: 0.002_3) - 0.000_38) < 1e-12)
        #expect(cpu.reads == 2)
    }

    /// A short piece that lost time inside it pays it; the next reading piece pays that much less, never
    /// below zero, and never more than 1 ms of wall-charged pieces pass between two reads.
    @Test func whatShortPiecesPaidBeyondTheirCPUTimeIsBoundedByARead() {
        let cpu = ScriptedCPUClock()
        _ = cpu.pieceEnds(at: 1, wall: 0.001)
        // 10 µs frames that each waited 80 µs: 90 µs each, charged whole. The twelfth would take the
        // wall-charged total past 1 ms: it reads, and pays the CPU since (120 µs) less the 990 µs: nothing.
        #expect(cpu.charges(ofPieces: 11, every: 0.000_01, wall: 0.000_09) == Array(repeating: 0.000_09, count: 11))
        #expect(cpu.reads == 1)
        #expect(cpu.pieceEnds(at: 1.000_12, wall: 0.000_09) == 0)
        #expect(cpu.reads == 2)
        // After the read, a piece that ran through pays its own CPU time again.
        #expect(abs(cpu.pieceEnds(at: 1.000_32, wall: 0.000_2) - 0.000_2) < 1e-12)
    }

    @Test func workChargedToNobodyIsNotTheNextPiecesEither() {
        let cpu = ScriptedCPUClock()
        _ = cpu.pieceEnds(at: 1, wall: 0.001)
        // A close's teardown: 30 ms, charged to nobody; then a 50 µs piece preempted for 10 ms.
        cpu.seconds = 1.03
        cpu.meter.endedUncharged()
        #expect(abs(cpu.pieceEnds(at: 1.030_05, wall: 0.010_05) - 0.000_05) < 1e-12)
    }

    @Test func theFirstPieceOnAnotherThreadIsChargedFromThatThreadsStart() {
        let cpu = ScriptedCPUClock()
        _ = cpu.pieceEnds(at: 5, wall: 0.001)
        // Another thread, 200 µs into its life: its 200 µs, not its reading less the other thread's (negative).
        cpu.thread = 2
        #expect(cpu.pieceEnds(at: 0.0002, wall: 0.001) == 0.0002)
        #expect(abs(cpu.pieceEnds(at: 0.0005, wall: 0.001) - 0.0003) < 1e-12, "then since the previous read on it")
        // The same thread number with a reading earlier than the last: a new thread that reused it.
        #expect(cpu.pieceEnds(at: 0.0001, wall: 0.001) == 0.0001)
    }

    /// The shell times a message's piece from the transport's arrival read to its own one read at the
    /// end, and reads the CPU clock once per message: a second of transport work before every message
    /// (on a CPU clock that moves 1 s per read) costs each message its 1 ms of wall time, not the
    /// second, so 30 messages fit a 125 ms burst. Charged from the CPU clock alone, the second is refused.
    @Test func theShellChargesWorkBetweenPiecesOnlyUpToEachPiecesWallTime() {
        let clock = HubBridgeDoorTests.CountingClock()
        let cpu = ScriptedCPUClock()
        let bridge = Self.bridge(clock: clock, cpu: cpu)
        let transport = HubBridgeDoorTests.RecordingTransport()
        bridge.opened(1, info: HubBridgeDoorTests.info, transport)
        for seq in 0...30 {
            cpu.seconds += 1
            let before = cpu.reads
            bridge.received(seq == 0 ? HubBridgeDoorTests.hello : #"{"type":"ping","id":\#(seq)}"#, from: 1, at: clock.time, transport)
            #expect(cpu.reads - before == 1)
        }
        #expect(!transport.types(to: 1).contains { $0.hasPrefix("error") }, "\(transport.types(to: 1))")
        #expect(transport.types(to: 1).filter { $0.hasPrefix("pong") }.count == 30)
    }

    /// A message's own CPU time is charged: 0.9 ms of CPU in each 1 ms message against a share of
    /// 0.05 s/s with a 125 ms burst runs out after 0.125 / (0.0009 − 0.000 05) ≈ 147 messages (the open
    /// and the hello included); charged its wall time, after 131; charged nothing, never.
    @Test func theShellChargesEachPieceItsOwnCPUTime() {
        let clock = HubBridgeDoorTests.CountingClock()
        let cpu = ScriptedCPUClock()
        cpu.seconds = 7  // the thread's start-up: the open, the first piece, is charged its 1 ms of wall time
        let bridge = Self.bridge(clock: clock, cpu: cpu)
        let transport = HubBridgeDoorTests.RecordingTransport()
        bridge.opened(1, info: HubBridgeDoorTests.info, transport)
        var firstRefused: Int?
        for seq in 0...200 where firstRefused == nil {
            cpu.seconds += 0.0009
            bridge.received(seq == 0 ? HubBridgeDoorTests.hello : #"{"type":"ping","id":\#(seq)}"#, from: 1, at: clock.time, transport)
            if transport.types(to: 1).last?.hasPrefix("error:rate-limited") == true { firstRefused = seq }
        }
        #expect(firstRefused == 146)
    }

    /// A bridge on `clock` and `cpu` with a share of 0.05 s/s (burst 125 ms) and no shared pool.
    static func bridge(clock: HubBridgeDoorTests.CountingClock, cpu: ScriptedCPUClock) -> HubBridge {
        HubBridge(hub: Hub(catalog: LibraryCatalog(), makeSessionID: { "s" }), logger: Logger(label: "test"),
                  engineSecondsPerSecond: 0.05, clock: clock.now, cpuClock: cpu.read)
    }
}
