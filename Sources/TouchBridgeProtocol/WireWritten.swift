/// An object the server writes — a server message or a part of one — declared once, as the table of
/// its fields (`writtenFields`): the writing direction of `WireObject`. The table is the writer of the
/// cold messages (`welcome`, `error`, `pong`, the stepping and analysis replies: `wireText`), the field
/// table of docs/protocol.md §5 and the shared fixture Tests/fixtures/protocol/server-messages.json
/// (`WireDocumentation`, checked by `ProtocolDeclarationTests`).
///
/// The hot messages, `render` and `events` (written per frame), are declared the same way but keep
/// their specialized writers (`ServerMessageWriting.swift`) for speed: `ServerDeclarationTests` makes
/// the declaration their authority by checking that the specialized writer writes exactly what the
/// table writes, over many generated values with every optional field present and absent.
package protocol WireWritten: WireValue {
    /// The fields, in the order the document lists them (the wire has them in sorted key order).
    static var writtenFields: [WrittenField<Self>] { get }
}

/// A value the server's writers know how to put on the wire, with the type the document gives it.
package protocol WireValue: Sendable {
    /// Writes the value.
    func write(to writer: inout JSONWriter)
    /// What the protocol document's table says a field of this type holds.
    static var documentedType: String { get }
    /// Whether `null` is one of its values (`Nullable`).
    static var isNullable: Bool { get }
    /// The kinds of compact array it is or holds (`WireTuple`: a path, its elements'); nil for others.
    static var tupleInfo: WireTupleInfo? { get }
}

extension WireValue {
    /// Most values are never `null`.
    package static var isNullable: Bool { false }
    /// Most values are no compact arrays.
    package static var tupleInfo: WireTupleInfo? { nil }
}

/// One field of a `WireWritten` object: its key, what the document says of it, and its writer.
package struct WrittenField<Object>: Sendable {
    /// The key, whether it is always sent, its documented type and meaning, its nested fields.
    package var info: WireFieldInfo
    /// Writes the key and the value when the object has one (`first`: no comma before it).
    let write: @Sendable (Object, inout JSONWriter, inout Bool) -> Void
}

extension WireWritten {
    /// Writes the object's fields in sorted key order (as every server message is written), with
    /// `tag` among them when given (a message's `type`, an operation's `op`).
    func writeFields(to writer: inout JSONWriter, tag: (key: String, value: String)?) {
        var fields = Self.writtenFields.map { field in (key: field.info.key, write: Optional(field.write)) }
        if let tag { fields.append((key: tag.key, write: nil)) }
        fields.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        var first = true
        writer.byte(UInt8(ascii: "{"))
        for field in fields {
            if let write = field.write {
                write(self, &writer, &first)
            } else if let tag {
                writer.member(field.key, first: &first)
                writer.string(tag.value)
            }
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// Writes the object as a nested value.
    package func write(to writer: inout JSONWriter) { writeFields(to: &writer, tag: nil) }

    /// A nested object is documented as one.
    package static var documentedType: String { "object" }

    /// The object's JSON text, sorted and compact.
    package var wireText: String {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.text
    }

}

/// A server message: the `type` it is sent as, and its fields besides `type` (`writtenFields`).
package protocol WireMessage: WireWritten {
    /// The `type` field's value.
    static var messageType: String { get }
}

extension WireMessage {
    /// The message's JSON text, sorted and compact: its declaration's writer.
    package var messageText: String {
        var writer = JSONWriter()
        writeFields(to: &writer, tag: (key: "type", value: Self.messageType))
        return writer.text
    }
}

extension JSONWriter {
    /// Writes `"key":`, preceded by a comma unless it is the first member.
    mutating func member(_ key: String, first: inout Bool) {
        if !first { byte(UInt8(ascii: ",")) }
        first = false
        string(key)
        byte(UInt8(ascii: ":"))
    }
}
