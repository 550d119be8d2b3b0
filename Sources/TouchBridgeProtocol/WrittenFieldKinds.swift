/// The kinds of field a `WireWritten` table declares: a value always sent, one sent when present, a
/// nested object or an array of them (whose own fields the document and the fixture list). `type:`
/// overrides the value's documented type where the document says more.
extension WrittenField {
    typealias Path<Value> = KeyPath<Object, Value> & Sendable

    private init(key: String, isRequired: Bool, type: String, meaning: String, isNullable: Bool, elements: WireTupleInfo?,
                 write: @escaping @Sendable (Object, inout JSONWriter, inout Bool) -> Void) {
        info = WireFieldInfo(key: key, isRequired: isRequired, documentedType: type, meaning: meaning, nested: [], documentsNested: false)
        info.isNullable = isNullable
        info.elements = elements
        self.write = write
    }

    /// A field always sent (`Nullable`: sent as `null` when it has no value).
    static func field<Value: WireValue>(_ key: String, _ path: Path<Value>, type: String = Value.documentedType, _ meaning: String) -> Self {
        Self(key: key, isRequired: true, type: type, meaning: meaning, isNullable: Value.isNullable, elements: Value.tupleInfo) { object, writer, first in
            writer.member(key, first: &first)
            object[keyPath: path].write(to: &writer)
        }
    }

    /// A field sent when the object has it (nil leaves the key out).
    static func field<Value: WireValue>(_ key: String, _ path: Path<Value?>, type: String = Value.documentedType, _ meaning: String) -> Self {
        Self(key: key, isRequired: false, type: type, meaning: meaning, isNullable: Value.isNullable, elements: Value.tupleInfo) { object, writer, first in
            guard let value = object[keyPath: path] else { return }
            writer.member(key, first: &first)
            value.write(to: &writer)
        }
    }

    /// Encoded server messages of type `message` (or one), embedded as they are.
    static func embedded<Value: WireValue>(_ key: String, _ path: Path<Value>, message: String, type: String, _ meaning: String) -> Self {
        var field = field(key, path, type: type, meaning)
        field.info.embeds = message
        return field
    }

    /// A nested object always sent; `listed`: the document lists its fields under this one.
    static func object<Value: WireWritten>(_ key: String, _ path: Path<Value>, type: String = "object", listed: Bool = false,
                                           _ meaning: String) -> Self {
        field(key, path, type: type, meaning).nesting(Value.self, listed: listed)
    }

    /// A nested object sent when present.
    static func object<Value: WireWritten>(_ key: String, _ path: Path<Value?>, type: String = "object", listed: Bool = false,
                                           _ meaning: String) -> Self {
        field(key, path, type: type, meaning).nesting(Value.self, listed: listed)
    }

    /// An array of objects always sent.
    static func objects<Value: WireWritten>(_ key: String, _ path: Path<[Value]>, type: String = "array", listed: Bool = false,
                                            _ meaning: String) -> Self {
        field(key, path, type: type, meaning).nesting(Value.self, listed: listed)
    }

    /// An array of objects sent when present.
    static func objects<Value: WireWritten>(_ key: String, _ path: Path<[Value]?>, type: String = "array", listed: Bool = false,
                                            _ meaning: String) -> Self {
        field(key, path, type: type, meaning).nesting(Value.self, listed: listed)
    }

    /// A nested object or `null`, sent when present (a render property that may go back to none).
    static func object<Value: WireWritten>(_ key: String, _ path: Path<Nullable<Value>?>, type: String = "object or null", listed: Bool = false,
                                           _ meaning: String) -> Self {
        field(key, path, type: type, meaning).nesting(Value.self, listed: listed)
    }

    /// An array of objects of several kinds, always sent; their kinds have a table of their own.
    static func tagged<Value: WireTagged>(_ key: String, _ path: Path<[Value]>, type: String = "array", _ meaning: String) -> Self {
        field(key, path, type: type, meaning).kinds(Value.taggedInfo)
    }

    /// An array of objects of several kinds or `null`, always sent.
    static func tagged<Value: WireTagged>(_ key: String, _ path: Path<Nullable<[Value]>>, type: String, _ meaning: String) -> Self {
        field(key, path, type: type, meaning).kinds(Value.taggedInfo)
    }

