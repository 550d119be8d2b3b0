import Foundation

/// A two-dimensional vector, as CoreGraphics' `CGVector` (Linux Foundation has none): the velocity
/// of `UISpringTimingParameters`.
public struct CGVector: Equatable, Sendable {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// A vector of the two components.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// The vector (0, 0).
    public static let zero = CGVector(dx: 0, dy: 0)
}
