import TouchKit

/// A line from `begin` to `end`.
package struct Line: Equatable, Sendable {
    /// Where the finger landed.
    package var begin: CGPoint
    /// Where the finger is (or lifted).
    package var end: CGPoint

    /// A line from `begin` to `end`.
    package init(begin: CGPoint, end: CGPoint) {
        self.begin = begin
        self.end = end
    }
}

/// Source material "DrawLines": every finger draws its own line from the responder methods
/// (multiple touch enabled). Lines in progress are red, finished ones black; a cancelled touch
/// finishes its line too; a double tap (tapCount > 1) clears everything.
package class DrawLinesView: UIView {
    /// Pending lines keyed by touch, in landing order (a dictionary's order is random per process,
    /// and the display list must be the same on every run).
    package private(set) var pendingLines: [(touch: UITouch, line: Line)] = []
    /// Lines whose touch ended or was cancelled, in the order they finished.
    package private(set) var finishedLines: [Line] = []

    package override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        backgroundColor = .white
    }

    package required init?(coder: NSCoder) {
        return nil
    }

    /// Removes every line, pending and finished (what a double tap does).
    package func clearAll() {
        pendingLines.removeAll()
        finishedLines.removeAll()
        setNeedsDisplay()
    }

    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            if touch.tapCount > 1 {
                clearAll()
                return
            }
            let point = touch.location(in: self)
            pendingLines.append((touch, Line(begin: point, end: point)))
        }
        setNeedsDisplay()
    }

    package override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let index = pendingLines.firstIndex(where: { $0.touch === touch }) else { continue }
            pendingLines[index].line.end = touch.location(in: self)
        }
        setNeedsDisplay()
    }

    package override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { endTouches(touches) }
    package override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { endTouches(touches) }

    private func endTouches(_ touches: Set<UITouch>) {
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            // After a double tap cleared everything, the touch has no line.
            guard let index = pendingLines.firstIndex(where: { $0.touch === touch }) else { continue }
            finishedLines.append(pendingLines.remove(at: index).line)
        }
        setNeedsDisplay()
    }

    package override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setLineWidth(10)
        context.setLineCap(.round)
        UIColor.black.set()
        for line in finishedLines { stroke(line, in: context) }
        UIColor.red.set()
        for (_, line) in pendingLines { stroke(line, in: context) }
    }

    private func stroke(_ line: Line, in context: CGContext) {
        context.move(to: line.begin)
        context.addLine(to: line.end)
        context.strokePath()
    }
}

/// The DrawLines scene: a `DrawLinesView` as the root view, installed in `loadView()` as the source does.
package final class DrawLinesViewController: UIViewController {
    package override func loadView() {
        view = DrawLinesView(frame: .zero)
        view.accessibilityIdentifier = "canvas"
    }
}
