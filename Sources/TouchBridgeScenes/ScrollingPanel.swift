import TouchKit

/// One row of a scrolling panel (`UIScrollView.panel(named:)`): its height and what puts its views into a
/// rectangle of the panel's content.
struct PanelRow {
    let height: CGFloat
    let place: (CGRect) -> Void

    /// Space between rows.
    static let gap: CGFloat = 8

    /// The height `rows` take, gaps included.
    static func height(of rows: [PanelRow]) -> CGFloat {
        rows.reduce(0) { $0 + $1.height } + gap * CGFloat(max(rows.count - 1, 0))
    }
}

extension UIScrollView {
    /// A scroll view for a column of rows — read-outs, switches, buttons: when a short window (a phone in
    /// landscape, the inspector sheet's half detent) cannot show them all, they scroll into view instead of
    /// being cut or falling off the screen, as a UIKit settings list does. A plain `UIScrollView`, so the page
    /// and the tests see one; content touches are not delayed, so on a tall window, where `layOut(in:rows:)`
    /// turns scrolling off, the panel behaves as the plain views it holds.
    static func panel(named name: String) -> UIScrollView {
        let panel = UIScrollView(frame: .zero)
        panel.accessibilityIdentifier = name
        panel.delaysContentTouches = false
        return panel
    }

    /// Takes `frame` and stacks `rows` top-down across its width; the content is as tall as the rows, and
    /// scrolls only when that is taller than the frame.
    func layOut(in frame: CGRect, rows: [PanelRow]) {
        self.frame = frame
        var top: CGFloat = 0
        for row in rows {
            row.place(CGRect(x: 0, y: top, width: frame.width, height: row.height))
            top += row.height + PanelRow.gap
        }
        let height = PanelRow.height(of: rows)
        contentSize = CGSize(width: frame.width, height: height)
        isScrollEnabled = height > frame.height
        contentOffset = CGPoint(x: 0, y: min(contentOffset.y, max(height - frame.height, 0)))
    }
}
