import Foundation

/// Core Animation's layer, as far as touch code and the page need it (UIKIT-LAYER-GEOMETRY).
///
/// A view's own layer (`view.layer`, get-only as in UIKit) is another face of the view: its
/// `position` is the view's `center`, `bounds`, `frame`, `opacity` (alpha), `isHidden`,
/// `masksToBounds` (clipsToBounds), `backgroundColor`, `anchorPoint` and the affine part of `transform`
/// are the view's (UIKIT-LAYER-ANCHOR-POINT). A standalone layer (`CALayer()`, `CAShapeLayer()`) keeps its own values: `frame` is
/// computed from `bounds`, `anchorPoint` and `position` (UIKIT-LAYER-GEOMETRY). Sublayers of a view's layer are
/// drawn by the page above what `draw(_:)` drew, below the view's subviews, clipped to the view's
/// bounds [choose]; layers never receive touches.
open class CALayer {
    /// The view this layer backs (UIKit: the layer's delegate); nil for a standalone layer, and for
    /// a view's layer that app code kept after its view went away.
    var owner: UIView? {
        get { ownerLink?.takeUnretainedValue() }
        set { ownerLink = newValue.map(Unmanaged.passUnretained) }
    }
    /// `owner`'s storage, unretained: the view holds its layer, and a weak reference would give the
    /// view a side table, which makes each of its retains and releases take the runtime's slow
    /// path. It never dangles: only `UIView.layer` sets it, on the layer it makes and keeps, and
    /// the view's `deinit` clears it in case the layer outlives the view, which from then on keeps
    /// its own values, as a standalone layer does.
    private var ownerLink: Unmanaged<UIView>?

    private var ownBounds = CGRect.zero { didSet { noteRenderChange(); implicitAction("bounds", from: oldValue) } }
    private var ownPosition = CGPoint.zero { didSet { noteRenderChange(); implicitAction("position", from: oldValue) } }
    private var ownAnchorPoint = CGPoint(x: 0.5, y: 0.5) { didSet { noteRenderChange() } }
    private var ownOpacity: Float = 1 { didSet { noteRenderChange(); implicitAction("opacity", from: oldValue) } }
    private var ownHidden = false { didSet { noteRenderChange() } }
    private var ownMasksToBounds = false { didSet { noteRenderChange() } }
    private var ownBackgroundColor: CGColor? { didSet { noteRenderChange(); implicitAction("backgroundColor", from: oldValue as Any) } }
    private var ownTransform = CATransform3DIdentity { didSet { noteRenderChange(); implicitAction("transform", from: oldValue) } }

