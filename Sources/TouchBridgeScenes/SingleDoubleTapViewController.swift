import Foundation
import TouchKit

/// The same two actions built two ways, side by side, so the latency difference is visible:
/// left, a single-tap recognizer that requires the double-tap recognizer to fail (UIKit delays the
/// single tap by the multi-tap interval); right, the source material's responder-method version
/// that reads `tapCount` and delays the single tap itself. As in the source, a single tap shrinks
/// the pane's square by 10 % and a double tap grows it by 10 %, animated (UIKit's default 0.2 s),
/// next to the latency readout.
package final class SingleDoubleTapViewController: UIViewController {
    /// The left pane: recognizers with a failure requirement.
    package private(set) var recognizerPane: LiftClockView!
    /// The right pane: `tapCount` in responder methods.
    package private(set) var tapCountPane: TapCountView!
    /// The left pane's latency readout.
    package private(set) var recognizerLabel: UILabel!
    /// The right pane's latency readout.
    package private(set) var tapCountLabel: UILabel!
    /// The square the left pane's taps resize.
    package private(set) var recognizerSquare: UIView!
    /// The square the right pane's taps resize.
    package private(set) var tapCountSquare: UIView!
    /// How much the taps have grown or shrunk each square, by square.
    private var scales: [ObjectIdentifier: CGFloat] = [:]

    package override func viewDidLoad() {
        view.backgroundColor = .white
        recognizerPane = LiftClockView(frame: CGRect(x: 0, y: 80, width: 200, height: 720))
        recognizerPane.accessibilityIdentifier = "recognizers"
        recognizerPane.backgroundColor = UIColor(red: 0.9, green: 0.95, blue: 1, alpha: 1)
        view.addSubview(recognizerPane)
        tapCountPane = TapCountView(frame: CGRect(x: 200, y: 80, width: 200, height: 720))
        tapCountPane.accessibilityIdentifier = "tapCount"
        tapCountPane.backgroundColor = UIColor(red: 1, green: 0.95, blue: 0.9, alpha: 1)
        view.addSubview(tapCountPane)
        recognizerLabel = makeStatusLabel("require(toFail:)", name: "recognizerResult")
        recognizerLabel.frame = CGRect(x: 8, y: 8, width: 184, height: 64)
        tapCountLabel = makeStatusLabel("tapCount", name: "tapCountResult")
        tapCountLabel.frame = CGRect(x: 208, y: 8, width: 184, height: 64)
        recognizerSquare = makeSquare("recognizerSquare", in: recognizerPane, color: .systemBlue)
        tapCountSquare = makeSquare("tapCountSquare", in: tapCountPane, color: .systemOrange)

        let single = UITapGestureRecognizer(target: self, action: SingleDoubleTapViewController.handleSingle)
        single.name = "singleTap"
        let double = UITapGestureRecognizer(target: self, action: SingleDoubleTapViewController.handleDouble)
        double.name = "doubleTap"
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        recognizerPane.addGestureRecognizer(single)
        recognizerPane.addGestureRecognizer(double)

        tapCountPane.onSingle = { [weak self] latency in
            guard let self else { return }
            tapCountLabel.text = "single (\(Int(latency * 1000)) ms)"
            resize(tapCountSquare, by: 0.9)
        }
        tapCountPane.onDouble = { [weak self] latency in
            guard let self else { return }
            tapCountLabel.text = "double (\(Int(latency * 1000)) ms)"
            resize(tapCountSquare, by: 1.1)
        }
    }

    /// Two panes side by side at every size, each with its read-out on top and its square in the middle
    /// (laid out from the bounds and the squares' scales).
    package override func viewDidLayoutSubviews() {
        let area = view.bounds.inset(by: view.safeAreaInsets)
        let half = area.width / 2
        let labelHeight: CGFloat = 64
        let panes: [(UIView, UILabel)] = [(recognizerPane, recognizerLabel), (tapCountPane, tapCountLabel)]
        for (index, (pane, label)) in panes.enumerated() {
            let x = area.minX + CGFloat(index) * half
            label.frame = CGRect(x: x + 8, y: area.minY + 8, width: half - 16, height: labelHeight)
            pane.frame = CGRect(x: x, y: area.minY + labelHeight + 16, width: half, height: max(area.height - labelHeight - 16, 0))
        }
        for square in [recognizerSquare, tapCountSquare] { square?.frame = frame(of: square) }
    }

    /// Where `square` goes: the middle of its pane, at most 120 pt (less in a small pane) times its scale.
    private func frame(of square: UIView?) -> CGRect {
        guard let square, let pane = square.superview else { return .zero }
        let side = min(120, pane.bounds.width - 40, pane.bounds.height - 40) * (scales[ObjectIdentifier(square)] ?? 1)
        return CGRect(x: pane.bounds.midX - side / 2, y: pane.bounds.midY - side / 2, width: side, height: side)
    }

    func handleSingle(_ sender: UITapGestureRecognizer) {
        recognizerLabel.text = "single (\(latency()) ms)"
        resize(recognizerSquare, by: 0.9)
    }

    func handleDouble(_ sender: UITapGestureRecognizer) {
        recognizerLabel.text = "double (\(latency()) ms)"
        resize(recognizerSquare, by: 1.1)
    }

    /// The source's `setFrame:` inside `beginAnimations`: the size changes by `factor` about the
    /// centre, animated over UIKit's default 0.2 s.
    private func resize(_ square: UIView, by factor: CGFloat) {
        scales[ObjectIdentifier(square), default: 1] *= factor
        let frame = frame(of: square)
        UIView.animate(withDuration: 0.2) { square.frame = frame }
    }

    /// A square the taps resize; it takes no touches, so they stay the pane's.
    private func makeSquare(_ name: String, in pane: UIView, color: UIColor) -> UIView {
        let square = UIView(frame: CGRect(x: 40, y: 240, width: 120, height: 120))
        square.accessibilityIdentifier = name
        square.backgroundColor = color
        square.layer.cornerRadius = 12
        square.isUserInteractionEnabled = false
        pane.addSubview(square)
        return square
    }

    /// Milliseconds from the lift that completed the gesture to the action.
    private func latency() -> Int {
        guard let application = view.window?.application else { return 0 }
        return Int(((application.currentTime - recognizerPane.lastLiftTime) * 1000).rounded())
    }
}

