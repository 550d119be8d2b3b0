import Foundation

/// A JSON object of the protocol — a client message or a part of one — declared once, as the table
/// of its fields (`wireFields`). The table is the message's reader (`init(reading:)`, the one the
/// server decodes with), its writer (`Encodable`), its `Decodable` conformance (for Swift tools) and
/// the field table of docs/protocol.md (`WireDocumentation`, checked by `ProtocolDocumentTests`);
/// adding a field is one line of the table.
public protocol WireObject: Codable, Equatable, Sendable {
    /// The fields, in reading order: the first error reported is that of the first wrong field in
    /// this order (clients rely on the order, so a new field goes where its check belongs).
    static var wireFields: [WireField<Self>] { get }
    /// The value the reader starts from before every field sets its own: no value of it is ever
    /// sent, since every field's reader sets or checks its property.
    static var wireBlank: Self { get }
}

/// One field of a `WireObject`: its key on the wire, how it is read and written, and what the
/// protocol document says of it.
public struct WireField<Object>: Sendable {
    /// The key on the wire.
    public let key: String
    /// Whether a message without the field (or with `null`) is refused.
    public let isRequired: Bool
    /// What the protocol document's table says the field holds (`integer`, `"down"` \| `"up"` …).
    public let documentedType: String
    /// What the protocol document's table says the field means.
    public let meaning: String
    /// A nested object's own fields (an array's elements'); empty for other fields.
    public let nested: [WireFieldInfo]
    /// Whether the document lists the nested fields under this one (`pointers[i].id`) rather than
    /// describing the object in `meaning`.
    public let documentsNested: Bool
    let read: @Sendable (FieldReader, inout Object) throws(ProtocolError) -> Void
    /// The field's value on the wire; nil leaves the key out.
    let write: @Sendable (Object) -> JSONValue?
}

extension WireField {
    /// The field with a check of the object run right after the field is read, before the next
    /// field is (so the first error stays the first wrong field's); the check may use the limits in
    /// force.
    func checked(_ check: @escaping @Sendable (Object, ProtocolLimits) throws(ProtocolError) -> Void) -> Self {
        let read = self.read
        return Self(key: key, isRequired: isRequired, documentedType: documentedType, meaning: meaning, nested: nested,
                    documentsNested: documentsNested,
                    read: { fields, object throws(ProtocolError) in
                        try read(fields, &object)
                        try check(object, fields.limits)
                    },
                    write: write)
    }

    /// What the field is, without how it is read: for documents and fixtures.
    public var info: WireFieldInfo {
        WireFieldInfo(key: key, isRequired: isRequired, documentedType: documentedType, meaning: meaning, nested: nested,
                      documentsNested: documentsNested)
    }
}

/// A field's description, whatever object it belongs to (`WireField.info`).
public struct WireFieldInfo: Equatable, Sendable {
    /// The key on the wire.
    public var key: String
    /// Whether it must be present (and not `null`).
    public var isRequired: Bool
    /// What the document says it holds.
    public var documentedType: String
    /// What the document says it means.
    public var meaning: String
    /// A nested object's fields.
    public var nested: [WireFieldInfo]
    /// Whether the document lists `nested` under the field.
    public var documentsNested: Bool
    /// The server message type whose encoded messages the field embeds (`step.renders` holds `render`s).
    public var embeds: String? = nil
    /// Whether `null` is one of its values (a required `parent` is `null` for a window; an optional
    /// property set to `null` went back to none).
    public var isNullable = false
    /// For an object of several kinds (`render.ops`' operations): the key that says which (`op`), and
    /// each kind's own fields (`WireTagged`); `nested` is empty then.
    package var tagged: WireTaggedInfo? = nil
    /// For a field holding compact arrays (a drawing command's `path`): their kinds, each with its
    /// tag and numbers (`WireTuple`).
    package var elements: WireTupleInfo? = nil
}

/// A coding key of any name: what the `WireObject` tables encode and decode with.
struct WireKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension WireObject {
    /// Reads the object field by field, in the table's order. (By index: a `for field in` loop
    /// copies each field whole, retaining its strings and both closures, a tenth of the message's
    /// decoding cost; the subscript reads only the reader.)
    init(reading fields: FieldReader) throws(ProtocolError) {
        var value = Self.wireBlank
        let table = Self.wireFields
        for index in table.indices { try table[index].read(fields, &value) }
        self = value
    }

    /// The object's members as they go on the wire (absent optionals left out).
    var wireValue: JSONValue {
        var members: [String: JSONValue] = [:]
        for field in Self.wireFields {
            if let value = field.write(self) { members[field.key] = value }
        }
        return .object(members)
    }

    /// Encodes the table's fields (sorted by `WireJSON`'s encoder, like every message).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: WireKey.self)
        for field in Self.wireFields {
            if let value = field.write(self) { try container.encode(value, forKey: WireKey(field.key)) }
        }
    }

    /// Decodes with the table's reader: the rules and error wording of the server's own decoding.
    public init(from decoder: Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            self = try Self(reading: FieldReader(object: value, path: ""))
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }
}
