import SeededRandom
import TouchBridgeProtocol
import TouchBridgeServer

/// A flake sweep under way: the unjittered replay, then one variant after another, one event per
/// `advance()`; only the outcomes and the errors are kept, one replay at a time. The command line
/// runs it to the end, a live session's sweep a slice at a time (`LiveAnalysis`).
final class FlakeRun {
    private let script: ReplayScript
    /// Other traces of the same gestures a variant may start from (`FlakeSweep.Alternative`), by name.
    private let alternatives: [(name: String, script: ReplayScript)]
    private let variants: Int
    private let seed: UInt64
    private let jitter: Jitter
    private let catalog: any SceneCatalog
    /// Outcomes of events before this line are left out of the tally (a session's last gesture).
    private let fromLine: Int
    /// The first step the jitter varies.
    private let jitterStart: Int
    /// The replay running now: the unjittered one (`tally` nil), then variant `variant`.
    private var replay: DecisionReplay
    /// The alternative the running variant started from.
    private var source: String?
    private var outcomes = OutcomeTimeline()
    private var errors: [String] = []
    private var baselineErrors: [String] = []
    private var tally: FlakeTally?
    private var variant = 0
    private var refused = 0
    private var firstRefusal: String?

    /// A sweep of `variants` jittered copies of `script` (steps from index `jitterFrom` on varied,
    /// outcomes from that step's line on counted), each first drawing one of `alternatives` when there
    /// are any, not started.
    init(_ script: ReplayScript, alternatives: [(name: String, script: ReplayScript)] = [], variants: Int, seed: UInt64,
         jitter: Jitter, catalog: any SceneCatalog, jitterFrom: Int = 0) {
        self.script = script
        self.alternatives = alternatives
        self.variants = variants
        self.seed = seed
        self.jitter = jitter
        self.catalog = catalog
        fromLine = jitterFrom < script.steps.count ? script.steps[jitterFrom].line : Int.max
        jitterStart = jitterFrom
        replay = DecisionReplay(script, catalog: catalog)
    }

    /// Runs the next event of the current replay (starting the next variant when one ends); true once
    /// every variant has run.
    func advance() -> Bool {
        if let frame = replay.next() {
            outcomes.add(frame)
            errors += frame.entries.filter { $0.kind == "error" }.map { "line \(frame.line): \($0.text)" }
            if !replay.isDone { return false }
        }
        let timeline = outcomes.since(line: fromLine)
        if var tally {
            tally.add(timeline, variant: variant, source: source)
            self.tally = tally
            if errors != baselineErrors {
                refused += 1
                firstRefusal = firstRefusal ?? errors.first { !baselineErrors.contains($0) }.map { "variant \(variant), \($0)" }
            }
            variant += 1
        } else {
            tally = FlakeTally(baseline: timeline)
            baselineErrors = errors
        }
        outcomes = OutcomeTimeline()
        errors = []
        guard variant < variants else { return true }
        var random = SplitMix64(seed: SplitMix64.mix(seed &+ UInt64(truncatingIfNeeded: variant)))
        let alternative = alternatives.isEmpty ? nil : random.pick(alternatives)
        source = alternative?.name
        replay = DecisionReplay(jitter.variant(of: alternative?.script ?? script, random: &random, from: jitterStart), catalog: catalog)
        return false
    }

    /// The answer, once `advance()` said it is done.
    func report() -> FlakeReport {
        FlakeReport(variants: variants, seed: seed, jitter: jitter, alternatives: alternatives.isEmpty ? nil : alternatives.map(\.name),
                    subjects: tally?.subjects ?? [],
                    refusedVariants: refused, firstRefusal: firstRefusal)
    }
}
