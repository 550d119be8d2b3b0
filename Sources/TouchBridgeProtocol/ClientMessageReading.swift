/// Builds the typed client messages from the parsed `JSONValue`, in one pass and without
/// Foundation's `JSONDecoder`.
///
/// The rules and the error wording are those of the messages' `Decodable` conformances (which
/// remain, for Swift tools): fields are read in the same order, so the first error reported is the
/// same; a missing field is `required field is missing`; a wrong type `expected a number` /
/// `an integer` / `a string` / `an array` / `an object` (`, got null` for null); numbers may be
/// the strings `"NaN"`, `"Infinity"`, `"-Infinity"`. `ClientMessageReadingTests` checks both agree.
struct FieldReader {
    let members: [String: JSONValue]
    /// The object's own path: empty for the message, `viewport`, `pointers[1]`.
    let path: String

    init(members: [String: JSONValue], path: String) {
        self.members = members
        self.path = path
    }

    init(object value: JSONValue, path: String) throws(ProtocolError) {
        switch value {
        case .object(let members): self.init(members: members, path: path)
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
        try FieldReader(object: required(key), path: path(key))
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
            result.append(try read(FieldReader(object: element, path: "\(arrayPath)[\(index)]")))
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

extension Hello {
    init(reading fields: FieldReader) throws(ProtocolError) {
        let protocolVersion = try fields.integer("protocol")
        let role: Role = try fields.wire("role")
        let scene = try fields.members["scene"].flatMap { value throws(ProtocolError) -> SceneRequest? in
            if case .null = value { return nil }
            return try SceneRequest(reading: value, path: fields.path("scene"))
        }
        let session = try fields.stringIfPresent("session")
        let viewport = try Viewport(reading: fields.object("viewport"))
        let clock: ClockMode = try fields.wire("clock")
        let t = try fields.numberIfPresent("t")
        self.init(
            role: role, scene: scene, session: session, viewport: viewport, clock: clock, t: t,
            client: try fields.stringIfPresent("client"), protocolVersion: protocolVersion)
        log = try fields.stringIfPresent("log").map { _ throws(ProtocolError) in try fields.wire("log") }
    }
}

extension Viewport {
    init(reading fields: FieldReader) throws(ProtocolError) {
        let width = try fields.number("width")
        let height = try fields.number("height")
        let scale = try fields.number("scale")
        let safeArea = try fields.objectIfPresent("safeArea").map { insets throws(ProtocolError) in
            SafeAreaInsets(top: try insets.number("top"), left: try insets.number("left"),
                           bottom: try insets.number("bottom"), right: try insets.number("right"))
        }
        self.init(width: width, height: height, scale: scale, safeArea: safeArea)
    }
}

extension SceneRequest {
    init(reading value: JSONValue, path: String) throws(ProtocolError) {
        switch value {
        case .string(let name): self = .named(name)
        case .object: self = .inline(value)
        default: throw .schema(path, "expected a scene name or an inline scene object")
        }
    }
}

extension Input {
    init(reading fields: FieldReader) throws(ProtocolError) {
        let seq = try fields.integer("seq")
        let pointers = try fields.objects(fields.array("pointers"), of: "pointers") { fields throws(ProtocolError) in
            try Pointer(reading: fields)
        }
        self.init(seq: seq, pointers: pointers)
    }
}

extension Pointer {
    init(reading fields: FieldReader) throws(ProtocolError) {
        let id = try fields.integer("id")
        let phase: PointerPhase = try fields.wire("phase")
        let x = try fields.nonFiniteNumber("x")
        let y = try fields.nonFiniteNumber("y")
        let t = try fields.nonFiniteNumber("t")
        let pressure = try fields.numberIfPresent("pressure")
        let width = try fields.numberIfPresent("width")
        let height = try fields.numberIfPresent("height")
        let pointerType: PointerType = try fields.wire("pointerType")
        let coalesced = try fields.arrayIfPresent("coalesced").map { elements throws(ProtocolError) in
            try fields.objects(elements, of: "coalesced") { fields throws(ProtocolError) in try PointerSample(reading: fields) }
        }
        self.init(
            id: id, phase: phase, x: x, y: y, t: t, pointerType: pointerType, pressure: pressure, width: width, height: height,
            coalesced: coalesced)
    }
}

extension PointerSample {
    init(reading fields: FieldReader) throws(ProtocolError) {
        let x = try fields.nonFiniteNumber("x")
        let y = try fields.nonFiniteNumber("y")
        self.init(x: x, y: y, t: try fields.nonFiniteNumber("t"))
    }
}

extension AppActions {
    init(reading fields: FieldReader) throws(ProtocolError) {
        let t = try fields.number("t")
        let seq = try fields.integerIfPresent("seq")
        self.init(t: t, seq: seq, actions: try fields.array("actions"))
    }
}

extension Advance {
    init(reading fields: FieldReader) throws(ProtocolError) {
        let t = try fields.number("t")
        self.init(t: t, seq: try fields.integerIfPresent("seq"))
    }
}

extension Motion {
    init(reading fields: FieldReader) throws(ProtocolError) {
        let phase: MotionPhase = try fields.wire("phase")
        let t = try fields.number("t")
        self.init(phase: phase, t: t, seq: try fields.integerIfPresent("seq"))
    }
}

extension Remote {
    init(reading fields: FieldReader) throws(ProtocolError) {
        let command: RemoteCommand = try fields.wire("command")
        let t = try fields.number("t")
        self.init(command: command, t: t, seq: try fields.integerIfPresent("seq"))
    }
}

extension SceneSwitch {
    init(reading fields: FieldReader) throws(ProtocolError) {
        guard let value = fields.members["scene"] else { throw .schema(fields.path("scene"), "required field is missing") }
        self.init(scene: try SceneRequest(reading: value, path: fields.path("scene")))
    }
}

extension Ping {
    init(reading fields: FieldReader) throws(ProtocolError) {
        self.init(id: try fields.integer("id"))
    }
}

extension Mark {
    init(reading fields: FieldReader) throws(ProtocolError) {
        let note = try fields.stringIfPresent("note")
        self.init(note: note, t: try fields.numberIfPresent("t"))
    }
}
