import Foundation

/// A rectangular area that draws content and handles touches.
///
/// Geometry follows UIKit: `center` (the layer's `position`) is in the superview's coordinates, `bounds`
/// in the view's own, `transform` applies about the layer's `anchorPoint` (the bounds' middle by default),
/// and `frame` is derived from the four (UIKIT-LAYER-ANCHOR-POINT).
open class UIView: UIResponder {
    // MARK: Geometry

    /// The view's own coordinate space: its origin scrolls the subviews, its size is the view's. A size
    /// change lays the view out again and autoresizes its subviews; animatable.
    @exclusivity(unchecked) public var bounds: CGRect {
        didSet {
            if AnimationTransaction.current != nil { noteAnimatable(.bounds, from: [oldValue.minX, oldValue.minY, oldValue.width, oldValue.height]) }
            noteRenderChange()
            guard bounds.size != oldValue.size else { return }
            if contentMode == .redraw { setNeedsDisplay() }
            setNeedsLayout()
            autoresizeSubviews(from: oldValue.size)
        }
    }

    /// Where the layer's `anchorPoint` sits in the superview's coordinates (the layer's `position`): the
    /// bounds' middle until the anchor point moves (UIKIT-LAYER-ANCHOR-POINT); animatable.
    @exclusivity(unchecked) public var center: CGPoint {
        didSet {
            if AnimationTransaction.current != nil { noteAnimatable(.center, from: [oldValue.x, oldValue.y]) }
            noteRenderChange()
        }
    }

    /// Applied about the layer's `anchorPoint`, which sits at `center`; hit-testing and `convert` follow it
    /// (UIKIT-HIT-POINT-INSIDE, UIKIT-LAYER-ANCHOR-POINT); animatable.
    @exclusivity(unchecked) public var transform: CGAffineTransform = .identity {
        didSet {
            if AnimationTransaction.current != nil {
                noteAnimatable(.transform, from: [oldValue.a, oldValue.b, oldValue.c, oldValue.d, oldValue.tx, oldValue.ty])
            }
            noteRenderChange()
        }
    }

    /// The view's rectangle in its superview's coordinates: the bounding box of its transformed bounds,
    /// placed by `center` and the layer's `anchorPoint` (UIKIT-LAYER-ANCHOR-POINT).
    ///
    /// Setting it follows `CALayer.frame`'s documented setter, which "changes the position and bounds
    /// … to match the rectangle you specified", keeping the anchor point: `center` goes where the
    /// bounds' middle lands on the rectangle's midpoint less the transform's translation, and — for transforms without rotation or shear — the bounds size is
    /// the rectangle's size divided by the transform's scale, so reading `frame` back returns the
    /// rectangle that was set (scale 0.5, frame 100×100 → bounds 200×200). With rotation or shear
    /// UIKit calls the value undefined; TouchKit's choice: the bounds size becomes the rectangle's
    /// size as given and the center its midpoint, so reading `frame` back gives the rotated
    /// rectangle's bounding box. `convert(_:to:)` and hit-testing read the resulting center, bounds
    /// and transform, so they agree with it.
    public var frame: CGRect {
        get {
            let size = bounds.size
            let local = CGRect(x: -anchorPoint.x * size.width, y: -anchorPoint.y * size.height, width: size.width, height: size.height)
            return local.applying(transform).offsetBy(dx: center.x, dy: center.y)
        }
        set {
            let t = transform
            if t.b == 0, t.c == 0, t.a != 0, t.d != 0 {
                bounds.size = CGSize(width: newValue.width / abs(t.a), height: newValue.height / abs(t.d))
            } else {
                bounds.size = newValue.size
            }
            // The bounds' middle lands on the rectangle's middle: the anchor point sits that far from it.
            let middle = CGPoint(x: (0.5 - anchorPoint.x) * bounds.width, y: (0.5 - anchorPoint.y) * bounds.height).applying(t)
            center = CGPoint(x: newValue.midX - middle.x, y: newValue.midY - middle.y)
        }
    }

