import ArgumentParser
import Foundation
import TouchBridge
import TouchBridgeHost
import TouchBridgeProtocol

/// The flake predictor on the command line: N jittered variants of a recording or of a gesture
/// script, outcomes per recognizer, view and control, and an exit status for CI.
struct FlakeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flake",
        abstract: "Replay jittered variants of a recording or gesture script and report how often each outcome changes.",
        discussion: """
            FILE is a recording (*.jsonl, as `serve --record` writes) or a gesture script (*.json, as \
            `drive` runs: built-in gestures or W3C Actions). A script runs once, unjittered, against a \
            server inside this process (as `drive` runs it, expectations included) and that run is the \
            trace swept; with --frame-rates it also runs once per rate, its gestures' moves sampled at that \
            rate, and each variant starts from one of those runs, drawn by the seed.

            Replays the trace once as it is and then --variants times with seeded \
            noise: every input frame moved in time by up to ±--jitter-ms, every pointer sample by up to \
            ±--jitter-pt on each axis, a share of the move-only frames dropped (--drop-frames), the moves \
            resampled to --frame-rate. For every recognizer (its ended/failed/cancelled), view \
            (touchesEnded/touchesCancelled) and control (touch-up events) it prints in how many variants \
            the outcomes were as in the unjittered trace and what they became otherwise, with the log's reason for the \
            first outcome that changed. The same seed gives the same report. Exits 1 when some subject's \
            outcomes changed in more than --max-change of the variants, 2 when the file or a setting cannot be used. At most \
            10,000 variants and 10,000,000 replayed events per run; a script's movements at most \
            100,000 samples each. docs/whatif.md has worked examples.
            """
    )

    @Argument(help: "A recording file (*.jsonl: touchbridge serve --record DIR writes them) or a gesture script (*.json: docs/scripting.md).")
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

    @Option(name: .customLong("frame-rates"), help: ArgumentHelp(
        "Scripts: also sample the gestures' moves at each of these rates, Hz (comma-separated, 1…1000, at most 8: 60,120,240); each variant draws one.",
        valueName: "hz,hz,…"))
    var frameRates: String?

    @Option(name: .customLong("max-change"), help: "Exit 1 when a subject's outcomes changed in more than this share of the variants (0…1).")
    var maxChange = 0.05

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    @OptionGroup var scenes: ScenesOption

    /// A file that does not end in `.jsonl` is a script.
    private var isScript: Bool { !file.hasSuffix(".jsonl") }

    func validate() throws {
        guard maxChange.isFinite, (0...1).contains(maxChange) else { throw ValidationError("--max-change \(maxChange) is not within 0…1") }
    }

    func run() async throws {
        let jitter = Jitter(timingMs: jitterMs, positionPt: jitterPt, dropShare: dropFrames, frameRate: frameRate)
        let report: FlakeReport
        do {
            let rates = try Self.rates(frameRates)
            guard rates.isEmpty || isScript else { throw ScriptTrace.Failure(description: "--frame-rates goes with a script, not a recording") }
            // Settings first: a script runs only when the sweep can.
            try FlakeSweep.check(variants: variants, alternatives: rates.count, jitter: jitter)
            let recording = isScript ? try await trace(sampleRate: nil) : try Recording.load(path: file)
            var alternatives: [FlakeSweep.Alternative] = []
            for rate in rates {
                alternatives.append(FlakeSweep.Alternative(name: "\(Self.format(rate)) Hz", recording: try await trace(sampleRate: rate)))
            }
            report = try FlakeSweep.run(recording, alternatives: alternatives, variants: variants, seed: seed, jitter: jitter,
                                        scenesDirectory: scenes.directory)
        } catch {
            // Status 1 means "flaky"; a sweep that could not run says so with its own status.
            FileHandle.standardError.write(Data("touchbridge flake: \(error)\n".utf8))
            throw ExitCode(2)
        }
        print(json ? WireJSON.text(report) : report.text, terminator: json ? "\n" : "")
        if report.maximumChangedShare > maxChange { throw ExitCode.failure }
    }

    /// The script's run as a recording; its failed expectations are noted, not fatal.
    private func trace(sampleRate: Double?) async throws -> Recording {
        let trace = try await ScriptTrace.record(path: file, sampleRate: sampleRate, scenesDirectory: scenes.directory)
        if !trace.report.passed {
            let rate = sampleRate.map { " at \(Self.format($0)) Hz" } ?? ""
            let note = "note: \(file)\(rate): \(trace.report.failures) expectation(s) failed in the unjittered run; "
                + "the sweep compares the variants with that run (touchbridge drive \(file) shows them)\n"
            FileHandle.standardError.write(Data(note.utf8))
        }
        return trace.recording
    }

    /// `60,120,240` as rates, each a finite number within `Jitter.frameRates`, at most `FlakeSweep.maximumAlternatives`.
    static func rates(_ text: String?) throws(WhatIfError) -> [Double] {
        guard let text else { return [] }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count <= FlakeSweep.maximumAlternatives else {
            throw WhatIfError("--frame-rates takes at most \(FlakeSweep.maximumAlternatives) rates, not \(parts.count)")
        }
        return try parts.map { part throws(WhatIfError) in
            guard let rate = Double(part), rate.isFinite, Jitter.frameRates.contains(rate) else {
                throw WhatIfError("--frame-rates: \(part) is not within \(Self.format(Jitter.frameRates.lowerBound))…\(Self.format(Jitter.frameRates.upperBound))")
            }
            return rate
        }
    }

    /// `120`, `59.94`.
    static func format(_ rate: Double) -> String {
        rate == rate.rounded() && abs(rate) < 1e15 ? String(format: "%.0f", rate) : String(rate)
    }
}
