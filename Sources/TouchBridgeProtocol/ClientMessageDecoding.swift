import Foundation

extension ClientMessage {
    /// Decodes and validates one client message.
    ///
    /// Order of checks, each with its own error code: size (`limit`), JSON syntax (`bad-json`),
    /// `type` (`unknown-type`), protocol version of `hello` (`unsupported-protocol`), field types and
    /// values (`schema`, with the field path), then limits (`limit`). Errors carry the message's
    /// `seq` when it had a readable one, so a client can match the error to what it sent.
    public static func decode(_ text: String, limits: ProtocolLimits = ProtocolLimits()) throws(ProtocolError) -> ClientMessage {
        let byteCount = text.utf8.count
        guard byteCount <= limits.maxMessageBytes else {
            throw .limit("", "message is \(byteCount) bytes, more than maxMessageBytes \(limits.maxMessageBytes)")
        }
        let data = Data(text.utf8)
        let decoder = WireJSON.makeDecoder()
        guard let raw = try? decoder.decode(JSONValue.self, from: data) else {
            throw ProtocolError(code: ErrorCode.badJSON, message: "the message is not valid JSON")
        }
        guard case .object = raw else {
            throw ProtocolError(code: ErrorCode.badJSON, message: "the message must be a JSON object")
        }
        let seq = raw["seq"]?.integerValue
        do {
            let message = try decodeTyped(raw, data: data, decoder: decoder)
            try message.validate(limits: limits)
            return message
        } catch {
            var error = error
            error.seq = error.seq ?? seq
            throw error
        }
    }

    private static func decodeTyped(_ raw: JSONValue, data: Data, decoder: JSONDecoder) throws(ProtocolError) -> ClientMessage {
        guard let typeValue = raw["type"] else {
            throw ProtocolError(code: ErrorCode.unknownType, message: "the message has no \"type\" field", path: "type")
        }
        guard let type = typeValue.stringValue else {
            throw ProtocolError(code: ErrorCode.unknownType, message: "\"type\" must be a string", path: "type")
        }
        func body<T: Decodable>(_: T.Type) throws(ProtocolError) -> T {
            do {
                return try decoder.decode(T.self, from: data)
            } catch let error as DecodingError {
                throw schemaError(error)
            } catch {
                throw .schema("", "\(error)")
            }
        }
        switch type {
        case "hello":
            if let version = raw["protocol"], version != .number(Double(ProtocolVersion.current)) {
                throw ProtocolError(
                    code: ErrorCode.unsupportedProtocol,
                    message: "protocol \(WireJSON.text(version)) is not supported; this server speaks protocol \(ProtocolVersion.current) (subprotocol \(ProtocolVersion.subprotocol))",
                    path: "protocol")
            }
            return .hello(try body(Hello.self))
        case "input": return .input(try body(Input.self))
        case "advance": return .advance(try body(Advance.self))
        case "motion": return .motion(try body(Motion.self))
        case "remote": return .remote(try body(Remote.self))
        case "resize": return .resize(try body(Viewport.self))
        case "scene": return .scene(try body(SceneSwitch.self))
        case "ping": return .ping(try body(Ping.self))
        case "resync": return .resync
        default:
            let known = "hello, input, advance, motion, remote, resize, scene, ping, resync"
            throw ProtocolError(code: ErrorCode.unknownType, message: "unknown message type \"\(type)\" (v1 types: \(known))", path: "type")
        }
    }

    /// Turns Foundation's decoding error into a `schema` error with a JSON-style path.
    static func schemaError(_ error: DecodingError) -> ProtocolError {
        switch error {
        case .keyNotFound(let key, let context):
            return .schema(FieldPath.format(context.codingPath + [key]), "required field is missing")
        case .valueNotFound(let type, let context):
            return .schema(FieldPath.format(context.codingPath), "expected \(FieldPath.describe(type)), got null")
        case .typeMismatch(let type, let context):
            return .schema(FieldPath.format(context.codingPath), "expected \(FieldPath.describe(type))")
        case .dataCorrupted(let context):
            // Our own decoders word these as "expected …"; Foundation's are passed on as they are.
            return .schema(FieldPath.format(context.codingPath), context.debugDescription)
        @unknown default:
            return .schema("", "\(error)")
        }
    }
}

/// JSON-style field paths (`pointers[1].coalesced[0].x`) for error messages.
enum FieldPath {
    static func format(_ codingPath: [CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path
    }

    /// A JSON name for the Swift type a field decodes as.
    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: "a number"
        case is Int.Type: "an integer"
        case is String.Type: "a string"
        case is Bool.Type: "a boolean (true or false)"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
