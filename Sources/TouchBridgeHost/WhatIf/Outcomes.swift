import Foundation
import TouchBridgeProtocol

/// One decision of the app that a user sees, read from the event log: a recognizer's end (`ended`,
/// `failed`, `cancelled`, with the log's reason), a view's touches ending or cancelled (a direct
/// `touchesEnded`/`touchesCancelled`, not one passed up the responder chain), a control's final event
/// (`touchUpInside`, `touchUpOutside`, `touchCancel`, `primaryActionTriggered`).
package struct Outcome: Codable, Sendable, Equatable {
    /// The recognizer, view or control, by its log name.
    package var subject: String
    /// What it came to.
    package var result: String
    /// The log's reason, for recognizers that failed or were cancelled (and waits the log explains).
    package var reason: String?
    /// The recording line of the event that caused it.
    package var line: Int
    /// Engine time, ms.
    package var t: Double
    /// The threshold decisions behind it, with how far the input was from flipping them (a
    /// recognizer's transition that had any; docs/margins-and-lints.md).
    package var margins: [LogMargin]?

    /// `ended`, `failed [why]`.
    var phrase: String { reason.map { "\(result) [\($0)]" } ?? result }
}

/// Every outcome of a replay, per subject in the order subjects first decided something.
package struct OutcomeTimeline: Sendable, Equatable {
    /// Subjects in order of their first outcome.
    package private(set) var subjects: [String] = []
    /// Each subject's outcomes in order.
    package private(set) var bySubject: [String: [Outcome]] = [:]

    static let recognizerEnds: Set<String> = ["ended", "failed", "cancelled"]
    static let responderEnds: Set<String> = ["touchesEnded", "touchesCancelled"]
    static let controlEnds: Set<String> = ["touchUpInside", "touchUpOutside", "touchCancel", "primaryActionTriggered"]

    /// The outcomes of `frames`.
    init(_ frames: [DecisionFrame] = []) {
        for frame in frames { add(frame) }
    }

    /// Adds the outcomes of the next frame of the replay.
    mutating func add(_ frame: DecisionFrame) {
        for (entry, t) in zip(frame.entries, frame.times) where !entry.diagnostic {
            guard let (subject, result) = Self.decision(entry) else { continue }
            add(Outcome(subject: subject, result: result, reason: entry.reason, line: frame.line, t: t, margins: entry.margins))
        }
    }

    /// Only the outcomes of events at `line` or later (a flake sweep of a session's last gesture).
    func since(line: Int) -> OutcomeTimeline {
        let kept = subjects.flatMap { bySubject[$0] ?? [] }.filter { $0.line >= line }
        var timeline = OutcomeTimeline()
        // Subjects in the order of their first kept outcome; each subject's outcomes stay in order.
        for outcome in kept.enumerated().sorted(by: { ($0.element.line, $0.element.t, $0.offset) < ($1.element.line, $1.element.t, $1.offset) }) {
            timeline.add(outcome.element)
        }
        return timeline
    }

    private static func decision(_ entry: LogEntry) -> (String, String)? {
        switch entry.kind {
        case "transition":
            guard let recognizer = entry.recognizer, let to = entry.to, recognizerEnds.contains(to) else { return nil }
            return (recognizer, to)
        case "responder":
            guard entry.forwardedFrom == nil, let responder = entry.responder, let method = entry.method,
                  responderEnds.contains(method) else { return nil }
            return (responder, method)
        case "controlEvent":
            guard let control = entry.control, let event = entry.event,
                  let end = event.split(separator: "|").map(String.init).first(where: controlEnds.contains) else { return nil }
            return (control, end)
        default:
            return nil
        }
    }

    private mutating func add(_ outcome: Outcome) {
        if bySubject[outcome.subject] == nil { subjects.append(outcome.subject) }
        bySubject[outcome.subject, default: []].append(outcome)
    }

    /// Each subject's results in order, `[ended, failed]`: what a flake sweep compares.
    var signature: [String: [String]] { bySubject.mapValues { $0.map(\.result) } }

    /// The outcomes whose result differs from `other`'s at the same place (a subject's n-th outcome),
    /// or that only one side has, in the order they happened.
    func changes(to other: OutcomeTimeline) -> [ChangedOutcome] {
        var changes: [ChangedOutcome] = []
        for subject in subjects + other.subjects.filter({ bySubject[$0] == nil }) {
            let mine = bySubject[subject] ?? []
            let theirs = other.bySubject[subject] ?? []
            for index in 0..<max(mine.count, theirs.count) {
                let a = index < mine.count ? mine[index] : nil
                let b = index < theirs.count ? theirs[index] : nil
                if a?.result != b?.result {
                    changes.append(ChangedOutcome(subject: subject, number: index + 1, recorded: a, whatIf: b))
                }
            }
        }
        return changes.sorted { ($0.place.line, $0.place.t) < ($1.place.line, $1.place.t) }
    }
}

/// A subject's n-th outcome, as the unchanged app made it and as the changed one did (nil: that side
/// has no n-th outcome).
package struct ChangedOutcome: Codable, Sendable, Equatable {
    /// The recognizer, view or control.
    package var subject: String
    /// Which of its outcomes (1-based).
    package var number: Int
    /// The unchanged app's.
    package var recorded: Outcome?
    /// The changed app's (or the jittered variant's).
    package var whatIf: Outcome?

    /// Where it shows: the changed timeline's outcome, or the unchanged one's when the changed has none.
    var place: (line: Int, t: Double) { (whatIf ?? recorded).map { ($0.line, $0.t) } ?? (0, 0) }

    /// `doubleTap #2: ended → failed [multi-tap interval …] (line 9, 2702.4 ms)`, at `place`.
    var text: String {
        let time = TraceWriter.time(place.t).trimmingCharacters(in: .whitespaces)
        return "\(subject) #\(number): \(recorded?.phrase ?? "(none)") → \(whatIf?.phrase ?? "(none)") (line \(place.line), \(time))"
    }
}