/// Remembers when its last touch lifted. The recognizers cancel the pane's touches just before their
/// action, and a cancelled touch still carries its lift time.
package final class LiftClockView: UIView {
    /// Engine time of the latest lift, seconds (also read from a cancellation that carries a lift).
    package private(set) var lastLiftTime: TimeInterval = 0

    package override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches) }
    package override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches) }

    private func note(_ touches: Set<UITouch>) {
        if let touch = touches.first(where: { $0.phase == .ended }) { lastLiftTime = touch.timestamp }
    }
}

/// Source material: single vs double tap from the responder methods. On a tapCount-1 lift the
/// single-tap action is scheduled 0.3 s later; a second touch-down with tapCount 2 cancels it and the
/// second lift performs the double-tap action.
package final class TapCountView: UIView {
    var onSingle: ((TimeInterval) -> Void)?
    var onDouble: ((TimeInterval) -> Void)?
    private var pendingSingle: TimerToken?
    private var liftTime: TimeInterval = 0

    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, touch.tapCount == 2, let pendingSingle else { return }
        window?.application?.cancelScheduled(pendingSingle)
        self.pendingSingle = nil
    }

    package override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let application = window?.application else { return }
        liftTime = touch.timestamp
        if touch.tapCount == 1 {
            // Weak application too: the application keeps its pending timers, so a strong capture
            // would keep the whole app alive if the session ended before the timer fired.
            pendingSingle = application.schedule(after: 0.3) { [weak self, weak application] in
                guard let self, let application else { return }
                self.pendingSingle = nil
                self.onSingle?(application.currentTime - self.liftTime)
            }
        } else if touch.tapCount == 2 {
            onDouble?(application.currentTime - liftTime)
        }
    }
}
