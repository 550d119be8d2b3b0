/// One client text, parsed once for everyone who reads it: the stepper takes the stepping
/// requests (docs/protocol.md §4.12), the session everything else (§4).
///
/// Decoding is the costliest part of handling a small message after the engine, so the shell
/// decodes each text once here and hands the result on (`SessionInput.decoded`) instead of each
/// reader parsing it again.
package enum InboundMessage: Equatable, Sendable {
    /// A session message, or the error the session answers with (not JSON, unknown type, a bad field…).
    case session(Result<ClientMessage, ProtocolError>)
    /// A stepping request, or the error the stepper answers with (a bad field of a stepping request).
    case stepping(Result<StepRequest, ProtocolError>)

    /// Decodes `text` with the checks and error codes of `ClientMessage.decode(_:limits:)`; an
    /// object whose `type` is one of `StepRequest.types` is a stepping request.
    package static func decode(_ text: String, limits: ProtocolLimits) -> InboundMessage {
        if let input = ClientMessage.validInput(text, limits: limits) { return .session(.success(input)) }
        let members: [String: JSONValue]
        do {
            members = try ClientMessage.parseObject(text, limits: limits)
        } catch {
            return .session(.failure(error))
        }
        if case .string(let type)? = members["type"], StepRequest.types.contains(type) {
            return .stepping(Result { () throws(ProtocolError) in try StepRequest.read(type: type, members: members, limits: limits) })
        }
        return .session(Result { () throws(ProtocolError) in try ClientMessage.decode(members: members, limits: limits) })
    }
}
