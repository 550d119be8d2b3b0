import Foundation
import TouchBridgeProtocol

/// One self-contained HTML file that shows a session frame by frame in the page's stepping mode, opened
/// from anywhere with no server and no network (docs/scripting.md §6): the page, the session's frames,
/// and where it opens — the frame where a failed expectation or a `replay --check` difference was
/// decided, else the last one — with the failure's reason in the log at that frame.
package struct FailureArtefact: Sendable {
    /// What the stepping bar names: the recording or the test.
    package var name: String
    /// Why it failed; nil: nothing failed (`replay --html`).
    package var reason: String?
    /// The session's frames.
    package var timeline: ArtefactTimeline
    /// The frame to open at; nil: the last one.
    package var openFrame: Int?

    /// An artefact of `timeline`, named `name`, opening at `openFrame` with `reason`.
    package init(name: String, reason: String?, timeline: ArtefactTimeline, openFrame: Int?) {
        self.name = name
        self.reason = reason
        self.timeline = timeline
        self.openFrame = openFrame
    }

    /// The frame it opens at.
    package var openingFrame: Int { min(max(0, openFrame ?? timeline.frames.count - 1), max(0, timeline.frames.count - 1)) }

    /// The timeline as web/artefact.mjs reads it: {name, reason, open, welcome, frames: [{t, renders, events, pointers, starts}]}.
    package func json() throws(ArtefactError) -> String {
        guard let welcome = timeline.welcome, !timeline.frames.isEmpty else { throw .empty }
        var out = "{\"name\":" + WireJSON.text(JSONValue.string(name))
            + ",\"reason\":" + (reason.map { WireJSON.text(JSONValue.string($0)) } ?? "null")
            + ",\"open\":\(openingFrame),\"welcome\":" + welcome + ",\"frames\":["
        for (index, frame) in timeline.frames.enumerated() {
            if index > 0 { out += "," }
            out += "{\"t\":" + WireJSON.text(JSONValue.number(frame.t)) + ",\"renders\":[" + frame.renders.joined(separator: ",")
                + "],\"events\":[" + frame.events.joined(separator: ",") + "],\"pointers\":" + frame.pointers
                + ",\"starts\":\(frame.startsScene)}"
        }
        return out + "]}"
    }

    /// The HTML file's text, with `page` (the bundled `web/`).
    package func html(page: PageBundle) throws(ArtefactError) -> String {
        page.html(embedding: try json())
    }

    /// Writes the file to `path` (its directory is made if missing); returns its size in bytes.
    @discardableResult
    package func write(to path: String, page: PageBundle) throws(ArtefactError) -> Int {
        let data = Data(try html(page: page).utf8)
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .cannotWrite(path: path, why: (error as NSError).localizedDescription)
        }
        return data.count
    }
}
