import Foundation

/// Why a touch went past a view that wanted it: the event log names the front-most view that
/// hit-testing skipped because its user interaction is off while it (or a subview) has recognizers or
/// controls — the classic "my image's tap never fires" (UIImageView and UILabel default to
/// `isUserInteractionEnabled = false`, UIKIT-HIT-INTERACTION-DEFAULTS).
extension UIView {
    /// What the diagnostic walk found below a view: nothing at the point, a view hit-testing would
    /// return, or a skipped view that wanted touches in front of any such view.
    private enum InteractionWalk {
        case miss, hit, skipped(UIView)
    }

    /// The front-most view at `point` (this view's coordinates) that hit-testing passes over because
    /// `isUserInteractionEnabled` is false although it or a subview has recognizers or controls, if
    /// no hittable view lies in front of it. Only the event log asks (`GestureEnvironment`).
    func viewSkippedForInteraction(at point: CGPoint, with event: UIEvent?) -> UIView? {
        if case .skipped(let view) = interactionWalk(point, event) { return view }
        return nil
    }

    /// The walk of `hitTest(_:with:)`, front-most subview first, except that a view with user interaction
    /// off that wants touches is reported instead of passed over.
    private func interactionWalk(_ point: CGPoint, _ event: UIEvent?) -> InteractionWalk {
        guard !isHidden, alpha >= 0.01, animationLocks == 0, self.point(inside: point, with: event) else { return .miss }
        guard isUserInteractionEnabled else { return wantsTouches ? .skipped(self) : .miss }
        for subview in subviews.reversed() {
            let result = subview.interactionWalk(subview.pointFromSuperview(point), event)
            if case .miss = result { continue }
            return result
        }
        return .hit
    }

    /// Whether the view or a subview has a recognizer or is a control.
    private var wantsTouches: Bool {
        var found = false
        forEachInSubtree { found = found || $0 is UIControl || !$0.recognizers.isEmpty }
        return found
    }

    /// The skip in words: the flag, whose default it is, and who does not get the touch.
    var interactionSkipNote: String {
        let owner = self is UIImageView ? " (UIImageView default)" : self is UILabel ? " (UILabel default)" : ""
        var names: [String] = []
        forEachInSubtree { view in
            names += view.recognizers.map(\.traceName)
            if view is UIControl { names.append(view.traceName) }
        }
        return "skipped by hit-testing: isUserInteractionEnabled false\(owner); \(names.joined(separator: ", ")) cannot see the touch"
    }
}
