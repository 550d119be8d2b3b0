/// The declarations of `render.ops` (docs/protocol.md §5.2): each operation's fields, the view
/// properties (`RenderProps`, §5.2 "Properties") and the display list's drawing commands. They make the
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

extension RenderProps: WireWritten {
    /// A view's properties, each sent when it is not at its default (`create`) or changed (`set`).
    package static let writtenFields: [WrittenField<RenderProps>] = [
        .field("center", \.center, type: "point", "Where the view's anchor point sits in its superview's coordinate system (`UIView.center`, the layer's `position`): the centre of the view unless `anchorPoint` moved."),
        .field("bounds", \.bounds, type: "rect", "The view's own coordinate system: origin (non-zero for scrolled scroll views) and size (`UIView.bounds`)."),
        .field("transform", \.transform, type: "transform", "Applied about the anchor point (`UIView.transform`)."),
        .field("anchorPoint", \.anchorPoint, type: "point", "The layer's `anchorPoint`: the point of the box, in unit coordinates (`[0,0]` top-left, `[1,1]` bottom-right), that `center` places and `transform` turns about (UIKIT-LAYER-ANCHOR-POINT)."),
        .field("alpha", \.alpha, type: "number 0…1", "Opacity; multiplies down the subtree."),
        .field("hidden", \.hidden, "Hidden views and their subtrees are not drawn."),
        .field("userInteractionEnabled", \.userInteractionEnabled, "Informational (hit-testing happens on the server)."),
        .field("clipsToBounds", \.clipsToBounds, "Clip subviews to the bounds (and the corner radius)."),
        .field("backgroundColor", \.backgroundColor, type: "colour or null", "Fill of the bounds rectangle (rounded by `cornerRadius`)."),
        .field("cornerRadius", \.cornerRadius, "Corner radius of background, border and clipping."),
        .field("borderWidth", \.borderWidth, "Border drawn inside the bounds."),
        .field("borderColor", \.borderColor, type: "colour or null", "Border colour (no border when null)."),
        .field("text", \.text, "Labels: the text."),
        .field("textColor", \.textColor, type: "colour or null", "Labels: text colour."),
        .field("fontSize", \.fontSize, "Labels: point size (system font)."),
        .field("fontBold", \.fontBold, "Labels: bold."),
        .field("textAlignment", \.textAlignment, type: "`\"left\"` \\| `\"center\"` \\| `\"right\"` or null", "Labels: horizontal alignment."),
        .field("image", \.image, "Image views: an image name; the page maps names to pictures (or draws a placeholder), placed by `contentMode`."),
        .field("contentMode", \.contentMode, "`UIView.contentMode` when not `scaleToFill` (UIKIT-VIEW-CONTENT-MODE): `scaleAspectFit`, `scaleAspectFill`, `redraw`, `center`, `top`, `bottom`, `left`, `right`, `topLeft`, `topRight`, `bottomLeft` or `bottomRight` — where the image and the display list lie in the bounds."),
        .field("contentSize", \.contentSize, type: "`[w,h]` or null", "The size of the content the mode places when it is not the bounds' size: an image view's image (not sent for `scaleToFill` and `redraw`, which stretch it), or the bounds when `draw(_:)` drew the display list. Draw the content's box (0, 0, w, h) into the mode's rectangle: the bounds (`scaleToFill`, `redraw`), scaled by min (`scaleAspectFit`) or max (`scaleAspectFill`) of the two ratios and centred, or unscaled against the middle, an edge or a corner; the display list is clipped to that rectangle (and to the bounds with `clipsToBounds`)."),
        .object("control", \.control, listed: true, "Controls: their look. `tint` is the control's `tintColor` when it is not the default system blue (a segmented control's `selectedSegmentTintColor`, when set); `segments` (a `UISegmentedControl`'s titles, left to right) with the selected and touched segment; `stepper` (a `UIStepper`, with `value` and its range) the pressed half and which halves can step. Always sent whole."),
        .object("shadow", \.shadow, listed: true, "The layer's shadow when `shadowOpacity` > 0, drawn around the background shape (blur ≈ 2 × radius). Always sent whole."),
        .field("animations", \.animations, type: "array", "Running `UIView.animate` animations of this view. The other props are **model** values (what hit-testing uses); draw `model + (from − to) · (1 − curve(progress))` summed over the animations of each property (additive, as UIKit since iOS 8). Each: `{\"id\":int,\"property\":\"center\"\\|\"bounds\"\\|\"transform\"\\|\"alpha\"\\|\"backgroundColor\",\"from\":[…],\"to\":[…],\"begin\":ms,\"duration\":ms,\"curve\":\"linear\"\\|\"easeIn\"\\|\"easeOut\"\\|\"easeInOut\"\\|\"spring\"\\|\"bezier\",\"controlPoints\"?:[x1,y1,x2,y2],\"damping\"?:number,\"velocity\"?:number,\"autoreverses\":bool,\"repeats\":bool,\"startValue\"?:number,\"endValue\"?:number,\"joinedAt\"?:number}`; values as the property's array (`alpha` `[a]`, `backgroundColor` RGBA 0…1). progress = (now − begin) / duration clamped to 0…1 (0 during the delay; with `autoreverses` it goes back to 0 over a second duration; with `repeats` it starts over). Curves: cubic Béziers (0.42,0,1,1), (0,0,0.58,1), (0.42,0,0.58,1); `spring`: 1 − e^(−ζωp)(cos ω_d p + (ζω − v)/ω_d · sin ω_d p) with ζ = damping, ω = 7/ζ, ω_d = ω√(1−ζ²), v = velocity (ζ ≥ 1: 1 − e^(−ωp)(1 + (ω − v)p)). `bezier`: the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) (a `CAMediaTimingFunction`, or the rest of a curve a property animator resumes on). A `UIViewPropertyAnimator` adds three optional numbers: eased = `startValue` + (`endValue` − `startValue`) · curve(progress) (absent: 0 and 1, the plain case) replaces curve(progress) above; `duration` 0 holds at `startValue` (a paused animator); `endValue` 0 runs back to the start (reversed); with `joinedAt` j (a block added to a running animator) eased becomes clamp((eased − j) / (1 − j), 0, 1). Core Animation (UIKIT-CA-EXPLICIT, UIKIT-CA-SUBLAYER-DRAWN) adds: `absolute` (true: draw from + (to − from) · eased in place of the value so far); `keyframes` (a `CAKeyframeAnimation`'s values; `from`/`to` are the first and last) with `keyTimes` (one per keyframe, 0…1), `discrete` (true: hold each value until the next key time) and `segmentCurves` (one `[x1,y1,x2,y2]` Bézier per segment; absent: linear) — draw the segment around eased, at its local fraction through its curve; `passes` (a finite `repeatCount` above 1: progress starts over `passes` times, or back and forth with `autoreverses`, then stops where the last, possibly partial, pass ends); and `sublayer`, an animation of a sublayer of the view's layer rather than of the view: `{\"commands\":[first,count],\"parent\":[a,b,c,d,tx,ty],\"position\":[x,y],\"transform\":[a,b,c,d,tx,ty],\"opacity\":o,\"stroke\"?:[start,end],\"strokeCommand\"?:i,\"strokePath\"?:[…]}` — the display-list commands it drew at its model values (its own sublayers' included), its superlayer-to-view transform, its model `position` and `transform` and the opacity its commands were drawn with. Its `property` is `position`, `position.x`, `position.y`, `opacity`, `transform`, `transform.scale`, `transform.rotation.z`, `strokeStart` or `strokeEnd`; a client applies that sublayer's animations in order over its model values (a sublayer shows its model before `begin`) and draws its commands through parent · translate(position′) · transform′ · transform⁻¹ · translate(−position) · parent⁻¹ (a nested sublayer's first), with opacity′ / `opacity`, and the stroke `strokeCommand` trimmed to strokeStart′ … strokeEnd′ of `strokePath`'s length (at model `stroke` [0, 0] the command is a single `move`). Sent whole; `[]` when they ended."),
    ]
}

