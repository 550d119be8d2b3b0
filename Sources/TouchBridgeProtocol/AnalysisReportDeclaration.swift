/// The fields of the reports the `what-if` and `flake` answers carry (docs/protocol.md §5.7). The reports
/// are written by their own `Encodable` types in the Host module (`WhatIfReport`, `FlakeReport`, as
/// `touchbridge replay --what-if --json` and `touchbridge flake --json` write them), which this module
/// cannot name: so their fields are declared here, for the document's table and the fixture the page's
/// readers are tested on, and the Host's `AnalysisReportDeclarationTests` hold those types to them
/// (every key declared, every optional one written and left out).
package enum AnalysisReportDeclaration {
    /// A field of a report.
    static func field(_ key: String, _ type: String, _ meaning: String, optional: Bool = false, listed: Bool = true,
                      _ nested: [WireFieldInfo] = []) -> WireFieldInfo {
        WireFieldInfo(key: key, isRequired: !optional, documentedType: type, meaning: meaning, nested: nested, documentsNested: listed && !nested.isEmpty)
    }

    /// One outcome of a subject (a recognizer's end, a view's touches ending, a control's final event).
    static let outcome: [WireFieldInfo] = [
        field("subject", "string", "The recognizer, view or control, by its log name."),
        field("result", "string", "What it came to (`ended`, `failed`, `touchesEnded`, `touchUpInside`…)."),
        field("reason", "string", "The log's reason, for recognizers that failed or were cancelled.", optional: true),
        field("line", "integer", "The recording line of the event that caused it (line 1 is the header, the history's first event line 2)."),
        field("t", "number", "Engine time, ms."),
        field("margins", "array", "The threshold decisions behind it, as in the log (§7).", optional: true, listed: false,
              LogMargin.writtenFields.map(\.info)),
    ]

    /// A subject's n-th outcome on both sides.
    static let changedOutcome: [WireFieldInfo] = [
        field("subject", "string", "The recognizer, view or control."),
        field("number", "integer", "Which of its outcomes (1-based)."),
        field("recorded", "object", "The unchanged app's (absent: it had no n-th outcome).", optional: true, outcome),
        field("whatIf", "object", "The changed app's, or the jittered variant's (absent: none).", optional: true, outcome),
    ]

    /// `what-if`'s `report`.
    package static let whatIf: [WireFieldInfo] = [
        field("changes", "array of string", "The changes as written."),
        field("applied", "array of string", "Each change applied, as `scene: change`."),
        field("skipped", "array of string", "Each change that fit no scene, as `scene: change: why`."),
        field("identical", "boolean", "Both logs are the same (besides the changes' own notes)."),
        field("firstDifference", "object", "Absent when `identical`: the first event whose (non-diagnostic) log differs.", optional: true, [
            field("line", "integer", "The event's line, as in a recording of the session."),
            field("t", "number", "Engine time of the first entry that differs, ms."),
            field("recorded", "array of string", "The unchanged app's log of that event, compact notation."),
            field("whatIf", "array of string", "The changed app's."),
        ]),
        field("outcomes", "array", "Every recognizer, view and control with its results in both timelines.", [
            field("subject", "string", "Its log name."),
            field("recorded", "array of string", "Its results as recorded (`[\"ended\", \"failed\"]`)."),
            field("whatIf", "array of string", "The changed app's."),
        ]),
        field("changed", "array", "Each outcome that flipped, in the order they happened.", changedOutcome),
    ]

    /// `flake`'s `report`.
    package static let flake: [WireFieldInfo] = [
        field("variants", "integer", "Variants run."),
        field("seed", "integer", "The seed: with the same seed and jitter each variant is the same trace again."),
        field("jitter", "object", "The noise.", [
            field("timingMs", "number", "Largest timing offset, ms."),
            field("positionPt", "number", "Largest position offset per axis, points."),
            field("dropShare", "number", "Share of move-only frames dropped."),
            field("frameRate", "number", "Move frames resampled to at most this rate, Hz (absent: as recorded).", optional: true),
        ]),
        field("alternatives", "array of string", "The alternative traces variants drew from (absent: none).", optional: true),
        field("subjects", "array", "Per subject, in the order they first decided something.", [
            field("subject", "string", "Its log name."),
            field("baseline", "array of string", "Its results in the unjittered replay."),
            field("unchanged", "integer", "Variants with the same results."),
            field("changed", "array", "The other variants grouped by their results, largest group first.", [
                field("results", "array of string", "The subject's results in these variants."),
                field("count", "integer", "How many variants."),
                field("firstVariant", "integer", "The first of them (0-based)."),
                field("firstVariantTrace", "string", "The alternative trace that variant started from (absent: the recording).", optional: true),
                field("firstChange", "object", "In that variant, the subject's first outcome that differs from the baseline.", changedOutcome),
            ]),
        ]),
        field("refusedVariants", "integer", "Variants the session answered with errors the unjittered replay did not get."),
        field("firstRefusal", "string", "The first such error, as `variant N, line L: error …` (absent: none).", optional: true),
    ]
}
