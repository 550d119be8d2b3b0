/// The kinds of field a `WireObject` table declares, each with the reader rule of `FieldReader`, its
/// writer and its documented type. `type:` overrides the documented type where the document says
/// more (`integer ≥ 0`).
extension WireField {
    typealias Path<Value> = WritableKeyPath<Object, Value> & Sendable

    /// A required number.
    static func number(_ key: String, _ path: Path<Double>, type: String = "number", _ meaning: String) -> Self {
        Self(key: key, isRequired: true, documentedType: type, meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in object[keyPath: path] = try fields.number(key) },
             write: { .number($0[keyPath: path]) })
    }

    /// A required number that may be `null` or a non-finite string: it reads as NaN, which
    /// validation then refuses with `non-finite-value` (what `JSON.stringify` makes of NaN).
    static func nonFinite(_ key: String, _ path: Path<Double>, type: String = "number", _ meaning: String) -> Self {
        Self(key: key, isRequired: true, documentedType: type, meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in object[keyPath: path] = try fields.nonFiniteNumber(key) },
             write: { .number($0[keyPath: path]) })
    }

    /// An optional number.
    static func number(_ key: String, _ path: Path<Double?>, type: String = "number", _ meaning: String) -> Self {
        Self(key: key, isRequired: false, documentedType: type, meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in object[keyPath: path] = try fields.numberIfPresent(key) },
             write: { $0[keyPath: path].map(JSONValue.number) })
    }

    /// An optional number that keeps the starting value's (`wireBlank`) when absent.
    static func numberOrDefault(_ key: String, _ path: Path<Double>, type: String = "number", _ meaning: String) -> Self {
        Self(key: key, isRequired: false, documentedType: type, meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in
                 if let value = try fields.numberIfPresent(key) { object[keyPath: path] = value }
             },
             write: { .number($0[keyPath: path]) })
    }

    /// An optional integer that keeps the starting value's (`wireBlank`) when absent.
    static func integerOrDefault(_ key: String, _ path: Path<Int>, type: String = "integer", _ meaning: String) -> Self {
        Self(key: key, isRequired: false, documentedType: type, meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in
                 if let value = try fields.integerIfPresent(key) { object[keyPath: path] = value }
             },
             write: { .number(Double($0[keyPath: path])) })
    }

    /// A required integer (within ±2^53).
    static func integer(_ key: String, _ path: Path<Int>, type: String = "integer", _ meaning: String) -> Self {
        Self(key: key, isRequired: true, documentedType: type, meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in object[keyPath: path] = try fields.integer(key) },
             write: { .number(Double($0[keyPath: path])) })
    }

    /// An optional integer.
    static func integer(_ key: String, _ path: Path<Int?>, type: String = "integer", _ meaning: String) -> Self {
        Self(key: key, isRequired: false, documentedType: type, meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in object[keyPath: path] = try fields.integerIfPresent(key) },
             write: { $0[keyPath: path].map { .number(Double($0)) } })
    }

    /// An optional string.
    static func string(_ key: String, _ path: Path<String?>, type: String = "string", _ meaning: String) -> Self {
        Self(key: key, isRequired: false, documentedType: type, meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in object[keyPath: path] = try fields.stringIfPresent(key) },
             write: { $0[keyPath: path].map(JSONValue.string) })
    }

    /// A required string enum; the error lists the allowed values.
    static func wire<Value: WireEnum>(_ key: String, _ path: Path<Value>, _ meaning: String) -> Self {
        Self(key: key, isRequired: true, documentedType: WireDocumentation.alternatives(Value.self), meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in object[keyPath: path] = try fields.wire(key) },
             write: { .string($0[keyPath: path].rawValue) })
    }

    /// An optional string enum: a present value must be a string, then one of the allowed values.
    static func wire<Value: WireEnum>(_ key: String, _ path: Path<Value?>, _ meaning: String) -> Self {
        Self(key: key, isRequired: false, documentedType: WireDocumentation.alternatives(Value.self), meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in
                 object[keyPath: path] = try fields.stringIfPresent(key).map { _ throws(ProtocolError) in try fields.wire(key) }
             },
             write: { $0[keyPath: path].map { .string($0.rawValue) } })
    }

    /// A required object, read by its own table.
    static func object<Value: WireObject>(_ key: String, _ path: Path<Value>, type: String = "object", _ meaning: String) -> Self {
        Self(key: key, isRequired: true, documentedType: type, meaning: meaning, nested: Value.wireFields.map(\.info), documentsNested: false,
             read: { fields, object throws(ProtocolError) in object[keyPath: path] = try Value(reading: fields.object(key)) },
             write: { $0[keyPath: path].wireValue })
    }

    /// An optional object, read by its own table.
    static func object<Value: WireObject>(_ key: String, _ path: Path<Value?>, type: String = "object", _ meaning: String) -> Self {
        Self(key: key, isRequired: false, documentedType: type, meaning: meaning, nested: Value.wireFields.map(\.info), documentsNested: false,
             read: { fields, object throws(ProtocolError) in
                 object[keyPath: path] = try fields.objectIfPresent(key).map { nested throws(ProtocolError) in try Value(reading: nested) }
             },
             write: { $0[keyPath: path]?.wireValue })
    }

    /// A required array of objects (`pointers[1]` in error paths); the document lists the elements'
    /// fields under this one.
    static func objects<Value: WireObject>(_ key: String, _ path: Path<[Value]>, type: String = "array", _ meaning: String) -> Self {
        Self(key: key, isRequired: true, documentedType: type, meaning: meaning, nested: Value.wireFields.map(\.info), documentsNested: true,
             read: { fields, object throws(ProtocolError) in
                 object[keyPath: path] = try fields.objects(fields.array(key), of: key) { nested throws(ProtocolError) in try Value(reading: nested) }
             },
             write: { .array($0[keyPath: path].map(\.wireValue)) })
    }

    /// An optional array of objects, described in `meaning`.
    static func objects<Value: WireObject>(_ key: String, _ path: Path<[Value]?>, type: String = "array", _ meaning: String) -> Self {
        Self(key: key, isRequired: false, documentedType: type, meaning: meaning, nested: Value.wireFields.map(\.info), documentsNested: false,
             read: { fields, object throws(ProtocolError) in
                 object[keyPath: path] = try fields.arrayIfPresent(key).map { elements throws(ProtocolError) in
                     try fields.objects(elements, of: key) { nested throws(ProtocolError) in try Value(reading: nested) }
                 }
             },
             write: { $0[keyPath: path].map { .array($0.map(\.wireValue)) } })
    }

    /// A required array of any JSON values, kept as they are.
    static func array(_ key: String, _ path: Path<[JSONValue]>, type: String = "array", _ meaning: String) -> Self {
        Self(key: key, isRequired: true, documentedType: type, meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in object[keyPath: path] = try fields.array(key) },
             write: { .array($0[keyPath: path]) })
    }

    /// A field of its own kind (a scene name or an inline scene, a list of changes): its reader gets
    /// the object's reader and reads the field itself.
    static func custom<Value: Sendable>(
        _ key: String, _ path: Path<Value>, required: Bool, type: String, _ meaning: String,
        read: @escaping @Sendable (FieldReader) throws(ProtocolError) -> Value,
        write: @escaping @Sendable (Value) -> JSONValue?
    ) -> Self {
        Self(key: key, isRequired: required, documentedType: type, meaning: meaning, nested: [], documentsNested: false,
             read: { fields, object throws(ProtocolError) in object[keyPath: path] = try read(fields) },
             write: { write($0[keyPath: path]) })
    }
}
