import Foundation
import SeededRandom
import TouchBridgeProtocol
import TouchBridgeServer

/// The flake predictor: replays N variants of a recording's finger trace, each with seeded noise
/// (`Jitter`), and reports per recognizer, view and control how often its outcomes stayed as in the
/// unjittered replay and what they became otherwise, with the log's reason for the first outcome that
/// changed. Variant `i` draws from `SplitMix64(seed: mix(seed + i))`, so a seed gives the same report
/// on every run and machine.
///
/// Alternatives are other traces of the same gestures (a script's gestures sampled at another frame
/// rate): each variant first draws one of them, then its noise; the baseline stays the recording.
package enum FlakeSweep {
    /// Another trace of the recording's gestures a variant may start from, named for reports (`240 Hz`).
    package struct Alternative: Sendable {
        /// How reports name it.
        package var name: String
        /// The trace.
        package var recording: Recording

        /// `recording`, named `name`.
        package init(name: String, recording: Recording) {
            self.name = name
            self.recording = recording
        }
    }

    /// Variants one sweep runs at most.
    package static let maximumVariants = 10_000
    /// Alternatives one sweep draws from at most (each is one more trace held in memory).
    package static let maximumAlternatives = 8
    /// Inbound events all variants together replay at most (variants × the recording's events): the
    /// sweep's cost is bounded before it is paid.
    package static let maximumReplayedEvents = 10_000_000

    /// Runs the sweep. Throws before any work when a setting is out of bounds.
    package static func run(
        _ recording: Recording, alternatives: [Alternative] = [], variants: Int, seed: UInt64, jitter: Jitter,
        catalog: (any SceneCatalog)? = nil, scenesDirectory: String? = nil
    ) throws -> FlakeReport {
        try check(variants: variants, alternatives: alternatives.count, jitter: jitter)
        let script = ReplayScript(recording)
        let sources = alternatives.map { (name: $0.name, script: ReplayScript($0.recording)) }
        let longest = max(script.steps.count, sources.map(\.script.steps.count).max() ?? 0)
        let events = longest.multipliedReportingOverflow(by: variants)
        guard !events.overflow, events.partialValue <= maximumReplayedEvents else {
            throw WhatIfError("\(variants) variants of \(longest) events would replay more than \(maximumReplayedEvents) events; use fewer variants")
        }
        let scenes = try catalog ?? SessionReplay.catalog(for: recording.header, scenesDirectory: scenesDirectory)
        let run = FlakeRun(script, alternatives: sources, variants: variants, seed: seed, jitter: jitter, catalog: scenes)
        while !run.advance() {}
        return run.report()
    }

    /// Throws, naming the setting, when a sweep of these settings would be refused whatever the trace
    /// (a caller that has work to do before the sweep — running a script — checks first).
    package static func check(variants: Int, alternatives: Int, jitter: Jitter) throws(WhatIfError) {
        guard (1...maximumVariants).contains(variants) else {
            throw WhatIfError("--variants \(variants) is not within 1…\(maximumVariants)")
        }
        guard alternatives <= maximumAlternatives else {
            throw WhatIfError("\(alternatives) alternative traces are more than \(maximumAlternatives)")
        }
        try jitter.check()
    }
}

/// Counts, per subject, the variants whose outcomes matched the baseline's and groups the others.
struct FlakeTally {
    let baseline: OutcomeTimeline
    private var order: [String]
    private var same: [String: Int] = [:]
    private var groups: [String: [FlakeReport.Group]] = [:]
    private var counted = 0

    init(baseline: OutcomeTimeline) {
        self.baseline = baseline
        order = baseline.subjects
    }

    mutating func add(_ variant: OutcomeTimeline, variant index: Int, source: String? = nil) {
        // A subject only variants have was absent, as in the baseline, from the variants before.
        for subject in variant.subjects where !order.contains(subject) {
            order.append(subject)
            same[subject] = counted
        }
        counted += 1
        let changes = baseline.changes(to: variant)
        for subject in order {
            let results = variant.bySubject[subject]?.map(\.result) ?? []
            guard let first = changes.first(where: { $0.subject == subject }) else {
                same[subject, default: 0] += 1
                continue
            }
            var list = groups[subject] ?? []
            if let existing = list.firstIndex(where: { $0.results == results }) {
                list[existing].count += 1
            } else {
                list.append(FlakeReport.Group(results: results, count: 1, firstVariant: index, firstVariantTrace: source, firstChange: first))
            }
            groups[subject] = list
        }
    }

