import Foundation

/// The scroll view's delegate (the subset TouchBridge uses).
public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed (by a drag, a zoom or code).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// The scroll view's pan began: the user started dragging the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The drag ended; `decelerate` is always false (TouchKit does not decelerate).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The view to scale when the user pinches; nil (the default) disables zooming.
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// The zoom scale changed.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Does nothing: every delegate method is optional, as in UIKit.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Does nothing: every delegate method is optional, as in UIKit.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Does nothing: every delegate method is optional, as in UIKit.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// No view to zoom: pinching does nothing unless the delegate says otherwise.
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    /// Does nothing: every delegate method is optional, as in UIKit.
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
}

/// A view that scrolls its content with its own pan recognizer and zooms it with its own pinch
/// recognizer, as UIKit's has done since 2009 (UIKIT-SCROLL-OWN-RECOGNIZERS).
///
/// Content touches (UIKIT-SCROLL-CONTENT-TOUCHES): with `delaysContentTouches` (default true) a private
/// recognizer holds the content's `touchesBegan` for `contentTouchDelay` (150 ms, measured by developers); a
/// drag that starts scrolling within that time claims the touch, so the content never sees it. Once content is
/// tracking, the pan may take the touch only if `canCancelContentTouches` and `touchesShouldCancel(in:)` agree
/// — false for controls by default, so a held button keeps its touch. Choice: no deceleration; when `bounces`
/// lets the offset overshoot, it snaps back on lift.
///
/// When the pan may begin (UIKIT-SCROLL-DRAGGABLE-AXES, `alwaysBounceVertical`): an axis is draggable only if
/// scrolling is enabled and the content (with `contentInset`) is larger than the bounds on it, or the matching
/// `alwaysBounce…` is true and `bounces` is on. A drag never moves `contentOffset` along an axis that is not
/// draggable. Choice: the pan begins only when the drag's dominant axis (the larger component of its
/// translation; horizontal on a tie) is draggable; otherwise it fails and the content and ancestors keep the
/// touch.
open class UIScrollView: UIView {
    /// Told about scrolling and zooming; held weakly.
    public weak var delegate: UIScrollViewDelegate?
    /// The size of the scrollable content; with `contentInset` it decides which axes can be dragged.
    public var contentSize: CGSize = .zero
    /// Extra scrollable space around the content.
    public var contentInset: UIEdgeInsets = .zero
    /// false disables the scroll view's pan, so touches go to the content and its ancestors.
    public var isScrollEnabled = true { didSet { panGestureRecognizer.isEnabled = isScrollEnabled } }
    /// true (default): a drag past the content's edge moves at half speed and snaps back on lift.
    public var bounces = true
    /// false (default): a vertical drag scrolls only when the content is taller than the bounds;
    /// true: it always drags and bounces (when `bounces`).
    public var alwaysBounceVertical = false
    /// false (default): a horizontal drag scrolls only when the content is wider than the bounds.
    public var alwaysBounceHorizontal = false
    /// Whether the vertical scroll indicator shows while scrolling (true by default, as in UIKit).
    public var showsVerticalScrollIndicator = true
    /// Whether the horizontal scroll indicator shows while scrolling (true by default, as in UIKit).
    public var showsHorizontalScrollIndicator = true
    /// true: a drag that starts clearly horizontal or vertical (one component over twice the other) scrolls
    /// only along that axis.
    public var isDirectionalLockEnabled = false
    /// true (default): content `touchesBegan` waits `contentTouchDelay` so a drag can claim the touch first
    /// (UIKIT-SCROLL-CONTENT-TOUCHES).
    public var delaysContentTouches = true { didSet { delayRecognizer.isEnabled = delaysContentTouches } }
    /// true (default): a drag may take a touch the content is already tracking, if `touchesShouldCancel(in:)`
    /// agrees (UIKIT-SCROLL-CONTENT-TOUCHES).
    public var canCancelContentTouches = true
    /// How long content touches are held back (not UIKit API; UIKit's private timer is ~150 ms).
    public var contentTouchDelay: TimeInterval {
        get { delayRecognizer.delay }
        set { delayRecognizer.delay = newValue }
    }
    /// The smallest `zoomScale`; zooming is possible only when it is below `maximumZoomScale`.
    public var minimumZoomScale: CGFloat = 1 { didSet { updatePinchAvailability() } }
    /// The largest `zoomScale`.
    public var maximumZoomScale: CGFloat = 1 { didSet { updatePinchAvailability() } }
    /// The content's current scale; setting it zooms the view for zooming, clamped to the minimum
    /// and maximum (UIKit's `zoomScale` is settable).
    public var zoomScale: CGFloat {
        get { currentZoomScale }
        set { applyZoom(min(max(newValue, minimumZoomScale), maximumZoomScale)) }
    }
    /// True while the user's drag scrolls the content.
    public private(set) var isDragging = false
    /// True while a pinch zooms the content.
    public private(set) var isZooming = false
    /// Always false: TouchKit's scroll views do not decelerate after a drag (see the type's notes).
    public var isDecelerating: Bool { false }

