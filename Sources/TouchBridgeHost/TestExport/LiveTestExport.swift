import Foundation
import TouchBridgeProtocol

/// `export-test` — the inspector's "Copy as test" (docs/protocol.md §4.12): a paused live session up to the
/// frame its stepping bar shows, written as `touchbridge export` writes a recording — the history the
/// stepper keeps is the session's inbound side, the paused timeline's frames its decisions, so nothing is
/// replayed again. The work is bounded by what it reads (a history of at most `SessionHistory.maxBytes`, a
/// timeline within its `StepTimeline.Bounds`) and charged to the connection's engine share like every
/// stepping request; the answer is bounded by `maxTextBytes`.
enum LiveTestExport {
    /// The most bytes of text one `exported-test` carries: a 10 s 120 Hz two-finger trace kept as recorded
    /// takes 202 KB of it as a Swift test (docs/performance.md).
    static let maxTextBytes = 4 * 1024 * 1024

    /// The `exported-test` message for the session whose `history` built `timeline`, up to `frame`;
    /// `scene` is the server's default (a `hello` without one shows it).
    static func message(
        _ format: TestExportFormat, upTo frame: Int, of timeline: StepTimeline, history: [Recording.Entry],
        limits: ProtocolLimits, scene: String
    ) throws(ProtocolError) -> String {
        let frames = timeline.frames.prefix(frame + 1)
        let text: String
        let notes: [String]
        do {
            let trace = try RecordedTrace(history.prefix(frames.last?.replayed ?? 0), limits: limits, scene: scene)
            switch format {
            case .actions:
                let export = WebDriverActionsExport(trace)
                text = WireJSON.text(export.actions)
                notes = export.notes
            case .swift, .pytest:
                let name: String = switch trace.scene {
                case .named(let named): "\(named)-session"
                case .inline: "inline-scene-session"
                }
                let session = try ExportedSession(trace, name: name, decided: frames.flatMap(\.events))
                text = format == .swift ? SwiftTestExport(session).source : PytestExport(session).source
                notes = session.notes
            }
        } catch {
            throw ProtocolError(code: StepErrorCode.nothingToExport, message: "up to frame \(frame): \(error)")
        }
        guard text.utf8.count <= maxTextBytes else {
            throw ProtocolError(code: StepErrorCode.exportTooLarge,
                                message: "the export up to frame \(frame) takes \(text.utf8.count) bytes, more than the \(maxTextBytes) one answer carries: step back and export less")
        }
        return ExportedTestMessage(format: format, frame: frame, text: text, notes: notes).wireText
    }
}
