extension WireMessageDeclaration {
    /// The declaration of the server messages whose body is `Body`, sent as `Body.messageType`.
    init<Body: WireMessage>(_: Body.Type) {
        type = Body.messageType
        fields = Body.writtenFields.map(\.info)
    }
}

extension ServerMessage {
    /// Every message a server sends, with its declared fields (docs/protocol.md §5): the session's
    /// messages, then the stepping replies (§5.6) and the answers to questions about the session (§5.7).
    /// Adding one is its declaration here, the Hub's or stepper's case that sends it, and the page's
    /// handler (`ProtocolDeclarationTests` and Tests/web check the three agree).
    package static let declarations: [WireMessageDeclaration] = [
        WireMessageDeclaration(Welcome.self), WireMessageDeclaration(RenderMessage.self), WireMessageDeclaration(EventsMessage.self),
        WireMessageDeclaration(ErrorMessage.self), WireMessageDeclaration(Pong.self),
        WireMessageDeclaration(SteppingMessage.self), WireMessageDeclaration(StepMessage.self), WireMessageDeclaration(ResumedMessage.self),
        WireMessageDeclaration(UploadingMessage.self), WireMessageDeclaration(RecordingsMessage.self),
        WireMessageDeclaration(ExportedTestMessage.self), WireMessageDeclaration(WhatIfAnswer.self), WireMessageDeclaration(FlakeAnswer.self),
    ]
}

extension ServerMessage {
    /// The tables of docs/protocol.md that list a part of the server messages rather than a message,
    /// by their marker's name: the render operations, the view properties with their defaults and the
    /// display list's drawing commands and their path elements (§5.2), and the event log's entries (§7).
    package static var documentedParts: [(name: String, table: String)] {
        [
            ("render.ops", WireDocumentation.table(of: RenderOp.taggedInfo)),
            ("render.ops[i].props", WireDocumentation.table(of: RenderProps.writtenFields.map(\.info), defaults: RenderProps.defaultsOnTheWire)),
            ("render.ops[i].displayList", WireDocumentation.table(of: DisplayCommand.taggedInfo)),
            ("render.ops[i].displayList[i].path", WireDocumentation.table(of: DisplayPathElement.tupleDeclaration)),
            ("events.log kinds", WireDocumentation.kindsTable(of: LogEntry.kinds)),
            ("events.log", WireDocumentation.table(of: LogEntry.writtenFields.map(\.info))),
        ]
    }
}

extension RenderProps {
    /// `defaults` as the declaration writes them: what a client assumes for a property not sent.
    static var defaultsOnTheWire: JSONValue {
        // The declaration's own output is JSON; were it not, every default would read as unknown (and
        // the document's table, checked against this, would say so).
        (try? JSONParser.parse(defaults.wireText)) ?? .null
    }
}