    // MARK: Visual state

    /// Opacity; below 0.01 the view is not hit-tested (UIKIT-HIT-SKIPPED-VIEWS); animatable.
    @exclusivity(unchecked) public var alpha: CGFloat = 1 {
        didSet {
            if AnimationTransaction.current != nil { noteAnimatable(.alpha, from: [oldValue]) }
            noteRenderChange()
        }
    }
    /// A hidden view and its subtree are neither drawn nor hit-tested (UIKIT-HIT-SKIPPED-VIEWS).
    @exclusivity(unchecked) public var isHidden = false { didSet { noteRenderChange() } }
    /// Fill colour of the bounds; nil (default) is transparent; animatable.
    @exclusivity(unchecked) public var backgroundColor: UIColor? {
        didSet {
            if AnimationTransaction.current != nil {
                let c = oldValue?.cgColor
                noteAnimatable(.backgroundColor, from: c.map { [$0.red, $0.green, $0.blue, $0.alpha] } ?? [0, 0, 0, 0])
            }
            noteRenderChange()
        }
    }
    /// Clip the subviews' drawing to the bounds. It changes no hit-test: a point outside a view's bounds
    /// never reaches its subviews anyway, because `point(inside:with:)` fails first (UIKIT-HIT-POINT-INSIDE).
    @exclusivity(unchecked) public var clipsToBounds = false { didSet { noteRenderChange() } }
    /// The layer's `anchorPoint`, kept by the view so its geometry needs no layer: the point of the bounds,
    /// in unit coordinates, that `center` refers to and `transform` turns about (UIKIT-LAYER-ANCHOR-POINT).
    @exclusivity(unchecked) var anchorPoint = CGPoint(x: 0.5, y: 0.5) { didSet { noteRenderChange() } }
    /// An integer the app chooses, for `viewWithTag(_:)`.
    public var tag = 0
    /// The tint set on this view; nil inherits the superview's (`tintColor`, UIView+Appearance.swift).
    var ownTintColor: UIColor?
    /// How content is laid out in the bounds (`scaleToFill` by default), kept for code that sets and reads
    /// it: the page draws an image as a placeholder box filling the bounds whatever the mode [choose]
    /// (UIView+Appearance.swift).
    @exclusivity(unchecked) public var contentMode: ContentMode = .scaleToFill { didSet { noteRenderChange() } }
    /// A drawing-system hint that the view fills its bounds with opaque content (true by default, as in
    /// UIKit); the page draws what the view draws either way, so it changes nothing on screen.
    public var isOpaque = true
    /// A name for tests and the event log (UIKit's accessibility identifier).
    @exclusivity(unchecked) public var accessibilityIdentifier: String? { didSet { noteRenderChange() } }
    /// The backing layer (get-only, as in UIKit): another face of the view's geometry and colours,
    /// plus corner radius, border and sublayers (`Drawing/CALayer.swift`).
    public var layer: CALayer {
        if let backingLayerStorage { return backingLayerStorage }
        let layer = (Self.layerClass as? CALayer.Type ?? CALayer.self).init()
        layer.owner = self
        backingLayerStorage = layer
        return layer
    }
    /// The layer, made on first use; optional rather than `lazy` so `deinit` can tell the layer its
    /// view is gone without making one.
    @exclusivity(unchecked) private var backingLayerStorage: CALayer?

    /// The class of the backing layer; override with `CAShapeLayer.self` to draw a path as the
    /// view's own content.
    open class var layerClass: AnyClass { CALayer.self }

    // MARK: Layout

    /// How this view's frame follows its superview's size (UIKit's raw values; `[]` by default).
    public var autoresizingMask: AutoresizingMask = []
    /// Whether a size change of this view resizes its direct subviews by their masks (true).
    public var autoresizesSubviews = true
    /// The safe-area insets last reported to `safeAreaInsetsDidChange()`.
    var reportedSafeAreaInsets = UIEdgeInsets.zero

