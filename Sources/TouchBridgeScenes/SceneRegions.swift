import TouchKit

/// Where a scene puts things, from its root view's bounds and safe area (the way an adaptive UIKit
/// app lays out in `viewDidLayoutSubviews`): the safe area less a margin; a status line on top;
/// below it a *stage* where the gestures happen and, for scenes with switches or read-outs, a
/// *panel* — stacked on phones in portrait, side by side on wide windows (landscape phones,
/// tablets, desktops), so every control stays on screen at every size.
struct SceneRegions {
    static let margin: CGFloat = 16
    static let gap: CGFloat = 8
    static let statusHeight: CGFloat = 44
    static let rowHeight: CGFloat = 40
    /// From this width on (tablets in portrait too) a panel goes beside the stage.
    static let sideBySideWidth: CGFloat = 700

    let status: CGRect
    let stage: CGRect
    let panel: CGRect
    let isSideBySide: Bool

    /// `statusLabel`: the status line, as tall as its text needs at this width (at least `statusHeight`, so
    /// a short text keeps the usual layout); `panelRows`: how many rows of `rowHeight` the panel needs when
    /// stacked (0: no panel); `panelWidth`: its width when side by side (at most 55 % of the width);
    /// `minimumPanelWidth`: side by side only if the panel gets at least this (else stacked, as on a
    /// narrow phone, so nothing in the panel is cut).
    init(_ view: UIView, statusLabel: UILabel? = nil, panelRows: Int = 0, panelWidth: CGFloat = 360, minimumPanelWidth: CGFloat = 0) {
        let area = view.bounds.inset(by: view.safeAreaInsets).insetBy(dx: Self.margin, dy: Self.margin)
        let textHeight = statusLabel.map { label in
            TextMetrics.size(of: label.text ?? "", in: label.font, width: area.width).height
        } ?? 0
        status = CGRect(x: area.minX, y: area.minY, width: area.width, height: max(Self.statusHeight, textHeight.rounded(.up)))
        let top = status.maxY + Self.gap
        let rest = CGRect(x: area.minX, y: top, width: area.width, height: max(area.maxY - top, 0))
        isSideBySide = panelRows > 0 && (rest.width > rest.height || rest.width >= Self.sideBySideWidth)
            && min(panelWidth, rest.width * 0.55) >= minimumPanelWidth
        if panelRows == 0 {
            stage = rest
            panel = .zero
        } else if isSideBySide {
            let width = min(panelWidth, rest.width * 0.55)
            stage = CGRect(x: rest.minX, y: rest.minY, width: rest.width - width - Self.gap, height: rest.height)
            panel = CGRect(x: stage.maxX + Self.gap, y: rest.minY, width: width, height: rest.height)
        } else {
            let height = min(CGFloat(panelRows) * Self.rowHeight, rest.height / 2)
            stage = CGRect(x: rest.minX, y: rest.minY, width: rest.width, height: rest.height - height - Self.gap)
            panel = CGRect(x: rest.minX, y: stage.maxY + Self.gap, width: rest.width, height: height)
        }
    }

    /// Row `index` of the panel.
    func row(_ index: Int, rows: Int = 1) -> CGRect {
        let height = min(Self.rowHeight, panel.height / CGFloat(max(rows, 1)))
        return CGRect(x: panel.minX, y: panel.minY + CGFloat(index) * height, width: panel.width, height: height)
    }
}

extension UIView {
    /// Moves the view (by its center) back inside `rect` if a size change left it outside; a view
    /// the user dragged somewhere inside stays there.
    func keepCenter(inside rect: CGRect) {
        let half = CGSize(width: min(frame.width, rect.width) / 2, height: min(frame.height, rect.height) / 2)
        center = CGPoint(x: min(max(center.x, rect.minX + half.width), rect.maxX - half.width),
                         y: min(max(center.y, rect.minY + half.height), rect.maxY - half.height))
    }
}
