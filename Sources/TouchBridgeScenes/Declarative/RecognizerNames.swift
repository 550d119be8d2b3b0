import TouchKit

/// Recognizers by the names scenes and `act` use: a declared one by its id, a scroll view's own ones
/// as the event log names them — `pager.pan` is `pager.panGestureRecognizer` — so relationships
/// (`require(toFail:)`, simultaneity) can name them as UIKit code names `scrollView.panGestureRecognizer`
/// (UIKIT-SCROLL-OWN-RECOGNIZERS). A declarative scroll view never zooms, so it has no
/// `pinchGestureRecognizer`; a Swift scene's zooming one does, and `act` finds it by its log name
/// (`scroller.pinch`).
enum RecognizerNames {
    /// The spec of `name` when it names the pan of a scene view of kind `scrollView` (`viewKind` tells
    /// a view's kind by id); nil otherwise.
    static func spec(_ name: String, viewKind: (String) -> ViewSpec.Kind?) -> RecognizerSpec? {
        guard name.hasSuffix(".pan") else { return nil }
        let view = String(name.dropLast(4))
        guard viewKind(view) == .scrollView else { return nil }
        return RecognizerSpec(id: name, kind: .pan, className: nil, view: view, properties: [:], flags: [:], direction: [],
                              edges: [], behaviour: .none, target: nil, delegate: nil, isDeclared: false)
    }

    /// Why `name` names no recognizer of the scene, with the names a scroll view's own ones take.
    static func unknown(_ name: String) -> String {
        "no recognizer with id '\(name)' (a scroll view's own pan is named after it: scrollViewID.pan)"
    }

    /// The live recognizer named `name` in `view`'s subtree, found by its log name (a scroll view's
    /// own recognizers too).
    static func find(_ name: String, in view: UIView) -> UIGestureRecognizer? {
        if let found = view.gestureRecognizers?.first(where: { $0.traceName == name }) { return found }
        for subview in view.subviews {
            if let found = find(name, in: subview) { return found }
        }
        return nil
    }
}