    // MARK: Event-related state

    /// Whether hit-testing may return this view or its subviews (UIKIT-HIT-SKIPPED-VIEWS).
    /// Turning it off while touches are down on the view drops their later phases (UIKIT-DELIVERY-INTERACTION-OFF).
    @exclusivity(unchecked) public var isUserInteractionEnabled = true {
        didSet {
            noteRenderChange()
            if oldValue && !isUserInteractionEnabled { userInteractionTurnedOff() }
        }
    }
    /// false (UIKit's default): the view gets only the first touch of a sequence (UIKIT-VIEW-MULTIPLE-TOUCH).
    public var isMultipleTouchEnabled = false
    /// true: while this view tracks a touch no other view gets one, and vice versa
    /// (UIKIT-VIEW-EXCLUSIVE-TOUCH).
    public var isExclusiveTouch = false
    /// Animations running without `.allowUserInteraction` that involve this view: while above
    /// zero, hit-testing skips it as if user interaction were off (UIKIT-ANIM-INTERACTION-LOCK).
    var animationLocks = 0

    // MARK: Hierarchy

    /// The view this one is a subview of; nil for a window or a detached view.
    public var superview: UIView? { superviewLink?.takeUnretainedValue() }
    /// `superview`'s storage, unretained: in UIKit too a view does not retain its superview (the
    /// superview holds its subviews), and a weak reference would give every superview a side
    /// table, which makes each of its retains and releases, on every hop of hit-testing and the
    /// responder chain, take the runtime's slow path. It never dangles: it is set exactly while
    /// the view is in its superview's `subviews` (`insertSubview` sets it, `detachFromSuperview`
    /// clears it), and a superview that goes away first clears it in its `deinit` — its subviews
    /// may outlive it when something else holds them, and then read `superview == nil`, as they
    /// did when this was a weak reference.
    private var superviewLink: Unmanaged<UIView>?

    /// Runs `body` with the superview borrowed for the call (nil without one), so the walks up the
    /// tree that run on every frame (point conversion, noting a render change) count no references:
    /// `superview` hands out a counted reference, a retain and a release per hop (docs/performance.md,
    /// "Retain and release on the hub's path"). The link never dangles (see `superviewLink`), and
    /// `body` must not change the tree.
    @inline(__always)
    final func withSuperview<Result>(_ body: (UIView) -> Result) -> Result? {
        // Underscored standard-library API, as in `UncountedLink.with(_:)` (which says what replaces it).
        superviewLink?._withUnsafeGuaranteedRef(body)
    }

    /// Runs `body` with the root of this view's tree (itself without a superview), borrowed as
    /// `withSuperview(_:)` borrows each hop.
    final func withRoot<Result>(_ body: (UIView) -> Result) -> Result {
        withSuperview { $0.withRoot(body) } ?? body(self)
    }
    /// Subviews back to front: hit-testing tries the last first (UIKIT-HIT-FRONT-FIRST).
    @exclusivity(unchecked) public private(set) var subviews: [UIView] = []
    /// The view controller whose root view this is (UIKit's private `_viewDelegate`, which UIKit does
    /// not retain either: the controller holds its view).
    var viewController: UIViewController? { viewControllerLink?.takeUnretainedValue() }
    /// `viewController`'s storage, unretained for the reason `superviewLink` gives. It never
    /// dangles: only `UIViewController.view`'s setter sets it, to the controller whose view this
    /// becomes, and the controller clears it when its view is replaced and in its `deinit`
    /// (`UIViewController.letGoOfView()`), so it is set only while that controller is alive and
    /// this is its view.
    var viewControllerLink: Unmanaged<UIViewController>?

