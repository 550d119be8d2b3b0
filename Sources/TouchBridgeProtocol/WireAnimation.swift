/// A running property animation of a view (`UIView.animate`), in a view's `animations` render
/// property: the view's props are model values, and a client draws
/// `model + (from − to) · (1 − curve(progress))` for each one (docs/protocol.md §5.2).
public struct WireAnimation: Codable, Equatable, Sendable {
    /// The `animate` call (several properties and views can share it).
    public var id: Int
    /// `center`, `bounds`, `transform`, `alpha` or `backgroundColor` (its RGBA components, 0…1).
    public var property: String
    /// The presentation value at the start, in the property's components (`center` `[x, y]`, `transform` six
    /// numbers…).
    public var from: [Double]
    /// The model value the animation ends at, in the same components as `from`.
    public var to: [Double]
    /// Engine time (ms) the movement starts, the delay already added; `render.t` says what engine
    /// time the message was made at.
    public var begin: Double
    /// Milliseconds from `begin` to the end of one pass.
    public var duration: Double
    /// `linear`, `easeIn`, `easeOut`, `easeInOut`, `spring` (with `damping` and `velocity`) or `bezier`
    /// (with `controlPoints`).
    public var curve: String
    /// Bézier curves: x1, y1, x2, y2 (`CAMediaTimingFunction`'s control points, or the piece of a curve a
    /// property animator resumes on).
    public var controlPoints: [Double]?
    /// Spring curves: the damping ratio (`usingSpringWithDamping`).
    public var damping: Double?
    /// Spring curves: the initial velocity (`initialSpringVelocity`).
    public var velocity: Double?
    /// `.autoreverse`: each pass runs forward then back.
    public var autoreverses: Bool
    /// `.repeat`: the animation runs until it is interrupted.
    public var repeats: Bool
    /// A property animator's eased fraction at `begin` (absent: 0).
    public var startValue: Double?
    /// A property animator's eased fraction at the end of the pass (absent: 1; 0 when reversed).
    public var endValue: Double?
    /// A block added to a running property animator: the eased fraction it moves from (absent: 0).
    public var joinedAt: Double?
    /// A layer's `CABasicAnimation` that is not additive: draw from + (to − from)·eased in place of the
    /// value so far (absent: false, an additive offset).
    public var absolute: Bool?
    /// A `CAKeyframeAnimation`: its values (draw them at the eased fraction, `keyTimes` apart, instead of
    /// `from`…`to`); absent for other animations.
    public var keyframes: [[Double]]?
    /// When each keyframe is reached, 0…1, one per keyframe.
    public var keyTimes: [Double]?
    /// Keyframes hold each value until the next key time (absent: false, linear between them).
    public var discrete: Bool?
    /// One Bézier (x1, y1, x2, y2) per keyframe segment; absent: linear segments.
    public var segmentCurves: [[Double]]?
    /// A finite `repeatCount` above 1: the passes it runs (absent: one, or for ever with `repeats`).
    public var passes: Double?
    /// An animation of a sublayer of the view's layer (absent: of the view's own properties).
    public var sublayer: WireSublayer?

    /// An animation of one property of one view.
    public init(
        id: Int, property: String, from: [Double], to: [Double], begin: Double, duration: Double, curve: String,
        damping: Double? = nil, velocity: Double? = nil, autoreverses: Bool = false, repeats: Bool = false,
        controlPoints: [Double]? = nil, startValue: Double? = nil, endValue: Double? = nil, joinedAt: Double? = nil,
        absolute: Bool? = nil
    ) {
        self.absolute = absolute
        self.controlPoints = controlPoints
        self.startValue = startValue
        self.endValue = endValue
        self.joinedAt = joinedAt
        self.id = id
        self.property = property
        self.from = from
        self.to = to
        self.begin = begin
        self.duration = duration
        self.curve = curve
        self.damping = damping
        self.velocity = velocity
        self.autoreverses = autoreverses
        self.repeats = repeats
    }
}

/// An animated sublayer of a view's layer (docs/protocol.md §5.2): which commands of the view's display
/// list it drew, at its model values, and what the page needs to draw them at the presentation values.
public struct WireSublayer: Codable, Equatable, Sendable {
    /// `[first, count]`: the display-list commands the sublayer drew (its own sublayers' included).
    public var commands: [Int]
    /// The superlayer's coordinates to the view's bounds (a b c d tx ty).
    public var parent: [Double]
    /// The model `position`, in the superlayer's coordinates.
    public var position: [Double]
    /// The model `transform` (a b c d tx ty).
    public var transform: [Double]
    /// The layer's own opacity the commands were drawn with.
    public var opacity: Double
    /// A shape layer's model `strokeStart` and `strokeEnd`, when the trim animates.
    public var stroke: [Double]?
    /// The display-list index of the stroke to trim again.
    public var strokeCommand: Int?
    /// The untrimmed stroke, in the view's coordinates.
    public var strokePath: [DisplayPathElement]?

    /// A sublayer's drawing and geometry.
    public init(commands: [Int], parent: [Double], position: [Double], transform: [Double], opacity: Double,
                stroke: [Double]? = nil, strokeCommand: Int? = nil, strokePath: [DisplayPathElement]? = nil) {
        self.commands = commands
        self.parent = parent
        self.position = position
        self.transform = transform
        self.opacity = opacity
        self.stroke = stroke
        self.strokeCommand = strokeCommand
        self.strokePath = strokePath
    }
}
