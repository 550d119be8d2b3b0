import TouchKit

/// The delivery rules made visible: a double-tap recognizer on a view that logs every responder
/// message it gets, with switches for `cancelsTouchesInView`, `delaysTouchesBegan` and
/// `delaysTouchesEnded`. Double-tap the view to see the source material's table (UIKIT-DELIVERY-DELAYS-ENDED):
/// delaysTouchesEnded on → touchesBegan, touchesBegan, touchesCancelled, touchesCancelled;
/// off → touchesBegan, touchesEnded, touchesBegan, touchesCancelled.
public final class DeliveryLabViewController: UIViewController {
    /// The view that logs every responder message it gets.
    public private(set) var target: UIView!
    /// The messages `target` received, in order.
    public private(set) var messagesLabel: UILabel!
    /// The recognizer whose delivery switches the lab toggles.
    public private(set) var doubleTap: UITapGestureRecognizer!
    private var toggles: [Toggle] = []
    private var status: UILabel!

    public override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "root"
        let logView = MessageLogView(frame: CGRect(x: 20, y: 80, width: 360, height: 300))
        logView.accessibilityIdentifier = "target"
        logView.backgroundColor = UIColor(red: 0.85, green: 0.92, blue: 1, alpha: 1)
        logView.layer.cornerRadius = 16
        view.addSubview(logView)
        target = logView
        status = makeStatusLabel("Double-tap the blue view; flip the switches and compare.")
        messagesLabel = UILabel(frame: CGRect(x: 20, y: 390, width: 360, height: 120))
        messagesLabel.accessibilityIdentifier = "messages"
        messagesLabel.numberOfLines = 6
        messagesLabel.text = "messages to the view appear here"
        view.addSubview(messagesLabel)

        doubleTap = UITapGestureRecognizer(target: self, action: DeliveryLabViewController.handleDoubleTap)
        doubleTap.name = "doubleTap"
        doubleTap.numberOfTapsRequired = 2
        logView.addGestureRecognizer(doubleTap)
        logView.onChange = { [weak self] messages in
            self?.messagesLabel.text = messages.suffix(6).joined(separator: ", ")
        }
        let recognizer = doubleTap!
        toggles = [
            Toggle("cancelsTouchesInView", name: "cancelsTouchesInView", isOn: true, at: CGPoint(x: 20, y: 530), in: view) { recognizer.cancelsTouchesInView = $0 },
            Toggle("delaysTouchesBegan", name: "delaysTouchesBegan", isOn: false, at: CGPoint(x: 20, y: 580), in: view) { recognizer.delaysTouchesBegan = $0 },
            Toggle("delaysTouchesEnded", name: "delaysTouchesEnded", isOn: true, at: CGPoint(x: 20, y: 630), in: view) { recognizer.delaysTouchesEnded = $0 },
        ]
    }

    /// Portrait: the target, the messages and the switches stacked (the target shrinks on short
    /// screens); wide windows: the target on the left, messages and switches on the right.
    public override func viewDidLayoutSubviews() {
        let regions = SceneRegions(view, panelRows: 6)
        status.frame = regions.status
        let stage = regions.stage.union(regions.panel)
        if regions.isSideBySide {
            target.frame = regions.stage
            messagesLabel.frame = CGRect(x: regions.panel.minX, y: regions.panel.minY, width: regions.panel.width, height: 120)
            for (index, toggle) in toggles.enumerated() {
                toggle.place(in: CGRect(x: regions.panel.minX, y: regions.panel.minY + 130 + CGFloat(index) * 48, width: regions.panel.width, height: 40))
            }
            return
        }
        let below: CGFloat = 130 + 20 + 3 * 50
        let height = min(300, stage.height - below)
        target.frame = CGRect(x: stage.minX + 4, y: stage.minY + 12, width: stage.width - 8, height: height)
        messagesLabel.frame = CGRect(x: stage.minX + 4, y: target.frame.maxY + 10, width: stage.width - 8, height: 120)
        for (index, toggle) in toggles.enumerated() {
            toggle.place(in: CGRect(x: stage.minX + 4, y: messagesLabel.frame.maxY + 20 + CGFloat(index) * 50 - 5, width: stage.width - 8, height: 40))
        }
    }

    func handleDoubleTap(_ sender: UITapGestureRecognizer) {
        guard let logView = target as? MessageLogView else { return }
        messagesLabel.text = "double tap → " + logView.messages.suffix(4).joined(separator: ", ")
        logView.messages.removeAll()
    }
}
