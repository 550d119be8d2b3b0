import TouchBridgeProtocol
import TouchBridgeServer

/// A `what-if` or `flake` started on a live session, run on the service thread a slice at a time.
package protocol SlicedAnalysis: AnyObject {
    /// Runs until it is done or `now()` passes `deadline` (at least one step); nil while more remains,
    /// else the answer: its message, or the error the requester gets.
    func slice(until deadline: Double, now: () -> Double) -> Result<String, ProtocolError>?
}

/// What the `SessionStepper` runs on a paused live session beyond stepping and recordings — `export-test`,
/// `what-if` and `flake` (docs/protocol.md §4.12, §4.13) — given to it as one value, because the real ones
/// need modules stepping does not (the client's scripts, logging): the server passes
/// `LiveSteppingAnalyses`, the fuzz harness's build of stepping and recordings (scripts/fuzz.sh)
/// `RecordingsOnlyAnalyses`.
package protocol SteppingAnalyses {
    /// The `exported-test` message for the session whose `history` built `timeline`, up to `frame`
    /// (`scene`: the server's default).
    func exportTest(
        _ format: TestExportFormat, upTo frame: Int, of timeline: StepTimeline, history: [Recording.Entry], limits: ProtocolLimits, scene: String
    ) throws(ProtocolError) -> String

    /// A what-if of `entries` (cut at `frame` when paused; `frameEnds`: the paused timeline's
    /// `replayed` counts), not started; refused before any work when it cannot run.
    func whatIf(
        _ request: WhatIfRequest, entries: [Recording.Entry], frame: Int?, frameEnds: [Int]?, session: String, limits: ProtocolLimits,
        catalog: any SceneCatalog
    ) throws(ProtocolError) -> any SlicedAnalysis

    /// A flake sweep of the last gesture of `entries`, not started; refused before any work when it cannot run.
    func flake(
        _ request: FlakeRequest, entries: [Recording.Entry], session: String, limits: ProtocolLimits, catalog: any SceneCatalog
    ) throws(ProtocolError) -> any SlicedAnalysis
}

/// Stepping and recordings only: `export-test`, `what-if` and `flake` are refused with `not-allowed`
/// ("this build steps and opens recordings only"). The fuzz harness's build (scripts/fuzz.sh), which
/// has none of the modules the real ones need.
package struct RecordingsOnlyAnalyses: SteppingAnalyses {
    /// The refusal of every request it does not run.
    static let refusal = ProtocolError(code: ErrorCode.notAllowed, message: "this build steps and opens recordings only")

    /// Refuses everything but stepping and recordings.
    package init() {}

    package func exportTest(
        _ format: TestExportFormat, upTo frame: Int, of timeline: StepTimeline, history: [Recording.Entry], limits: ProtocolLimits, scene: String
    ) throws(ProtocolError) -> String {
        throw Self.refusal
    }

    package func whatIf(
        _ request: WhatIfRequest, entries: [Recording.Entry], frame: Int?, frameEnds: [Int]?, session: String, limits: ProtocolLimits,
        catalog: any SceneCatalog
    ) throws(ProtocolError) -> any SlicedAnalysis {
        throw Self.refusal
    }

    package func flake(
        _ request: FlakeRequest, entries: [Recording.Entry], session: String, limits: ProtocolLimits, catalog: any SceneCatalog
    ) throws(ProtocolError) -> any SlicedAnalysis {
        throw Self.refusal
    }
}
