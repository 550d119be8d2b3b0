import TouchKit

/// Source material: a custom recognizer for a checkmark — one finger goes down-right, then
/// up-right, and ends above its turning point. Written the way the source writes it, against the
/// subclass hooks, setting `state` itself.
public final class CheckmarkGestureRecognizer: UIGestureRecognizer {
    private var strokeUp = false
    private var midPoint = CGPoint.zero

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if touches.count != 1 {
            state = .failed
            return
        }
        midPoint = touches.first!.location(in: view)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        if state == .failed { return }
        guard let touch = touches.first else { return }
        let nowPoint = touch.location(in: view)
        let prevPoint = touch.previousLocation(in: view)
        if !strokeUp {
            if nowPoint.x >= prevPoint.x && nowPoint.y >= prevPoint.y {
                midPoint = nowPoint
            } else if nowPoint.x >= prevPoint.x && nowPoint.y < prevPoint.y {
                strokeUp = true
            } else {
                state = .failed
            }
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if state == .possible && strokeUp {
            let nowPoint = touches.first!.location(in: view)
            if nowPoint.x >= midPoint.x && nowPoint.y < midPoint.y {
                state = .recognized
            } else {
                state = .failed
            }
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        midPoint = .zero
        strokeUp = false
        state = .failed
    }

    public override func reset() {
        super.reset()
        midPoint = .zero
        strokeUp = false
    }
}

/// The checkmark scene: the custom recognizer on the whole view; each recognition is counted in the status
/// label.
public final class CheckmarkViewController: UIViewController {
    /// Shows the instructions, then the count of checkmarks recognized.
    public private(set) var status: UILabel!
    /// Checkmarks recognized so far.
    public private(set) var recognizedCount = 0

    public override func viewDidLoad() {
        view.backgroundColor = .white
        status = makeStatusLabel("Draw a ✓ anywhere.")
        let checkmark = CheckmarkGestureRecognizer(target: self, action: CheckmarkViewController.handleCheckmark)
        checkmark.name = "checkmark"
        view.addGestureRecognizer(checkmark)
    }

    public override func viewDidLayoutSubviews() {
        status.frame = SceneRegions(view, statusLabel: status).status
    }

    func handleCheckmark() {
        recognizedCount += 1
        status.text = "✓ recognized (\(recognizedCount))"
    }
}
