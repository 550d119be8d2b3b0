/// A view's visual properties on the wire, as a patch: a nil field is "not in this message".
///
/// `create` carries every property that differs from `RenderProps.defaults`; `set` carries the
/// properties that changed. Geometry is encoded as arrays (`[x,y]`, `[x,y,w,h]`,
/// `[a,b,c,d,tx,ty]`), colours as `#rrggbbaa` (docs/protocol.md §5.2).
public struct RenderProps: Codable, Equatable, Sendable {
    /// `UIView.center` in the superview's points, `[x, y]`: with `bounds` and `transform` it places the view
    /// exactly as UIKit does.
    public var center: [Double]?
    /// `UIView.bounds`, `[x, y, w, h]`; a non-zero origin scrolls the subviews (scroll views).
    public var bounds: [Double]?
    /// `UIView.transform` as `[a, b, c, d, tx, ty]`, applied about the anchor point, which sits at `center`.
    public var transform: [Double]?
    /// The layer's `anchorPoint`, `[x, y]` in unit coordinates of the bounds: the point `center` places
    /// and `transform` turns about (default `[0.5, 0.5]`, the bounds' middle).
    public var anchorPoint: [Double]?
    /// `UIView.alpha`, 0…1; 0 hides the subtree.
    public var alpha: Double?
    /// `UIView.isHidden`: the subtree is not drawn (and, in the engine, not hit-tested).
    public var hidden: Bool?
    /// `UIView.isUserInteractionEnabled`, sent so a client can explain why a view ignored a touch.
    public var userInteractionEnabled: Bool?
    /// `UIView.clipsToBounds`: clip the subviews to the view's box.
    public var clipsToBounds: Bool?
    /// Fill colour `#rrggbbaa`; null for none (transparent).
    public var backgroundColor: Nullable<String>?
    /// The layer's corner radius in points, for the background, border and clip.
    public var cornerRadius: Double?
    /// The layer's border width in points, drawn inside the box.
    public var borderWidth: Double?
    /// Border colour `#rrggbbaa`; null for none.
    public var borderColor: Nullable<String>?
    /// A label's or button's text; null for none.
    public var text: Nullable<String>?
    /// Text colour `#rrggbbaa`; null for the client's default.
    public var textColor: Nullable<String>?
    /// Font size in points; null for the client's default.
    public var fontSize: Nullable<Double>?
    /// Whether the text is bold; null for regular.
    public var fontBold: Nullable<Bool>?
    /// `left`, `center` or `right`; null for the default (left).
    public var textAlignment: Nullable<String>?
    /// An image view's image name, which the page draws from its own assets; null for none.
    public var image: Nullable<String>?
    /// `UIView.contentMode` by its UIKit name; null for `scaleToFill`, the default (UIKIT-VIEW-CONTENT-MODE).
    public var contentMode: Nullable<String>?
    /// `[w, h]` of the content the mode places (an image, or what `draw(_:)` drew then); null: the bounds' size.
    public var contentSize: Nullable<[Double]>?
    /// A control's visible state (highlight, value, on…); null for views that are not controls.
    public var control: Nullable<ControlProps>?
    /// Running animations of the view's properties; empty when none.
    public var animations: [WireAnimation]?
    /// The layer's shadow (`shadowOpacity` above 0 with a colour); null when none.
    public var shadow: Nullable<ShadowProps>?

    /// An empty patch: no property mentioned.
    public init() {}

    /// The values a client assumes for a property `create` does not mention.
    public static let defaults: RenderProps = {
        var props = RenderProps()
        props.center = [0, 0]
        props.bounds = [0, 0, 0, 0]
        props.transform = [1, 0, 0, 1, 0, 0]
        props.anchorPoint = [0.5, 0.5]
        props.alpha = 1
        props.hidden = false
        props.userInteractionEnabled = true
        props.clipsToBounds = false
        props.backgroundColor = .null
        props.cornerRadius = 0
        props.borderWidth = 0
        props.borderColor = .null
        props.text = .null
        props.textColor = .null
        props.fontSize = .null
        props.fontBold = .null
        props.textAlignment = .null
        props.image = .null
        props.contentMode = .null
        props.contentSize = .null
        props.control = .null
        props.animations = []
        props.shadow = .null
        return props
    }()

