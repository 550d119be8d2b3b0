import Foundation

/// Insets, as UIKit's `UIEdgeInsets`.
public struct UIEdgeInsets: Equatable, Sendable {
    /// Points inset from each edge.
    public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
    /// Insets from each edge, in points.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No inset.
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension CGRect {
    /// The rectangle shrunk by `insets` (UIKit's `inset(by:)`).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top,
               width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}
