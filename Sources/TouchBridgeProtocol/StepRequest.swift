/// What a device asks of the stepper (docs/protocol.md §4.12): pause its live session and step
/// through it, or open a recording in it — listed by the server or uploaded in parts.
///
/// These messages are additive to protocol v1 and handled beside the session, not by it: a paused
/// session's app does not change while the page looks at an earlier instant of it.
public enum StepRequest: Equatable, Sendable {
    /// Freeze the live session and step through it from its `hello` up to now.
    case pause
    /// Back to the live session.
    case resume
    /// Show the state after frame `frame` (0 is the `hello`).
    case step(frame: Int)
    /// The recordings the server may open (`serve --record` directory).
    case listRecordings
    /// Open a recording the server listed, by its file name.
    case openRecording(name: String)
    /// One part of an uploaded recording file: parts are sent in order, `part` counting from 0, and
    /// the file is opened when part `parts - 1` arrives.
    case uploadRecording(part: Int, parts: Int, data: String, name: String?)
    /// The paused session up to the frame shown, as a test or as W3C WebDriver Actions ("Copy as test").
    case exportTest(format: TestExportFormat)

    /// Replay the session so far (or up to the frame shown while paused) against a changed app.
    case whatIf(WhatIfRequest)
    /// Run the flake predictor on the session's last gesture.
    case flake(FlakeRequest)

    /// The `type` values of stepping requests; any other type is a session message.
    public static let types: Set<String> = ["pause", "resume", "step", "recordings", "open-recording", "export-test", "what-if", "flake"]

    /// The stepping request of a parsed message whose `type` is one of `types`; field errors name
    /// the field (`InboundMessage` parses the text once and routes it here).
    static func read(type: String, members: [String: JSONValue], limits: ProtocolLimits) throws(ProtocolError) -> StepRequest {
        let fields = FieldReader(members: members, path: "")
        switch type {
        case "pause": return .pause
        case "resume": return .resume
        case "recordings": return .listRecordings
        case "export-test": return .exportTest(format: try fields.wire("as"))
        case "step":
            let frame = try fields.integer("frame")
            guard frame >= 0 else { throw .schema("frame", "expected a frame number ≥ 0") }
            return .step(frame: frame)
        case "what-if": return .whatIf(try WhatIfRequest.read(fields))
        case "flake": return .flake(try FlakeRequest.read(fields))
        default:
            return try openRecording(fields, limits: limits)
        }
    }

    private static func openRecording(_ fields: FieldReader, limits: ProtocolLimits) throws(ProtocolError) -> StepRequest {
        let name = try fields.stringIfPresent("name")
        if let name { try Check.string(name, limits: limits, path: "name") }
        guard let data = try fields.stringIfPresent("data") else {
            guard let name else { throw .schema("name", "required: a name from the recordings list, or data (an uploaded file)") }
            return .openRecording(name: name)
        }
        let part = try fields.integerIfPresent("part") ?? 0
        let parts = try fields.integerIfPresent("parts") ?? 1
        guard parts >= 1 else { throw .schema("parts", "expected a number of parts ≥ 1") }
        guard part >= 0, part < parts else { throw .schema("part", "expected 0 ≤ part < parts (\(parts))") }
        return .uploadRecording(part: part, parts: parts, data: data, name: name)
    }
}
