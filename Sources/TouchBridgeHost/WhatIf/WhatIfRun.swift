import TouchBridgeProtocol
import TouchBridgeServer

/// A what-if under way: both replays run in step, one event each per `advance()`, and only what the
/// answer needs is kept (the outcomes and the first difference), so the memory it holds follows
/// the app's decisions, not the length of its log. The command line runs it to the end; a live
/// session's what-if a slice at a time (`LiveAnalysis`).
final class WhatIfRun {
    private let changes: [AppChange]
    private let changed: ChangedAppCatalog
    private let before: DecisionReplay
    private let after: DecisionReplay
    private var comparison = WhatIfComparison()

    /// A what-if of `script` with `changes` applied to every scene of `catalog` it builds, not started.
    init(_ script: ReplayScript, changes: [AppChange], catalog: any SceneCatalog) {
        self.changes = changes
        changed = ChangedAppCatalog(catalog, changes: changes)
        before = DecisionReplay(script, catalog: catalog)
        after = DecisionReplay(script, catalog: changed)
    }

    /// Runs the next event in both apps; true once every event has run.
    func advance() -> Bool {
        guard let a = before.next(), let b = after.next() else { return true }
        comparison.add(a, b)
        return before.isDone
    }

    /// The answer, once `advance()` said it is done. Throws when no change fit a scene the replay built.
    func report() throws(WhatIfError) -> WhatIfReport {
        guard !changed.applied.isEmpty || changed.skipped.isEmpty else {
            throw WhatIfError("no change fits the recording's scenes:\n  " + changed.skipped.joined(separator: "\n  "))
        }
        return WhatIfReport(changes: changes.map(\.description), applied: changed.applied, skipped: changed.skipped, comparison: comparison)
    }
}

/// What a what-if compares, gathered frame by frame: the first event whose log differs and both
/// apps' outcomes.
struct WhatIfComparison {
    private(set) var firstDifference: WhatIfReport.FirstDifference?
    private(set) var recorded = OutcomeTimeline()
    private(set) var whatIf = OutcomeTimeline()

    /// Adds the frames both apps made of one event.
    mutating func add(_ a: DecisionFrame, _ b: DecisionFrame) {
        recorded.add(a)
        whatIf.add(b)
        guard firstDifference == nil else { return }
        let x = WhatIfReport.comparable(a), y = WhatIfReport.comparable(b)
        guard x.map(\.text) != y.map(\.text) else { return }
        let index = zip(x, y).enumerated().first { $1.0.text != $1.1.text }?.offset ?? min(x.count, y.count)
        let t = index < y.count ? y[index].t : x[index].t
        firstDifference = WhatIfReport.FirstDifference(line: b.line, t: t, recorded: x.map(\.text), whatIf: y.map(\.text))
    }
}
