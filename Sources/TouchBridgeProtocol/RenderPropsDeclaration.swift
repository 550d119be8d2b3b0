/// The declarations of a view's properties on the wire (`RenderProps`, docs/protocol.md §5.2
/// "Properties") and of the objects inside them: a control's look, a stepper's halves, a shadow, a
/// running animation and the sublayer it moves. They make the document's table (with each property's
/// default) and the fixture; `ServerDeclarationTests` holds the render writer to them byte for byte.
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
        .objects("animations", \.animations, listed: true, "Running `UIView.animate` animations of this view. The other props are **model** values (what hit-testing uses); draw `model + (from − to) · (1 − curve(progress))` summed over the animations of each property (additive, as UIKit since iOS 8). Each is one property's animation (fields below); values as the property's array (`alpha` `[a]`, `backgroundColor` RGBA 0…1). progress = (now − begin) / duration clamped to 0…1 (0 during the delay; with `autoreverses` it goes back to 0 over a second duration; with `repeats` it starts over). Curves: cubic Béziers (0.42,0,1,1), (0,0,0.58,1), (0.42,0,0.58,1); `spring`: 1 − e^(−ζωp)(cos ω_d p + (ζω − v)/ω_d · sin ω_d p) with ζ = damping, ω = 7/ζ, ω_d = ω√(1−ζ²), v = velocity (ζ ≥ 1: 1 − e^(−ωp)(1 + (ω − v)p)). `bezier`: the cubic Bézier (0,0) (x1,y1) (x2,y2) (1,1) (a `CAMediaTimingFunction`, or the rest of a curve a property animator resumes on). A `UIViewPropertyAnimator` adds three optional numbers: eased = `startValue` + (`endValue` − `startValue`) · curve(progress) (absent: 0 and 1, the plain case) replaces curve(progress) above; `duration` 0 holds at `startValue` (a paused animator); `endValue` 0 runs back to the start (reversed); with `joinedAt` j (a block added to a running animator) eased becomes clamp((eased − j) / (1 − j), 0, 1). Core Animation (UIKIT-CA-EXPLICIT, UIKIT-CA-SUBLAYER-DRAWN) adds: `absolute` (true: draw from + (to − from) · eased in place of the value so far); `keyframes` (a `CAKeyframeAnimation`'s values; `from`/`to` are the first and last) with `keyTimes` (one per keyframe, 0…1), `discrete` (true: hold each value until the next key time) and `segmentCurves` (one `[x1,y1,x2,y2]` Bézier per segment; absent: linear) — draw the segment around eased, at its local fraction through its curve; `passes` (a finite `repeatCount` above 1: progress starts over `passes` times, or back and forth with `autoreverses`, then stops where the last, possibly partial, pass ends); and `sublayer`, an animation of a sublayer of the view's layer rather than of the view — the display-list commands it drew at its model values (its own sublayers' included), its superlayer-to-view transform, its model `position` and `transform` and the opacity its commands were drawn with. Its `property` is `position`, `position.x`, `position.y`, `opacity`, `transform`, `transform.scale`, `transform.rotation.z`, `strokeStart` or `strokeEnd`; a client applies that sublayer's animations in order over its model values (a sublayer shows its model before `begin`) and draws its commands through parent · translate(position′) · transform′ · transform⁻¹ · translate(−position) · parent⁻¹ (a nested sublayer's first), with opacity′ / `opacity`, and the stroke `strokeCommand` trimmed to strokeStart′ … strokeEnd′ of `strokePath`'s length (at model `stroke` [0, 0] the command is a single `move`). Sent whole; `[]` when they ended."),
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

extension WireAnimation: WireWritten {
    /// A running animation of one property of one view (or of a sublayer of its layer).
    package static let writtenFields: [WrittenField<WireAnimation>] = [
        .field("id", \.id, "The `animate` call (several properties and views can share it)."),
        .field("property", \.property, "`center`, `bounds`, `transform`, `alpha` or `backgroundColor`; a sublayer's: `position`, `position.x`, `position.y`, `opacity`, `transform`, `transform.scale`, `transform.rotation.z`, `strokeStart` or `strokeEnd`."),
        .field("from", \.from, "The presentation value at the start, in the property's components (`alpha` `[a]`, `backgroundColor` RGBA 0…1)."),
        .field("to", \.to, "The model value it ends at."),
        .field("begin", \.begin, "Engine time (ms) the movement starts, the delay already added."),
        .field("duration", \.duration, "Milliseconds from `begin` to the end of one pass."),
        .field("curve", \.curve, type: "`\"linear\"` \\| `\"easeIn\"` \\| `\"easeOut\"` \\| `\"easeInOut\"` \\| `\"spring\"` \\| `\"bezier\"`", "The timing curve."),
        .field("controlPoints", \.controlPoints, "`bezier`: x1, y1, x2, y2."),
        .field("damping", \.damping, "`spring`: the damping ratio."),
        .field("velocity", \.velocity, "`spring`: the initial velocity."),
        .field("autoreverses", \.autoreverses, "Each pass runs forward then back."),
        .field("repeats", \.repeats, "Runs until interrupted."),
        .field("startValue", \.startValue, "A property animator's eased fraction at `begin` (absent: 0)."),
        .field("endValue", \.endValue, "A property animator's eased fraction at the end of the pass (absent: 1; 0 when reversed)."),
        .field("joinedAt", \.joinedAt, "A block added to a running property animator: the eased fraction it moves from."),
        .field("absolute", \.absolute, "A layer animation that is not additive."),
        .field("keyframes", \.keyframes, "A `CAKeyframeAnimation`'s values."),
        .field("keyTimes", \.keyTimes, "When each keyframe is reached, 0…1."),
        .field("discrete", \.discrete, "Keyframes hold each value until the next key time."),
        .field("segmentCurves", \.segmentCurves, "One Bézier `[x1,y1,x2,y2]` per keyframe segment (absent: linear)."),
        .field("passes", \.passes, "A finite `repeatCount` above 1: the passes it runs."),
        .object("sublayer", \.sublayer, listed: true, "An animation of a sublayer of the view's layer (absent: of the view)."),
    ]
}

extension WireSublayer: WireWritten {
    /// The sublayer an animation moves, with what it drew.
    package static let writtenFields: [WrittenField<WireSublayer>] = [
        .field("commands", \.commands, type: "`[first,count]`", "The display-list commands it drew at its model values (its own sublayers' included)."),
        .field("parent", \.parent, type: "transform", "Its superlayer's coordinates to the view's bounds."),
        .field("position", \.position, type: "point", "Its model `position`, in the superlayer's coordinates."),
        .field("transform", \.transform, "Its model `transform`."),
        .field("opacity", \.opacity, "The opacity its commands were drawn with."),
        .field("stroke", \.stroke, type: "`[start,end]`", "A shape layer's model `strokeStart` and `strokeEnd`, when the trim animates."),
        .field("strokeCommand", \.strokeCommand, "The display-list index of the stroke to trim again."),
        .field("strokePath", \.strokePath, "The untrimmed stroke, in the view's coordinates."),
    ]
}
