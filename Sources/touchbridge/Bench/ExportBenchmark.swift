import ArgumentParser
import Foundation
import TouchBridgeHost
import TouchBridgeProtocol
import TouchBridgeServer

/// `bench export`: how long `touchbridge export` takes on the reference recording, a 10 s two-finger
/// gesture at 120 Hz on transform-image (`WhatIfBenchmark.recording`: the fingers move apart and back, so no
/// synthesis call fits and the test keeps the 2,400 recorded changes — the largest output). Each timing is
/// the median of `repetitions` runs after one warm-up run; the replay that gives the decisions, the model and
/// each writer are timed apart (the inspector's "Copy as test" reads the paused timeline instead of replaying).
struct ExportBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Time `touchbridge export` (Swift, pytest, W3C actions) of a 10 s two-finger gesture at 120 Hz.",
        discussion: """
            Prints each figure's median time and the bytes it wrote: the replay that gives the decisions, \
            the test model, each writer, and the W3C Actions body. docs/performance.md has the figures.
            """
    )

    @Option(help: "Timed runs per figure after one warm-up (the median is printed).")
    var repetitions = 5

    func run() async throws {
        let recording = try WhatIfBenchmark.recording(seconds: 10, fingers: 2)
        let median = WhatIfBenchmark(repetitions: repetitions).median
        var outbound: [String] = []
        var rows: [(String, Double, Int)] = []
        rows.append(("replay for the decisions", try await median { outbound = try SessionReplay.run(recording, catalog: LibraryCatalog()).outbound }, 0))
        var bytes = 0
        var model: ExportedSession?
        rows.append(("test model (steps, fits, decisions)", try await median { model = try ExportedSession(recording, name: "bench", decided: outbound) }, 0))
        guard let model else { return }
        rows.append(("Swift writer", try await median { bytes = SwiftTestExport(model).source.utf8.count }, bytes))
        rows.append(("pytest writer", try await median { bytes = PytestExport(model).source.utf8.count }, bytes))
        rows.append(("W3C actions", try await median { bytes = WireJSON.text(try WebDriverActionsExport(recording).actions).utf8.count }, bytes))
        print("10 s two fingers at 120 Hz (2,400 changes)".padding(toLength: 48, withPad: " ", startingAt: 0) + "      median     bytes")
        for (name, seconds, written) in rows {
            print(name.padding(toLength: 48, withPad: " ", startingAt: 0) + String(format: "%9.1f ms %9d", seconds * 1000, written))
        }
    }
}
