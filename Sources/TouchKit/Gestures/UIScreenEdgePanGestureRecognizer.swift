import Foundation

/// Screen edges, with UIKit's raw values.
public struct UIRectEdge: OptionSet, Sendable, CustomStringConvertible {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = UIRectEdge(rawValue: 1 << 0)
    /// The left edge.
    public static let left = UIRectEdge(rawValue: 1 << 1)
    /// The bottom edge.
    public static let bottom = UIRectEdge(rawValue: 1 << 2)
    /// The right edge.
    public static let right = UIRectEdge(rawValue: 1 << 3)
    /// Every edge.
    public static let all: UIRectEdge = [.top, .left, .bottom, .right]

    public var description: String {
        [(UIRectEdge.top, "top"), (.left, "left"), (.bottom, "bottom"), (.right, "right")]
            .filter { contains($0.0) }.map(\.1).joined(separator: "|")
    }
}

/// A pan that must start at an edge of the window (continuous).
///
/// UIKit's edge band is undocumented (UIKIT-SCREEN-EDGE-PAN); TouchKit uses `edgeBandWidth` (20 pt) and
/// requires the first movement to point away from that edge.
open class UIScreenEdgePanGestureRecognizer: UIPanGestureRecognizer {
    /// The edges a pan may start from; empty (the default, as UIKit) never recognizes.
    public var edges: UIRectEdge = []
    /// How far from an edge a touch may land and still start an edge pan, in points (not UIKit API).
    public var edgeBandWidth: CGFloat = 20

    /// Fails at once for a touch that lands outside every enabled edge's band; otherwise a pan.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if state == .possible, let touch = touches.inTouchOrder.first, let window = touch.window {
            let point = touch.locationInWindow
            let bounds = window.bounds
            let distances: [(UIRectEdge, CGFloat)] = [
                (.left, point.x - bounds.minX), (.right, bounds.maxX - point.x),
                (.top, point.y - bounds.minY), (.bottom, bounds.maxY - point.y),
            ]
            let inBand = distances.filter { edges.contains($0.0) && $0.1 <= edgeBandWidth }
            if inBand.isEmpty {
                let nearest = distances.filter { edges.contains($0.0) }.min { $0.1 < $1.1 }
                let detail = nearest.map { "began \(points($0.1)) from the \($0.0) edge" } ?? "no edges set"
                let margins = nearest.map { [DecisionMargin.points(ruleID, "edgeBandWidth", measured: $0.1, limit: edgeBandWidth, .atMost, .outside)] } ?? []
                return setState(.failed, because: "\(detail) > edgeBandWidth \(points(edgeBandWidth))", margins: margins)
            }
        }
        super.touchesBegan(touches, with: event)
    }

    override var ruleID: String { "UIKIT-SCREEN-EDGE-PAN" }
}
