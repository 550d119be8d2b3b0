/// The field tables of docs/protocol.md and the shared fixture of the client messages' fields
/// (Tests/fixtures/protocol/client-messages.json, which the page's Node tests read), both made from
/// the messages' `WireObject` declarations, so neither can say a field is what the code does not
/// read (`ProtocolDeclarationTests` checks both against the declarations).
package enum WireDocumentation {
    /// One row of a field table.
    package struct Row: Equatable, Sendable {
        /// The field's key, with its parent's for a nested one (`pointers[i].id`).
        package var field: String
        /// What the field holds, `*optional*` first for an optional one.
        package var type: String
        /// What it means.
        package var meaning: String

        /// The row's Markdown.
        package var markdown: String { "| `\(field)` | \(type) | \(meaning) |" }
    }

    /// The rows of `fields`, in reading order, each followed by the rows of its nested fields when
    /// the document lists them (`pointers[i].id` for an array's elements, `thresholds.panHysteresisPt`
    /// for an object's).
    package static func rows(of fields: [WireFieldInfo], prefix: String = "") -> [Row] {
        fields.flatMap { field in
            [Row(field: prefix + field.key, type: (field.isRequired ? "" : "*optional* ") + field.documentedType, meaning: field.meaning)]
                + (field.documentsNested
                    ? rows(of: field.nested, prefix: prefix + field.key + (field.documentedType.hasPrefix("array") ? "[i]." : ".")) : [])
        }
    }

    /// The Markdown table of `fields`, as docs/protocol.md holds it.
    package static func table(of fields: [WireFieldInfo]) -> String {
        (["| Field | Type | Meaning |", "|---|---|---|"] + rows(of: fields).map(\.markdown)).joined(separator: "\n")
    }

    /// The Markdown table of an object of several kinds (`render.ops`): each kind's row with its
    /// meaning, then its fields' rows.
    package static func table(of tagged: WireTaggedInfo) -> String {
        let rows = tagged.variants.flatMap { variant in
            ["| `\(variant.tag)` | | | \(variant.meaning) |"]
                + self.rows(of: variant.fields).map { "| | `\($0.field)` | \($0.type) | \($0.meaning) |" }
        }
        return (["| `\(tagged.key)` | Field | Type | Meaning |", "|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// The Markdown table of the kinds of a compact array (a path's elements): each kind as it is
    /// written with its meaning, then a row per number.
    package static func table(of tuple: WireTupleInfo) -> String {
        let rows = tuple.variants.flatMap { variant in
            ["| `\(variant.pattern)` | | \(variant.meaning) |"] + variant.fields.map { "| | `\($0.key)` | \($0.meaning) |" }
        }
        return (["| Element | Number | Meaning |", "|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// The Markdown table of the kinds of an object (the event log's entries): each kind with the
    /// fields only some kinds have (`*optional*` marks one a kind may leave out) and its meaning.
    package static func kindsTable(of tagged: WireTaggedInfo) -> String {
        let everyKinds = tagged.variants.map { Set($0.fields.map(\.key)) }.reduce(nil) { (all: Set<String>?, keys) in all?.intersection(keys) ?? keys } ?? []
        let rows = tagged.variants.map { variant in
            let fields = variant.fields.filter { !everyKinds.contains($0.key) }
                .map { "`\($0.key)`" + ($0.isRequired ? "" : " (*optional*)") }.joined(separator: ", ")
            return "| `\(variant.tag)` | \(fields) | \(variant.meaning) |"
        }
        return (["| `\(tagged.key)` | Fields | Meaning |", "|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// The Markdown table of an object's properties with what a client assumes for one not sent:
    /// `defaults` (the object with every property at its default, as its declaration writes it).
    package static func table(of fields: [WireFieldInfo], defaults: JSONValue) -> String {
        let rows = rows(of: fields).map { row in
            let value = defaults[row.field]
            let shown = value.map { $0 == .null ? "none" : "`\(WireJSON.text($0))`" } ?? ""
            return "| `\(row.field)` | \(row.type) | \(shown) | \(row.meaning) |"
        }
        return (["| Key | Type | Default | Meaning |", "|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// The fixture's JSON: for each message type, its fields with whether they are required and
    /// their nested objects' fields.
    package static func fixture(of messages: [WireMessageDeclaration]) -> JSONValue {
        func describe(_ fields: [WireFieldInfo]) -> JSONValue {
            .array(fields.map { field in
                var members: [String: JSONValue] = ["key": .string(field.key), "required": .bool(field.isRequired)]
                if !field.nested.isEmpty { members["fields"] = describe(field.nested) }
                if let embeds = field.embeds { members["message"] = .string(embeds) }
                if field.isNullable { members["nullable"] = .bool(true) }
                if let tagged = field.tagged {
                    members["tag"] = .string(tagged.key)
                    members["variants"] = .object(Dictionary(uniqueKeysWithValues: tagged.variants.map { ($0.tag, describe($0.fields)) }))
                }
                if let elements = field.elements {
                    members["elements"] = .object(Dictionary(uniqueKeysWithValues: elements.variants.map { variant in
                        (variant.tag, JSONValue.array(variant.fields.map { .string($0.key) }))
                    }))
                }
                return .object(members)
            })
        }
        return .object([
            "description": .string("The fields of every client message (session and stepping), from the Swift declarations (WireObject); regenerate with TOUCHBRIDGE_WRITE_FIXTURES=1 swift test --filter ProtocolDeclarationTests."),
            "messages": .object(Dictionary(uniqueKeysWithValues: messages.map { ($0.type, describe($0.fields)) })),
        ])
    }

    /// A string enum's values as the document writes them: `"down"` \| `"up"`.
    static func alternatives<Value: WireEnum>(_: Value.Type) -> String {
        Value.allCases.map { "`\"\($0.rawValue)\"`" }.joined(separator: " \\| ")
    }
}

/// A message type and its declared fields.
package struct WireMessageDeclaration: Equatable, Sendable {
    /// The `type` field's value.
    package var type: String
    /// Its fields besides `type`, in reading order.
    package var fields: [WireFieldInfo]

    /// The declaration of the messages of `type` whose body is `Body`.
    init<Body: WireObject>(_ type: String, _: Body.Type) {
        self.type = type
        fields = Body.wireFields.map(\.info)
    }

    /// A message with no field but `type`.
    init(_ type: String) {
        self.type = type
        fields = []
    }
}

extension ClientMessage {
    /// Every session message a client may send, with its declared fields (docs/protocol.md §4).
    package static let declarations: [WireMessageDeclaration] = [
        WireMessageDeclaration("hello", Hello.self), WireMessageDeclaration("input", Input.self),
        WireMessageDeclaration("advance", Advance.self), WireMessageDeclaration("motion", Motion.self),
        WireMessageDeclaration("remote", Remote.self), WireMessageDeclaration("resize", Viewport.self),
        WireMessageDeclaration("scene", SceneSwitch.self), WireMessageDeclaration("ping", Ping.self),
        WireMessageDeclaration("resync"), WireMessageDeclaration("mark", Mark.self), WireMessageDeclaration("act", AppActions.self),
    ]
}
