/// What a device asks of the stepper (docs/protocol.md §4.12): pause its live session and step
/// through it, or open a recording in it — listed by the server or uploaded in parts.
///
/// These messages are additive to protocol v1 and handled beside the session, not by it: a paused
/// session's app does not change while the page looks at an earlier instant of it.
package enum StepRequest: Equatable, Sendable {
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

    /// Every stepping request, with its declared fields (docs/protocol.md §4.12, §4.13).
    package static let declarations: [WireMessageDeclaration] = [
        WireMessageDeclaration("pause"), WireMessageDeclaration("resume"), WireMessageDeclaration("step", StepFrameRequest.self),
        WireMessageDeclaration("recordings"), WireMessageDeclaration("open-recording", OpenRecordingRequest.self),
        WireMessageDeclaration("export-test", ExportTestRequest.self), WireMessageDeclaration("what-if", WhatIfRequest.self),
        WireMessageDeclaration("flake", FlakeRequest.self),
    ]

    /// The `type` values of stepping requests; any other type is a session message.
    package static let types = Set(declarations.map(\.type))

    /// The stepping request of a parsed message whose `type` is one of `types`; field errors name
    /// the field (`InboundMessage` parses the text once and routes it here).
    static func read(type: String, members: [String: JSONValue], limits: ProtocolLimits) throws(ProtocolError) -> StepRequest {
        let fields = FieldReader(members: members, path: "", limits: limits)
        switch type {
        case "pause": return .pause
        case "resume": return .resume
        case "recordings": return .listRecordings
        case "export-test": return .exportTest(format: try ExportTestRequest(reading: fields).format)
        case "step": return .step(frame: try StepFrameRequest(reading: fields).frame)
        case "what-if": return .whatIf(try WhatIfRequest(reading: fields))
        case "flake": return .flake(try FlakeRequest(reading: fields))
        default:
            let request = try OpenRecordingRequest(reading: fields)
            guard let data = request.data else { return .openRecording(name: request.name ?? "") }
            return .uploadRecording(part: request.part, parts: request.parts, data: data, name: request.name)
        }
    }
}

/// The body of `step`.
struct StepFrameRequest: WireObject {
    var frame: Int

    static let wireFields: [WireField<StepFrameRequest>] = [
        .integer("frame", \.frame, type: "integer ≥ 0", "The frame to show (0 is the `hello`).").checked { request, _ throws(ProtocolError) in
            guard request.frame >= 0 else { throw .schema("frame", "expected a frame number ≥ 0") }
        },
    ]

    static var wireBlank: StepFrameRequest { StepFrameRequest(frame: 0) }
}

/// The body of `export-test`.
struct ExportTestRequest: WireObject {
    var format: TestExportFormat

    static let wireFields: [WireField<ExportTestRequest>] = [.wire("as", \.format, "The form of the test: as `touchbridge export --as` writes it.")]

    static var wireBlank: ExportTestRequest { ExportTestRequest(format: .swift) }
}

/// The body of `open-recording`: a listed file by name, or a part of an uploaded one.
struct OpenRecordingRequest: WireObject {
    var name: String?
    var data: String?
    var part = 0
    var parts = 1

    static let wireFields: [WireField<OpenRecordingRequest>] = [
        .string("name", \.name, "A file name from the `recordings` list; with `data`, only shown.").checked { request, limits throws(ProtocolError) in
            if let name = request.name { try Check.string(name, limits: limits, path: "name") }
        },
        .string("data", \.data, "Part `part` of an uploaded recording file (required without `name`).").checked { request, _ throws(ProtocolError) in
            guard request.data != nil || request.name != nil else {
                throw .schema("name", "required: a name from the recordings list, or data (an uploaded file)")
            }
        },
        .integerOrDefault("part", \.part, "Which part `data` is, from 0 (default 0)."),
        .integerOrDefault("parts", \.parts, "How many parts the file was cut into (default 1).").checked { request, _ throws(ProtocolError) in
            guard request.data != nil else { return }
            guard request.parts >= 1 else { throw .schema("parts", "expected a number of parts ≥ 1") }
            guard request.part >= 0, request.part < request.parts else { throw .schema("part", "expected 0 ≤ part < parts (\(request.parts))") }
        },
    ]

    static var wireBlank: OpenRecordingRequest { OpenRecordingRequest() }
}
