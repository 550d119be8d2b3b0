import Testing
@testable import TouchBridgeTransport

/// Backpressure's decisions (`ReadPausing`), driven through a scripted queue: when reading stops,
/// when it resumes, and that between the marks a decision stands (hysteresis).
@Suite("Read pausing, high and low water")
struct ReadPausingTests {
    /// 64 KiB per connection (low water 16 KiB); 1 MiB server-wide (low water 256 KiB).
    let pausing = ReadPausing(connectionHighWater: 65_536, serverHighWater: 1_048_576)

    /// One connection's reading as its queue moves through `queued`, the others holding `others`.
    private func readingStates(_ queued: [Int], others: Int = 0, connections: Int = 1) -> [Bool] {
        var paused = false
        return queued.map { bytes in
            let total = bytes + others
            if paused {
                paused = !pausing.shouldResume(queued: bytes, total: total, connections: connections)
            } else {
                paused = pausing.shouldPause(queued: bytes, total: total, connections: connections)
            }
            return !paused
        }
    }

    @Test func aConnectionPastItsHighWaterIsPausedUntilItsQueueIsDownToTheLowWater() {
        // Up past 64 KiB, then draining: paused from 70,000 until 16,384 or less.
        let queue = [10_000, 65_536, 70_000, 60_000, 30_000, 16_385, 16_384, 30_000, 65_536, 65_537]
        #expect(readingStates(queue) == [true, true, false, false, false, false, true, true, true, false])
    }

    @Test func betweenTheMarksTheDecisionStands() {
        // Oscillating around the high-water mark pauses once, not on every message.
        let queue = [65_537, 64_000, 65_537, 40_000, 65_537, 17_000, 16_000, 40_000, 60_000]
        let states = readingStates(queue)
        #expect(states == [false, false, false, false, false, false, true, true, true])
        let changes = zip([true] + states, states).filter { $0 != $1 }.count
        #expect(changes == 2, "one pause, one resume")
    }

    @Test func anEmptyQueueAlwaysResumes() {
        #expect(pausing.shouldResume(queued: 0, total: 10_000_000, connections: 1000))
        #expect(ReadPausing.never.shouldResume(queued: 0, total: .max, connections: 1))
    }

    @Test func serverWideOnlyTheConnectionsOverTheirFairShareArePaused() {
        // 1 MiB high water among 100 connections: a share of 10,485 bytes each.
        #expect(pausing.fairShare(connections: 100) == 10_485)
        let total = 1_100_000
        #expect(!pausing.shouldPause(queued: 600, total: total, connections: 100), "a reader with a render and its events in flight")
        #expect(!pausing.shouldPause(queued: 10_485, total: total, connections: 100))
        #expect(pausing.shouldPause(queued: 10_486, total: total, connections: 100), "one that fell behind")
        #expect(!pausing.shouldPause(queued: 60_000, total: 1_048_576, connections: 100), "the total at the mark is not past it")
    }

    @Test func serverWideAPausedConnectionResumesAtAQuarterOfItsShareOrWhenTheTotalIsLow() {
        // Share 10,485: a quarter is 2,621.
        #expect(!pausing.shouldResume(queued: 2_622, total: 1_000_000, connections: 100))
        #expect(pausing.shouldResume(queued: 2_621, total: 1_000_000, connections: 100))
        #expect(!pausing.shouldResume(queued: 10_000, total: 262_145, connections: 100))
        #expect(pausing.shouldResume(queued: 10_000, total: 262_144, connections: 100), "the total at the server's low water")
        // The connection's own low water still applies when the total is low.
        #expect(!pausing.shouldResume(queued: 16_385, total: 100_000, connections: 2))
    }

    @Test func aServerWidePauseHoldsThroughTheBandAndLiftsAtTheLowWater() {
        // 50 connections (share 20,971; its quarter 5,242): this one drains while the total falls.
        let steps = [(30_000, 1_230_000), (16_000, 900_000), (10_000, 500_000), (10_000, 262_145), (10_000, 262_144)]
        var paused = false
        let reading = steps.map { queued, total in
            paused = paused ? !pausing.shouldResume(queued: queued, total: total, connections: 50)
                : pausing.shouldPause(queued: queued, total: total, connections: 50)
            return !paused
        }
        #expect(reading == [false, false, false, false, true])
    }

    @Test func aClientEngineNeverPauses() {
        #expect(!ReadPausing.never.shouldPause(queued: .max, total: .max, connections: 1))
    }

    @Test func marksBelowZeroAreZero() {
        let zero = ReadPausing(connectionHighWater: -5, serverHighWater: -1)
        #expect(zero.connectionHighWater == 0 && zero.serverHighWater == 0)
        #expect(zero.shouldPause(queued: 1, total: 1, connections: 1))
        #expect(zero.shouldResume(queued: 0, total: 0, connections: 1))
    }
}
