import Foundation
import Logging
import TouchBridgeProtocol
import TouchBridgeServer

/// What-if replay: the same finger trace against a changed app. Replays a recording twice — with the
/// app as it is and with `changes` applied to every scene it builds — and says which decisions flip:
/// both timelines' outcomes, the first event whose log differs, each changed outcome with its reason.
/// Deterministic (the engine is), so the answer is exact for that trace, not a guess.
package enum WhatIfReplay {
    /// Runs the what-if. `catalog` overrides the scenes as in `SessionReplay.run`. Throws when a
    /// change cannot be read, or fits no scene the replay built (nothing would be compared).
    package static func run(
        _ recording: Recording, changes: [AppChange], catalog: (any SceneCatalog)? = nil, scenesDirectory: String? = nil
    ) throws -> WhatIfReport {
        guard (1...AppChange.maximumCount).contains(changes.count) else {
            throw WhatIfError("a what-if takes 1–\(AppChange.maximumCount) changes, not \(changes.count)")
        }
        let scenes = try catalog ?? SessionReplay.catalog(for: recording.header, scenesDirectory: scenesDirectory)
        return try run(ReplayScript(recording), changes: changes, catalog: scenes)
    }

    /// Runs the what-if on a decoded script (the flake sweep and the benchmark reuse one).
    static func run(_ script: ReplayScript, changes: [AppChange], catalog: any SceneCatalog) throws -> WhatIfReport {
        let run = WhatIfRun(script, changes: changes, catalog: catalog)
        while !run.advance() {}
        return try run.report()
    }
}

/// The answer of a what-if replay, for people (`text`) and programs (`Codable`; `replay --json`).
package struct WhatIfReport: Codable, Sendable, Equatable {
    /// The first event whose (non-diagnostic) log differs, with both logs of that event.
    package struct FirstDifference: Codable, Sendable, Equatable {
        /// Its recording line.
        package var line: Int
        /// Engine time of the first entry that differs, ms.
        package var t: Double
        /// The unchanged app's log of that event, in the compact notation.
        package var recorded: [String]
        /// The changed app's.
        package var whatIf: [String]
    }

    /// A subject's outcomes in order, as `result` words.
    package struct Summary: Codable, Sendable, Equatable {
        /// The recognizer, view or control.
        package var subject: String
        /// `["ended", "failed"]`.
        package var recorded: [String]
        /// The changed app's.
        package var whatIf: [String]
    }

    /// The changes as written.
    package var changes: [String]
    /// Each change applied, as `scene: change`.
    package var applied: [String]
    /// Each change that did not fit a scene, as `scene: change: why`.
    package var skipped: [String]
    /// Both logs are the same (besides the changes' own notes).
    package var identical: Bool
    /// Nil when `identical`.
    package var firstDifference: FirstDifference?
    /// Every subject's outcomes in both timelines.
    package var outcomes: [Summary]
    /// The outcomes that flipped, in the order they happened.
    package var changed: [ChangedOutcome]

    init(changes: [String], applied: [String], skipped: [String], comparison: WhatIfComparison) {
        self.changes = changes
        self.applied = applied
        self.skipped = skipped
        firstDifference = comparison.firstDifference
        identical = firstDifference == nil
        let recorded = comparison.recorded, whatIf = comparison.whatIf
        outcomes = (recorded.subjects + whatIf.subjects.filter { recorded.bySubject[$0] == nil }).map { subject in
            Summary(subject: subject, recorded: recorded.bySubject[subject]?.map(\.result) ?? [],
                    whatIf: whatIf.bySubject[subject]?.map(\.result) ?? [])
        }
        changed = recorded.changes(to: whatIf)
    }

    /// The entries a comparison looks at: what the app did, not the diagnostics, nor the notes the
    /// what-if's own changes wrote.
    static func comparable(_ frame: DecisionFrame) -> [(text: String, t: Double)] {
        zip(frame.entries, frame.times).filter { entry, _ in
            !entry.diagnostic && !(entry.kind == "note" && entry.message?.hasPrefix("\(ChangedAppCatalog.notePrefix): ") == true)
        }.map { ($0.text, $1) }
    }

    /// For people: the changes, the outcome table, the first difference, the flipped outcomes.
    package var text: String {
        var lines = ["what-if: " + changes.joined(separator: "; ")]
        lines += applied.map { "  applied in \($0)" } + skipped.map { "  skipped in \($0)" }
        guard let first = firstDifference else {
            lines.append("no decision changes: both event logs are the same")
            return lines.joined(separator: "\n") + "\n"
        }
        let width = max(12, (outcomes.map(\.subject.count).max() ?? 0) + 4)
        func pad(_ text: String, _ count: Int) -> String { text.padding(toLength: max(count, text.count + 1), withPad: " ", startingAt: 0) }
        let recordedWidth = max(14, (outcomes.map { $0.recorded.joined(separator: ", ").count }.max() ?? 0) + 2)
        lines.append(pad("outcomes", width) + pad("as recorded", recordedWidth) + "what-if")
        for summary in outcomes {
            let a = summary.recorded.isEmpty ? "—" : summary.recorded.joined(separator: ", ")
            let b = summary.whatIf.isEmpty ? "—" : summary.whatIf.joined(separator: ", ")
            lines.append(pad("  " + summary.subject, width) + pad(a, recordedWidth) + b + (a == b ? "" : "   ← changed"))
        }
        lines.append("first difference: line \(first.line), \(TraceWriter.time(first.t).trimmingCharacters(in: .whitespaces))")
        lines += first.recorded.filter { !first.whatIf.contains($0) }.map { "  - \($0)" }
        lines += first.whatIf.filter { !first.recorded.contains($0) }.map { "  + \($0)" }
        lines.append(changed.isEmpty ? "no outcome changes (the logs differ in calls along the way)" : "changed outcomes (\(changed.count)):")
        lines += changed.map { "  " + $0.text }
        return lines.joined(separator: "\n") + "\n"
    }
}
