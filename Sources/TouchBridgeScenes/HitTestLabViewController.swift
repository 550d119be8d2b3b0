import TouchKit

/// Hit-testing made visible (UIKIT-HIT-SKIPPED-VIEWS, UIKIT-HIT-POINT-INSIDE), with the source material's
/// nested views A → C → E. E sticks out of C on purpose: touches there never reach E, because C's bounds reject
/// them first. Switches hide E, make it nearly transparent (alpha 0.005 < 0.01), disable C's user interaction,
/// and enlarge E's touch area through `point(inside:with:)`. The hit path of every touch is shown below.
package final class HitTestLabViewController: UIViewController {
    /// The hit path of the latest touch.
    package private(set) var pathLabel: UILabel!
    /// View E, which sticks out of its superview C.
    package private(set) var viewE: EnlargeableView!
    private var toggles: [Toggle] = []
    private var status: UILabel!
    private let panel = UIScrollView.panel(named: "settings")
    private var viewA: UIView!
    private var viewC: UIView!

    package override func viewDidLoad() {
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
        view.addSubview(panel)
        pathLabel = UILabel(frame: CGRect(x: 20, y: 490, width: 360, height: 30))
        pathLabel.accessibilityIdentifier = "hitPath"
        pathLabel.text = "hit path: —"
        panel.addSubview(pathLabel)
        for reporting in [a, c, e] as [PathReportingView] {
            reporting.onTouch = { [weak self] view in self?.showPath(to: view) }
        }
        toggles = [
            Toggle("E hidden", name: "eHidden", isOn: false, at: CGPoint(x: 20, y: 540), in: panel) { e.isHidden = $0 },
            Toggle("E alpha 0.005", name: "eTransparent", isOn: false, at: CGPoint(x: 20, y: 585), in: panel) { e.alpha = $0 ? 0.005 : 1 },
            Toggle("C user interaction off", name: "cDisabled", isOn: false, at: CGPoint(x: 20, y: 630), in: panel) { c.isUserInteractionEnabled = !$0 },
            Toggle("E enlarged point(inside:) by 30 pt", name: "eEnlarged", isOn: false, at: CGPoint(x: 20, y: 675), in: panel) { e.enlargement = $0 ? 30 : 0 },
        ]
    }

    /// Portrait: A on top (shorter on short screens), the hit path and the switches below; wide or short
    /// windows: A on the left, the path and the switches on the right, scrolling when they do not fit
    /// (`UIScrollView.panel(named:)`). C and E keep their proportions and E keeps sticking out of C.
    package override func viewDidLayoutSubviews() {
        let widest = toggles.map(\.oneLineWidth).max() ?? 0
        let regions = SceneRegions(view, statusLabel: status, panelRows: 5, panelWidth: min(max(widest, 240), 360), minimumPanelWidth: min(widest, 240))
        status.frame = regions.status
        func rows(width: CGFloat) -> [PanelRow] {
            [PanelRow(height: 30) { [pathLabel] in pathLabel?.frame = $0 }]
                + toggles.map { toggle in PanelRow(height: toggle.rowHeight(width: width)) { toggle.place(in: $0) } }
        }
        if regions.isSideBySide {
            viewA.frame = regions.stage
            panel.layOut(in: regions.panel, rows: rows(width: regions.panel.width))
        } else {
            let stage = regions.stage.union(regions.panel)
            let content = rows(width: stage.width - 8)
            // A keeps room for C and a 44 pt E (114 pt), the panel at least one 44 pt row; the switches scroll
            // when the window is short.
            let preferred = max(min(400, stage.height - 12 - 10 - PanelRow.height(of: content)), min(200, stage.height / 2))
            let height = min(max(preferred, 114), stage.height - 12 - 10 - 44)
            viewA.frame = CGRect(x: stage.minX + 4, y: stage.minY + 12, width: stage.width - 8, height: height)
            panel.layOut(in: CGRect(x: stage.minX + 4, y: viewA.frame.maxY + 10, width: stage.width - 8,
                                    height: max(stage.maxY - viewA.frame.maxY - 10, 0)), rows: content)
        }
        // E sticks out of C by a third of its side (2/11 of C's), and the whole of E stays inside A.
        let reach: CGFloat = 13 / 11
        let side = min(220, (viewA.frame.width - 48) / reach, (viewA.frame.height - 16) / reach)
        viewC.frame = CGRect(x: 40, y: max(min(60, viewA.frame.height - side * reach - 8), 8), width: side, height: side)
        let e = side * 6 / 11
        viewE.frame = CGRect(x: side - e * 2 / 3, y: side - e * 2 / 3, width: e, height: e)
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
package class PathReportingView: UIView {
    var onTouch: ((UIView) -> Void)?

    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if let view = touches.first?.view { onTouch?(view) }
    }
}

/// A view whose touch area can grow beyond its bounds.
package final class EnlargeableView: PathReportingView {
    /// Points added around the bounds by `point(inside:with:)`.
    package var enlargement: CGFloat = 0

    package override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -enlargement, dy: -enlargement).contains(point)
    }
}
