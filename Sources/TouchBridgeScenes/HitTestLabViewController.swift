import TouchKit

/// Hit-testing made visible (UIKIT-HIT-SKIPPED-VIEWS, UIKIT-HIT-POINT-INSIDE), with the source material's
/// nested views A → C → E. E sticks out of C on purpose: touches there never reach E, because C's bounds reject
/// them first. Switches hide E, make it nearly transparent (alpha 0.005 < 0.01), disable C's user interaction,
/// and enlarge E's touch area through `point(inside:with:)`. The hit path of every touch is shown below.
public final class HitTestLabViewController: UIViewController {
    /// The hit path of the latest touch.
    public private(set) var pathLabel: UILabel!
    /// View E, which sticks out of its superview C.
    public private(set) var viewE: EnlargeableView!
    private var toggles: [Toggle] = []
    private var status: UILabel!
    private var viewA: UIView!
    private var viewC: UIView!

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
        viewA = a
        viewC = c
        status = makeStatusLabel("Touch A, C and E. E's corner outside C is not E.")
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

    /// Portrait: A on top (shorter on short screens), the hit path and the switches below; wide
    /// windows: A on the left, the path and the switches on the right. C and E keep their sizes and
    /// E keeps sticking out of C.
    public override func viewDidLayoutSubviews() {
        let regions = SceneRegions(view, panelRows: 5)
        status.frame = regions.status
        let stage = regions.stage.union(regions.panel)
        let rows: [CGRect]
        if regions.isSideBySide {
            viewA.frame = regions.stage
            rows = (0..<5).map { CGRect(x: regions.panel.minX, y: regions.panel.minY + CGFloat($0) * 45, width: regions.panel.width, height: 40) }
        } else {
            let height = min(400, stage.height - 12 - 10 - 50 - 4 * 45)
            viewA.frame = CGRect(x: stage.minX + 4, y: stage.minY + 12, width: stage.width - 8, height: height)
            rows = [CGRect(x: stage.minX + 4, y: viewA.frame.maxY + 10, width: stage.width - 8, height: 30)]
                + (0..<4).map { CGRect(x: stage.minX + 4, y: viewA.frame.maxY + 55 + CGFloat($0) * 45, width: stage.width - 8, height: 40) }
        }
        let side = min(220, viewA.frame.width - 60, viewA.frame.height - 60)
        viewC.frame = CGRect(x: 40, y: min(60, viewA.frame.height - side - 8), width: side, height: side)
        let e = side * 6 / 11
        viewE.frame = CGRect(x: side - e * 2 / 3, y: side - e * 2 / 3, width: e, height: e)
        pathLabel.frame = rows[0]
        for (index, toggle) in toggles.enumerated() { toggle.place(in: rows[index + 1]) }
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
    /// Points added around the bounds by `point(inside:with:)`.
    public var enlargement: CGFloat = 0

    public override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -enlargement, dy: -enlargement).contains(point)
    }
}
