import TouchBridgeProtocol
import TouchKit

/// Every gesture recognizer of an app, for full renders: windows in order, each view tree depth
/// first, each view's recognizers in attach order — the names the event log uses.
enum RecognizerListing {
    static func recognizers(of application: UIApplication) -> [RecognizerInfo] {
        all(of: application).map { recognizer in
            RecognizerInfo(
                name: recognizer.traceName, kind: String(describing: type(of: recognizer)),
                view: recognizer.view?.traceName ?? "", state: recognizer.state.description)
        }
    }

    /// Every recognizer attached to a view of the app, in that order.
    static func all(of application: UIApplication) -> [UIGestureRecognizer] {
        var result: [UIGestureRecognizer] = []
        func visit(_ view: UIView) {
            result += view.gestureRecognizers ?? []
            for subview in view.subviews { visit(subview) }
        }
        for window in application.windows { visit(window) }
        return result
    }
}
