import Foundation

extension RenderNode {
    /// A set of a render node's properties: those an in-place refresh changed
    /// (`RenderChangeTracker.collect(reviewing:refreshing:)`), so a host converts only them.
    public struct Properties: OptionSet, Sendable {
        /// The bits, one a property.
        public var rawValue: UInt32
        /// A set from its bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        /// `name`, which a client does not draw.
        public static let name = Self(rawValue: 1 << 0)
        /// `center`.
        public static let center = Self(rawValue: 1 << 1)
        /// `bounds`.
        public static let bounds = Self(rawValue: 1 << 2)
        /// `transform`.
        public static let transform = Self(rawValue: 1 << 3)
        /// `anchorPoint`.
        public static let anchorPoint = Self(rawValue: 1 << 4)
        /// `alpha`.
        public static let alpha = Self(rawValue: 1 << 5)
        /// `isHidden`.
        public static let isHidden = Self(rawValue: 1 << 6)
        /// `isUserInteractionEnabled`.
        public static let isUserInteractionEnabled = Self(rawValue: 1 << 7)
        /// `clipsToBounds`.
        public static let clipsToBounds = Self(rawValue: 1 << 8)
        /// `backgroundColor`.
        public static let backgroundColor = Self(rawValue: 1 << 9)
        /// `cornerRadius`.
        public static let cornerRadius = Self(rawValue: 1 << 10)
        /// `borderWidth`.
        public static let borderWidth = Self(rawValue: 1 << 11)
        /// `borderColor`.
        public static let borderColor = Self(rawValue: 1 << 12)
        /// `text`.
        public static let text = Self(rawValue: 1 << 13)
        /// `textColor`.
        public static let textColor = Self(rawValue: 1 << 14)
        /// `fontSize`.
        public static let fontSize = Self(rawValue: 1 << 15)
        /// `fontBold`.
        public static let fontBold = Self(rawValue: 1 << 16)
        /// `textAlignment`.
        public static let textAlignment = Self(rawValue: 1 << 17)
        /// `image`.
        public static let image = Self(rawValue: 1 << 18)
        /// `contentMode`.
        public static let contentMode = Self(rawValue: 1 << 19)
        /// `contentSize`.
        public static let contentSize = Self(rawValue: 1 << 20)
        /// `control`.
        public static let control = Self(rawValue: 1 << 21)
        /// `displayList`.
        public static let displayList = Self(rawValue: 1 << 22)
        /// `animations`.
        public static let animations = Self(rawValue: 1 << 23)
        /// `shadow`.
        public static let shadow = Self(rawValue: 1 << 24)
        /// Every property, for a node seen for the first time.
        public static let all = Self(rawValue: (1 << 25) - 1)
    }

    /// Sets `field` to `value` when they differ (by `==`, as the node's own equality compares them),
    /// noting `property` in `changed`: a field left alone is neither written nor copied.
    @inline(__always)
    static func set<T: Equatable>(_ field: inout T, to value: T, _ property: Properties, in changed: inout Properties) {
        guard field != value else { return }
        field = value
        changed.insert(property)
    }
}

extension UIView {
    /// Brings `node`, this view's node from an earlier collection, to the view's state now, in place:
    /// each property is compared with the view's value and written only when it differs, so a frame
    /// that moved a view costs its moved properties, not a new node of some 500 bytes with a dozen
    /// references (issue 25). The id and parent stay (the host calls this only for a tree that kept
    /// its shape), and so does the kind (a view's class is its for life). Returns the properties that changed; an empty set means the node was already current.
    func refreshRenderNode(_ node: inout RenderNode) -> RenderNode.Properties {
        var changed: RenderNode.Properties = []
        RenderNode.set(&node.name, to: traceName, .name, in: &changed)
        RenderNode.set(&node.center, to: center, .center, in: &changed)
        RenderNode.set(&node.bounds, to: bounds, .bounds, in: &changed)
        RenderNode.set(&node.transform, to: transform, .transform, in: &changed)
        RenderNode.set(&node.anchorPoint, to: anchorPoint, .anchorPoint, in: &changed)
        RenderNode.set(&node.alpha, to: alpha, .alpha, in: &changed)
        RenderNode.set(&node.isHidden, to: isHidden, .isHidden, in: &changed)
        RenderNode.set(&node.isUserInteractionEnabled, to: isUserInteractionEnabled, .isUserInteractionEnabled, in: &changed)
        RenderNode.set(&node.clipsToBounds, to: clipsToBounds, .clipsToBounds, in: &changed)
        RenderNode.set(&node.backgroundColor, to: backgroundColor?.cgColor, .backgroundColor, in: &changed)
        RenderNode.set(&node.cornerRadius, to: layer.cornerRadius, .cornerRadius, in: &changed)
        RenderNode.set(&node.borderWidth, to: layer.borderWidth, .borderWidth, in: &changed)
        RenderNode.set(&node.borderColor, to: layer.borderColor, .borderColor, in: &changed)
        let drawing = renderedDrawing
        RenderNode.set(&node.displayList, to: drawing.displayList, .displayList, in: &changed)
        RenderNode.set(&node.animations, to: renderedAnimations(sublayerAnimations: drawing.sublayerAnimations), .animations, in: &changed)
        let content = renderedContent
        RenderNode.set(&node.contentMode, to: content.mode, .contentMode, in: &changed)
        RenderNode.set(&node.contentSize, to: content.size, .contentSize, in: &changed)
        RenderNode.set(&node.shadow, to: renderedShadow, .shadow, in: &changed)
        contributeRenderProperties(to: &node, changed: &changed)
        return changed
    }

    /// The layer's shadow as the page draws it; nil when it has none.
    var renderedShadow: RenderShadow? {
        guard layer.shadowOpacity > 0, let color = layer.shadowColor else { return nil }
        return RenderShadow(color: color, opacity: CGFloat(layer.shadowOpacity), offset: layer.shadowOffset, radius: layer.shadowRadius)
    }
}