    /// The field with the kinds its objects are of, each with its fields (for the document and the
    /// fixture, which the page's tests check each object against by its kind).
    func kinds(_ kinds: WireTaggedInfo) -> Self {
        var field = self
        field.info.tagged = kinds
        return field
    }

    /// The field with the fields of the object it embeds as another module's type encodes it (the
    /// analysis reports, `AnalysisReportDeclaration`), listed under it.
    func describing(_ fields: [WireFieldInfo]) -> Self {
        var field = self
        field.info.nested = fields
        field.info.documentsNested = true
        return field
    }

    /// The field with `Value`'s fields as its nested ones (for the document and the fixture).
    private func nesting<Value: WireWritten>(_: Value.Type, listed: Bool) -> Self {
        var field = self
        field.info.nested = Value.writtenFields.map(\.info)
        field.info.documentsNested = listed
        return field
    }
}

extension Double: WireValue {
    /// Integral values as integers, others in Swift's shortest form (`JSONWriter.number`).
    package func write(to writer: inout JSONWriter) { writer.number(self) }
    /// A JSON number.
    package static var documentedType: String { "number" }
}

extension Int: WireValue {
    /// Written as an integer.
    package func write(to writer: inout JSONWriter) { writer.integer(self) }
    /// A JSON number without a fraction.
    package static var documentedType: String { "integer" }
}

extension String: WireValue {
    /// Written escaped, as `JSONEncoder` writes it.
    package func write(to writer: inout JSONWriter) { writer.string(self) }
    /// A JSON string.
    package static var documentedType: String { "string" }
}

extension Bool: WireValue {
    /// `true` or `false`.
    package func write(to writer: inout JSONWriter) { writer.bool(self) }
    /// A JSON boolean.
    package static var documentedType: String { "boolean" }
}

extension JSONValue: WireValue {
    /// Any JSON, sorted and compact.
    package func write(to writer: inout JSONWriter) { writer.value(self) }
    /// Whatever JSON it holds.
    package static var documentedType: String { "any" }
}

extension Array: WireValue where Element: WireValue {
    /// `[element, …]`.
    package func write(to writer: inout JSONWriter) {
        writer.byte(UInt8(ascii: "["))
        for index in indices {
            if index > startIndex { writer.byte(UInt8(ascii: ",")) }
            self[index].write(to: &writer)
        }
        writer.byte(UInt8(ascii: "]"))
    }

    /// An array of its elements' type.
    package static var documentedType: String { "array of \(Element.documentedType)" }
    /// Its elements' kinds, when they are compact arrays (a path).
    package static var tupleInfo: WireTupleInfo? { Element.tupleInfo }
}

extension WireEnum {
    /// The raw value, a string.
    package func write(to writer: inout JSONWriter) { writer.string(rawValue) }
    /// The allowed values, `"a"` \| `"b"`.
    package static var documentedType: String { WireDocumentation.alternatives(Self.self) }
}

extension Role: WireValue {}
extension ClockMode: WireValue {}
extension TestExportFormat: WireValue {}

extension Nullable: WireValue where Wrapped: WireValue {
    /// `null`, or the value.
    package func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .value(let value): value.write(to: &writer)
        }
    }

    /// The value's type, or null.
    package static var documentedType: String { "\(Wrapped.documentedType) or null" }
    /// `null` is one of its values.
    package static var isNullable: Bool { true }
    /// The value's compact-array kinds, if any.
    package static var tupleInfo: WireTupleInfo? { Wrapped.tupleInfo }
}

/// JSON text already encoded (a message embedded in another, a report encoded by its own type),
/// written as it is.
package struct EncodedJSON: WireValue, Equatable {
    /// The text.
    package var text: String

    /// Embeds `text`, which must be one JSON value.
    package init(_ text: String) { self.text = text }

    /// Appends the text.
    package func write(to writer: inout JSONWriter) { writer.embed(text) }
    /// What the embedded text holds is said by the field's `type:`.
    package static var documentedType: String { "JSON" }
}
