import Foundation
import TouchKit

/// Drives one application through its digitizer with explicit timestamps (milliseconds from the
/// first input) and reads the event log in its compact notation (docs/protocol.md §7).
package final class Harness {
    package let app = UIApplication()
    package let window: UIWindow

    package init(width: CGFloat = 400, height: CGFloat = 800) {
        window = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: width, height: height))
        window.accessibilityIdentifier = "Window"
        window.makeKeyAndVisible()
    }

    @discardableResult
    package func add<V: UIView>(_ view: V, _ name: String, to parent: UIView? = nil) -> V {
        view.accessibilityIdentifier = name
        (parent ?? window).addSubview(view)
        return view
    }

    /// `recognizer`, named `name` and with an empty action (so its actions are logged), on a new
    /// full-window `TouchView` "V".
    @discardableResult
    package func viewWith(_ recognizer: UIGestureRecognizer, named name: String, multipleTouch: Bool = false) -> TouchView {
        let view = add(TouchView(0, 0, window.bounds.width, window.bounds.height), "V")
        view.isMultipleTouchEnabled = multipleTouch
        recognizer.name = name
        recognizer.addHandler { _ in }
        view.addGestureRecognizer(recognizer)
        return view
    }

    /// Shows `controller` as the window's root view controller and clears the log.
    package func host(_ controller: UIViewController) {
        window.rootViewController = controller
        window.makeKeyAndVisible()
        _ = app.drainTrace()
    }

    /// A finger dragged from `start` to `end` in `steps` moves, one every `interval` ms.
    package func drag(_ id: Int, from start: CGPoint, to end: CGPoint, at ms: Double, steps: Int = 10, interval: Double = 16) throws {
        try down(id, start.x, start.y, at: ms)
        for step in 1...steps {
            let f = CGFloat(step) / CGFloat(steps)
            try move(id, start.x + (end.x - start.x) * f, start.y + (end.y - start.y) * f, at: ms + Double(step) * interval)
        }
        try up(id, end.x, end.y, at: ms + Double(steps + 1) * interval)
    }

    package func down(_ id: Int, _ x: CGFloat, _ y: CGFloat, at ms: Double) throws { try send(.down, id, x, y, ms) }
    package func move(_ id: Int, _ x: CGFloat, _ y: CGFloat, at ms: Double) throws { try send(.move, id, x, y, ms) }
    package func up(_ id: Int, _ x: CGFloat, _ y: CGFloat, at ms: Double) throws { try send(.up, id, x, y, ms) }
    package func cancel(_ id: Int, _ x: CGFloat, _ y: CGFloat, at ms: Double) throws { try send(.cancel, id, x, y, ms) }

    /// Several pointer changes in one input frame.
    package func frame(_ changes: [(PointerChange.Phase, Int, CGFloat, CGFloat)], at ms: Double) throws {
        try app.digitizer.process(changes.map {
            PointerChange(pointerID: $0.1, phase: $0.0, location: CGPoint(x: $0.2, y: $0.3), timestamp: ms / 1000)
        })
    }

    package func advance(to ms: Double) throws { try app.advance(to: ms / 1000) }

    /// A tap: down at `ms`, up `duration` later.
    package func tap(_ id: Int, _ x: CGFloat, _ y: CGFloat, at ms: Double, duration: Double = 80) throws {
        try down(id, x, y, at: ms)
        try up(id, x, y, at: ms + duration)
    }

    private func send(_ phase: PointerChange.Phase, _ id: Int, _ x: CGFloat, _ y: CGFloat, _ ms: Double) throws {
        try app.digitizer.process([PointerChange(pointerID: id, phase: phase, location: CGPoint(x: x, y: y), timestamp: ms / 1000)])
    }

    /// The log since the last call, without diagnostics (hit paths, withheld notes, resets) unless asked.
    package func log(diagnostics: Bool = false) -> [String] {
        app.drainTrace().filter { diagnostics || !$0.isDiagnostic }.map(\.notation)
    }

    /// Only the entries matching `prefixes` (resets excluded).
    package func log(only prefixes: String...) -> [String] {
        log(diagnostics: true).filter { line in
            !line.hasSuffix("→possible [reset]") && prefixes.contains { line.hasPrefix($0) }
        }
    }
}

/// A view that handles touches itself (does not forward), like most views in the source material.
open class TouchView: UIView {
    package var received: [String] = []

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("tb", touches) }
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("tm", touches) }
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("te", touches) }
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("tc", touches) }

    private func note(_ method: String, _ touches: Set<UITouch>) {
        received.append("\(method)(" + touches.map(\.identifier).sorted().map(String.init).joined(separator: ",") + ")")
    }
}

/// Collects target–action calls.
package final class ActionLog {
    package var entries: [String] = []
    package init() {}

    package func tap(_ sender: UITapGestureRecognizer) { entries.append("\(sender.name ?? "tap"):\(sender.state)") }
    package func any(_ sender: UIGestureRecognizer) { entries.append("\(sender.name ?? "g"):\(sender.state)") }
    package func plain() { entries.append("plain") }
}

extension UIView {
    package convenience init(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) {
        self.init(frame: CGRect(x: x, y: y, width: width, height: height))
    }
}
