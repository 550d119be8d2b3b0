import Foundation

/// One view's visual state, as the page needs it to draw the view.
public struct RenderNode: Equatable, Sendable {
    /// The view's id in this application, stable for the view's life, so a client can diff snapshots.
    public var id: Int
    /// The superview's id; nil for a window.
    public var parent: Int?
    /// The view's class, e.g. `UIImageView`.
    public var kind: String
    /// The view's trace name, the one the event log uses, so a log entry and a drawn view can be matched.
    public var name: String
    /// `UIView.center`, in the superview's points.
    public var center: CGPoint
    /// `UIView.bounds`; its origin scrolls the subviews.
    public var bounds: CGRect
    /// `UIView.transform`, applied about the anchor point, which sits at `center`.
    public var transform: CGAffineTransform
    /// The layer's `anchorPoint`, in unit coordinates of the bounds (UIKIT-LAYER-ANCHOR-POINT).
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// `UIView.alpha` (model value; see `animations`).
    public var alpha: CGFloat
    /// `UIView.isHidden`.
    public var isHidden: Bool
    /// `UIView.isUserInteractionEnabled`, so an inspector can explain an ignored touch.
    public var isUserInteractionEnabled: Bool
    /// `UIView.clipsToBounds`.
    public var clipsToBounds: Bool
    /// `UIView.backgroundColor`; nil for none.
    public var backgroundColor: CGColor?
    /// The layer's `cornerRadius`.
    public var cornerRadius: CGFloat
    /// The layer's `borderWidth`, drawn inside the bounds.
    public var borderWidth: CGFloat
    /// The layer's `borderColor`; nil for none.
    public var borderColor: CGColor?
    /// A label's text or a button's current title.
    public var text: String?
    /// A label's text colour; nil for the client's default.
    public var textColor: CGColor?
    /// A label's font size in points; nil for the default.
    public var fontSize: CGFloat?
    /// Whether a label's font is bold; nil for the default.
    public var fontBold: Bool?
    /// A label's alignment; nil for the default.
    public var textAlignment: NSTextAlignment?
    /// An image view's image name.
    public var image: String?
    /// `UIView.contentMode` by its UIKit name; nil for `scaleToFill`, the default.
    public var contentMode: String?
    /// The size of the content `contentMode` places: an image view's image, or the bounds' size when `draw(_:)`
    /// drew; nil when it is the bounds' size (the content fills them).
    public var contentSize: CGSize?
    /// Control state (highlighted, selected, enabled, value, on) for controls.
    public var control: ControlRenderState?
    /// What the view's `draw(_:)` recorded, then its shape sublayers; nil when it draws nothing.
    public var displayList: [DrawCommand]?
    /// Running animations of this view's properties (the props above are model values).
    public var animations: [RenderAnimation] = []
    /// The layer's shadow, when it has one.
    public var shadow: RenderShadow?
}

/// A layer shadow as the page draws it: around the view's background shape [choose: not around
/// its content or subviews, and `shadowPath` is not used].
public struct RenderShadow: Equatable, Sendable {
    /// `CALayer.shadowColor`.
    public var color: CGColor
    /// `CALayer.shadowOpacity`, 0…1.
    public var opacity: CGFloat
    /// `CALayer.shadowOffset`, points.
    public var offset: CGSize
    /// `CALayer.shadowRadius`, the blur in points.
    public var radius: CGFloat
}

/// The visible state of a control.
public struct ControlRenderState: Equatable, Sendable {
    /// `UIControl.isHighlighted`.
    public var isHighlighted: Bool
    /// `UIControl.isEnabled`.
    public var isEnabled: Bool
    /// `UIControl.isSelected`.
    public var isSelected: Bool
    /// `UISlider.value`; nil for other controls.
    public var value: Double?
    /// `UISlider.minimumValue`; nil for other controls.
    public var minimumValue: Double?
    /// `UISlider.maximumValue`; nil for other controls.
    public var maximumValue: Double?
    /// `UISwitch.isOn`; nil for other controls.
    public var isOn: Bool?
    /// `UIButton`'s title for its current state; nil for other controls.
    public var title: String?
    /// `UISegmentedControl`'s segments (titles, or image names); nil for other controls.
    public var segments: [String]?
    /// The selected segment; nil when none is (or the control is momentary).
    public var selectedSegment: Int?
    /// The segment under the tracked touch; nil when none.
    public var highlightedSegment: Int?
    /// `UIStepper`'s halves; nil for other controls.
    public var stepper: StepperRenderState?
    /// The control's `tintColor` when it is not the default `systemBlue` (UIKIT-EVERYDAY-TINT).
    public var tint: CGColor?
}

/// A stepper's halves as the page draws them.
public struct StepperRenderState: Equatable, Sendable {
    /// The half pressed now, `minus` or `plus`; nil when none.
    public var pressed: String?
    /// Whether the − half can step (drawn dimmed when not).
    public var canDecrement: Bool
    /// Whether the + half can step.
    public var canIncrement: Bool
}

/// A snapshot of every window's view tree in drawing order (pre-order, subviews back to front).
public struct RenderTree: Equatable, Sendable {
    /// Every view, windows first in their order, each followed by its subtree.
    public var nodes: [RenderNode]

    /// A snapshot of `nodes` (`UIApplication.renderTree()` makes them).
    public init(nodes: [RenderNode]) { self.nodes = nodes }

    /// The view with trace name `name`, for tests that check what a view looks like.
    public func node(named name: String) -> RenderNode? { nodes.first { $0.name == name } }
}

extension UIView {
    /// The view's node as it is now: its identity (id, parent, class), then every property through
    /// `refreshRenderNode(_:)`, so the list of what a node holds is written once.
    func makeRenderNode(id: Int, parent: Int?) -> RenderNode {
        var node = RenderNode(
            id: id, parent: parent, kind: typeName, name: "", center: .zero, bounds: .zero, transform: .identity,
            alpha: 1, isHidden: false, isUserInteractionEnabled: true, clipsToBounds: false,
            cornerRadius: 0, borderWidth: 0)
        _ = refreshRenderNode(&node)
        return node
    }

    /// The view's running animations, then its sublayers' (`renderedDrawing`): no array is made when
    /// the layer runs none.
    func renderedAnimations(sublayerAnimations: [RenderAnimation]) -> [RenderAnimation] {
        guard !layer.propertyAnimations.isEmpty || !layer.addedAnimations.isEmpty else { return sublayerAnimations }
        return renderAnimations + sublayerAnimations
    }
}
