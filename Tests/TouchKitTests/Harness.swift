import Foundation
import TouchKit

/// Drives one application through its digitizer with explicit timestamps (milliseconds from the
/// first input, as in the behaviour reference's scenarios) and reads the event log in §3 notation.
final class Harness {
    let app = UIApplication()
    let window: UIWindow

    init(width: CGFloat = 400, height: CGFloat = 800) {
        window = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: width, height: height))
        window.accessibilityIdentifier = "Window"
        window.makeKeyAndVisible()
    }

    @discardableResult
    func add<V: UIView>(_ view: V, _ name: String, to parent: UIView? = nil) -> V {
        view.accessibilityIdentifier = name
        (parent ?? window).addSubview(view)
        return view
    }

    func down(_ id: Int, _ x: CGFloat, _ y: CGFloat, at ms: Double) throws { try send(.down, id, x, y, ms) }
    func move(_ id: Int, _ x: CGFloat, _ y: CGFloat, at ms: Double) throws { try send(.move, id, x, y, ms) }
    func up(_ id: Int, _ x: CGFloat, _ y: CGFloat, at ms: Double) throws { try send(.up, id, x, y, ms) }
    func cancel(_ id: Int, _ x: CGFloat, _ y: CGFloat, at ms: Double) throws { try send(.cancel, id, x, y, ms) }

    /// Several pointer changes in one input frame.
    func frame(_ changes: [(PointerChange.Phase, Int, CGFloat, CGFloat)], at ms: Double) throws {
        try app.digitizer.process(changes.map {
            PointerChange(pointerID: $0.1, phase: $0.0, location: CGPoint(x: $0.2, y: $0.3), timestamp: ms / 1000)
        })
    }

    func advance(to ms: Double) throws { try app.advance(to: ms / 1000) }

    /// A tap: down at `ms`, up `duration` later.
    func tap(_ id: Int, _ x: CGFloat, _ y: CGFloat, at ms: Double, duration: Double = 80) throws {
        try down(id, x, y, at: ms)
        try up(id, x, y, at: ms + duration)
    }

    private func send(_ phase: PointerChange.Phase, _ id: Int, _ x: CGFloat, _ y: CGFloat, _ ms: Double) throws {
        try app.digitizer.process([PointerChange(pointerID: id, phase: phase, location: CGPoint(x: x, y: y), timestamp: ms / 1000)])
    }

    /// The log since the last call, without diagnostics (hit paths, withheld notes, resets) unless asked.
    func log(diagnostics: Bool = false) -> [String] {
        app.drainTrace().filter { diagnostics || !$0.isDiagnostic }.map(\.notation)
    }

    /// Only the entries matching `prefixes` (resets excluded).
    func log(only prefixes: String...) -> [String] {
        log(diagnostics: true).filter { line in
            !line.hasSuffix("→possible [reset]") && prefixes.contains { line.hasPrefix($0) }
        }
    }
}

/// A view that handles touches itself (does not forward), like most views in the source material.
class TouchView: UIView {
    var received: [String] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("tb", touches) }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("tm", touches) }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("te", touches) }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("tc", touches) }

    private func note(_ method: String, _ touches: Set<UITouch>) {
        received.append("\(method)(" + touches.map(\.identifier).sorted().map(String.init).joined(separator: ",") + ")")
    }
}

/// Collects target–action calls.
final class ActionLog {
    var entries: [String] = []

    func tap(_ sender: UITapGestureRecognizer) { entries.append("\(sender.name ?? "tap"):\(sender.state)") }
    func any(_ sender: UIGestureRecognizer) { entries.append("\(sender.name ?? "g"):\(sender.state)") }
    func plain() { entries.append("plain") }
}

extension UIView {
    convenience init(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) {
        self.init(frame: CGRect(x: x, y: y, width: width, height: height))
    }
}
