import TouchKit

/// A labelled switch for a scene's settings row.
final class Toggle {
    let label: UILabel
    let control: UISwitch

    init(_ title: String, name: String, isOn: Bool, at origin: CGPoint, in parent: UIView, onChange: @escaping (Bool) -> Void) {
        control = UISwitch(frame: CGRect(origin: origin, size: .zero))
        control.accessibilityIdentifier = name
        control.setOn(isOn, animated: false)
        label = UILabel(frame: CGRect(x: origin.x + 60, y: origin.y, width: 300, height: 31))
        label.text = title
        label.font = .systemFont(ofSize: 15)
        parent.addSubview(control)
        parent.addSubview(label)
        place(in: CGRect(x: origin.x, y: origin.y, width: 360, height: 40))
        // Weak: the switch keeps its actions, so a strong capture would keep the switch — and what
        // `onChange` captures — alive forever after the scene is gone.
        let control = self.control
        control.addAction(UIAction { [weak control] _ in
            guard let control else { return }
            onChange(control.isOn)
        }, for: .valueChanged)
    }
}

extension Toggle {
    /// Where the label starts, from the row's start (the switch is 51 pt wide).
    static let labelOffset: CGFloat = 60

    /// Puts the switch at the start of `row` and the label after it, as tall as the row, within its width.
    func place(in row: CGRect) {
        control.frame = CGRect(x: row.minX, y: row.minY + (row.height - 31) / 2, width: 51, height: 31)
        label.frame = CGRect(x: row.minX + Self.labelOffset, y: row.minY, width: max(row.width - Self.labelOffset, 0), height: row.height)
    }

    /// The narrowest row that shows the switch and its whole label on one line.
    var oneLineWidth: CGFloat { Self.labelOffset + TextMetrics.width(of: label.text ?? "", in: label.font).rounded(.up) }

    /// The height a row of `width` needs: the switch's, or the label's lines if it wraps to more.
    func rowHeight(width: CGFloat) -> CGFloat {
        let text = TextMetrics.size(of: label.text ?? "", in: label.font, width: max(width - Self.labelOffset, 0)).height
        return max(SceneRegions.rowHeight, text.rounded(.up))
    }
}

/// A view that records the responder messages it gets, for scenes that show message order.
final class MessageLogView: UIView {
    var messages: [String] = []
    var onChange: (([String]) -> Void)?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("touchesBegan", touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("touchesMoved", touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("touchesEnded", touches) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("touchesCancelled", touches) }

    private func note(_ method: String, _ touches: Set<UITouch>) {
        messages.append(method)
        onChange?(messages)
    }
}