    /// The fields of `self` that differ from `old` (fields nil in `self` are never included).
    ///
    /// Field by field rather than through key paths: this runs for every view on every engine step.
    public func changes(from old: RenderProps) -> RenderProps {
        var patch = RenderProps()
        if let value = center, value != old.center { patch.center = value }
        if let value = bounds, value != old.bounds { patch.bounds = value }
        if let value = transform, value != old.transform { patch.transform = value }
        if let value = anchorPoint, value != old.anchorPoint { patch.anchorPoint = value }
        if let value = alpha, value != old.alpha { patch.alpha = value }
        if let value = hidden, value != old.hidden { patch.hidden = value }
        if let value = userInteractionEnabled, value != old.userInteractionEnabled { patch.userInteractionEnabled = value }
        if let value = clipsToBounds, value != old.clipsToBounds { patch.clipsToBounds = value }
        if let value = backgroundColor, value != old.backgroundColor { patch.backgroundColor = value }
        if let value = cornerRadius, value != old.cornerRadius { patch.cornerRadius = value }
        if let value = borderWidth, value != old.borderWidth { patch.borderWidth = value }
        if let value = borderColor, value != old.borderColor { patch.borderColor = value }
        if let value = text, value != old.text { patch.text = value }
        if let value = textColor, value != old.textColor { patch.textColor = value }
        if let value = fontSize, value != old.fontSize { patch.fontSize = value }
        if let value = fontBold, value != old.fontBold { patch.fontBold = value }
        if let value = textAlignment, value != old.textAlignment { patch.textAlignment = value }
        if let value = image, value != old.image { patch.image = value }
        if let value = contentMode, value != old.contentMode { patch.contentMode = value }
        if let value = contentSize, value != old.contentSize { patch.contentSize = value }
        if let value = control, value != old.control { patch.control = value }
        if let value = animations, value != old.animations { patch.animations = value }
        if let value = shadow, value != old.shadow { patch.shadow = value }
        return patch
    }

    /// `self` with every field `patch` has replaced (what a client does with `set`).
    public func applying(_ patch: RenderProps) -> RenderProps {
        var result = self
        if let value = patch.center { result.center = value }
        if let value = patch.bounds { result.bounds = value }
        if let value = patch.transform { result.transform = value }
        if let value = patch.anchorPoint { result.anchorPoint = value }
        if let value = patch.alpha { result.alpha = value }
        if let value = patch.hidden { result.hidden = value }
        if let value = patch.userInteractionEnabled { result.userInteractionEnabled = value }
        if let value = patch.clipsToBounds { result.clipsToBounds = value }
        if let value = patch.backgroundColor { result.backgroundColor = value }
        if let value = patch.cornerRadius { result.cornerRadius = value }
        if let value = patch.borderWidth { result.borderWidth = value }
        if let value = patch.borderColor { result.borderColor = value }
        if let value = patch.text { result.text = value }
        if let value = patch.textColor { result.textColor = value }
        if let value = patch.fontSize { result.fontSize = value }
        if let value = patch.fontBold { result.fontBold = value }
        if let value = patch.textAlignment { result.textAlignment = value }
        if let value = patch.image { result.image = value }
        if let value = patch.contentMode { result.contentMode = value }
        if let value = patch.contentSize { result.contentSize = value }
        if let value = patch.control { result.control = value }
        if let value = patch.animations { result.animations = value }
        if let value = patch.shadow { result.shadow = value }
        return result
    }

    /// Whether the patch mentions no property, so the diff can skip a `set` that would change nothing.
    public var isEmpty: Bool {
        center == nil && bounds == nil && transform == nil && anchorPoint == nil && alpha == nil && hidden == nil && userInteractionEnabled == nil
            && clipsToBounds == nil && backgroundColor == nil && cornerRadius == nil && borderWidth == nil && borderColor == nil
            && text == nil && textColor == nil && fontSize == nil && fontBold == nil && textAlignment == nil && image == nil
            && contentMode == nil && contentSize == nil && control == nil && animations == nil && shadow == nil
    }

