import Foundation

/// Finds conflicts in a scene's recognizer graph before the first touch (docs/margins-and-lints.md).
///
/// The work is bounded by the scene: one walk over its views, then checks over pairs of its recognizers
/// and over recognizer–view pairs, each answered from properties and delegate answers (no touch is
/// simulated). With a scene's limits (docs/security.md: views and recognizers per scene) a lint pass is a
/// few thousand cheap checks at most.
public enum GestureLinter {
    /// The lints of the tree under `root` (usually the window), errors first, then in the order found.
    public static func lint(_ root: UIView, hints: GestureLintHints = NoGestureLintHints()) -> [GestureLint] {
        let graph = LintGraph(root: root, hints: hints)
        var lints: [GestureLint] = []
        lints += TapLints.all(graph)
        lints += ContinuousLints.all(graph)
        lints += ViewLints.all(graph)
        let order: [GestureLint.Severity] = [.error, .warning, .info]
        return lints.enumerated().sorted { left, right in
            let (l, r) = (order.firstIndex(of: left.element.severity) ?? 0, order.firstIndex(of: right.element.severity) ?? 0)
            return l != r ? l < r : left.offset < right.offset
        }.map(\.element)
    }
}

/// «name», the way lint messages quote trace names.
func quoted(_ object: TraceNamed) -> String { "«\(object.traceName)»" }

/// Seconds as whole milliseconds for a lint message; never traps on a value a scene set (huge or not finite).
func wholeMilliseconds(_ seconds: TimeInterval) -> String { DecisionMargin.format((seconds * 1000).rounded()) }
