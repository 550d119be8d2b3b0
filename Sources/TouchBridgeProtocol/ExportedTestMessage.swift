/// What `export-test` asks for (docs/protocol.md §4.12): a Swift Testing test on TouchBridgeClient, a
/// pytest test on the Python client, or the W3C WebDriver Actions body a real iPhone plays.
public enum TestExportFormat: String, WireEnum {
    /// The formats, as `touchbridge export --as` names them.
    case swift, pytest, actions
    public init(from decoder: Decoder) throws { self = try Self.decodeWire(from: decoder) }
}

/// `exported-test`: the paused session up to `frame` as `format` (docs/protocol.md §5.6), with what the
/// export left out — the inspector copies `text` to the clipboard.
public struct ExportedTestMessage: Encodable, Equatable, Sendable {
    /// Always `exported-test`.
    public let type = "exported-test"
    /// The format asked for.
    public var format: TestExportFormat
    /// The frame the export ends at (the one the stepping bar shows).
    public var frame: Int
    /// The test (or the Actions JSON).
    public var text: String
    /// What a pointer trace cannot carry and the export left out, one line each.
    public var notes: [String]

    /// The answer to `export-test`.
    public init(format: TestExportFormat, frame: Int, text: String, notes: [String]) {
        self.format = format
        self.frame = frame
        self.text = text
        self.notes = notes
    }

    private enum CodingKeys: String, CodingKey {
        case type, format = "as", frame, text, notes
    }

    /// The message on the wire.
    public var wireText: String { WireJSON.text(self) }
}