extension ControlProps: WireWritten {
    /// A control's look, sent whole.
    package static let writtenFields: [WrittenField<ControlProps>] = [
        .field("highlighted", \.highlighted, "`isHighlighted`: a touch is down inside it."),
        .field("enabled", \.enabled, "`isEnabled`; a disabled control is drawn dimmed."),
        .field("selected", \.selected, "`isSelected`."),
        .field("value", \.value, "Sliders, steppers: the value."),
        .field("minimumValue", \.minimumValue, "Sliders, steppers: the value at the leading end."),
        .field("maximumValue", \.maximumValue, "Sliders, steppers: the value at the trailing end."),
        .field("on", \.on, "Switches: on."),
        .field("title", \.title, "Buttons: the title for the current state."),
        .field("tint", \.tint, type: "colour", "Its tint when not the default."),
        .field("segments", \.segments, "Segmented controls: the segments' titles, left to right."),
        .field("selectedSegment", \.selectedSegment, "Segmented controls: the selected segment."),
        .field("highlightedSegment", \.highlightedSegment, "Segmented controls: the segment under the tracked touch."),
        .object("stepper", \.stepper, listed: true, "Steppers: the halves."),
    ]
}

extension StepperProps: WireWritten {
    /// A stepper's halves.
    package static let writtenFields: [WrittenField<StepperProps>] = [
        .field("pressed", \.pressed, type: "`\"minus\"` \\| `\"plus\"`", "The pressed half (absent: none)."),
        .field("canDecrement", \.canDecrement, "Whether − can step (dimmed when not)."),
        .field("canIncrement", \.canIncrement, "Whether + can step."),
    ]
}

