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
