/// `stepping`: the session is paused on a timeline (docs/protocol.md §5.6): its own history or an
/// opened recording. Sent to the device and every observer, then a `step` for the frame shown.
package struct SteppingMessage: Encodable, Equatable, Sendable {
    /// Always `stepping`.
    package let type = "stepping"
    /// `live` (the session's own history up to the pause) or `recording`.
    package var source: String
    /// The recording's file name (recordings only).
    package var name: String?
    /// Number of frames; `step` accepts 0 ..< frames.
    package var frames: Int
    /// Engine time (ms) of every frame, for a timeline a person can scrub.
    package var times: [Double]

    /// A `stepping` announcement of a timeline.
    package init(source: String, name: String?, frames: Int, times: [Double]) {
        self.source = source
        self.name = name
        self.frames = frames
        self.times = times
    }

    private enum CodingKeys: String, CodingKey { case type, source, name, frames, times }

    /// The message on the wire.
    package var text: String { WireJSON.text(self) }
}

/// `step`: the state of the session right after one frame (docs/protocol.md §5.6).
///
/// `renders` rebuild the view tree (a full render, then the diffs up to the frame), `events` are
/// the scene's `events` messages up to the frame (the oldest left out past a byte budget, counted in
/// `omitted`), and `pointers` the fingers down at that instant. A client applies them as it applies
/// live messages, after forgetting what it had.
package enum StepMessage {
    /// The message on the wire; `renders` and `events` are already-encoded messages, embedded as they are.
    package static func text(
        frame: Int, frames: Int, t: Double, renders: [String], events: [String], pointers: [LivePointer], omitted: Int
    ) -> String {
        "{\"events\":[" + events.joined(separator: ",") + "],\"frame\":\(frame),\"frames\":\(frames),\"omitted\":\(omitted),"
            + "\"pointers\":" + WireJSON.text(pointers) + ",\"renders\":[" + renders.joined(separator: ",") + "],\"t\":"
            + WireJSON.text(WireJSON.rounded(t)) + ",\"type\":\"step\"}"
    }
}

/// `resumed`: the session is live again; `render` is its whole render state now.
package enum ResumedMessage {
    /// The message on the wire; `render` is an encoded full `render` message, embedded as it is.
    package static func text(render: String) -> String { "{\"render\":" + render + ",\"type\":\"resumed\"}" }
}

/// `uploading`: part `received − 1` of an uploaded recording arrived; send the next one. One part at a
/// time keeps an upload within the connection's share of engine time (a part sent too early is
/// answered `rate-limited` with `retryAfterMs`: send it again then).
package enum UploadingMessage {
    /// The message on the wire.
    package static func text(received: Int, parts: Int) -> String {
        "{\"parts\":\(parts),\"received\":\(received),\"type\":\"uploading\"}"
    }
}

/// `recordings`: what `open-recording` may open by name (docs/protocol.md §5.6).
package struct RecordingsMessage: Encodable, Equatable, Sendable {
    /// Always `recordings`.
    package let type = "recordings"
    /// Whether the server records (`serve --record`); without it nothing is listed.
    package var recording: Bool
    /// Newest first.
    package var files: [RecordingListing]
    /// The largest recording the server opens, in bytes (listed files and uploads alike).
    package var maxBytes: Int

    /// The list a server answers `recordings` with.
    package init(recording: Bool, files: [RecordingListing], maxBytes: Int) {
        self.recording = recording
        self.files = files
        self.maxBytes = maxBytes
    }

    private enum CodingKeys: String, CodingKey { case type, recording, files, maxBytes }

    /// The message on the wire.
    package var text: String { WireJSON.text(self) }
}

/// One listed recording file.
package struct RecordingListing: Codable, Equatable, Sendable {
    /// The file's name in the record directory: what `open-recording` takes.
    package var name: String
    /// Its size.
    package var bytes: Int

    /// A listed file.
    package init(name: String, bytes: Int) {
        self.name = name
        self.bytes = bytes
    }
}

/// The error codes of stepping (docs/protocol.md §8); `not-allowed`, `schema` and `limit` are shared.
package enum StepErrorCode {
    /// A message that changes the session, sent while it is paused: nothing was applied.
    package static let paused = "paused"
    /// `step` beyond the timeline's frames.
    package static let unknownFrame = "unknown-frame"
    /// `open-recording` by name on a server that does not record.
    package static let notRecording = "not-recording"
    /// A name the recordings list does not hold.
    package static let unknownRecording = "unknown-recording"
    /// A recording over the size the server opens.
    package static let tooLarge = "too-large"
    /// A file that is not a TouchBridge recording, or holds no device session this server can replay.
    package static let notARecording = "not-a-recording"
    /// The live session's history, or a recording's replay, is over the bound the server keeps: it
    /// cannot be stepped through.
    package static let tooLong = "too-long"
    /// A server-wide bound shared by every connection is in use (unfinished uploads, the memory of
    /// paused timelines): nothing was taken; the same request may succeed later.
    package static let serverBusy = "server-busy"
    /// `export-test` on a session with no touch, or none that decided anything a test could expect.
    package static let nothingToExport = "nothing-to-export"
    /// `export-test` whose text would pass the most bytes one answer carries.
    package static let exportTooLarge = "export-too-large"
    /// A `what-if` or `flake` while this connection's previous one still runs: nothing was started.
    package static let busy = "busy"
}
