import Foundation

/// One view's visual state, as the page needs it to draw the view.
public struct RenderNode: Equatable, Sendable {
    public var id: Int
    /// The superview's id; nil for a window.
    public var parent: Int?
    /// The view's class, e.g. `UIImageView`.
    public var kind: String
    public var name: String
    public var center: CGPoint
    public var bounds: CGRect
    public var transform: CGAffineTransform
    public var alpha: CGFloat
    public var isHidden: Bool
    public var isUserInteractionEnabled: Bool
    public var clipsToBounds: Bool
    public var backgroundColor: CGColor?
    public var cornerRadius: CGFloat
    public var borderWidth: CGFloat
    public var borderColor: CGColor?
    public var text: String?
    public var textColor: CGColor?
    public var fontSize: CGFloat?
    public var fontBold: Bool?
    public var textAlignment: NSTextAlignment?
    public var image: String?
    /// Control state (highlighted, selected, enabled, value, on) for controls.
    public var control: ControlRenderState?
    public var displayList: [DrawCommand]?
    /// Running animations of this view's properties (the props above are model values).
    public var animations: [RenderAnimation] = []
    /// The layer's shadow, when it has one.
    public var shadow: RenderShadow?
}

/// A layer shadow as the page draws it: around the view's background shape [choose: not around
/// its content or subviews, and `shadowPath` is not used].
public struct RenderShadow: Equatable, Sendable {
    public var color: CGColor
    public var opacity: CGFloat
    public var offset: CGSize
    public var radius: CGFloat
}

/// The visible state of a control.
public struct ControlRenderState: Equatable, Sendable {
    public var isHighlighted: Bool
    public var isEnabled: Bool
    public var isSelected: Bool
    public var value: Double?
    public var minimumValue: Double?
    public var maximumValue: Double?
    public var isOn: Bool?
    public var title: String?
}

/// A snapshot of every window's view tree in drawing order (pre-order, subviews back to front).
public struct RenderTree: Equatable, Sendable {
    public var nodes: [RenderNode]

    public init(nodes: [RenderNode]) { self.nodes = nodes }

    public func node(named name: String) -> RenderNode? { nodes.first { $0.name == name } }
}

extension UIView {
    func makeRenderNode(id: Int, parent: Int?, name: String) -> RenderNode {
        var node = RenderNode(
            id: id, parent: parent, kind: typeName, name: name,
            center: center, bounds: bounds, transform: transform, alpha: alpha, isHidden: isHidden,
            isUserInteractionEnabled: isUserInteractionEnabled, clipsToBounds: clipsToBounds,
            backgroundColor: backgroundColor?.cgColor, cornerRadius: layer.cornerRadius,
            borderWidth: layer.borderWidth, borderColor: layer.borderColor, displayList: renderedDisplayList)
        if !layer.propertyAnimations.isEmpty { node.animations = renderAnimations }
        if layer.shadowOpacity > 0, let color = layer.shadowColor {
            node.shadow = RenderShadow(color: color, opacity: CGFloat(layer.shadowOpacity), offset: layer.shadowOffset, radius: layer.shadowRadius)
        }
        contributeRenderProperties(to: &node)
        return node
    }
}