    var subjects: [FlakeReport.Subject] {
        order.map { subject in
            FlakeReport.Subject(subject: subject, baseline: baseline.bySubject[subject]?.map(\.result) ?? [],
                                unchanged: same[subject] ?? 0,
                                changed: (groups[subject] ?? []).sorted { ($0.count, $1.firstVariant) > ($1.count, $0.firstVariant) })
        }
    }
}

/// A flake sweep's answer, for people (`text`) and programs (`Codable`; `flake --json`).
package struct FlakeReport: Codable, Sendable, Equatable {
    /// Variants whose outcomes for one subject were the same list of results.
    package struct Group: Codable, Sendable, Equatable {
        /// The subject's results in these variants.
        package var results: [String]
        /// How many variants.
        package var count: Int
        /// The first of them (0-based): with the same seed and jitter it is that exact trace again.
        package var firstVariant: Int
        /// The alternative trace that variant started from (nil: the recording itself).
        package var firstVariantTrace: String?
        /// In that variant, the subject's first outcome that differs from the baseline, with its reason.
        package var firstChange: ChangedOutcome
    }

    /// One recognizer, view or control.
    package struct Subject: Codable, Sendable, Equatable {
        /// Its log name.
        package var subject: String
        /// Its results in the unjittered replay.
        package var baseline: [String]
        /// Variants with the same results.
        package var unchanged: Int
        /// The other variants, largest group first.
        package var changed: [Group]
    }

    /// Variants run.
    package var variants: Int
    /// The seed.
    package var seed: UInt64
    /// The noise.
    package var jitter: Jitter
    /// The alternative traces variants drew from (`240 Hz`), nil for none.
    package var alternatives: [String]?
    /// Per subject, in the order they first decided something.
    package var subjects: [Subject]
    /// Variants in which the session answered errors the unjittered replay did not get (noise past
    /// what the protocol takes: then the sweep measures the refusal, not the app).
    package var refusedVariants: Int
    /// The first such error, as `variant N, line L: error …`.
    package var firstRefusal: String?

    /// The largest share of variants in which one subject's outcomes changed (what `--max-change` bounds).
    package var maximumChangedShare: Double {
        subjects.map { Double(variants - $0.unchanged) / Double(variants) }.max() ?? 0
    }

    /// `doubleTap [failed, ended]: same in 912 of 1000 variants; 88 → [failed, failed]: #2 ended → failed [why]`.
    package var text: String {
        var lines = ["flake sweep: \(variants) variants, seed \(seed), timing ±\(jitter.timingMs) ms, position ±\(jitter.positionPt) pt"
                     + (jitter.dropShare > 0 ? ", \(jitter.dropShare * 100)% of move frames dropped" : "")
                     + (jitter.frameRate.map { ", moves at most \($0) Hz" } ?? "")
                     + (alternatives.map { ", each variant drawn from: " + $0.joined(separator: ", ") } ?? "")]
        for subject in subjects {
            let baseline = subject.baseline.isEmpty ? "(nothing)" : subject.baseline.joined(separator: ", ")
            lines.append("\(subject.subject) [\(baseline)]: as recorded in \(subject.unchanged) of \(variants) variants")
            for group in subject.changed {
                let results = group.results.isEmpty ? "(nothing)" : group.results.joined(separator: ", ")
                let trace = group.firstVariantTrace.map { ", \($0)" } ?? ""
                lines.append("  \(group.count) became [\(results)] (first in variant \(group.firstVariant)\(trace): \(group.firstChange.text))")
            }
        }
        if let firstRefusal {
            lines.append("\(refusedVariants) variants got errors the recording did not (first: \(firstRefusal))")
        }
        lines.append("largest changed share: " + String(format: "%.1f%%", maximumChangedShare * 100))
        return lines.joined(separator: "\n") + "\n"
    }
}
