import Foundation
import TouchBridgeArtefact
import TouchBridgeHost

/// A replay as a saved failure (`replay --html`, `--html-on-failure`): the replay's messages cut into
/// the frames of its events, opening where `--check` found the first difference (else the last frame).
enum ReplayArtefact {
    /// The artefact of `result`, a replay of the recording at `path`; `checked`: its difference (if any) is a
    /// failure. It holds what one stepping timeline on the server may (`StepTimeline.Bounds.standard`: frames,
    /// full renders, bytes); a recording past them gets no file, and the note says which bound it passed.
    static func make(_ result: SessionReplay.Result, checked: Bool, path: String) throws(ArtefactError) -> FailureArtefact {
        let bounds = StepTimeline.Bounds.standard
        var timeline = ArtefactTimeline(maxBytes: bounds.maxBytes, maxFrames: bounds.maxFrames, maxFullRenders: bounds.maxFullRenders)
        for event in result.events {
            try timeline.append(result.outbound[event.outbound], source: event.line)
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard checked, let difference = result.difference else {
            return FailureArtefact(name: name, reason: nil, timeline: timeline, openFrame: nil)
        }
        let reason = "replay --check: the replay differs from the recording at line \(difference.line), outbound message \(difference.index + 1)"
            + (difference.field.map { " — \($0)" } ?? "")
        return FailureArtefact(name: name, reason: reason, timeline: timeline, openFrame: timeline.frame(atOrBefore: difference.line))
    }

    /// Where `replay --check` writes a failure nobody gave a path for: the temporary directory.
    static func defaultPath(for recording: String) -> String {
        let base = URL(fileURLWithPath: recording).deletingPathExtension().lastPathComponent
        return FileManager.default.temporaryDirectory.appendingPathComponent("touchbridge-failures")
            .appendingPathComponent("\(base).html").path
    }

    /// Writes the artefact of `result` (`checked`: as `make`) to `output`; says where on standard error (or why it could not).
    static func write(_ result: SessionReplay.Result, checked: Bool, recording: String, to output: String) {
        let note: String
        do throws(ArtefactError) {
            let bytes = try make(result, checked: checked, path: recording).write(to: output, page: PageBundle())
            note = "\(recording): open \(output) in a browser to step through it (\(bytes) bytes, no server needed)\n"
        } catch {
            note = "note: \(recording): no HTML file written: \(error)\n"
        }
        FileHandle.standardError.write(Data(note.utf8))
    }
}