    /// The scroll view's own pan, public as in UIKit so apps can make other recognizers wait for it
    /// (`require(toFail:)`).
    public let panGestureRecognizer: UIPanGestureRecognizer = ScrollViewPanGestureRecognizer()
    /// Present while zooming is possible (`minimumZoomScale < maximumZoomScale`).
    public var pinchGestureRecognizer: UIPinchGestureRecognizer? { pinchEnabled ? pinch : nil }

    private let pinch: UIPinchGestureRecognizer = ScrollViewPinchGestureRecognizer()
    private let delayRecognizer = ContentTouchDelayRecognizer()
    private var pinchEnabled = false
    private var currentZoomScale: CGFloat = 1
    private var offsetAtPanStart = CGPoint.zero
    private var lockedAxis: (horizontal: Bool, vertical: Bool) = (true, true)
    private var zoomAtPinchStart: CGFloat = 1
    private let recognizerDelegate = ScrollRecognizerDelegate()

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A scroll view that clips to its bounds, with its pan and content-touch delay recognizers installed.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        panGestureRecognizer.addTarget(self, action: UIScrollView.handlePan)
        pinch.addTarget(self, action: UIScrollView.handlePinch)
        panGestureRecognizer.delegate = recognizerDelegate
        pinch.delegate = recognizerDelegate
        recognizerDelegate.scrollView = self
        addGestureRecognizer(delayRecognizer)
        addGestureRecognizer(panGestureRecognizer)
    }

    /// The scrolled-to point: the origin of `bounds`, as in UIKit.
    public var contentOffset: CGPoint {
        get { bounds.origin }
        set {
            guard newValue != bounds.origin else { return }
            bounds.origin = newValue
            delegate?.scrollViewDidScroll(self)
        }
    }

    /// Sets `contentOffset`; `animated` is ignored: the offset changes at once.
    public func setContentOffset(_ offset: CGPoint, animated: Bool) { contentOffset = offset }

    /// Sets `zoomScale` (clamped); `animated` is ignored: the scale changes at once.
    public func setZoomScale(_ scale: CGFloat, animated: Bool) {
        zoomScale = scale
    }

    /// Whether content should get a touch that begins in `view`. Default true.
    open func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool { true }

    /// Whether the scroll view may take touches `view` is already tracking. Default: true, except for
    /// controls (UIKIT-SCROLL-CONTENT-TOUCHES).
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        guard gestureRecognizer === panGestureRecognizer else { return super.gestureRecognizerShouldBegin(gestureRecognizer) }
        for touch in gestureRecognizer.trackedTouches where touch.delivery.stage == .delivered {
            guard let content = touch.view, content !== self else { continue }
            if !canCancelContentTouches || !touchesShouldCancel(in: content) { return false }
        }
        return true
    }

    /// Whether a drag may move the content along each axis (UIKIT-SCROLL-DRAGGABLE-AXES).
    var draggableAxes: (horizontal: Bool, vertical: Bool) {
        guard isScrollEnabled else { return (false, false) }
        let horizontal = contentSize.width + contentInset.left + contentInset.right > bounds.width || (alwaysBounceHorizontal && bounces)
        let vertical = contentSize.height + contentInset.top + contentInset.bottom > bounds.height || (alwaysBounceVertical && bounces)
        return (horizontal, vertical)
    }

    /// Why the pan may not begin with `translation`, or nil when it may (see the type's notes).
    func refusalToDrag(_ translation: CGPoint) -> String? {
        let axes = draggableAxes
        let horizontalDrag = abs(translation.x) >= abs(translation.y)
        if horizontalDrag ? axes.horizontal : axes.vertical { return nil }
        // Whole points as `Int(_:)` would print them, without its trap for sizes beyond `Int`'s range.
        func points(_ value: CGFloat) -> String { Int(exactly: value.rounded(.towardZero)).map { "\($0)" } ?? "\(value)" }
        let size = "content \(points(contentSize.width))×\(points(contentSize.height)) in bounds \(points(bounds.width))×\(points(bounds.height))"
        return horizontalDrag
            ? "nothing to scroll horizontally: \(size), alwaysBounceHorizontal \(alwaysBounceHorizontal), bounces \(bounces)"
            : "nothing to scroll vertically: \(size), alwaysBounceVertical \(alwaysBounceVertical), bounces \(bounces)"
    }

    private var scrollableRange: (min: CGPoint, max: CGPoint) {
        let minimum = CGPoint(x: -contentInset.left, y: -contentInset.top)
        let maximum = CGPoint(
            x: max(contentSize.width + contentInset.right - bounds.width, minimum.x),
            y: max(contentSize.height + contentInset.bottom - bounds.height, minimum.y))
        return (minimum, maximum)
    }

    private func handlePan(_ pan: UIPanGestureRecognizer) {
        switch pan.state {
        case .began:
            isDragging = true
            offsetAtPanStart = contentOffset
            let t = pan.translation(in: nil)
            if isDirectionalLockEnabled {
                lockedAxis = abs(t.x) > 2 * abs(t.y) ? (true, false) : abs(t.y) > 2 * abs(t.x) ? (false, true) : (true, true)
            } else {
                lockedAxis = (true, true)
            }
            delegate?.scrollViewWillBeginDragging(self)
            fallthrough
        case .changed:
            let t = pan.translation(in: nil)
            let axes = draggableAxes
            var target = CGPoint(
                x: offsetAtPanStart.x - (lockedAxis.horizontal && axes.horizontal ? t.x : 0),
                y: offsetAtPanStart.y - (lockedAxis.vertical && axes.vertical ? t.y : 0))
            let range = scrollableRange
            target.x = constrain(target.x, range.min.x, range.max.x)
            target.y = constrain(target.y, range.min.y, range.max.y)
            contentOffset = target
        case .ended, .cancelled:
            isDragging = false
            let range = scrollableRange
            contentOffset = CGPoint(x: min(max(contentOffset.x, range.min.x), range.max.x),
                                    y: min(max(contentOffset.y, range.min.y), range.max.y))
            delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
        default:
            break
        }
    }

    /// Inside the range the offset follows the finger; past it, half as fast when bouncing.
    private func constrain(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
        if value < low { return bounces ? low - (low - value) / 2 : low }
        if value > high { return bounces ? high + (value - high) / 2 : high }
        return value
    }

    private func handlePinch(_ recognizer: UIPinchGestureRecognizer) {
        switch recognizer.state {
        case .began:
            isZooming = true
            zoomAtPinchStart = zoomScale
            fallthrough
        case .changed:
            applyZoom(min(max(zoomAtPinchStart * recognizer.scale, minimumZoomScale), maximumZoomScale))
        case .ended, .cancelled:
            isZooming = false
        default:
            break
        }
    }

    private func applyZoom(_ scale: CGFloat) {
        guard let zoomView = delegate?.viewForZooming(in: self) else { return }
        currentZoomScale = scale
        let size = zoomView.bounds.size
        zoomView.transform = CGAffineTransform(scaleX: scale, y: scale)
        zoomView.center = CGPoint(x: size.width * scale / 2, y: size.height * scale / 2)
        contentSize = CGSize(width: size.width * scale, height: size.height * scale)
        delegate?.scrollViewDidZoom(self)
    }

    private func updatePinchAvailability() {
        let enabled = minimumZoomScale < maximumZoomScale
        guard enabled != pinchEnabled else { return }
        pinchEnabled = enabled
        if enabled { addGestureRecognizer(pinch) } else { removeGestureRecognizer(pinch) }
    }

    /// Content touches that the scroll view lets through are asked `touchesShouldBegin` first.
    func allowsContentTouch(_ touch: UITouch, in view: UIView, event: UIEvent?) -> Bool {
        view === self || touchesShouldBegin([touch], with: event, in: view)
    }

    fileprivate func ownsRecognizer(_ recognizer: UIGestureRecognizer) -> Bool {
        recognizer === panGestureRecognizer || recognizer === pinch
    }
}

