import TouchKit

/// `UIButton`, `UISlider`, `UISwitch`, `UISegmentedControl` and `UIStepper` with their control events, inside a
/// view that also has a tap recognizer — the iOS 6 rule made visible (UIKIT-CONTROL-KEEPS-ITS-GESTURE): tapping
/// the button, switch, segmented control or stepper does not fire the container's tap; tapping the custom control
/// (a plain `UIControl`) does, and cancels the control.
package final class ControlsViewController: UIViewController {
    /// The button; a container tap on it must not fire (iOS 6 rule).
    package private(set) var button: UIButton!
    /// The slider.
    package private(set) var slider: UISlider!
    /// The switch.
    package private(set) var toggle: UISwitch!
    /// A plain `UIControl`, which the container's tap does take.
    package private(set) var custom: UIControl!
    /// A segmented control (UIKIT-EVERYDAY-SEGMENTED); the container's tap leaves it its taps.
    package private(set) var segmented: UISegmentedControl!
    /// A stepper (UIKIT-EVERYDAY-STEPPER); the container's tap leaves it its taps.
    package private(set) var stepper: UIStepper!
    /// The control events received, for people and tests.
    package private(set) var eventsLabel: UILabel!
    /// How often the container's tap recognizer fired.
    package private(set) var containerTaps = 0
    private var events: [String] = []
    private var status: UILabel!
    private var container: UIView!

    package override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "root"
        let container = UIView(frame: CGRect(x: 0, y: 70, width: 400, height: 420))
        container.accessibilityIdentifier = "container"
        container.backgroundColor = UIColor(white: 0.95, alpha: 1)
        view.addSubview(container)
        self.container = container
        status = makeStatusLabel("The grey area has a tap recognizer. Try each control.")
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
        segmented = UISegmentedControl(items: ["One", "Two", "Three"])
        segmented.selectedSegmentIndex = 0
        segmented.accessibilityIdentifier = "segmented"
        stepper = UIStepper(frame: .zero)
        stepper.maximumValue = 10
        stepper.accessibilityIdentifier = "stepper"
        let logged: [(UIControl.Event, String)] = [(.touchDown, "touchDown"), (.touchUpInside, "touchUpInside"),
                                                   (.touchCancel, "touchCancel"), (.valueChanged, "valueChanged")]
        for control in [button, slider, toggle, custom, segmented, stepper] as [UIControl] {
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

    /// Portrait: the grey container with the controls on top (shorter on short screens), the events
    /// below; wide windows: side by side. The controls stand in one column, or in two (three when very short)
    /// when the container is too short for four rows or too narrow; the events show as many of the latest entries as their label holds whole.
    package override func viewDidLayoutSubviews() {
        let eventsWidth: CGFloat = view.bounds.width >= 700 ? 360 : 200
        let regions = SceneRegions(view, statusLabel: status, panelRows: 6, panelWidth: eventsWidth, minimumPanelWidth: eventsWidth)
        status.frame = regions.status
        let area = view.bounds.inset(by: view.safeAreaInsets)
        if regions.isSideBySide {
            container.frame = regions.stage
            eventsLabel.frame = regions.panel
        } else {
            let top = regions.status.maxY + 10
            let height = min(420, (area.maxY - top) * 0.6)
            container.frame = CGRect(x: area.minX, y: top, width: area.width, height: height)
            eventsLabel.frame = CGRect(x: area.minX + 20, y: container.frame.maxY + 10, width: area.width - 40,
                                       height: max(area.maxY - container.frame.maxY - 20, 0))
        }
        let controls: [(UIControl, CGSize)] = [(button, CGSize(width: 140, height: 44)), (slider, CGSize(width: 320, height: 40)),
                                               (toggle, CGSize(width: 51, height: 31)), (custom, CGSize(width: 140, height: 44))]
        // One column: the segmented control and the stepper stand beside the custom control and the switch when
        // there is room for a 120-point segmented control there, else below them (six rows) when that fits;
        // otherwise two columns (the two make a third row), or three on short containers wide enough for them.
        let besideFits = container.bounds.width - 2 * 40 - 160 >= 120
        let stacked = !besideFits && container.bounds.height >= 6 * 50
        let threeFit = (container.bounds.width - 2 * 16 - 2 * 20) / 3 >= 80
        let oneColumn = (container.bounds.height >= 4 * 56 && besideFits) || stacked
        let columns = oneColumn ? 1 : container.bounds.height >= 3 * 46 || !threeFit ? 2 : 3
        let extra: [(UIControl, CGSize)] = [(segmented, CGSize(width: 260, height: 32)), (stepper, CGSize(width: 94, height: 32))]
        let laidOut = columns == 1 && !stacked ? controls : controls + extra
        let rows = CGFloat((laidOut.count + columns - 1) / columns)
        let row = min(75, container.bounds.height / rows)
        let inset: CGFloat = columns == 1 ? 40 : 16
        let columnWidth = max((container.bounds.width - 2 * inset - CGFloat(columns - 1) * 20) / CGFloat(columns), 0)
        // One column: the source's spacing (stacked: even rows); two: each control centred in its row.
        let oneColumnTops: [CGFloat] = [0.4, 1.47, 2.53, 3.47]
        for (index, (control, size)) in laidOut.enumerated() {
            let column = CGFloat(index % columns), line = CGFloat(index / columns)
            let width = control is UISwitch || control is UIStepper ? size.width : min(size.width, columnWidth)
            let top: CGFloat
            if columns > 1 {
                top = line * row + (row - size.height) / 2
            } else {
                top = row * (stacked ? CGFloat(index) + 0.3 : oneColumnTops[index])
            }
            control.frame = CGRect(x: inset + column * (columnWidth + 20), y: top, width: width, height: size.height)
        }
        if columns == 1 && !stacked {
            stepper.frame = CGRect(x: toggle.frame.maxX + 24, y: toggle.frame.midY - 16, width: 94, height: 32)
            let segmentedX = custom.frame.maxX + 20
            let segmentedWidth = max(min(260, container.bounds.width - inset - segmentedX), 0)
            segmented.frame = CGRect(x: segmentedX, y: custom.frame.midY - 16, width: segmentedWidth, height: 32)
        }
        showEvents()
    }

    func controlEvent(_ sender: UIControl, _ event: String) {
        var description = (sender.accessibilityIdentifier ?? "control") + " " + event
        if let slider = sender as? UISlider { description += " value \(Double(Int(slider.value * 100)) / 100)" }
        if let toggle = sender as? UISwitch { description += toggle.isOn ? " on" : " off" }
        if let segmented = sender as? UISegmentedControl, event == "valueChanged" { description += " segment \(segmented.selectedSegmentIndex)" }
        if let stepper = sender as? UIStepper, event == "valueChanged" { description += " value \(Int(stepper.value))" }
        note(description)
    }

    func handleContainerTap(_ sender: UITapGestureRecognizer) {
        containerTaps += 1
        note("container tap recognizer fired")
    }

    private func note(_ entry: String) {
        events.append(entry)
        showEvents()
    }

    /// The latest events (at most 10), as many as the label shows whole at its size, newest last.
    private func showEvents() {
        var shown: [String] = []
        for entry in events.suffix(10).reversed() {
            let candidate = [entry] + shown
            guard TextMetrics.fits(candidate.joined(separator: "\n"), in: eventsLabel.font, size: eventsLabel.bounds.size) else { break }
            shown = candidate
        }
        eventsLabel.text = shown.isEmpty ? nil : shown.joined(separator: "\n")
    }
}
