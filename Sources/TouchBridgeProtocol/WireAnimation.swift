/// A running property animation of a view (`UIView.animate`), in a view's `animations` render
/// property: the view's props are model values, and a client draws
/// `model + (from − to) · (1 − curve(progress))` for each one (docs/protocol.md §5.2).
public struct WireAnimation: Codable, Equatable, Sendable {
    /// The `animate` call (several properties and views can share it).
    public var id: Int
    /// `center`, `bounds`, `transform`, `alpha` or `backgroundColor` (its RGBA components, 0…1).
    public var property: String
    public var from: [Double]
    public var to: [Double]
    /// Engine time (ms) the movement starts, the delay already added; `render.t` says what engine
    /// time the message was made at.
    public var begin: Double
    public var duration: Double
    /// `linear`, `easeIn`, `easeOut`, `easeInOut` or `spring` (with `damping` and `velocity`).
    public var curve: String
    public var damping: Double?
    public var velocity: Double?
    public var autoreverses: Bool
    public var repeats: Bool

    public init(
        id: Int, property: String, from: [Double], to: [Double], begin: Double, duration: Double, curve: String,
        damping: Double? = nil, velocity: Double? = nil, autoreverses: Bool = false, repeats: Bool = false
    ) {
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
