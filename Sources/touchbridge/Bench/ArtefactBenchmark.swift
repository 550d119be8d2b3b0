import ArgumentParser
import Foundation
import TouchBridgeArtefact
import TouchBridgeHost
import TouchBridgeServer

/// `bench artefact`: the size and write time of the HTML file a failure saves (`replay --html`) for the
/// issue's case, a 10 s two-finger gesture at 120 Hz on transform-image (manual clock). The page's part
/// is fixed; the frames' part grows with the session: both are printed, and the bytes per frame.
struct ArtefactBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "artefact",
        abstract: "Size and write time of `replay --html` for a 10 s two-finger 120 Hz gesture (release build).",
        discussion: """
            Replays the synthetic recording once (what `replay` costs, printed for scale), then times building \
            and writing the HTML file (median of the timed runs after one warm-up) and prints its size: the \
            bundled page, the embedded frames, bytes per frame. docs/scripting.md §6 quotes the figures.
            """
    )

    @Option(help: "Timed runs after one warm-up (the median is printed).")
    var repetitions = 3

    func run() throws {
        let recording = try WhatIfBenchmark.recording(seconds: 10, fingers: 2)
        var start = DispatchTime.now().uptimeNanoseconds
        let result = try SessionReplay.run(recording, catalog: LibraryCatalog())
        let replaySeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("touchbridge-bench-artefact.html").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var samples: [Double] = []
        var artefact: FailureArtefact?
        var bytes = 0
        for run in 0...max(repetitions, 1) {
            start = DispatchTime.now().uptimeNanoseconds
            let made = try ReplayArtefact.make(result, checked: false, path: "bench.jsonl")
            bytes = try made.write(to: output, page: PageBundle())
            if run > 0 { samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
            artefact = made
        }
        guard let artefact else { return }
        let data = try artefact.json().utf8.count
        let frames = artefact.timeline.frames.count
        func line(_ name: String, _ value: String) { print(name.padding(toLength: 52, withPad: " ", startingAt: 0) + value) }
        line("replay, 10 s two fingers at 120 Hz", String(format: "%9.1f ms", replaySeconds * 1000))
        line("build and write the HTML file (median)", String(format: "%9.1f ms", samples.sorted()[samples.count / 2] * 1000))
        line("HTML file", "\(bytes) bytes")
        line("  the page (modules, style, icon)", "\(bytes - data) bytes")
        line("  the frames (\(frames))", "\(data) bytes, \(data / max(frames, 1)) per frame")
    }
}
