/// The declarations of `render.ops` (docs/protocol.md §5.2): each operation's fields and the display
/// list's drawing commands (the view properties: RenderPropsDeclaration.swift). They make the
/// document's tables and the fixture; the wire is written by the specialized render writer
/// (`ServerMessageWriting.swift`), which `ServerDeclarationTests` holds to them byte for byte.
extension RenderOp: WireTagged {
    /// The operation's kind is its `op`.
    package static let tagKey = "op"

    /// The operations, each with its fields.
    package static let writtenVariants: [WrittenVariant<RenderOp>] = [
        WrittenVariant("create", "A new view. Parents are always created before their children.") { op -> CreateOp? in
            guard case .create(let id, let parent, let index, let kind, let name, let props) = op else { return nil }
            return CreateOp(id: id, parent: Nullable(parent), index: index, kind: kind, name: name, props: props)
        },
        WrittenVariant("remove", "Remove the view **and its whole subtree** from your tree.") { op -> RemoveOp? in
            guard case .remove(let id) = op else { return nil }
            return RemoveOp(id: id)
        },
        WrittenVariant("move", "Detach the view (with its subtree) from wherever it is and insert it under `parent` at `index`.") { op -> MoveOp? in
            guard case .move(let id, let parent, let index) = op else { return nil }
            return MoveOp(id: id, parent: Nullable(parent), index: index)
        },
        WrittenVariant("set", "Only the changed properties.") { op -> SetOp? in
            guard case .set(let id, let props) = op else { return nil }
            return SetOp(id: id, props: props)
        },
        WrittenVariant("display", "Replace the view's display list (what its `draw(_:)` drew).") { op -> DisplayOp? in
            guard case .display(let id, let list) = op else { return nil }
            return DisplayOp(id: id, displayList: Nullable(list))
        },
    ]

    /// `create`'s fields.
    struct CreateOp: WireWritten {
        var id: Int, parent: Nullable<Int>, index: Int, kind: String, name: String, props: RenderProps
        static let writtenFields: [WrittenField<Self>] = [
            .field("id", \.id, "Unique within the session's current scene."),
            .field("parent", \.parent, "The superview's id, or `null` for a window."),
            .field("index", \.index, "Position among the parent's subviews (or among the windows), 0 = back-most; insert there, shifting later ones."),
            .field("kind", \.kind, "Its class (`UIWindow`, `UIView`, `UIImageView`, `UILabel`, `UIButton`, `UISlider`, `UISwitch`, `UISegmentedControl`, `UIStepper`, `UIScrollView`, or an app-defined class name)."),
            .field("name", \.name, "A stable readable name (the one the event log uses)."),
            .object("props", \.props, type: "properties", "Every property that is not at its default (below)."),
        ]
    }

    /// `remove`'s fields.
    struct RemoveOp: WireWritten {
        var id: Int
        static let writtenFields: [WrittenField<Self>] = [.field("id", \.id, "The view.")]
    }

    /// `move`'s fields.
    struct MoveOp: WireWritten {
        var id: Int, parent: Nullable<Int>, index: Int
        static let writtenFields: [WrittenField<Self>] = [
            .field("id", \.id, "The view."),
            .field("parent", \.parent, "Its new superview, or `null`: it becomes a window."),
            .field("index", \.index, "Its position there, as in `create`."),
        ]
    }

    /// `set`'s fields.
    struct SetOp: WireWritten {
        var id: Int, props: RenderProps
        static let writtenFields: [WrittenField<Self>] = [
            .field("id", \.id, "The view."),
            .object("props", \.props, type: "properties", "The changed properties; one set to `null` went back to none."),
        ]
    }

    /// `display`'s fields.
    struct DisplayOp: WireWritten {
        var id: Int, displayList: Nullable<[DisplayCommand]>
        static let writtenFields: [WrittenField<Self>] = [
            .field("id", \.id, "The view."),
            .tagged("displayList", \.displayList, type: "array of drawing commands or null", "The new display list (below); `null` removes it."),
        ]
    }
}

extension DisplayCommand: WireTagged {
    /// The command's kind is its `cmd`.
    package static let tagKey = "cmd"

    /// The drawing commands, each with its fields.
    package static let writtenVariants: [WrittenVariant<DisplayCommand>] = [
        WrittenVariant("stroke", "Strokes the path.") { command -> Stroke? in
            guard case .stroke(let path, let color, let lineWidth, let lineCap, let lineJoin) = command else { return nil }
            return Stroke(path: path, color: color, lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin)
        },
        WrittenVariant("fill", "Fills the path.") { command -> Fill? in
            guard case .fill(let path, let color, let rule) = command else { return nil }
            return Fill(path: path, color: color, rule: rule)
        },
        WrittenVariant("text", "Text in the system font.") { command -> Text? in
            guard case .text(let text, let at, let fontSize, let color) = command else { return nil }
            return Text(text: text, at: at, fontSize: fontSize, color: color)
        },
    ]

    /// `stroke`'s fields.
    struct Stroke: WireWritten {
        var path: [DisplayPathElement], color: String, lineWidth: Double, lineCap: String, lineJoin: String?
        static let writtenFields: [WrittenField<Self>] = [
            .field("path", \.path, "What to stroke."),
            .field("color", \.color, type: "colour", "The stroke's colour."),
            .field("lineWidth", \.lineWidth, "Points."),
            .field("lineCap", \.lineCap, type: "`\"butt\"` \\| `\"round\"` \\| `\"square\"`", "The line cap."),
            .field("lineJoin", \.lineJoin, type: "`\"round\"` \\| `\"bevel\"`", "Only when it is not the default `\"miter\"`."),
        ]
    }

    /// `fill`'s fields.
    struct Fill: WireWritten {
        var path: [DisplayPathElement], color: String, rule: String?
        static let writtenFields: [WrittenField<Self>] = [
            .field("path", \.path, "What to fill."),
            .field("color", \.color, type: "colour", "The fill's colour."),
            .field("rule", \.rule, type: "`\"evenodd\"`", "Only when it is not the default non-zero winding rule."),
        ]
    }

    /// `text`'s fields.
    struct Text: WireWritten {
        var text: String, at: [Double], fontSize: Double, color: String
        static let writtenFields: [WrittenField<Self>] = [
            .field("text", \.text, "The text."),
            .field("at", \.at, type: "point", "Its **top-left** corner."),
            .field("fontSize", \.fontSize, "Points, system font."),
            .field("color", \.color, type: "colour", "The text's colour."),
        ]
    }
}
