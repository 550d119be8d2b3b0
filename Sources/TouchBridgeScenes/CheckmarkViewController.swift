import TouchKit

/// Source material: a custom recognizer for a checkmark — one finger goes down-right, then
/// up-right, and ends above its turning point. Written the way the source writes it, against the
/// subclass hooks, setting `state` itself.
package final class CheckmarkGestureRecognizer: UIGestureRecognizer {
    private var strokeUp = false
    private var midPoint = CGPoint.zero

    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if touches.count != 1 {
            state = .failed
            return
        }
        midPoint = touches.first!.location(in: view)
    }

    package override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
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

    package override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
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

    package override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        midPoint = .zero
        strokeUp = false
        state = .failed
    }

    package override func reset() {
        super.reset()
        midPoint = .zero
        strokeUp = false
    }
}

/// The checkmark scene: the custom recognizer on the whole view; each recognition is counted in the status
/// label.
package final class CheckmarkViewController: UIViewController {
    /// Shows the instructions, then the count of checkmarks recognized.
    package private(set) var status: UILabel!
    /// Checkmarks recognized so far.
    package private(set) var recognizedCount = 0

    package override func viewDidLoad() {
        view.backgroundColor = .white
        status = makeStatusLabel("Draw a ✓ anywhere.")
        let checkmark = CheckmarkGestureRecognizer(target: self, action: CheckmarkViewController.handleCheckmark)
        checkmark.name = "checkmark"
        view.addGestureRecognizer(checkmark)
    }

    package override func viewDidLayoutSubviews() {
        status.frame = SceneRegions(view, statusLabel: status).status
    }

    func handleCheckmark() {
        recognizedCount += 1
        status.text = "✓ recognized (\(recognizedCount))"
    }
}