extension ShadowProps: WireWritten {
    /// A layer's shadow, sent whole.
    package static let writtenFields: [WrittenField<ShadowProps>] = [
        .field("color", \.color, type: "colour", "`shadowColor`."),
        .field("opacity", \.opacity, type: "number 0…1", "`shadowOpacity`."),
        .field("offset", \.offset, type: "`[w,h]`", "`shadowOffset`, points."),
        .field("radius", \.radius, "`shadowRadius`, points."),
    ]
}

extension WireAnimation: WireValue {
    /// Written by the specialized render writer (its fields are described in `animations`' meaning).
    package func write(to writer: inout JSONWriter) { writer.write(self) }
    /// An animation object.
    package static var documentedType: String { "object" }
}

extension DisplayCommand: WireTagged {
    /// The command's kind is its `cmd`.
    package static let tagKey = "cmd"

    /// The drawing commands, each with its fields.
    package static let writtenVariants: [WrittenVariant<DisplayCommand>] = [
        WrittenVariant("stroke", "Strokes the path.") { command -> Stroke? in
            guard case .stroke(let path, let color, let lineWidth, let lineCap, let lineJoin) = command else { return nil }
            return Stroke(path: DisplayPath(elements: path), color: color, lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin)
        },
        WrittenVariant("fill", "Fills the path.") { command -> Fill? in
            guard case .fill(let path, let color, let rule) = command else { return nil }
            return Fill(path: DisplayPath(elements: path), color: color, rule: rule)
        },
        WrittenVariant("text", "Text in the system font.") { command -> Text? in
            guard case .text(let text, let at, let fontSize, let color) = command else { return nil }
            return Text(text: text, at: at, fontSize: fontSize, color: color)
        },
    ]

    /// `stroke`'s fields.
    struct Stroke: WireWritten {
        var path: DisplayPath, color: String, lineWidth: Double, lineCap: String, lineJoin: String?
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
        var path: DisplayPath, color: String, rule: String?
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

    /// A command's path: its elements as compact arrays (`DisplayPathElement`).
    struct DisplayPath: WireValue {
        var elements: [DisplayPathElement]
        /// Written by the specialized render writer.
        func write(to writer: inout JSONWriter) { writer.write(elements) }
        /// Documented by the list below the table.
        static var documentedType: String { "array of path elements" }
    }
}
