import TouchKit

/// Four swipe recognizers (one per direction) on the top half; below, the source material's view that
/// tracks horizontal swipes by hand from `touchesMoved` (at least 12 pt across, at most 4 pt off axis).
package final class SwipeViewController: UIViewController {
    /// Says which swipe was recognized last.
    package private(set) var status: UILabel!
    /// The view that detects horizontal swipes in `touchesMoved`.
    package private(set) var trackingView: HorizontalSwipeView!
    /// Whether the status line still shows the instructions (which name the halves as they are laid out).
    private var showsInstructions = true
    private static let stackedInstructions = "Swipe in the top half (recognizers) or the bottom half (by hand)."
    private static let sideBySideInstructions = "Swipe on the left (recognizers) or on the right (by hand)."

    package override func viewDidLoad() {
        view.backgroundColor = .white
        status = makeStatusLabel(Self.stackedInstructions)
        let directions: [(UISwipeGestureRecognizer.Direction, String)] = [(.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")]
        for (direction, name) in directions {
            let swipe = UISwipeGestureRecognizer(target: self, action: SwipeViewController.handleSwipe)
            swipe.direction = direction
            swipe.name = "swipe-\(name)"
            view.addGestureRecognizer(swipe)
        }
        trackingView = HorizontalSwipeView(frame: CGRect(x: 0, y: 400, width: 400, height: 400))
        trackingView.accessibilityIdentifier = "handTracked"
        trackingView.backgroundColor = UIColor(white: 0.93, alpha: 1)
        trackingView.onSwipe = { [weak self] direction in self?.show("tracked by hand: \(direction)") }
        view.addSubview(trackingView)
    }

    /// The recognizers' half and the hand-tracked half of the stage, inside the safe area: stacked on tall
    /// windows, side by side on wide ones (the instructions say which).
    package override func viewDidLayoutSubviews() {
        let bounds = view.bounds
        let sideBySide = bounds.width > bounds.height
        if showsInstructions { status.text = sideBySide ? Self.sideBySideInstructions : Self.stackedInstructions }
        let regions = SceneRegions(view, statusLabel: status)
        status.frame = regions.status
        let stage = regions.stage
        trackingView.frame = sideBySide
            ? CGRect(x: stage.midX, y: stage.minY, width: stage.width / 2, height: stage.height)
            : CGRect(x: stage.minX, y: stage.midY, width: stage.width, height: stage.height / 2)
    }

    private func show(_ result: String) {
        showsInstructions = false
        status.text = result
    }

    func handleSwipe(_ sender: UISwipeGestureRecognizer) {
        show("recognizer: \(sender.direction)")
    }
}

/// The source material's hand-made horizontal swipe tracker.
package final class HorizontalSwipeView: UIView {
    static let horizontalSwipeDragMin: CGFloat = 12
    static let verticalSwipeDragMax: CGFloat = 4
    var onSwipe: ((String) -> Void)?
    private var startTouchPosition: CGPoint?

    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        startTouchPosition = touches.first?.location(in: self)
    }

    package override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let start = startTouchPosition, let touch = touches.first else { return }
        let current = touch.location(in: self)
        if abs(start.x - current.x) >= Self.horizontalSwipeDragMin && abs(start.y - current.y) <= Self.verticalSwipeDragMax {
            onSwipe?(start.x < current.x ? "right" : "left")
            startTouchPosition = nil
        }
    }

    package override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { startTouchPosition = nil }
    package override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { startTouchPosition = nil }
}
