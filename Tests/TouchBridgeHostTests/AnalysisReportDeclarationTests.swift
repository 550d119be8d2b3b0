import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeHost

/// The what-if and flake reports are written by their own `Encodable` types, as the live answers embed
/// them (`WireJSON.text`, what `LiveAnalysis` sends); their fields are declared in the Protocol module
/// (`AnalysisReportDeclaration`: docs/protocol.md §5.7's tables, the page's fixture). These tests hold the
/// types to the declarations: every key they write is declared, every required one written, every optional
/// one written and left out over the values below.
@Suite struct AnalysisReportDeclarationTests {
    static let margin = LogMargin(rule: "UIKIT-TAP", threshold: "maximumIntervalBetweenTaps", measured: 420, limitValue: 350, limit: "atMost",
                                  side: "outside", unit: "ms")

    /// An outcome with every optional field (`full`) or none.
    static func outcome(line: Int, full: Bool) -> Outcome {
        Outcome(subject: "doubleTap", result: full ? "failed" : "ended", reason: full ? "multi-tap interval 420 ms > 350 ms" : nil, line: line,
                t: Double(line) * 16, margins: full ? [margin] : nil)
    }

    /// Changed outcomes with both sides, and with each side missing, with and without their optional fields.
    static let changed = [
        ChangedOutcome(subject: "doubleTap", number: 1, recorded: outcome(line: 4, full: false), whatIf: outcome(line: 4, full: true)),
        ChangedOutcome(subject: "doubleTap", number: 2, recorded: outcome(line: 9, full: true), whatIf: nil),
        ChangedOutcome(subject: "singleTap", number: 1, recorded: nil, whatIf: outcome(line: 9, full: false)),
    ]

    /// `value`'s text as the answer embeds it, checked against `fields` and noted in `coverage`.
    static func check(_ value: some Encodable, _ fields: [WireFieldInfo], _ coverage: inout WireCoverage) throws {
        let written = try JSONParser.parse(WireJSON.text(value))
        #expect(WireCoverage.problems(in: written, fields: fields, at: "report") == [], "\(WireJSON.text(value))")
        coverage.note(written, fields: fields, at: "report")
    }

    @Test func theWhatIfReportWritesItsDeclaredFields() throws {
        var report = try WireJSON.makeDecoder().decode(
            WhatIfReport.self, from: Data(#"{"changes":[],"applied":[],"skipped":[],"identical":true,"outcomes":[],"changed":[]}"#.utf8))
        var coverage = WireCoverage()
        try Self.check(report, AnalysisReportDeclaration.whatIf, &coverage)
        report.changes = ["doubleTap.numberOfTapsRequired=3"]
        report.applied = ["single-double-tap: doubleTap.numberOfTapsRequired=3"]
        report.skipped = ["photo: doubleTap.numberOfTapsRequired=3: no recognizer doubleTap"]
        report.identical = false
        report.firstDifference = WhatIfReport.FirstDifference(line: 4, t: 60, recorded: ["doubleTap:possible→ended"], whatIf: [])
        report.outcomes = [WhatIfReport.Summary(subject: "doubleTap", recorded: ["ended"], whatIf: ["failed"])]
        report.changed = Self.changed
        try Self.check(report, AnalysisReportDeclaration.whatIf, &coverage)
        #expect(coverage.gaps(fields: AnalysisReportDeclaration.whatIf, at: "report") == [])
    }

    @Test func theFlakeReportWritesItsDeclaredFields() throws {
        var coverage = WireCoverage()
        let group = FlakeReport.Group(results: ["failed"], count: 5, firstVariant: 2, firstVariantTrace: nil, firstChange: Self.changed[0])
        var traced = group
        traced.firstVariantTrace = "240 Hz"
        let bare = FlakeReport(variants: 24, seed: 7, jitter: Jitter(timingMs: 80, positionPt: 2), alternatives: nil, subjects: [],
                               refusedVariants: 0, firstRefusal: nil)
        try Self.check(bare, AnalysisReportDeclaration.flake, &coverage)
        var full = bare
        full.jitter.frameRate = 60
        full.alternatives = ["240 Hz"]
        full.subjects = [FlakeReport.Subject(subject: "doubleTap", baseline: ["ended"], unchanged: 19, changed: [group, traced]),
                         FlakeReport.Subject(subject: "singleTap", baseline: [], unchanged: 24, changed: [
                             FlakeReport.Group(results: [], count: 1, firstVariant: 0, firstVariantTrace: nil, firstChange: Self.changed[1]),
                             FlakeReport.Group(results: ["ended"], count: 1, firstVariant: 3, firstVariantTrace: nil, firstChange: Self.changed[2]),
                         ])]
        full.refusedVariants = 1
        full.firstRefusal = "variant 3, line 7: error rate-limited"
        try Self.check(full, AnalysisReportDeclaration.flake, &coverage)
        #expect(coverage.gaps(fields: AnalysisReportDeclaration.flake, at: "report") == [])
    }

    @Test func aKeyTheDeclarationLacksIsFound() throws {
        let written = try JSONParser.parse(#"{"variants":1,"seed":1,"jitter":{"timingMs":0,"positionPt":0,"dropShare":0},"subjects":[],"refusedVariants":0,"refused":2}"#)
        #expect(WireCoverage.problems(in: written, fields: AnalysisReportDeclaration.flake, at: "report") == ["report.refused: not declared"])
    }
}