    enum CodingKeys: String, CodingKey {
        case center, bounds, transform, anchorPoint, alpha, hidden, userInteractionEnabled, clipsToBounds, backgroundColor
        case cornerRadius, borderWidth, borderColor, text, textColor, fontSize, fontBold, textAlignment, image, control, animations, shadow
        case contentMode, contentSize
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        center = try c.decodeIfPresent([Double].self, forKey: .center)
        bounds = try c.decodeIfPresent([Double].self, forKey: .bounds)
        transform = try c.decodeIfPresent([Double].self, forKey: .transform)
        anchorPoint = try c.decodeIfPresent([Double].self, forKey: .anchorPoint)
        alpha = try c.decodeIfPresent(Double.self, forKey: .alpha)
        hidden = try c.decodeIfPresent(Bool.self, forKey: .hidden)
        userInteractionEnabled = try c.decodeIfPresent(Bool.self, forKey: .userInteractionEnabled)
        clipsToBounds = try c.decodeIfPresent(Bool.self, forKey: .clipsToBounds)
        backgroundColor = try c.decodeNullable(String.self, forKey: .backgroundColor)
        cornerRadius = try c.decodeIfPresent(Double.self, forKey: .cornerRadius)
        borderWidth = try c.decodeIfPresent(Double.self, forKey: .borderWidth)
        borderColor = try c.decodeNullable(String.self, forKey: .borderColor)
        text = try c.decodeNullable(String.self, forKey: .text)
        textColor = try c.decodeNullable(String.self, forKey: .textColor)
        fontSize = try c.decodeNullable(Double.self, forKey: .fontSize)
        fontBold = try c.decodeNullable(Bool.self, forKey: .fontBold)
        textAlignment = try c.decodeNullable(String.self, forKey: .textAlignment)
        image = try c.decodeNullable(String.self, forKey: .image)
        contentMode = try c.decodeNullable(String.self, forKey: .contentMode)
        contentSize = try c.decodeNullable([Double].self, forKey: .contentSize)
        control = try c.decodeNullable(ControlProps.self, forKey: .control)
        animations = try c.decodeIfPresent([WireAnimation].self, forKey: .animations)
        shadow = try c.decodeNullable(ShadowProps.self, forKey: .shadow)
    }
}

/// The visible state of a control; always sent whole.
public struct ControlProps: Codable, Equatable, Sendable {
    /// `UIControl.isHighlighted`: a touch is down inside the control.
    public var highlighted: Bool
    /// `UIControl.isEnabled`; a disabled control is drawn dimmed.
    public var enabled: Bool
    /// `UIControl.isSelected`.
    public var selected: Bool
    /// Sliders: the current value.
    public var value: Double?
    /// Sliders: the value at the track's leading end.
    public var minimumValue: Double?
    /// Sliders: the value at the track's trailing end.
    public var maximumValue: Double?
    /// Switches: whether the switch is on.
    public var on: Bool?
    /// Buttons: the title for the current state.
    public var title: String?
    /// The control's `tintColor` (`#rrggbbaa`) when it is not the default system blue; a segmented
    /// control's `selectedSegmentTintColor` when set.
    public var tint: String?
    /// Segmented controls: the segments' titles (or image names), left to right.
    public var segments: [String]?
    /// Segmented controls: the selected segment; absent when none is.
    public var selectedSegment: Int?
    /// Segmented controls: the segment under the tracked touch; absent when none.
    public var highlightedSegment: Int?
    /// Steppers: the halves' state (with `value`, `minimumValue`, `maximumValue`).
    public var stepper: StepperProps?

    /// A control's state; the kind-specific fields stay nil for kinds that lack them.
    public init(
        highlighted: Bool, enabled: Bool, selected: Bool, value: Double? = nil, minimumValue: Double? = nil,
        maximumValue: Double? = nil, on: Bool? = nil, title: String? = nil, tint: String? = nil, segments: [String]? = nil,
        selectedSegment: Int? = nil, highlightedSegment: Int? = nil, stepper: StepperProps? = nil
    ) {
        self.tint = tint
        self.segments = segments
        self.selectedSegment = selectedSegment
        self.highlightedSegment = highlightedSegment
        self.stepper = stepper
        self.highlighted = highlighted
        self.enabled = enabled
        self.selected = selected
        self.value = value
        self.minimumValue = minimumValue
        self.maximumValue = maximumValue
        self.on = on
        self.title = title
    }
}

/// A stepper's halves: which one is pressed (`minus`, `plus`; absent when none) and which can step.
public struct StepperProps: Codable, Equatable, Sendable {
    /// The pressed half, `minus` or `plus`; nil when none.
    public var pressed: String?
    /// Whether the − half can step (the page dims it when not).
    public var canDecrement: Bool
    /// Whether the + half can step.
    public var canIncrement: Bool

    /// A stepper's halves as `UIStepper` reports them.
    public init(pressed: String?, canDecrement: Bool, canIncrement: Bool) {
        self.pressed = pressed
        self.canDecrement = canDecrement
        self.canIncrement = canIncrement
    }
}

/// A layer shadow: colour `#rrggbbaa`, `opacity` 0…1, `offset` `[width, height]` and blur `radius` in points.
public struct ShadowProps: Codable, Equatable, Sendable {
    /// `#rrggbbaa`.
    public var color: String
    /// 0…1 (`CALayer.shadowOpacity`).
    public var opacity: Double
    /// `[width, height]` in points (`CALayer.shadowOffset`).
    public var offset: [Double]
    /// Blur radius in points (`CALayer.shadowRadius`).
    public var radius: Double

    /// A shadow as `CALayer` describes it.
    public init(color: String, opacity: Double, offset: [Double], radius: Double) {
        self.color = color
        self.opacity = opacity
        self.offset = offset
        self.radius = radius
    }
}
