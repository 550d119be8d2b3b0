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

    /// Where `replay --check` writes a failure nobody gave a path for: `touchbridge-failures-UID` in the
    /// temporary directory, made private to the user (the file holds the session, as the recording does).
    static func defaultPath(for recording: String) -> String {
        let base = URL(fileURLWithPath: recording).deletingPathExtension().lastPathComponent
        return FileManager.default.temporaryDirectory.appendingPathComponent("touchbridge-failures-\(getuid())")
            .appendingPathComponent("\(base).html").path
    }

    /// Makes `directory` private to the user (0700) if missing; refuses one someone else owns or others may
    /// read (a shared temporary directory where another user made it first).
    static func requirePrivate(_ directory: String) throws(ArtefactError) {
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotWrite(path: directory, why: (error as NSError).localizedDescription)
        }
        let attributes = (try? files.attributesOfItem(atPath: directory)) ?? [:]
        let owner = (attributes[.ownerAccountID] as? NSNumber)?.uint32Value
        let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0o777
        guard owner == getuid(), mode & 0o077 == 0, attributes[.type] as? FileAttributeType == .typeDirectory else {
            throw .cannotWrite(path: directory, why: "it is not a directory private to you (pass --html-on-failure FILE)")
        }
    }

    /// Writes the artefact of `result` (`checked`: as `make`) to `output` (`privately`: its directory must be
    /// private to the user); says where on standard error (or why it could not).
    static func write(_ result: SessionReplay.Result, checked: Bool, recording: String, to output: String, privately: Bool = false) {
        let note: String
        do throws(ArtefactError) {
            if privately { try requirePrivate(URL(fileURLWithPath: output).deletingLastPathComponent().path) }
            let bytes = try make(result, checked: checked, path: recording).write(to: output, page: PageBundle())
            note = "\(recording): open \(output) in a browser to step through it (\(bytes) bytes, no server needed)\n"
        } catch {
            note = "note: \(recording): no HTML file written: \(error)\n"
        }
        FileHandle.standardError.write(Data(note.utf8))
    }
}