    var needsLayout = true
    var needsDisplay = true
    /// This view or a descendant needs layout or display: the end-of-turn passes visit only such
    /// subtrees. Invariant: when set, it is set on every ancestor too.
    var needsPass = true
    @exclusivity(unchecked) var displayList: [DrawCommand]? { didSet { noteRenderChange() } }
    /// The bounds' size when `draw(_:)` recorded `displayList`: the page places it by `contentMode` (UIKIT-VIEW-CONTENT-MODE).
    @exclusivity(unchecked) var displayListSize: CGSize?
    /// This view is in its window's `renderChanges` since the last collection (`RenderChangeTracker`).
    @exclusivity(unchecked) var isRenderChangeNoted = false
    /// A window's views whose render state changed, and whether any moved (nil on other views).
    @exclusivity(unchecked) var renderChanges: RenderChangeLog?
    @exclusivity(unchecked) var recognizers: [UIGestureRecognizer] = []
    /// `interactions`' storage (UIInteraction.swift).
    var ownedInteractions: [UIInteraction] = []

    /// A view whose `bounds` has `frame`'s size at origin zero and whose `center` is `frame`'s centre.
    public init(frame: CGRect) {
        bounds = CGRect(origin: .zero, size: frame.size)
        center = CGPoint(x: frame.midX, y: frame.midY)
        super.init()
    }

    deinit {
        // Recognizers, subviews and the backing layer read this view without a weak reference
        // (`UIGestureRecognizer.attachedView`, `superviewLink`, `CALayer.ownerLink`): those that
        // outlive it forget it here. Its recognizers also let go of those they wait for: with no view they
        // never recognize, and two that wait for each other (a require(toFail:) cycle, lint TB-L17) would
        // otherwise keep each other alive.
        for recognizer in recognizers {
            recognizer.view = nil
            recognizer.failureRequirements.removeAll()
        }
        for subview in subviews { subview.superviewLink = nil }
        backingLayerStorage?.owner = nil
    }

    /// A view with a zero frame, to be laid out later.
    public convenience override init() {
        self.init(frame: .zero)
    }

    /// TouchKit has no nib or storyboard archives to decode: this initializer exists so UIKit's
    /// `required init?(coder:)` boilerplate compiles in subclasses, and it always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A view's next responder is its view controller when it is that controller's root view,
    /// otherwise its superview (UIKIT-RESPONDER-NEXT).
    open override var next: UIResponder? {
        if let viewController { return viewController }
        return superview
    }