/// Lets the scroll view's own pan and pinch run together, as UIKit's do.
private final class ScrollRecognizerDelegate: UIGestureRecognizerDelegate {
    weak var scrollView: UIScrollView?

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        scrollView?.ownsRecognizer(otherGestureRecognizer) == true
    }
}

/// The scroll view's own recognizers (UIKit has private subclasses too), named after their scroll
/// view in the event log — `scrollView.pan`, `scrollView.pinch`, `scrollView.delayContentTouches` —
/// so two scroll views' recognizers are told apart.
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    override var traceName: String { name ?? "\(view?.traceName ?? "UIScrollView").pan" }

    override func refusalToBegin(translation: CGPoint) -> String? {
        (view as? UIScrollView)?.refusalToDrag(translation)
    }
}

final class ScrollViewPinchGestureRecognizer: UIPinchGestureRecognizer {
    override var traceName: String { name ?? "\(view?.traceName ?? "UIScrollView").pinch" }
}

/// The private recognizer behind `delaysContentTouches`: it holds `touchesBegan` back from content
/// (delaysTouchesBegan) and simply fails after the delay, releasing it. It never prevents anything.
final class ContentTouchDelayRecognizer: UIGestureRecognizer {
    var delay: TimeInterval = 0.15

    override init() {
        super.init()
        delaysTouchesBegan = true
        delaysTouchesEnded = false
        cancelsTouchesInView = false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        schedule(after: delay) { [weak self] in
            guard let self, self.state == .possible else { return }
            self.setState(.failed, reason: "content touch delay \(milliseconds(self.delay)) elapsed: content may have the touch")
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        setState(.failed, reason: "touch lifted before the scroll decided: content gets it")
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        setState(.failed, reason: "touches cancelled")
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    override var traceName: String { name ?? "\(view?.traceName ?? "UIScrollView").delayContentTouches" }
}
