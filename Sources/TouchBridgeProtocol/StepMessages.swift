/// `stepping`: the session is paused on a timeline (docs/protocol.md §5.6): its own history or an
/// opened recording. Sent to the device and every observer, then a `step` for the frame shown.
package struct SteppingMessage: WireMessage, Equatable {
    /// Sent as `stepping`.
    package static let messageType = "stepping"

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

    /// The fields of `stepping`.
    package static let writtenFields: [WrittenField<SteppingMessage>] = [
        .field("source", \.source, type: "`\"live\"` \\| `\"recording\"`", "`live` (the session's own history up to the pause) or `recording`."),
        .field("name", \.name, "The recording's file name (recordings only)."),
        .field("frames", \.frames, "The number of frames; `step` accepts 0 ..< `frames`."),
        .field("times", \.times, "Each frame's engine time in ms (for a timeline)."),
    ]

    /// The message on the wire.
    package var text: String { messageText }
}

/// `step`: the state of the session right after one frame (docs/protocol.md §5.6).
///
/// `renders` rebuild the view tree (a full render, then the diffs up to the frame), `events` are
/// the scene's `events` messages up to the frame (the oldest left out past a byte budget, counted in
/// `omitted`), and `pointers` the fingers down at that instant. A client applies them as it applies
/// live messages, after forgetting what it had.
package struct StepMessage: WireMessage, Equatable {
    /// Sent as `step`.
    package static let messageType = "step"

    /// The frame shown.
    package var frame: Int
    /// The timeline's frames.
    package var frames: Int
    /// The frame's engine time, ms (rounded as every time on the wire).
    package var t: Double
    /// Encoded `render` messages, embedded as they are.
    package var renders: [EncodedJSON]
    /// Encoded `events` messages, embedded as they are.
    package var events: [EncodedJSON]
    /// The older `events` messages left out.
    package var omitted: Int
    /// The device's fingers down after the frame.
    package var pointers: [LivePointer]

    /// The fields of `step`.
    package static let writtenFields: [WrittenField<StepMessage>] = [
        .field("frame", \.frame, "The frame shown."),
        .field("frames", \.frames, "The timeline's number of frames."),
        .field("t", \.t, "The frame's engine time."),
        .embedded("renders", \.renders, message: "render", type: "array of `render` messages",
               "To apply in order to an empty mirror (a full render, then diffs)."),
        .embedded("events", \.events, message: "events", type: "array of `events` messages",
               "The scene's `events` messages up to the frame, in order (`omitted` of the oldest left out)."),
        .field("omitted", \.omitted, "How many of the oldest `events` messages were left out."),
        .objects("pointers", \.pointers, type: "array of `{\"id\",\"x\",\"y\"}`", "The device's fingers down after the frame."),
    ]

    /// The message on the wire; `renders` and `events` are already-encoded messages, embedded as they are.
    package static func text(
        frame: Int, frames: Int, t: Double, renders: [String], events: [String], pointers: [LivePointer], omitted: Int
    ) -> String {
        StepMessage(frame: frame, frames: frames, t: WireJSON.rounded(t), renders: renders.map(EncodedJSON.init),
                    events: events.map(EncodedJSON.init), omitted: omitted, pointers: pointers).messageText
    }
}

/// `resumed`: the session is live again; `render` is its whole render state now.
package struct ResumedMessage: WireMessage, Equatable {
    /// Sent as `resumed`.
    package static let messageType = "resumed"

    /// An encoded full `render` message (`null` when the session has none), embedded as it is.
    package var render: EncodedJSON

    /// The fields of `resumed`.
    package static let writtenFields: [WrittenField<ResumedMessage>] = [
        .embedded("render", \.render, message: "render", type: "`render` message", "The live session's full render."),
    ]

    /// The message on the wire; `render` is an encoded full `render` message, embedded as it is.
    package static func text(render: String) -> String { ResumedMessage(render: EncodedJSON(render)).messageText }
}

/// `uploading`: part `received − 1` of an uploaded recording arrived; send the next one. One part at a
/// time keeps an upload within the connection's share of engine time (a part sent too early is
/// answered `rate-limited` with `retryAfterMs`: send it again then).
package struct UploadingMessage: WireMessage, Equatable {
    /// Sent as `uploading`.
    package static let messageType = "uploading"

    /// The parts taken so far.
    package var received: Int
    /// The parts of the upload.
    package var parts: Int

    /// The fields of `uploading`.
    package static let writtenFields: [WrittenField<UploadingMessage>] = [
        .field("received", \.received, "The parts taken so far (send part `received` next)."),
        .field("parts", \.parts, "The parts of the upload."),
    ]

    /// The message on the wire.
    package static func text(received: Int, parts: Int) -> String {
        UploadingMessage(received: received, parts: parts).messageText
    }
}

/// `recordings`: what `open-recording` may open by name (docs/protocol.md §5.6).
package struct RecordingsMessage: WireMessage, Equatable {
    /// Sent as `recordings`.
    package static let messageType = "recordings"

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

    /// The fields of `recordings`.
    package static let writtenFields: [WrittenField<RecordingsMessage>] = [
        .field("recording", \.recording, "Whether the server records."),
        .objects("files", \.files, listed: true, "Newest first (at most 200): the `*.jsonl` regular files directly in the record directory that this device may open (its own session's; with `shareRecordings` also every finished one; files copied into the directory by hand are listed from the first listing a second after the change)."),
        .field("maxBytes", \.maxBytes, "The largest recording the server opens."),
    ]

    /// The message on the wire.
    package var text: String { messageText }
}

/// One listed recording file.
package struct RecordingListing: WireWritten, Equatable {
    /// The file's name in the record directory: what `open-recording` takes.
    package var name: String
    /// Its size.
    package var bytes: Int

    /// A listed file.
    package init(name: String, bytes: Int) {
        self.name = name
        self.bytes = bytes
    }

    /// The fields of a `recordings.files` entry.
    package static let writtenFields: [WrittenField<RecordingListing>] = [
        .field("name", \.name, "What `open-recording` takes."),
        .field("bytes", \.bytes, "Its size."),
    ]
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