    /// The window this view is in, if any.
    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.superview
        }
        return nil
    }

    open override var traceName: String {
        if let accessibilityIdentifier { return accessibilityIdentifier }
        if objectID == 0, let application = window?.application { application.assignID(self) }
        return super.traceName
    }

    /// Adds `view` in front of the other subviews, removing it from its previous superview first.
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` (clamped). A view already here just moves; a view from elsewhere gets
    /// `willMove`/`didMove` calls, and leaving its window cancels its touches (UIKIT-CANCEL-VIEW-REMOVED).
    public func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(index, 0), subviews.count))
            noteStructureChange()
            return
        }
        let oldWindow = view.window
        if oldWindow !== window { oldWindow?.application?.viewsLeftWindow(view) }
        view.detachFromSuperview()
        view.willMove(toSuperview: self)
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superviewLink = Unmanaged.passUnretained(self)
        if view.needsPass { markNeedsPass() }
        view.noteJoinedTree()
        view.didMoveToSuperview()
        view.windowChanged(from: oldWindow, to: window)
    }

    /// Inserts `view` just in front of `sibling` (in front of all when `sibling` is not a subview).
    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let adjust = view.superview === self && (subviews.firstIndex { $0 === view } ?? 0) < index ? 0 : 1
        insertSubview(view, at: index + adjust)
    }

    /// Inserts `view` just behind `sibling` (at the back when `sibling` is not a subview).
    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        let adjust = view.superview === self && (subviews.firstIndex { $0 === view } ?? 0) < index ? -1 : 0
        insertSubview(view, at: index + adjust)
    }

    /// Swaps the subviews at `index1` and `index2` (their drawing and hit-testing order); an index out of
    /// range changes nothing [choose: UIKit raises] (UIKIT-EVERYDAY-EXCHANGE-SUBVIEW).
    public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2 else { return }
        subviews.swapAt(index1, index2)
        noteStructureChange()
    }

    /// The subviews in drawing order: back to front by their layers' `zPosition`, equal ones in
    /// `subviews` order (UIKIT-EVERYDAY-ZPOSITION). Hit-testing keeps `subviews` order.
    var subviewsInDrawingOrder: [UIView] { subviews.inZOrder { $0.backingLayerStorage?.zPosition ?? 0 } }

    /// Moves `view` to the front: it is hit-tested first and drawn last.
    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    /// Moves `view` to the back: hit-tested last and drawn first.
    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Removes the view from its superview. If that takes it out of its window while it is handling
    /// touches, it gets `touchesCancelled` for them (UIKIT-CANCEL-VIEW-REMOVED) — while it is still in the
    /// window, so the cancellation walks the responder chain its touches walked, and its recognizers are
    /// cancelled by the arena (logged, actions sent, reset) rather than left failed outside any application.
    public func removeFromSuperview() {
        let oldWindow = window
        guard superview != nil else { return }
        oldWindow?.application?.viewsLeftWindow(self)
        detachFromSuperview()
        windowChanged(from: oldWindow, to: nil)
    }

    /// Whether the view is `view` or inside its subtree.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The first view in this subtree (this view first, then depth first) whose `tag` is `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// Called before the view joins `newSuperview` (nil: it is being removed). Override point; does nothing.
    open func willMove(toSuperview newSuperview: UIView?) {}
    /// Called after the view's superview changed. Override point; does nothing.
    open func didMoveToSuperview() {}
    /// Called before the view's window changes. Override point; does nothing.
    open func willMove(toWindow newWindow: UIWindow?) {}
    /// Called after the view's window changed. Override point; does nothing.
    open func didMoveToWindow() {}

    private func detachFromSuperview() {
        guard let parent = superview else { return }
        willMove(toSuperview: nil)
        parent.subviews.removeAll { $0 === self }
        parent.noteStructureChange()
        superviewLink = nil
        didMoveToSuperview()
    }

    /// Detaches every view of this subtree from its superview, with no `willMove`/`didMove` calls and
    /// no render notes: its host is done with the application (`UIApplication.takeViewTreesApart()`),
    /// so nothing draws or hears of the tree any more. Breaks the cycles of views held by their own
    /// subviews (`DepartedSubtrees`).
    func letGoOfSubtree() {
        var pending: [UIView] = [self]
        while let view = pending.popLast() {
            let children = view.subviews
            view.subviews = []
            for child in children { child.superviewLink = nil }
            pending.append(contentsOf: children)
        }
    }

    func windowChanged(from oldWindow: UIWindow?, to newWindow: UIWindow?) {
        guard oldWindow !== newWindow else { return }
        forEachInSubtree { $0.willMove(toWindow: newWindow) }
        forEachInSubtree { $0.didMoveToWindow() }
    }

    func forEachInSubtree(_ body: (UIView) -> Void) {
        body(self)
        for subview in subviews { subview.forEachInSubtree(body) }
    }

    // MARK: Hit-testing (UIKIT-HIT-SKIPPED-VIEWS, UIKIT-HIT-FRONT-FIRST, UIKIT-HIT-POINT-INSIDE)

    /// The farthest descendant containing `point` (in this view's coordinates) that can receive touches.
    ///
    /// UIKit rule: hidden views, views with user interaction disabled and views with alpha below 0.01
    /// are skipped with their subviews; a point outside this view (`point(inside:with:)` false) never
    /// reaches its subviews, even when they extend past its bounds; subviews are asked front-most
    /// (last added) first. Boundary choice: alpha exactly 0.01 is hittable — Apple's wording is
    /// "less than 0.01" (UIKIT-HIT-SKIPPED-VIEWS).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, alpha >= 0.01 else { return nil }
        guard animationLocks == 0 else {
            refuseTouchWhileAnimating(at: point, with: event)
            return nil
        }
        guard self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.pointFromSuperview(point), with: event) {
                return hit
            }
        }
        return self
    }

    /// Whether `point` (in this view's coordinates) is inside the view; its bounds by default.
    /// Override to enlarge or shrink the touchable area.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    // MARK: Coordinate conversion

    /// Converts a point from this view's coordinates to `view`'s (the window's when nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let inRoot = convertToRoot(point)
        guard let view else { return inRoot }
        return view.convertFromRoot(inRoot)
    }

    /// Converts a point from `view`'s coordinates (the window's when nil) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let inRoot = view?.convertToRoot(point) ?? point
        return convertFromRoot(inRoot)
    }

    /// Converts a rectangle; with rotations the result is the bounding box, as in UIKit.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        boundingBox(of: rect) { convert($0, to: view) }
    }

    /// Converts a rectangle from `view`'s coordinates (nil: the window's); with rotations the result is the
    /// bounding box, as in UIKit.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        boundingBox(of: rect) { convert($0, from: view) }
    }

    /// This view's point in its superview's coordinates: `center + transform·(point − anchor)`, where the
    /// anchor is the layer's `anchorPoint` in bounds coordinates (UIKIT-LAYER-ANCHOR-POINT).
    func pointInSuperview(_ point: CGPoint) -> CGPoint {
        let anchor = anchorInBounds
        return CGPoint(x: point.x - anchor.x, y: point.y - anchor.y).applying(transform) + center
    }

    /// The inverse of `pointInSuperview(_:)`: `transform⁻¹·(point − center) + anchor`.
    func pointFromSuperview(_ point: CGPoint) -> CGPoint {
        let offset = (point - center).applying(transform.inverted())
        let anchor = anchorInBounds
        return CGPoint(x: offset.x + anchor.x, y: offset.y + anchor.y)
    }

    /// The layer's anchor point in the view's bounds coordinates: the point `center` refers to.
    private var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    private func convertToRoot(_ point: CGPoint) -> CGPoint {
        withSuperview { $0.convertToRoot(pointInSuperview(point)) } ?? point
    }

    private func convertFromRoot(_ point: CGPoint) -> CGPoint {
        guard let inSuperview = withSuperview({ $0.convertFromRoot(point) }) else { return point }
        return pointFromSuperview(inSuperview)
    }

    private func boundingBox(of rect: CGRect, _ map: (CGPoint) -> CGPoint) -> CGRect {
        let r = rect.standardized
        let corners = [
            map(CGPoint(x: r.minX, y: r.minY)), map(CGPoint(x: r.maxX, y: r.minY)),
            map(CGPoint(x: r.minX, y: r.maxY)), map(CGPoint(x: r.maxX, y: r.maxY)),
        ]
        let minX = corners.map(\.x).min()!, minY = corners.map(\.y).min()!
        return CGRect(x: minX, y: minY, width: corners.map(\.x).max()! - minX, height: corners.map(\.y).max()! - minY)
    }

    // MARK: Layout and display

    /// Marks the view for a `layoutSubviews` call in this turn's layout pass.
    public func setNeedsLayout() {
        needsLayout = true
        markNeedsPass()
    }

    private func markNeedsPass() {
        var view: UIView? = self
        while let current = view, !current.needsPass {
            current.needsPass = true
            view = current.superview
        }
    }

    /// The end-of-turn layout pass: top-down through subtrees that need it.
    func layoutPass() {
        guard needsPass else { return }
        if needsLayout {
            needsLayout = false
            viewController?.viewWillLayoutSubviews()
            layoutSubviews()
            viewController?.viewDidLayoutSubviews()
        }
        for subview in subviews { subview.layoutPass() }
    }

    /// The end-of-turn display pass: `draw(_:)` for views marked with `setNeedsDisplay`.
    func displayPass() {
        guard needsPass else { return }
        needsPass = false
        if needsDisplay {
            needsDisplay = false
            let commands = GraphicsContextBinding.record { draw(bounds) }
            displayListSize = bounds.size
            displayList = commands.isEmpty ? nil : commands
        }
        for subview in subviews { subview.displayPass() }
    }

    /// Runs `layoutSubviews` now if the view needs it, then does the same for its subviews.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            viewController?.viewWillLayoutSubviews()
            layoutSubviews()
            viewController?.viewDidLayoutSubviews()
        }
        for subview in subviews { subview.layoutIfNeeded() }
    }

    /// Override to position subviews; called once per turn after `setNeedsLayout`.
    open func layoutSubviews() {}

    // MARK: Sizing (UIKIT-EVERYDAY-SIZING; UIView+Sizing.swift)

    /// The size the view would like within `size`: a plain view answers its current size, labels and
    /// buttons the size of their text (measured as the page draws it).
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// The size the view's content needs, or `noIntrinsicMetric` for a dimension it does not determine
    /// (a plain view: both).
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    // MARK: Tint (UIKIT-EVERYDAY-TINT; UIView+Appearance.swift)

    /// Called when the view's effective `tintColor` changed: set on it, or on an ancestor it inherits from.
    /// Does nothing by default.
    open func tintColorDidChange() {}

    /// Called when `safeAreaInsets` changed (a rotation, a resize, new device insets); the view is
    /// also marked for layout. Does nothing by default.
    open func safeAreaInsetsDidChange() {}

    /// Called after the trait collection changed (a size class, on rotation or resize,
    /// UIKIT-LAYOUT-SIZE-CHANGE-ORDER).
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// Marks the view for a `draw(_:)` call in this turn's display pass.
    public func setNeedsDisplay() {
        needsDisplay = true
        markNeedsPass()
    }

    /// Override to draw with `UIGraphicsGetCurrentContext()`; the commands become the view's
    /// display list, which the page paints.
    open func draw(_ rect: CGRect) {}

    /// Extra render properties of subclasses (text of a label, image of an image view …), compared
    /// and set one by one (`RenderNode.set`) on the node last made, the properties that changed noted
    /// in `changed`: an override sets every property it contributes, whatever the view's state.
    func contributeRenderProperties(to node: inout RenderNode, changed: inout RenderNode.Properties) {}

    // MARK: Gesture recognizers

    /// The recognizers attached to this view, in attach order; nil when there are none (UIKit's shape).
    public var gestureRecognizers: [UIGestureRecognizer]? {
        get { recognizers.isEmpty ? nil : recognizers }
        set {
            for recognizer in recognizers { removeGestureRecognizer(recognizer) }
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches a recognizer. A recognizer belongs to one view: adding it here detaches it from its
    /// previous view (UIKit since iOS 9, UIKIT-GESTURE-ONE-VIEW), and the event log says so.
    public func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        if let previous = gestureRecognizer.view {
            if previous === self { return }
            window?.application?.record(.note(
                "\(gestureRecognizer.traceName) moved from \(previous.traceName) to \(traceName): a recognizer belongs to one view"))
            previous.removeGestureRecognizer(gestureRecognizer)
        }
        recognizers.append(gestureRecognizer)
        gestureRecognizer.view = self
    }

    /// Detaches the recognizer: one mid-gesture is cancelled, one still undecided fails (logged with the
    /// reason).
    public func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard let index = recognizers.firstIndex(where: { $0 === gestureRecognizer }) else { return }
        recognizers.remove(at: index)
        gestureRecognizer.detachedFromView()
    }

    /// Asked before a recognizer attached to this view leaves `.possible` (after its delegate);
    /// false makes it fail. UISlider uses this, for example.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    /// The iOS 6 rule hook: standard controls return a reason when they keep `recognizer`'s gesture
    /// for themselves (UIKIT-CONTROL-KEEPS-ITS-GESTURE). Plain views and custom controls keep nothing.
    func standardControlKeeps(_ recognizer: UIGestureRecognizer) -> String? { nil }
}
