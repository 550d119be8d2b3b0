/// What `export-test` asks for (docs/protocol.md §4.12): a Swift Testing test on TouchBridgeClient, a
/// pytest test on the Python client, or the W3C WebDriver Actions body a real iPhone plays.
package enum TestExportFormat: String, WireEnum {
    /// The formats, as `touchbridge export --as` names them.
    case swift, pytest, actions
    package init(from decoder: Decoder) throws { self = try Self.decodeWire(from: decoder) }
}

/// `exported-test`: the paused session up to `frame` as `format` (docs/protocol.md §5.6), with what the
/// export left out — the inspector copies `text` to the clipboard.
package struct ExportedTestMessage: WireMessage, Equatable {
    /// Sent as `exported-test`.
    package static let messageType = "exported-test"

    /// The format asked for.
    package var format: TestExportFormat
    /// The frame the export ends at (the one the stepping bar shows).
    package var frame: Int
    /// The test (or the Actions JSON).
    package var text: String
    /// What a pointer trace cannot carry and the export left out, one line each.
    package var notes: [String]

    /// The answer to `export-test`.
    package init(format: TestExportFormat, frame: Int, text: String, notes: [String]) {
        self.format = format
        self.frame = frame
        self.text = text
        self.notes = notes
    }

    /// The fields of `exported-test`.
    package static let writtenFields: [WrittenField<ExportedTestMessage>] = [
        .field("as", \.format, "The format asked for."),
        .field("frame", \.frame, "The frame the export ends at."),
        .field("text", \.text, "The test (or the W3C Actions body, JSON)."),
        .field("notes", \.notes, "What a pointer trace cannot carry and the export left out (the pause's own `act` among them), one line each."),
    ]

    /// The message on the wire.
    package var wireText: String { messageText }
}
