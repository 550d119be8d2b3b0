import TouchKit

/// The responder chain (UIKIT-RESPONDER-FORWARDING): a view that hands double taps to its next responder (the
/// source material's pattern), and a view controller that becomes first responder in `viewDidAppear` and
/// handles shake and remote-control events. Each step is written to the log label.
package final class ResponderChainViewController: UIViewController {
    /// Shows `entries`.
    package private(set) var logLabel: UILabel!
    /// Each responder step, in order.
    package private(set) var entries: [String] = []
    private var status: UILabel!
    private var forwardingView: UIView!

    package override var canBecomeFirstResponder: Bool { true }

    package override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "root"
        status = makeStatusLabel("Tap / double-tap the square; shake the phone; use the media keys.")
        let forwarding = DoubleTapForwardingView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        forwarding.accessibilityIdentifier = "forwarding"
        forwarding.backgroundColor = .systemOrange
        forwarding.onSingle = { [weak self] in self?.append("forwarding view handled a single tap") }
        view.addSubview(forwarding)
        forwardingView = forwarding
        logLabel = UILabel(frame: CGRect(x: 20, y: 330, width: 360, height: 300))
        logLabel.accessibilityIdentifier = "log"
        logLabel.numberOfLines = 12
        view.addSubview(logLabel)
    }

    /// Portrait: the square near the top, the log below; wide windows: side by side.
    package override func viewDidLayoutSubviews() {
        let regions = SceneRegions(view, statusLabel: status, panelRows: 7)
        status.frame = regions.status
        let stage = regions.stage.union(regions.panel)
        if regions.isSideBySide {
            let side = min(200, regions.stage.width, regions.stage.height)
            forwardingView.frame = CGRect(x: regions.stage.midX - side / 2, y: regions.stage.midY - side / 2, width: side, height: side)
            logLabel.frame = regions.panel
        } else {
            let side = min(200, stage.width, stage.height / 2)
            forwardingView.frame = CGRect(x: stage.midX - side / 2, y: stage.minY + 32, width: side, height: side)
            logLabel.frame = CGRect(x: stage.minX + 4, y: forwardingView.frame.maxY + 30, width: stage.width - 8,
                                    height: max(min(300, stage.maxY - forwardingView.frame.maxY - 30), 0))
        }
    }

    package override func viewDidAppear(_ animated: Bool) {
        becomeFirstResponder()
        view.window?.application?.beginReceivingRemoteControlEvents()
    }

    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if touches.contains(where: { $0.tapCount == 2 }) { append("controller got the forwarded double tap") }
    }

    package override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        append("controller: motionBegan(\(motion))")
    }

    package override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        append("controller: motionEnded(\(motion))")
    }

    package override func remoteControlReceived(with event: UIEvent?) {
        append("controller: remoteControlReceived(\(event?.subtype ?? .none))")
    }

    private func append(_ entry: String) {
        entries.append(entry)
        logLabel.text = entries.suffix(12).joined(separator: "\n")
    }
}

/// Source material: a view that handles single taps itself and sends double taps up the chain.
final class DoubleTapForwardingView: UIView {
    var onSingle: (() -> Void)?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches where touch.tapCount == 2 {
            next?.touchesBegan(touches, with: event)
            return
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if touches.contains(where: { $0.tapCount == 1 }) { onSingle?() }
    }
}
