import TouchKit

/// The delivery rules made visible: a double-tap recognizer on a view that logs every responder
/// message it gets, with switches for `cancelsTouchesInView`, `delaysTouchesBegan` and
/// `delaysTouchesEnded`. Double-tap the view to see the source material's table (UIKIT-DELIVERY-DELAYS-ENDED):
/// delaysTouchesEnded on → touchesBegan, touchesBegan, touchesCancelled, touchesCancelled;
/// off → touchesBegan, touchesEnded, touchesBegan, touchesCancelled.
package final class DeliveryLabViewController: UIViewController {
    /// The view that logs every responder message it gets.
    package private(set) var target: UIView!
    /// The messages `target` received, in order.
    package private(set) var messagesLabel: UILabel!
    /// The recognizer whose delivery switches the lab toggles.
    package private(set) var doubleTap: UITapGestureRecognizer!
    private var toggles: [Toggle] = []
    private var status: UILabel!
    private let panel = UIScrollView.panel(named: "settings")

    package override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "root"
        let logView = MessageLogView(frame: CGRect(x: 20, y: 80, width: 360, height: 300))
        logView.accessibilityIdentifier = "target"
        logView.backgroundColor = UIColor(red: 0.85, green: 0.92, blue: 1, alpha: 1)
        logView.layer.cornerRadius = 16
        view.addSubview(logView)
        target = logView
        status = makeStatusLabel("Double-tap the blue view; flip the switches and compare.")
        view.addSubview(panel)
        messagesLabel = UILabel(frame: CGRect(x: 20, y: 390, width: 360, height: 120))
        messagesLabel.accessibilityIdentifier = "messages"
        messagesLabel.numberOfLines = 6
        messagesLabel.text = "messages to the view appear here"
        panel.addSubview(messagesLabel)

        doubleTap = UITapGestureRecognizer(target: self, action: DeliveryLabViewController.handleDoubleTap)
        doubleTap.name = "doubleTap"
        doubleTap.numberOfTapsRequired = 2
        logView.addGestureRecognizer(doubleTap)
        logView.onChange = { [weak self] messages in
            self?.show(messages.suffix(6).joined(separator: ", "))
        }
        let recognizer = doubleTap!
        toggles = [
            Toggle("cancelsTouchesInView", name: "cancelsTouchesInView", isOn: true, at: CGPoint(x: 20, y: 530), in: panel) { recognizer.cancelsTouchesInView = $0 },
            Toggle("delaysTouchesBegan", name: "delaysTouchesBegan", isOn: false, at: CGPoint(x: 20, y: 580), in: panel) { recognizer.delaysTouchesBegan = $0 },
            Toggle("delaysTouchesEnded", name: "delaysTouchesEnded", isOn: true, at: CGPoint(x: 20, y: 630), in: panel) { recognizer.delaysTouchesEnded = $0 },
        ]
    }

    /// Portrait: the target on top, the messages and the switches below it; wide or short windows: the
    /// target on the left, messages and switches on the right. The target keeps a usable size; the messages
    /// (as tall as their text) and switches scroll when the window is too short for them
    /// (`UIScrollView.panel(named:)`).
    package override func viewDidLayoutSubviews() {
        let widest = toggles.map(\.oneLineWidth).max() ?? 0
        let regions = SceneRegions(view, statusLabel: status, panelRows: 6, panelWidth: max(widest, 240), minimumPanelWidth: widest)
        status.frame = regions.status
        func rows(width: CGFloat) -> [PanelRow] {
            let font = messagesLabel.font
            let messages = max(TextMetrics.size(of: messagesLabel.text ?? "", in: font, width: width).height, font.pointSize * TextMetrics.lineHeight)
            return [PanelRow(height: messages.rounded(.up)) { [messagesLabel] in messagesLabel?.frame = $0 }]
                + toggles.map { toggle in PanelRow(height: toggle.rowHeight(width: width)) { toggle.place(in: $0) } }
        }
        if regions.isSideBySide {
            target.frame = regions.stage
            panel.layOut(in: regions.panel, rows: rows(width: regions.panel.width))
            return
        }
        let stage = regions.stage.union(regions.panel)
        let content = rows(width: stage.width - 8)
        // The target's size does not follow the messages: it keeps room for the switches and two lines of them.
        let reserved = PanelRow.height(of: Array(content.dropFirst())) + PanelRow.gap + 2 * messagesLabel.font.pointSize * TextMetrics.lineHeight
        let height = max(min(300, stage.height - 12 - 10 - reserved.rounded(.up)), min(160, stage.height / 2))
        target.frame = CGRect(x: stage.minX + 4, y: stage.minY + 12, width: stage.width - 8, height: height)
        panel.layOut(in: CGRect(x: stage.minX + 4, y: target.frame.maxY + 10, width: stage.width - 8,
                                height: max(stage.maxY - target.frame.maxY - 10, 0)), rows: content)
    }

    /// Shows `messages` and lays the panel out again, so the label is as tall as they need (the switches
    /// below it move down, and scroll when the window is short).
    private func show(_ messages: String) {
        messagesLabel.text = messages
        view.setNeedsLayout()
    }

    func handleDoubleTap(_ sender: UITapGestureRecognizer) {
        guard let logView = target as? MessageLogView else { return }
        show("double tap → " + logView.messages.suffix(4).joined(separator: ", "))
        logView.messages.removeAll()
    }
}
