import TouchKit

/// Source material "MoveMe": a placard follows the finger that touched it, pulses (scales up) while
/// held and returns to the centre on lift; a double tap outside it switches its greeting. The placard
/// itself does not handle touches: they reach `MoveMeView` through the responder chain.
public final class MoveMeView: UIView {
    public let placardView = UILabel(frame: CGRect(x: 0, y: 0, width: 220, height: 80))
    static let greetings = ["Welcome", "Bienvenue", "Willkommen", "환영합니다", "Benvenuto"]
    private var greetingIndex = 0

    public override init(frame: CGRect) {
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

    public required init?(coder: NSCoder) {
        return nil
    }

    public override func layoutSubviews() {
        placardView.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }

    func setupNextDisplayString() {
        greetingIndex = (greetingIndex + 1) % Self.greetings.count
        placardView.text = Self.greetings[greetingIndex]
    }

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = event?.allTouches?.first else { return }
        guard touch.view === placardView else {
            if touch.tapCount == 2 { setupNextDisplayString() }
            return
        }
        placardView.transform = CGAffineTransform(scaleX: 1.1, y: 1.1)
        placardView.center = touch.location(in: self)
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = event?.allTouches?.first, touch.view === placardView else { return }
        placardView.center = touch.location(in: self)
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = event?.allTouches?.first, touch.view === placardView else { return }
        returnToCentre()
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        returnToCentre()
    }

    private func returnToCentre() {
        placardView.transform = .identity
        placardView.center = CGPoint(x: bounds.midX, y: bounds.midY)
    }
}

public final class MoveMeViewController: UIViewController {
    public override func loadView() {
        view = MoveMeView(frame: .zero)
        view.accessibilityIdentifier = "moveMe"
    }
}