    /// Rounds the background, border and clip (a view's layer: drawn by the page).
    @exclusivity(unchecked) public var cornerRadius: CGFloat = 0 { didSet { noteRenderChange() } }
    /// Border width in points, drawn inside the bounds above the content.
    @exclusivity(unchecked) public var borderWidth: CGFloat = 0 { didSet { noteRenderChange() } }
    /// Border colour; nil draws no border.
    @exclusivity(unchecked) public var borderColor: CGColor? { didSet { noteRenderChange() } }
    /// A view's layer shadow is drawn by the page around the view's background shape; standalone
    /// sublayers keep these values without drawing a shadow [choose].
    @exclusivity(unchecked) public var shadowColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1) { didSet { noteRenderChange() } }
    /// 0 (default) draws no shadow, as in Core Animation.
    @exclusivity(unchecked) public var shadowOpacity: Float = 0 { didSet { noteRenderChange() } }
    /// Core Animation's default (0, −3): a shadow above the layer.
    public var shadowOffset = CGSize(width: 0, height: -3) { didSet { noteRenderChange() } }
    /// Blur radius in points; Core Animation's default 3.
    public var shadowRadius: CGFloat = 3 { didSet { noteRenderChange() } }
    /// Kept for code that sets it; the page shadows the background shape, not this path [choose].
    public var shadowPath: CGPath?
    /// The layer's place on the z axis: among siblings, higher values draw in front, equal values in
    /// sublayer (or subview) order. It changes drawing order only, never which view a touch hits
    /// (UIKIT-EVERYDAY-ZPOSITION).
    public var zPosition: CGFloat = 0 {
        didSet {
            owner?.superview?.noteStructureChange()
            superlayer?.noteRenderChange()
        }
    }
    /// A name for code that finds layers by it; not drawn.
    public var name: String?
    /// Kept for code that sets it; the page draws at the device's own pixel ratio.
    public var contentsScale: CGFloat = 1

    /// The layer's sublayers, back to front; nil when it has none, as in Core Animation.
    @exclusivity(unchecked) public private(set) var sublayers: [CALayer]? { didSet { noteRenderChange() } }
    /// Running block animations of the owning view's properties (`UIView.animate`).
    @exclusivity(unchecked) var propertyAnimations: [PropertyAnimation] = [] { didSet { noteRenderChange() } }
    /// Core Animation animations added with `add(_:forKey:)` or by implicit actions, in the order added.
    @exclusivity(unchecked) var addedAnimations: [AddedLayerAnimation] = [] { didSet { noteRenderChange() } }
    /// The layer this one is a sublayer of; nil for a view's own layer and a detached one.
    public private(set) weak var superlayer: CALayer?

    /// A standalone layer with Core Animation's defaults; `required` so `UIView.layerClass` can make any
    /// subclass.
    public required init() {}

    /// UIKit copies a layer's properties for presentation layers; TouchKit starts a fresh one.
    public convenience init(layer: Any) { self.init() }

    /// The layer's own coordinate space; a view's layer answers (and sets) the view's `bounds`.
    public var bounds: CGRect {
        get { owner?.bounds ?? ownBounds }
        set { if let owner { owner.bounds = newValue } else { ownBounds = newValue } }
    }

    /// Where the anchor point sits in the superlayer; a view's layer answers the view's `center`.
    public var position: CGPoint {
        get { owner?.center ?? ownPosition }
        set { if let owner { owner.center = newValue } else { ownPosition = newValue } }
    }

    /// The point of the bounds `position` refers to, in unit coordinates ((0.5, 0.5) by default): "all
    /// geometric manipulations to the view occur about the specified point". Changing it keeps `position`,
    /// so the layer moves (UIKIT-LAYER-ANCHOR-POINT). A view's layer answers (and sets) the view's.
    public var anchorPoint: CGPoint {
        get { owner?.anchorPoint ?? ownAnchorPoint }
        set { if let owner { owner.anchorPoint = newValue } else { ownAnchorPoint = newValue } }
    }

    /// Computed from `bounds`, `anchorPoint` and `position`; setting it sets `position` and
    /// `bounds.size` (UIKIT-LAYER-GEOMETRY). A view's layer answers the view's `frame`.
    public var frame: CGRect {
        get {
            if let owner { return owner.frame }
            let size = ownBounds.size
            let local = CGRect(x: -ownAnchorPoint.x * size.width, y: -ownAnchorPoint.y * size.height, width: size.width, height: size.height)
            return local.applying(CATransform3DGetAffineTransform(ownTransform)).offsetBy(dx: ownPosition.x, dy: ownPosition.y)
        }
        set {
            if let owner { owner.frame = newValue; return }
            ownBounds.size = newValue.size
            ownPosition = CGPoint(x: newValue.minX + ownAnchorPoint.x * newValue.width, y: newValue.minY + ownAnchorPoint.y * newValue.height)
        }
    }

    /// Opacity, 0…1; a view's layer answers the view's `alpha`.
    public var opacity: Float {
        get { owner.map { Float($0.alpha) } ?? ownOpacity }
        set { if let owner { owner.alpha = CGFloat(newValue) } else { ownOpacity = newValue } }
    }

    /// A view's layer answers the view's `isHidden`.
    public var isHidden: Bool {
        get { owner?.isHidden ?? ownHidden }
        set { if let owner { owner.isHidden = newValue } else { ownHidden = newValue } }
    }

    /// Clip sublayers to the bounds; a view's layer answers the view's `clipsToBounds`.
    public var masksToBounds: Bool {
        get { owner?.clipsToBounds ?? ownMasksToBounds }
        set { if let owner { owner.clipsToBounds = newValue } else { ownMasksToBounds = newValue } }
    }

    /// A view's layer answers the view's `backgroundColor`.
    public var backgroundColor: CGColor? {
        get { owner.map { $0.backgroundColor?.cgColor } ?? ownBackgroundColor }
        set { if let owner { owner.backgroundColor = newValue.map(UIColor.init(cgColor:)) } else { ownBackgroundColor = newValue } }
    }

    /// A view's layer maps the affine part (its x/y scale, rotation about z, shear and
    /// translation) to the view's `transform`; depth and perspective are dropped.
    public var transform: CATransform3D {
        get { owner.map { CATransform3DMakeAffineTransform($0.transform) } ?? ownTransform }
        set { if let owner { owner.transform = CATransform3DGetAffineTransform(newValue) } else { ownTransform = newValue } }
    }

    /// The affine part of `transform` (Core Animation's `affineTransform()`).
    public func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
    /// Sets `transform` from an affine transform.
    public func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

    /// Adds `layer` on top of the other sublayers, taking it from its previous superlayer.
    public func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(sublayers?.count ?? 0)) }

    /// Inserts `layer` at `index` (clamped), taking it from its previous superlayer.
    public func insertSublayer(_ layer: CALayer, at index: UInt32) {
        guard layer !== self else { return }
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(index), list.count))
        sublayers = list
        layer.superlayer = self
    }

    /// Inserts `layer` just above `sibling` (on top when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = sublayers?.firstIndex { $0 === sibling }.map { $0 + 1 } ?? sublayers?.count ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// Inserts `layer` just below `sibling` (at the back when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sublayers?.firstIndex { $0 === sibling } ?? 0
        insertSublayer(layer, at: UInt32(index))
    }

    /// Detaches the layer from its superlayer.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers?.removeAll { $0 === self }
        if parent.sublayers?.isEmpty == true { parent.sublayers = nil }
        superlayer = nil
    }

    /// Layers have no drawing pass of their own in TouchKit; the owning view's `setNeedsDisplay`.
    public func setNeedsDisplay() { owner?.setNeedsDisplay() }

    // MARK: Rendering

    /// What this layer draws over its background (`CAShapeLayer`: its path), mapped by
    /// `transform` from its coordinates to the view's bounds, colours scaled by `opacity`.
    func drawContent(into context: CGContext, transform: CGAffineTransform, opacity: CGFloat) {}

    /// This layer as a standalone sublayer: background, border, content, then its sublayers, in
    /// its superlayer's coordinates; `opacity` scales every colour's alpha [choose].
    /// Its drawable animations are recorded with the commands it drew (`RenderSublayer`).
    func render(into context: CGContext, transform parent: CGAffineTransform, opacity parentOpacity: CGFloat) {
        guard !ownHidden, ownOpacity > 0 || fadesIn else { return }
        let ownDrawn = ownOpacity > 0 ? CGFloat(ownOpacity) : 1
        let opacity = parentOpacity * ownDrawn
        let first = context.commandCount
        context.animatedStroke = nil
        let size = ownBounds.size
        let local = CGAffineTransform(translationX: -ownBounds.minX - ownAnchorPoint.x * size.width,
                                      y: -ownBounds.minY - ownAnchorPoint.y * size.height)
            .concatenating(CATransform3DGetAffineTransform(ownTransform))
            .concatenating(CGAffineTransform(translationX: ownPosition.x, y: ownPosition.y))
            .concatenating(parent)
        let outline = CGPath(elements: PathShapes.roundedRect(ownBounds, radius: cornerRadius).map { $0.applying(local) })
        if let color = ownBackgroundColor {
            context.setFillColor(color.multiplyingAlpha(opacity))
            context.addPath(outline)
            context.fillPath()
        }
        drawContent(into: context, transform: local, opacity: opacity)
        let stroke = context.animatedStroke
        if borderWidth > 0, let color = borderColor {
            context.saveGState()
            context.setStrokeColor(color.multiplyingAlpha(opacity))
            context.setLineWidth(borderWidth)
            context.addPath(outline)
            context.strokePath()
            context.restoreGState()
        }
        for sublayer in sublayersInDrawingOrder { sublayer.render(into: context, transform: local, opacity: opacity) }
        recordAnimations(in: context, from: first, parent: parent, opacity: ownDrawn, stroke: stroke)
    }

    /// The sublayers back to front by `zPosition`, equal ones in `sublayers` order (UIKIT-EVERYDAY-ZPOSITION).
    private var sublayersInDrawingOrder: [CALayer] { (sublayers ?? []).inZOrder(\.zPosition) }

    /// The commands a view's own layer adds to its display list: its own content (when it is a
    /// `CAShapeLayer`, through `layerClass`) and its sublayers, in the view's bounds coordinates.
    /// The sublayers' animations come with them (`RenderSublayer`).
    func renderCommands() -> (commands: [DrawCommand], sublayerAnimations: [RenderAnimation]) {
        let isPlain = type(of: self) == CALayer.self
        guard sublayers != nil || !isPlain else { return ([], []) }
        var animations: [RenderAnimation] = []
        let commands = GraphicsContextBinding.record { (context: CGContext) in
            drawContent(into: context, transform: .identity, opacity: 1)
            recordAnimations(in: context, from: 0, parent: .identity, opacity: 1, stroke: context.animatedStroke, only: ["strokeStart", "strokeEnd"])
            for sublayer in sublayersInDrawingOrder { sublayer.render(into: context, transform: .identity, opacity: 1) }
            animations = context.sublayerAnimations
        }
        return (commands, animations)
    }
}

extension CGColor {
    func multiplyingAlpha(_ factor: CGFloat) -> CGColor {
        factor == 1 ? self : CGColor(red: red, green: green, blue: blue, alpha: alpha * factor)
    }
}
