import TouchKit

/// `UIButton`, `UISlider` and `UISwitch` with their control events, inside a view that also has a tap
/// recognizer — the iOS 6 rule made visible (§1.7): tapping the button or switch does not fire the
/// container's tap; tapping the custom control (a plain `UIControl`) does, and cancels the control.
public final class ControlsViewController: UIViewController {
    public private(set) var button: UIButton!
    public private(set) var slider: UISlider!
    public private(set) var toggle: UISwitch!
    public private(set) var custom: UIControl!
    public private(set) var eventsLabel: UILabel!
    public private(set) var containerTaps = 0
    private var events: [String] = []

    public override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "root"
        let container = UIView(frame: CGRect(x: 0, y: 70, width: 400, height: 420))
        container.accessibilityIdentifier = "container"
        container.backgroundColor = UIColor(white: 0.95, alpha: 1)
        view.addSubview(container)
        _ = makeStatusLabel("The grey area has a tap recognizer. Try each control.")
        let tap = UITapGestureRecognizer(target: self, action: ControlsViewController.handleContainerTap)
        tap.name = "containerTap"
        container.addGestureRecognizer(tap)

        button = UIButton(type: .system)
        button.frame = CGRect(x: 40, y: 30, width: 140, height: 44)
        button.setTitle("Button", for: .normal)
        button.backgroundColor = .systemBlue
        button.layer.cornerRadius = 8
        button.accessibilityIdentifier = "button"
        slider = UISlider(frame: CGRect(x: 40, y: 110, width: 320, height: 40))
        slider.accessibilityIdentifier = "slider"
        toggle = UISwitch(frame: CGRect(x: 40, y: 190, width: 0, height: 0))
        toggle.accessibilityIdentifier = "switch"
        custom = UIControl(frame: CGRect(x: 40, y: 260, width: 140, height: 44))
        custom.accessibilityIdentifier = "customControl"
        custom.backgroundColor = .systemGreen
        custom.layer.cornerRadius = 8
        let logged: [(UIControl.Event, String)] = [(.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"),
                                                   (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged")]
        for control in [button, slider, toggle, custom] as [UIControl] {
            container.addSubview(control)
            for (event, name) in logged {
                control.addAction(UIAction { [weak self] action in
                    guard let sender = action.sender else { return }
                    self?.controlEvent(sender, name)
                }, for: event)
            }
        }
        eventsLabel = UILabel(frame: CGRect(x: 20, y: 500, width: 360, height: 260))
        eventsLabel.accessibilityIdentifier = "events"
        eventsLabel.numberOfLines = 10
        view.addSubview(eventsLabel)
    }

    func controlEvent(_ sender: UIControl, _ event: String) {
        var description = (sender.accessibilityIdentifier ?? "control") + " " + event
        if let slider = sender as? UISlider { description += " value \(Double(Int(slider.value * 100)) / 100)" }
        if let toggle = sender as? UISwitch { description += toggle.isOn ? " on" : " off" }
        note(description)
    }

    func handleContainerTap(_ sender: UITapGestureRecognizer) {
        containerTaps += 1
        note("container tap recognizer fired")
    }

    private func note(_ entry: String) {
        events.append(entry)
        eventsLabel.text = events.suffix(10).joined(separator: "\n")
    }
}
