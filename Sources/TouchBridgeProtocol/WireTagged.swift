/// A server object of several kinds told apart by one key (`op` of a render operation, `cmd` of a
/// drawing command), declared as each kind's own fields (`writtenVariants`): the document's table of
/// kinds, the fixture's `variants` (which the page's Node tests check each example against, kind by
/// kind) and a writer that `ServerDeclarationTests` holds the specialized writers to.
package protocol WireTagged: WireValue {
    /// The key whose value names the kind.
    static var tagKey: String { get }
    /// The kinds, in the order the document lists them.
    static var writtenVariants: [WrittenVariant<Self>] { get }
}

/// One kind of a `WireTagged` object: its tag, what it means, and its fields, as a `WireWritten`
/// payload taken out of the object.
package struct WrittenVariant<Object>: Sendable {
    /// The tag's value and the kind's fields (besides the tag).
    package var info: WireVariantInfo
    /// Writes the object with its fields and the tag when it is of this kind; false when it is not.
    let write: @Sendable (Object, inout JSONWriter, _ tagKey: String) -> Bool

    /// The kind `tag`, whose fields are `Payload`'s; `payload` takes them out of an object of this kind
    /// (nil for the other kinds).
    package init<Payload: WireWritten>(_ tag: String, _ meaning: String, _ payload: @escaping @Sendable (Object) -> Payload?) {
        info = WireVariantInfo(tag: tag, meaning: meaning, fields: Payload.writtenFields.map(\.info))
        write = { object, writer, tagKey in
            guard let fields = payload(object) else { return false }
            fields.writeFields(to: &writer, tag: (key: tagKey, value: tag))
            return true
        }
    }
}

/// What a `WireTagged` field is, for documents and fixtures: its tag key and kinds.
package struct WireTaggedInfo: Equatable, Sendable {
    /// The key naming the kind.
    package var key: String
    /// The kinds.
    package var variants: [WireVariantInfo]
}

/// One kind of a tagged object, for documents and fixtures.
package struct WireVariantInfo: Equatable, Sendable {
    /// The tag's value.
    package var tag: String
    /// What an object of this kind is.
    package var meaning: String
    /// Its fields besides the tag.
    package var fields: [WireFieldInfo]
}

extension WireTagged {
    /// Writes the object by the declaration of its kind (the kinds' payloads cover every case, which
    /// `ServerDeclarationTests` checks over generated objects: a case no kind takes writes `null`).
    package func write(to writer: inout JSONWriter) {
        for variant in Self.writtenVariants where variant.write(self, &writer, Self.tagKey) { return }
        writer.null()
    }

    /// A tagged object is documented as one.
    package static var documentedType: String { "object" }

    /// The tag key and each kind's fields.
    static var taggedInfo: WireTaggedInfo { WireTaggedInfo(key: tagKey, variants: writtenVariants.map(\.info)) }
}
