import TouchKit

/// A column of rows — read-outs, switches, buttons — in a scroll view: when a short window (a phone in
/// landscape, the inspector sheet's half detent) cannot show them all, they scroll into view instead of being
/// cut or falling off the screen, as a UIKit settings list does. Scrolling is on only while the rows overflow
/// and content touches are not delayed, so on a tall window the panel behaves as the plain views it holds.
final class ScrollingPanel: UIScrollView {
    /// One row: its height and what puts its views into a rectangle of the panel's content.
    struct Row {
        let height: CGFloat
        let place: (CGRect) -> Void
    }

    static let gap: CGFloat = 8

    /// An empty panel called `name` in the render tree and the log.
    init(name: String) {
        super.init(frame: .zero)
        accessibilityIdentifier = name
        delaysContentTouches = false
    }

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    required init?(coder: NSCoder) {
        return nil
    }

    /// The height `rows` take, gaps included.
    static func height(of rows: [Row]) -> CGFloat {
        rows.reduce(0) { $0 + $1.height } + gap * CGFloat(max(rows.count - 1, 0))
    }

    /// Takes `frame` and stacks `rows` top-down across its width; the content is as tall as the rows, and
    /// scrolls only when that is taller than the frame.
    func layOut(in frame: CGRect, rows: [Row]) {
        self.frame = frame
        var top: CGFloat = 0
        for row in rows {
            row.place(CGRect(x: 0, y: top, width: frame.width, height: row.height))
            top += row.height + Self.gap
        }
        let height = Self.height(of: rows)
        contentSize = CGSize(width: frame.width, height: height)
        isScrollEnabled = height > frame.height
        contentOffset = CGPoint(x: 0, y: min(contentOffset.y, max(height - frame.height, 0)))
    }
}
