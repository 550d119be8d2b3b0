extension ClientMessage {
    /// Deepest nesting of arrays and objects a client message may have (an inline scene's views
    /// nest at most 32 deep, about 70 JSON levels).
    public static let maxJSONDepth = 128

    /// Decodes and validates one client message.
    ///
    /// Order of checks, each with its own error code: size (`limit`), JSON syntax (`bad-json`; a key
    /// repeated in one object is `schema` with the repeated field's path), `type` (`unknown-type`), protocol version of `hello` (`unsupported-protocol`), field types and
    /// values (`schema`, with the field path), then limits (`limit`). Errors carry the message's
    /// `seq` when it had a readable one, so a client can match the error to what it sent.
    ///
    /// The text is parsed once (`JSONParser`) and the typed message read from the parsed value
    /// (`ClientMessageReading.swift`); Foundation's coders are not involved.
    public static func decode(_ text: String, limits: ProtocolLimits = ProtocolLimits()) throws(ProtocolError) -> ClientMessage {
        if let input = validInput(text, limits: limits) { return input }
        let members = try parseObject(text, limits: limits)
        return try decode(members: members, limits: limits)
    }

    /// A valid `input` read straight from its bytes (`InputBytesReader`), or nil: the general decoder
    /// then decodes the text, or says what is wrong with it.
    static func validInput(_ text: String, limits: ProtocolLimits) -> ClientMessage? {
        guard text.utf8.count <= limits.maxMessageBytes, let input = InputBytesReader.read(text) else { return nil }
        let message = ClientMessage.input(input)
        do {
            try message.validate(limits: limits)
            return message
        } catch {
            return nil
        }
    }

    /// The size check, then the JSON syntax and object checks of `decode(_:limits:)`: the parsed
    /// members, from which `InboundMessage` reads a stepping request or a session message.
    static func parseObject(_ text: String, limits: ProtocolLimits) throws(ProtocolError) -> [String: JSONValue] {
        let byteCount = text.utf8.count
        guard byteCount <= limits.maxMessageBytes else {
            throw .limit("", "message is \(byteCount) bytes, more than maxMessageBytes \(limits.maxMessageBytes)")
        }
        let raw: JSONValue
        do {
            raw = try JSONParser.parse(text, limits: JSONParseLimits(maxDepth: maxJSONDepth, maxBytes: limits.maxMessageBytes))
        } catch {
            if let path = error.duplicateKeyPath {
                throw .schema(path, "appears twice (at byte \(error.offset)); each key may appear once in an object")
            }
            throw ProtocolError(code: ErrorCode.badJSON, message: "the message is not valid JSON: \(error)")
        }
        guard case .object(let members) = raw else {
            throw ProtocolError(code: ErrorCode.badJSON, message: "the message must be a JSON object")
        }
        return members
    }

    /// The typed, validated message of a parsed object (the checks after the JSON syntax).
    static func decode(members: [String: JSONValue], limits: ProtocolLimits) throws(ProtocolError) -> ClientMessage {
        let seq = members["seq"]?.integerValue
        do {
            let message = try decodeTyped(FieldReader(members: members, path: "", limits: limits))
            try message.validate(limits: limits)
            return message
        } catch {
            var error = error
            error.seq = error.seq ?? seq
            throw error
        }
    }

    private static func decodeTyped(_ fields: FieldReader) throws(ProtocolError) -> ClientMessage {
        guard let typeValue = fields.members["type"] else {
            throw ProtocolError(code: ErrorCode.unknownType, message: "the message has no \"type\" field", path: "type")
        }
        guard case .string(let type) = typeValue else {
            throw ProtocolError(code: ErrorCode.unknownType, message: "\"type\" must be a string", path: "type")
        }
        if type == "hello", let version = fields.members["protocol"], version != .number(Double(ProtocolVersion.current)) {
            throw ProtocolError(
                code: ErrorCode.unsupportedProtocol,
                message: "protocol \(WireJSON.text(version)) is not supported; this server speaks protocol \(ProtocolVersion.current) (subprotocol \(ProtocolVersion.subprotocol))",
                path: "protocol")
        }
        guard let message = try read(type: type, fields) else {
            let known = declarations.map(\.type).joined(separator: ", ")
            throw ProtocolError(code: ErrorCode.unknownType, message: "unknown message type \"\(type)\" (v1 types: \(known))", path: "type")
        }
        return message
    }
}
