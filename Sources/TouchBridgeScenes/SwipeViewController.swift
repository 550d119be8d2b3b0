import TouchKit

/// Four swipe recognizers (one per direction) on the top half; below, the source material's view that
/// tracks horizontal swipes by hand from `touchesMoved` (at least 12 pt across, at most 4 pt off axis).
public final class SwipeViewController: UIViewController {
    /// Says which swipe was recognized last.
    public private(set) var status: UILabel!
    /// The view that detects horizontal swipes in `touchesMoved`.
    public private(set) var trackingView: HorizontalSwipeView!

    public override func viewDidLoad() {
        view.backgroundColor = .white
        status = makeStatusLabel("Swipe in the top half (recognizers) or the bottom half (by hand).")
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
        trackingView.onSwipe = { [weak self] direction in self?.status.text = "tracked by hand: \(direction)" }
        view.addSubview(trackingView)
    }

    /// The recognizers' half and the hand-tracked half: stacked on tall windows, side by side on wide.
    public override func viewDidLayoutSubviews() {
        let regions = SceneRegions(view)
        status.frame = regions.status
        let bounds = view.bounds
        trackingView.frame = bounds.width > bounds.height
            ? CGRect(x: bounds.midX, y: regions.stage.minY, width: bounds.width / 2, height: bounds.maxY - regions.stage.minY)
            : CGRect(x: 0, y: bounds.midY, width: bounds.width, height: bounds.height / 2)
    }

    func handleSwipe(_ sender: UISwipeGestureRecognizer) {
        status.text = "recognizer: \(sender.direction)"
    }
}

/// The source material's hand-made horizontal swipe tracker.
public final class HorizontalSwipeView: UIView {
    static let horizontalSwipeDragMin: CGFloat = 12
    static let verticalSwipeDragMax: CGFloat = 4
    var onSwipe: ((String) -> Void)?
    private var startTouchPosition: CGPoint?

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        startTouchPosition = touches.first?.location(in: self)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let start = startTouchPosition, let touch = touches.first else { return }
        let current = touch.location(in: self)
        if abs(start.x - current.x) >= Self.horizontalSwipeDragMin && abs(start.y - current.y) <= Self.verticalSwipeDragMax {
            onSwipe?(start.x < current.x ? "right" : "left")
            startTouchPosition = nil
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { startTouchPosition = nil }
    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { startTouchPosition = nil }
}
