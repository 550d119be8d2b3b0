import TouchKit

/// Source material "MoveMe": a placard follows the finger that touched it and returns to the centre
/// on lift; a double tap outside it switches its greeting. The placard itself does not handle
/// touches: they reach `MoveMeView` through the responder chain. Animated as in the source: on
/// touch it pulses (scale 1.2, then 1.1, 0.5 s each — the second animation adds to the first) and
/// moves under the finger over 0.25 s; on lift the view turns user interaction off and animates
/// the placard back to the centre (0.5 s, a bouncing spring [choose: the source's keyframe bounce
/// is not shown]), turning interaction back on in the completion.
package final class MoveMeView: UIView {
    /// The placard that follows the finger.
    package let placardView = UILabel(frame: CGRect(x: 0, y: 0, width: 220, height: 80))
    static let greetings = ["Welcome", "Bienvenue", "Willkommen", "환영합니다", "Benvenuto"]
    private var greetingIndex = 0

    package override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        placardView.accessibilityIdentifier = "placard"
        placardView.text = Self.greetings[0]
        placardView.textAlignment = .center
        placardView.font = .boldSystemFont(ofSize: 28)
        placardView.backgroundColor = .systemYellow
        placardView.layer.cornerRadius = 16
        placardView.isUserInteractionEnabled = true
        addSubview(placardView)
    }

    package required init?(coder: NSCoder) {
        return nil
    }

    package override func layoutSubviews() {
        placardView.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }

    func setupNextDisplayString() {
        greetingIndex = (greetingIndex + 1) % Self.greetings.count
        placardView.text = Self.greetings[greetingIndex]
    }

    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = event?.allTouches?.first else { return }
        guard touch.view === placardView else {
            if touch.tapCount == 2 { setupNextDisplayString() }
            return
        }
        // "Pulse" the placard view by scaling up then down.
        UIView.animate(withDuration: 0.5) { self.placardView.transform = CGAffineTransform(scaleX: 1.2, y: 1.2) }
        UIView.animate(withDuration: 0.5) { self.placardView.transform = CGAffineTransform(scaleX: 1.1, y: 1.1) }
        // Move the placard view to under the touch.
        UIView.animate(withDuration: 0.25) { self.placardView.center = touch.location(in: self) }
    }

    package override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = event?.allTouches?.first, touch.view === placardView else { return }
        placardView.center = touch.location(in: self)
    }

    package override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = event?.allTouches?.first, touch.view === placardView else { return }
        // Disable user interaction so subsequent touches don't interfere with the animation.
        isUserInteractionEnabled = false
        animatePlacardViewToCenter()
    }

    package override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        isUserInteractionEnabled = false
        animatePlacardViewToCenter()
    }

    private func animatePlacardViewToCenter() {
        UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [], animations: {
            self.placardView.transform = .identity
            self.placardView.center = CGPoint(x: self.bounds.midX, y: self.bounds.midY)
        }, completion: { [weak self] _ in
            self?.isUserInteractionEnabled = true
        })
    }
}

/// The MoveMe scene: a `MoveMeView` as the root view, installed in `loadView()` as the source does.
package final class MoveMeViewController: UIViewController {
    package override func loadView() {
        view = MoveMeView(frame: .zero)
        view.accessibilityIdentifier = "moveMe"
    }
}
