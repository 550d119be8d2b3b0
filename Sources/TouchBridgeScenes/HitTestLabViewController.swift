import TouchKit

/// Hit-testing made visible (§1.2), with the source material's nested views A → C → E. E sticks out
/// of C on purpose: touches there never reach E, because C's bounds reject them first. Switches hide
/// E, make it nearly transparent (alpha 0.005 < 0.01), disable C's user interaction, and enlarge E's
/// touch area through `point(inside:with:)`. The hit path of every touch is shown below.
public final class HitTestLabViewController: UIViewController {
    public private(set) var pathLabel: UILabel!
    public private(set) var viewE: EnlargeableView!
    private var toggles: [Toggle] = []

    public override func viewDidLoad() {
        view.backgroundColor = .white
        view.accessibilityIdentifier = "root"
        let a = PathReportingView(frame: CGRect(x: 20, y: 80, width: 360, height: 400))
        a.accessibilityIdentifier = "A"
        a.backgroundColor = UIColor(red: 0.85, green: 0.85, blue: 0.95, alpha: 1)
        let c = PathReportingView(frame: CGRect(x: 40, y: 60, width: 220, height: 220))
        c.accessibilityIdentifier = "C"
        c.backgroundColor = UIColor(red: 0.7, green: 0.85, blue: 0.7, alpha: 1)
        let e = EnlargeableView(frame: CGRect(x: 140, y: 140, width: 120, height: 120))
        e.accessibilityIdentifier = "E"
        e.backgroundColor = UIColor(red: 0.95, green: 0.6, blue: 0.5, alpha: 1)
        view.addSubview(a)
        a.addSubview(c)
        c.addSubview(e)
        viewE = e
        _ = makeStatusLabel("Touch A, C and E. E's corner outside C is not E.")
        pathLabel = UILabel(frame: CGRect(x: 20, y: 490, width: 360, height: 30))
        pathLabel.accessibilityIdentifier = "hitPath"
        pathLabel.text = "hit path: —"
        view.addSubview(pathLabel)
        for reporting in [a, c, e] as [PathReportingView] {
            reporting.onTouch = { [weak self] view in self?.showPath(to: view) }
        }
        toggles = [
            Toggle("E hidden", name: "eHidden", isOn: false, at: CGPoint(x: 20, y: 540), in: view) { e.isHidden = $0 },
            Toggle("E alpha 0.005", name: "eTransparent", isOn: false, at: CGPoint(x: 20, y: 585), in: view) { e.alpha = $0 ? 0.005 : 1 },
            Toggle("C user interaction off", name: "cDisabled", isOn: false, at: CGPoint(x: 20, y: 630), in: view) { c.isUserInteractionEnabled = !$0 },
            Toggle("E enlarged point(inside:) by 30 pt", name: "eEnlarged", isOn: false, at: CGPoint(x: 20, y: 675), in: view) { e.enlargement = $0 ? 30 : 0 },
        ]
    }

    private func showPath(to hit: UIView) {
        var names: [String] = []
        var current: UIView? = hit
        while let view = current, view !== self.view {
            names.append(view.accessibilityIdentifier ?? "?")
            current = view.superview
        }
        pathLabel.text = "hit path: " + names.reversed().joined(separator: " → ")
    }
}

/// Reports the view a touch was bound to when it begins here.
public class PathReportingView: UIView {
    var onTouch: ((UIView) -> Void)?

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let view = touches.first?.view { onTouch?(view) }
    }
}

/// A view whose touch area can grow beyond its bounds.
public final class EnlargeableView: PathReportingView {
    public var enlargement: CGFloat = 0

    public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -enlargement, dy: -enlargement).contains(point)
    }
}
