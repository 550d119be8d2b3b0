import TouchBridgeProtocol
import TouchBridgeServer

/// The server's `export-test`, `what-if` and `flake` on a paused live session (`LiveTestExport`,
/// `LiveAnalysis`), as the `SessionStepper` runs them.
package struct LiveSteppingAnalyses: SteppingAnalyses {
    /// The live analyses.
    package init() {}

    package func exportTest(
        _ format: TestExportFormat, upTo frame: Int, of timeline: StepTimeline, history: [Recording.Entry], limits: ProtocolLimits, scene: String
    ) throws(ProtocolError) -> String {
        try LiveTestExport.message(format, upTo: frame, of: timeline, history: history, limits: limits, scene: scene)
    }

    package func whatIf(
        _ request: WhatIfRequest, entries: [Recording.Entry], frame: Int?, frameEnds: [Int]?, session: String, limits: ProtocolLimits,
        catalog: any SceneCatalog
    ) throws(ProtocolError) -> any SlicedAnalysis {
        try LiveAnalysis.whatIf(request, entries: entries, frame: frame, frameEnds: frameEnds, session: session, limits: limits, catalog: catalog)
    }

    package func flake(
        _ request: FlakeRequest, entries: [Recording.Entry], session: String, limits: ProtocolLimits, catalog: any SceneCatalog
    ) throws(ProtocolError) -> any SlicedAnalysis {
        try LiveAnalysis.flake(request, entries: entries, session: session, limits: limits, catalog: catalog)
    }
}
