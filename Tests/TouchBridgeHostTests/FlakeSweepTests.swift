import SeededRandom
import Testing
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// The flake predictor: exact tallies for a seed, the same report for the same seed, noise that can
/// flip a decision close to its threshold and leaves one far from it alone, bounds checked first.
@Suite struct FlakeSweepTests {
    typealias F = WhatIfFixtures

    /// GC-S06's double tap with its two taps `gap` ms apart (first lift to second landing).
    static func doubleTap(gap: Double) -> Recording {
        F.recording(scene: F.singleAndDoubleTap,
                    F.tap(1, x: 100, y: 100, down: 0, up: 60, seq: 1) + F.tap(2, x: 100, y: 100, down: 60 + gap, up: 120 + gap, seq: 3)
                    + [F.advance(2000)])
    }

    static func sweep(_ recording: Recording, variants: Int = 40, seed: UInt64 = 7, jitter: Jitter) throws -> FlakeReport {
        try FlakeSweep.run(recording, variants: variants, seed: seed, jitter: jitter, catalog: F.catalog)
    }

    @Test func aDoubleTapNearTheIntervalFlipsInSomeVariantsExactlyAsTheSeedSays() throws {
        let report = try Self.sweep(Self.doubleTap(gap: 340), variants: 100, jitter: Jitter(timingMs: 20))
        #expect(report.text == """
            flake sweep: 100 variants, seed 7, timing ±20.0 ms, position ±0.0 pt
            singleTap [ended, ended]: as recorded in 100 of 100 variants
            map [touchesCancelled, touchesCancelled]: as recorded in 100 of 100 variants
            doubleTap [ended]: as recorded in 73 of 100 variants
              27 became [failed, failed] (first in variant 3: doubleTap #1: ended → failed [multi-tap interval 350 ms elapsed after tap 1 of 2] (line 6, 415.8 ms))
            largest changed share: 27.0%

            """)
    }

    @Test func theSameSeedGivesTheSameReportAndAnotherSeedAnother() throws {
        let jitter = Jitter(timingMs: 20, positionPt: 3, dropShare: 0.2)
        let first = try Self.sweep(Self.doubleTap(gap: 340), jitter: jitter)
        #expect(try Self.sweep(Self.doubleTap(gap: 340), jitter: jitter) == first)
        #expect(try Self.sweep(Self.doubleTap(gap: 340), seed: 8, jitter: jitter) != first)
    }

    @Test func noiseFarFromEveryThresholdChangesNothing() throws {
        let report = try Self.sweep(Self.doubleTap(gap: 150), jitter: Jitter(timingMs: 20, positionPt: 3))
        #expect(report.maximumChangedShare == 0)
        #expect(report.subjects.allSatisfy { $0.unchanged == 40 && $0.changed.isEmpty })
    }

    /// Dropped frames and a slower frame rate thin out moves only: every landing and lift stays.
    @Test func dropsAndAFrameRateThinOutOnlyMoveFrames() {
        let moves = (1..<120).map { F.pointer(1, "move", 100 + Double($0), 300, Double($0) * 1000 / 120, seq: $0 + 1) }
        let script = ReplayScript(F.recording(scene: F.singleAndDoubleTap, [F.pointer(1, "down", 100, 300, 0, seq: 1)] + moves
                                              + [F.pointer(1, "up", 220, 300, 1000, seq: 121)]))
        func phases(_ jitter: Jitter) -> [String: Int] {
            var random = SplitMix64(seed: 7)
            var counts: [String: Int] = [:]
            for case .message(.input(let input)?, _, _) in jitter.variant(of: script, random: &random).steps.map(\.step) {
                counts[input.pointers[0].phase.rawValue, default: 0] += 1
            }
            return counts
        }
        #expect(phases(Jitter()) == ["down": 1, "move": 119, "up": 1])
        #expect(phases(Jitter(frameRate: 60)) == ["down": 1, "move": 60, "up": 1])
        #expect(phases(Jitter(dropShare: 0.5)) == ["down": 1, "move": 62, "up": 1])
    }

    @Test func settingsOutOfBoundsAreRefusedBeforeAnyWork() {
        let recording = Self.doubleTap(gap: 150)
        for (variants, jitter) in [(0, Jitter()), (FlakeSweep.maximumVariants + 1, Jitter()), (10, Jitter(timingMs: .nan)),
                                   (10, Jitter(positionPt: 1e9)), (10, Jitter(dropShare: 1)), (10, Jitter(frameRate: 0)),
                                   (10, Jitter(timingMs: -1))] {
            #expect(throws: WhatIfError.self) { try Self.sweep(recording, variants: variants, jitter: jitter) }
        }
        // 1,003 events × 10,000 variants is past the 10,000,000 replayed events a sweep may cost.
        let long = F.recording(scene: F.singleAndDoubleTap, (1...1000).map { F.advance(Double($0)) })
        let refused = #expect(throws: WhatIfError.self) { try Self.sweep(long, variants: FlakeSweep.maximumVariants, jitter: Jitter()) }
        #expect(refused?.description == "10000 variants of 1003 events would replay more than 10000000 events; use fewer variants")
    }
}
