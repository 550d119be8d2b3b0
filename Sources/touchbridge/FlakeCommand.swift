import ArgumentParser
import Foundation
import TouchBridge
import TouchBridgeHost
import TouchBridgeProtocol

/// The flake predictor on the command line: N jittered variants of a recording, outcomes per
/// recognizer, view and control, and an exit status for CI.
struct FlakeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flake",
        abstract: "Replay jittered variants of a recording and report how often each outcome changes.",
        discussion: """
            Replays the recording's finger trace once as recorded and then --variants times with seeded \
            noise: every input frame moved in time by up to ±--jitter-ms, every pointer sample by up to \
            ±--jitter-pt on each axis, a share of the move-only frames dropped (--drop-frames), the moves \
            resampled to --frame-rate. For every recognizer (its ended/failed/cancelled), view \
            (touchesEnded/touchesCancelled) and control (touch-up events) it prints in how many variants \
            the outcomes were as recorded and what they became otherwise, with the log's reason for the \
            first outcome that changed. The same seed gives the same report. Exits 1 when some subject's \
            outcomes changed in more than --max-change of the variants, 2 when the recording or a setting cannot be used. At most \
            10,000 variants and 10,000,000 replayed events per run. docs/whatif.md has a worked example.
            """
    )

    @Argument(help: "A recording file (touchbridge serve --record DIR writes them).")
    var file: String

    @Option(help: "Jittered variants to run (1…10000).")
    var variants = 1000

    @Option(help: "Seed of the noise: the same seed gives the same variants.")
    var seed: UInt64 = 1

    @Option(name: .customLong("jitter-ms"), help: "Largest timing offset per input frame, ms (0…1000).")
    var jitterMs = 8.0

    @Option(name: .customLong("jitter-pt"), help: "Largest position offset per pointer sample and axis, points (0…200).")
    var jitterPt = 3.0

    @Option(name: .customLong("drop-frames"), help: "Share of move-only input frames dropped (0…0.9).")
    var dropFrames = 0.0

    @Option(name: .customLong("frame-rate"), help: "Resample move frames to at most this rate, Hz (1…1000; default: as recorded).")
    var frameRate: Double?

    @Option(name: .customLong("max-change"), help: "Exit 1 when a subject's outcomes changed in more than this share of the variants (0…1).")
    var maxChange = 0.05

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    @OptionGroup var scenes: ScenesOption

    func validate() throws {
        guard maxChange.isFinite, (0...1).contains(maxChange) else { throw ValidationError("--max-change \(maxChange) is not within 0…1") }
    }

    func run() throws {
        let jitter = Jitter(timingMs: jitterMs, positionPt: jitterPt, dropShare: dropFrames, frameRate: frameRate)
        let report: FlakeReport
        do {
            report = try FlakeSweep.run(
                try Recording.load(path: file), variants: variants, seed: seed, jitter: jitter, scenesDirectory: scenes.directory)
        } catch {
            // Status 1 means "flaky"; a sweep that could not run says so with its own status.
            FileHandle.standardError.write(Data("touchbridge flake: \(error)\n".utf8))
            throw ExitCode(2)
        }
        print(json ? WireJSON.text(report) : report.text, terminator: json ? "\n" : "")
        if report.maximumChangedShare > maxChange { throw ExitCode.failure }
    }
}
