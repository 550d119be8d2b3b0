/// Builds the typed client messages from the parsed `JSONValue`, in one pass and without
/// Foundation's `JSONDecoder`.
///
/// Each message's `WireObject` table says which of these rules each field follows and in which
/// order the fields are read (the first error reported is the first wrong field's). A missing field
/// is `required field is missing`; a wrong type `expected a number` / `an integer` / `a string` /
/// `an array` / `an object` (`, got null` for null); numbers may be the strings `"NaN"`,
/// `"Infinity"`, `"-Infinity"`. `ClientMessageReadingTests` checks the wording against the
/// Foundation decoder it replaced.
struct FieldReader {
    let members: [String: JSONValue]
    /// The object's own path: empty for the message, `viewport`, `pointers[1]`.
    let path: String
    /// The limits in force, for the checks a field runs as soon as it is read (`WireField.checked`).
    let limits: ProtocolLimits

    init(members: [String: JSONValue], path: String, limits: ProtocolLimits = ProtocolLimits()) {
        self.members = members
        self.path = path
        self.limits = limits
    }

    init(object value: JSONValue, path: String, limits: ProtocolLimits = ProtocolLimits()) throws(ProtocolError) {
        switch value {
        case .object(let members): self.init(members: members, path: path, limits: limits)
        case .null: throw .schema(path, "expected an object, got null")
        default: throw .schema(path, "expected an object")
        }
    }

    func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// A present field, null or not.
    private func required(_ key: String) throws(ProtocolError) -> JSONValue {
        guard let value = members[key] else { throw .schema(path(key), "required field is missing") }
        return value
    }

    /// A field that counts as absent when missing or null.
    private func present(_ key: String) -> JSONValue? {
        guard let value = members[key] else { return nil }
        if case .null = value { return nil }
        return value
    }

    // MARK: Numbers

    static func number(_ value: JSONValue, path: String) throws(ProtocolError) -> Double {
        switch value {
        case .number(let number): return number
        case .string("NaN"): return .nan
        case .string("Infinity"): return .infinity
        case .string("-Infinity"): return -.infinity
        case .null: throw .schema(path, "expected a number, got null")
        default: throw .schema(path, "expected a number")
        }
    }

    func number(_ key: String) throws(ProtocolError) -> Double {
        try Self.number(required(key), path: path(key))
    }

    func numberIfPresent(_ key: String) throws(ProtocolError) -> Double? {
        guard let value = present(key) else { return nil }
        return try Self.number(value, path: path(key))
    }

    /// A required number that may be `null` — what `JSON.stringify` makes of NaN and infinities. It
    /// reads as NaN so the engine rejects the frame with `non-finite-value`.
    func nonFiniteNumber(_ key: String) throws(ProtocolError) -> Double {
        let value = try required(key)
        if case .null = value { return .nan }
        return try Self.number(value, path: path(key))
    }

    /// An integer: a number without a fractional part within ±2^53 (what JavaScript numbers hold
    /// exactly). `1.5` is `expected an integer`; `"5"` is `expected a number`.
    func integer(_ key: String) throws(ProtocolError) -> Int {
        if case .null = members[key] { throw .schema(path(key), "expected an integer, got null") }
        let value = try number(key)
        guard value.rounded() == value else { throw .schema(path(key), "expected an integer") }
        guard abs(value) <= ProtocolLimits.maxInteger else {
            throw .schema(path(key), "\(value) is beyond ±2^53 (9007199254740992), the largest integer a JSON number holds exactly")
        }
        return Int(value)
    }

    func integerIfPresent(_ key: String) throws(ProtocolError) -> Int? {
        guard present(key) != nil else { return nil }
        return try integer(key)
    }

    // MARK: Strings

    func stringIfPresent(_ key: String) throws(ProtocolError) -> String? {
        guard let value = present(key) else { return nil }
        guard case .string(let text) = value else { throw .schema(path(key), "expected a string") }
        return text
    }

    /// A string enum; the error lists the allowed values.
    func wire<Value: WireEnum>(_ key: String, as _: Value.Type = Value.self) throws(ProtocolError) -> Value {
        switch try required(key) {
        case .string(let raw):
            guard let value = Value(rawValue: raw) else {
                let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
                throw .schema(path(key), "expected one of \(allowed), got \"\(raw)\"")
            }
            return value
        case .null: throw .schema(path(key), "expected a string, got null")
        default: throw .schema(path(key), "expected a string")
        }
    }

    // MARK: Containers

    func object(_ key: String) throws(ProtocolError) -> FieldReader {
        try FieldReader(object: required(key), path: path(key), limits: limits)
    }

    func objectIfPresent(_ key: String) throws(ProtocolError) -> FieldReader? {
        guard present(key) != nil else { return nil }
        return try object(key)
    }

    /// The elements of an array field, each with its path (`pointers[0]`).
    func array(_ key: String) throws(ProtocolError) -> [JSONValue] {
        switch try required(key) {
        case .array(let elements): return elements
        case .null: throw .schema(path(key), "expected an array, got null")
        default: throw .schema(path(key), "expected an array")
        }
    }

    func arrayIfPresent(_ key: String) throws(ProtocolError) -> [JSONValue]? {
        guard present(key) != nil else { return nil }
        return try array(key)
    }

    /// The objects of an array field, read one by one.
    func objects<Element>(
        _ elements: [JSONValue], of key: String, _ read: (FieldReader) throws(ProtocolError) -> Element
    ) throws(ProtocolError) -> [Element] {
        let arrayPath = path(key)
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(try read(FieldReader(object: element, path: "\(arrayPath)[\(index)]", limits: limits)))
        }
        return result
    }
}

// MARK: - The messages

extension ClientMessage {
    /// The typed message of a parsed object whose `type` is `type`.
    static func read(type: String, _ fields: FieldReader) throws(ProtocolError) -> ClientMessage? {
        switch type {
        case "hello": .hello(try Hello(reading: fields))
        case "input": .input(try Input(reading: fields))
        case "advance": .advance(try Advance(reading: fields))
        case "motion": .motion(try Motion(reading: fields))
        case "remote": .remote(try Remote(reading: fields))
        case "resize": .resize(try Viewport(reading: fields))
        case "scene": .scene(try SceneSwitch(reading: fields))
        case "ping": .ping(try Ping(reading: fields))
        case "resync": .resync
        case "mark": .mark(try Mark(reading: fields))
        case "act": .act(try AppActions(reading: fields))
        default: nil
        }
    }
}
