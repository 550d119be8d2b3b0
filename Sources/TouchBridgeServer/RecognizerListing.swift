import TouchBridgeProtocol
import TouchKit

/// Every gesture recognizer of an app, for full renders: windows in order, each view tree depth
/// first, each view's recognizers in attach order — the names the event log uses.
enum RecognizerListing {
    static func recognizers(of application: UIApplication) -> [RecognizerInfo] {
        var result: [RecognizerInfo] = []
        func visit(_ view: UIView) {
            for recognizer in view.gestureRecognizers ?? [] {
                result.append(RecognizerInfo(
                    name: recognizer.traceName, kind: String(describing: type(of: recognizer)),
                    view: view.traceName, state: recognizer.state.description))
            }
            for subview in view.subviews { visit(subview) }
        }
        for window in application.windows { visit(window) }
        return result
    }
}
