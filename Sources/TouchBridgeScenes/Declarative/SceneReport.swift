import TouchKit

/// The `report` action: writes a value the app can read to the event log as a note
/// (`report: V.safeAreaInsets = (59, 0, 34, 0)`), so a scripted client can check what a Swift test
/// would assert — a frame after autoresizing, the size classes, a presentation value mid-animation —
/// without the protocol growing a query for each.
enum SceneReport {
    static let viewProperties = ["frame", "center", "bounds", "alpha", "hidden", "safeAreaInsets", "traitCollection",
                                 "presentation.center", "presentation.alpha", "isFirstResponder", "superview",
                                 "gestureRecognizers", "window", "shape.frame"]
    static let recognizerProperties = ["state", "view", "isEnabled"]

    static func value(of property: String, of view: UIView) -> String {
        switch property {
        case "frame": return text(view.frame)
        case "center": return text(view.center)
        case "bounds": return text(view.bounds)
        case "alpha": return number(view.alpha)
        case "hidden": return "\(view.isHidden)"
        case "safeAreaInsets":
            let insets = view.safeAreaInsets
            return "(\(number(insets.top)), \(number(insets.left)), \(number(insets.bottom)), \(number(insets.right)))"
        case "traitCollection": return view.traitCollection.description
        case "presentation.center":
            let layer = view.layer.presentation() ?? view.layer
            return text(layer.position)
        case "presentation.alpha": return number(CGFloat((view.layer.presentation() ?? view.layer).opacity))
        case "isFirstResponder": return "\(view.isFirstResponder)"
        case "superview": return view.superview?.traceName ?? "nil"
        case "window": return view.window?.traceName ?? "nil"
        case "shape.frame": return (view as? SceneView)?.shapeLayer.map { text($0.frame) } ?? "nil"
        default: return "[" + (view.gestureRecognizers ?? []).map(\.traceName).joined(separator: ", ") + "]"
        }
    }

    static func value(of property: String, of recognizer: UIGestureRecognizer) -> String {
        switch property {
        case "state": "\(recognizer.state)"
        case "view": recognizer.view?.traceName ?? "nil"
        default: "\(recognizer.isEnabled)"
        }
    }

    static func number(_ value: CGFloat) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(Double(rounded))
    }

    static func text(_ point: CGPoint) -> String { "(\(number(point.x)), \(number(point.y)))" }

    static func text(_ rect: CGRect) -> String {
        "(\(number(rect.minX)), \(number(rect.minY)), \(number(rect.width)), \(number(rect.height)))"
    }
}
