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

    /// The fixture's JSON: for each message type, its fields with whether they are required and
    /// their nested objects' fields.
    package static func fixture(of messages: [WireMessageDeclaration]) -> JSONValue {
        func describe(_ fields: [WireFieldInfo]) -> JSONValue {
            .array(fields.map { field in
                var members: [String: JSONValue] = ["key": .string(field.key), "required": .bool(field.isRequired)]
                if !field.nested.isEmpty { members["fields"] = describe(field.nested) }
                if let embeds = field.embeds { members["message"] = .string(embeds) }
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
