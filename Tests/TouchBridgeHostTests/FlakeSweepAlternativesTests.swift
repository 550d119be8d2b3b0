import Testing
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// Variants that start from other traces of the same gestures (a script sampled at other frame
/// rates): each variant draws one by the seed, the report names the trace of each group's first
/// variant, the same seed repeats it, and the bounds count the longest trace.
@Suite struct FlakeSweepAlternativesTests {
    typealias F = WhatIfFixtures

    static func sweep(alternatives: [FlakeSweep.Alternative], seed: UInt64 = 7) throws -> FlakeReport {
        try FlakeSweep.run(FlakeSweepTests.doubleTap(gap: 150), alternatives: alternatives, variants: 20, seed: seed,
                           jitter: Jitter(timingMs: 5), catalog: F.catalog)
    }

    static let traces = [FlakeSweep.Alternative(name: "quick", recording: FlakeSweepTests.doubleTap(gap: 150)),
                         FlakeSweep.Alternative(name: "slow", recording: FlakeSweepTests.doubleTap(gap: 500))]

    @Test func eachVariantDrawsATraceAndTheReportNamesIt() throws {
        let report = try Self.sweep(alternatives: Self.traces)
        #expect(report.text == """
            flake sweep: 20 variants, seed 7, timing ±5.0 ms, position ±0.0 pt, each variant drawn from: quick, slow
            singleTap [ended, ended]: as recorded in 20 of 20 variants
            map [touchesCancelled, touchesCancelled]: as recorded in 20 of 20 variants
            doubleTap [ended]: as recorded in 9 of 20 variants
              11 became [failed, failed] (first in variant 0, slow: doubleTap #1: ended → failed [multi-tap interval 350 ms elapsed after tap 1 of 2] (line 6, 561.6 ms))
            largest changed share: 55.0%

            """)
        #expect(try Self.sweep(alternatives: Self.traces) == report)
    }

    @Test func tooManyTracesOrTooLongOnesAreRefusedFirst() {
        let nine = Array(repeating: Self.traces[0], count: FlakeSweep.maximumAlternatives + 1)
        #expect(throws: WhatIfError.self) { try Self.sweep(alternatives: nine) }
        let long = FlakeSweep.Alternative(name: "long", recording: F.recording(scene: F.singleAndDoubleTap, (1...1000).map { F.advance(Double($0)) }))
        let refused = #expect(throws: WhatIfError.self) {
            try FlakeSweep.run(FlakeSweepTests.doubleTap(gap: 150), alternatives: [long], variants: FlakeSweep.maximumVariants, seed: 1,
                               jitter: Jitter(), catalog: F.catalog)
        }
        #expect(refused?.description == "10000 variants of 1003 events would replay more than 10000000 events; use fewer variants")
    }
}
