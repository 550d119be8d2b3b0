/// `what-if`: the answer to a `what-if` about the live session (docs/protocol.md §5.7).
package struct WhatIfAnswer: WireMessage, Equatable {
    /// Sent as `what-if`.
    package static let messageType = "what-if"
    /// Always `live`: the session's own history.
    package let source = "live"
    /// The report as `touchbridge replay --what-if --json` writes it, encoded by its own type.
    package var report: EncodedJSON
    /// The stepping frame the replay stopped at; nil: the whole history.
    package var frame: Int?
    /// While paused on the live timeline: the stepping frame of the first difference.
    package var differsAtFrame: Int?
    /// Events replayed.
    package var events: Int
    /// List items cut to keep the answer within its bytes.
    package var omitted: Int

    /// The answer with its encoded `report`.
    package init(report: EncodedJSON, frame: Int?, differsAtFrame: Int?, events: Int, omitted: Int) {
        self.report = report
        self.frame = frame
        self.differsAtFrame = differsAtFrame
        self.events = events
        self.omitted = omitted
    }

    /// The fields of `what-if`.
    package static let writtenFields: [WrittenField<WhatIfAnswer>] = [
        .field("source", \.source, type: "`\"live\"`", "The session's own history."),
        .field("report", \.report, type: "object", "As `touchbridge replay --what-if --json` writes it (its fields below).")
            .describing(AnalysisReportDeclaration.whatIf),
        .field("frame", \.frame, "The stepping frame the replay stopped at (absent: the whole history)."),
        .field("differsAtFrame", \.differsAtFrame, "While paused on the live timeline: the stepping frame of the first difference, for a `step` there."),
        .field("events", \.events, "Events replayed."),
        .field("omitted", \.omitted, "List items left out to keep the answer within 64 KiB."),
    ]
}

/// `flake`: the answer to a `flake` sweep of the live session's last gesture (docs/protocol.md §5.7).
package struct FlakeAnswer: WireMessage, Equatable {
    /// Sent as `flake`.
    package static let messageType = "flake"
    /// Always `live`: the session's own history.
    package let source = "live"
    /// The report as `touchbridge flake --json` writes it, encoded by its own type.
    package var report: EncodedJSON
    /// Where the last gesture starts (line numbering of a recording of the session).
    package var fromLine: Int
    /// Events replayed.
    package var events: Int
    /// List items cut to keep the answer within its bytes.
    package var omitted: Int

    /// The answer with its encoded `report`.
    package init(report: EncodedJSON, fromLine: Int, events: Int, omitted: Int) {
        self.report = report
        self.fromLine = fromLine
        self.events = events
        self.omitted = omitted
    }

    /// The fields of `flake`.
    package static let writtenFields: [WrittenField<FlakeAnswer>] = [
        .field("source", \.source, type: "`\"live\"`", "The session's own history."),
        .field("report", \.report, type: "object", "As `touchbridge flake --json` writes it (its fields below).")
            .describing(AnalysisReportDeclaration.flake),
        .field("fromLine", \.fromLine, "Where the last gesture starts (line numbering as in `what-if`)."),
        .field("events", \.events, "Events replayed."),
        .field("omitted", \.omitted, "List items left out to keep the answer within 64 KiB."),
    ]
}
