import ArgumentParser
import Foundation
import TouchKitBenchSupport

/// Performance measurements (run a release build: `scripts/run.sh bench …`; docs/performance.md).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the engine, the whole server under load, memory per idle session, the what-if tools, the lints, the failure files and the exports.",
        subcommands: [EngineBenchCommand.self, LoadBenchCommand.self, IdleBenchCommand.self, WhatIfBenchCommand.self, LintBenchCommand.self,
                      ArtefactBenchCommand.self, ExportBenchCommand.self],
        defaultSubcommand: EngineBenchCommand.self
    )
}

struct EngineBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Nanoseconds per input frame on the peer traces and scene sizes (no I/O).",
        discussion: """
            The peer rows replay Hammer.js's four 120 Hz traces with its seven recognizers (shared \
            bench/peer-traces.md) in one application, a replay per virtual second, 20,000 frames of \
            warm-up and --repetitions timed runs of 20,000 frames; each row first checks that the \
            trace is recognized as Hammer recognizes it. Compare with Hammer measured in the same \
            minute (docs/performance.md); no peer figure is built in. Instructions per frame: \
            scripts/bench.sh counts them with callgrind (Benchmarks/'s `touchbridge-trace`).
            """
    )

    @Option(help: "Timed runs per case after the warm-up.")
    var repetitions = 5

    @Flag(help: "Record the event log while measuring (the server records it).")
    var tracing = false

    @Option(help: "Only the cases whose name contains this text.")
    var only: String?

    func run() throws {
        let benchmark = EngineBenchmark(repetitions: repetitions, tracing: tracing)
        print("case".padding(toLength: 64, withPad: " ", startingAt: 0) + "ns/frame")
        for result in try benchmark.runAll(only: only) {
            print(result.name.padding(toLength: 64, withPad: " ", startingAt: 0) + String(format: "%8.0f", result.nanosecondsPerFrame))
        }
    }
}

struct LoadBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "N device sessions × R frames/s × D seconds against the server, then against `serve --echo`.",
        discussion: """
            Starts this binary's `serve` (on a free port, no rate limit) as a child process, drives it with \
            an open-loop schedule of one-finger pans on image-translation, then does the same against \
            `serve --echo` (the same transport with no engine). Prints each figure and its ratio to the \
            echo baseline: achieved rate, lost and errored messages, input→event-log round trip \
            p50/p99/max, server CPU (cores), resident memory idle (listening, no connection) and once the \
            sessions joined, its growth under load and its peak above idle (high-water mark), bytes per \
            render message.
            """
    )

    @Option(help: "Device sessions.")
    var sessions = 50

    @Option(help: "Input frames per second per session.")
    var rate = 120.0

    @Option(help: "Seconds of sending.")
    var duration = 5.0

    @Flag(help: "One session, each frame sent when the previous answer arrived (the sequential round trip).")
    var sequential = false

    @Option(help: "Service threads of the started server and of its echo (`serve --shards`; 0 = one per core).")
    var shards = 1

    @Option(help: "Drive the server (or the proxy in front of several) at this ws:// URL instead of starting one; no echo baseline and no server CPU or memory then. It must admit the load: no rate limit or engine-time share.")
    var url: String?

    @Option(help: "Rounds of server-then-echo, interleaved so both see the same machine; the table is the round with the median round-trip ratio, and each round's ratios are listed.")
    var rounds = 3

    @Flag(help: "Print the load second by second: frames sent and answered, the server's intake, read pauses, paused connections, queued bytes, CPU and memory above idle (from /metrics and /proc), and the generator's own CPU — how an overload starts, whether intake recovers, and whether a dip is the generator's.")
    var timeline = false

    @Option(help: "Refuse to measure when the machine's 1-minute load is above this (default: half a core per core); figures from a busy machine do not reproduce.")
    var maxLoad: Double?

    func validate() throws {
        guard (1...20).contains(rounds) else { throw ValidationError("--rounds must be 1…20") }
        if let maxLoad, !(maxLoad >= 0) || !maxLoad.isFinite { throw ValidationError("--max-load must be a finite number ≥ 0") }
    }

    func run() throws {
        let count = sequential ? 1 : sessions
        if let url {
            Swift.print("load: \(count) session(s), \(sequential ? "sequential" : "\(rate) frames/s each"), \(duration) s, against \(url)")
            let generator = try LoadGenerator(options: .init(
                sessions: count, rate: rate, duration: duration, sequential: sequential, echo: false, url: url))
            let loopbackPort = URLComponents(string: url).flatMap { $0.host == "127.0.0.1" || $0.host == "localhost" ? $0.port : nil }
            let report = try run(generator, timeline: timeline ? IntakeTimeline(port: loopbackPort ?? 0, server: nil) : nil,
                                 idleKiB: nil, label: url)
            Self.print(engine: Measurement(report: report, cpuCores: .nan, idleResidentKiB: 0, joinedResidentKiB: 0, peakResidentKiB: 0), echo: nil)
            return
        }
        let settings = try LoopbackSettingsFile()
        defer { settings.remove() }
        Swift.print("load: \(count) session(s), \(sequential ? "sequential" : "\(rate) frames/s each"), \(duration) s, \(shards) shard(s), \(rounds) round(s)")
        if let load = MachineLoad.now() {
            let limit = maxLoad ?? MachineLoad.defaultLimit(cores: load.cores)
            Swift.print("machine at start: \(load)")
            guard load.oneMinute <= limit else {
                throw BenchError.machineBusy("the machine is busy (\(load), above \(String(format: "%.2f", limit))): its figures would not reproduce. Measure on a quiet machine, or pass --max-load to accept it")
            }
        }
        let arguments = ["--config", settings.url.path, "--shards", String(shards)]
        var pairs: [(engine: Measurement, echo: Measurement)] = []
        for _ in 0..<rounds {
            let engine = try measure(arguments: arguments, echo: false, sessions: count)
            pairs.append((engine, try measure(arguments: arguments + ["--echo"], echo: true, sessions: count)))
        }
        if let load = MachineLoad.now() { Swift.print("machine at end: \(load)") }
        let ratios = pairs.map(RoundRatios.init)
        for (index, round) in ratios.enumerated() { Swift.print("round \(index + 1): \(round)") }
        let median = ratios.indices.sorted { ratios[$0].roundTrip < ratios[$1].roundTrip }[ratios.count / 2]
        Swift.print("the table is round \(median + 1) (median round-trip ratio)")
        Self.print(engine: pairs[median].engine, echo: pairs[median].echo)
    }

    /// One round's two headline ratios against its own echo baseline.
    struct RoundRatios: CustomStringConvertible {
        /// Round trip p50, server over echo.
        var roundTrip: Double
        /// Server CPU per answered frame over echo's.
        var cpuPerFrame: Double

        init(_ pair: (engine: Measurement, echo: Measurement)) {
            roundTrip = pair.engine.report.percentile(0.5) / max(pair.echo.report.percentile(0.5), 1e-12)
            cpuPerFrame = pair.engine.cpuSecondsPerFrame / max(pair.echo.cpuSecondsPerFrame, 1e-12)
        }

        var description: String {
            String(format: "round trip p50 %.2f× echo, CPU per frame %.2f× echo", roundTrip, cpuPerFrame)
        }
    }

    enum BenchError: Error, CustomStringConvertible {
        case machineBusy(String)
        var description: String { switch self { case .machineBusy(let message): message } }
    }

    struct Measurement {
        var report: LoadGenerator.Report
        var cpuCores: Double
        /// Resident memory once the server listened, before any connection: the idle server.
        var idleResidentKiB: Int
        /// Resident memory once every session joined, before the load.
        var joinedResidentKiB: Int
        /// The most resident memory the server had by the end of the run.
        var peakResidentKiB: Int

        /// Server CPU seconds per answered frame (NaN without a CPU figure).
        var cpuSecondsPerFrame: Double {
            cpuCores * report.measuredInterval / Double(max(report.answered, 1))
        }
    }

    private func measure(arguments: [String], echo: Bool, sessions: Int) throws -> Measurement {
        let server = try ServerProcess(arguments: arguments)
        defer { server.stop() }
        let idleKiB = server.residentKiB
        let generator = try LoadGenerator(options: .init(
            sessions: sessions, rate: rate, duration: duration, sequential: sequential, echo: echo,
            url: "ws://127.0.0.1:\(server.port)/ws"))
        var cpuAtStart = 0.0, cpuAtEnd = 0.0, joinedKiB = 0
        generator.onReady = {
            cpuAtStart = server.cpuSeconds
            joinedKiB = server.residentKiB
        }
        generator.onFinish = { cpuAtEnd = server.cpuSeconds }
        let report = try run(generator, timeline: timeline && !echo ? IntakeTimeline(port: server.port, server: server) : nil,
                             idleKiB: idleKiB, label: "the server")
        let interval = report.measuredInterval
        return Measurement(report: report, cpuCores: interval > 0 ? (cpuAtEnd - cpuAtStart) / interval : 0,
                           idleResidentKiB: idleKiB, joinedResidentKiB: joinedKiB, peakResidentKiB: server.peakResidentKiB)
    }

    /// Runs the generator; with a timeline, samples the server meanwhile and prints the run second by second.
    private func run(_ generator: LoadGenerator, timeline: IntakeTimeline?, idleKiB: Int?, label: String) throws -> LoadGenerator.Report {
        guard let timeline else { return try generator.run() }
        let ready = generator.onReady
        generator.onReady = { ready?(); timeline.start(for: duration + 10) }
        let report = try generator.run()
        let seconds = max(report.sentPerSecond.count, report.answeredPerSecond.count)
        timeline.stop(once: report.startedAt + Double(seconds) - 0.5)
        let offered = sequential ? "one session, each frame sent once the last was answered"
                                 : "\(String(format: "%.0f", Double(sessions) * rate)) frames/s offered"
        Swift.print("timeline against \(label), \(offered):")
        for row in timeline.rows(sent: report.sentPerSecond, answered: report.answeredPerSecond, start: report.startedAt, idleKiB: idleKiB) {
            Swift.print(row)
        }
        return report
    }

    /// The figures, each with the echo's and their ratio when there is an echo baseline.
    static func print(engine: Measurement, echo: Measurement?) {
        func row(_ name: String, _ value: Double, _ base: Double?, _ format: String) {
            func text(_ number: Double?) -> String { number.map { $0.isNaN ? "n/a" : String(format: format, $0) } ?? "–" }
            let ratio = base.map { $0 > 0 && !value.isNaN ? String(format: "%.2f×", value / $0) : "–" } ?? "–"
            Swift.print(name.padding(toLength: 37, withPad: " ", startingAt: 0)
                        + text(value).padding(toLength: 14, withPad: " ", startingAt: 0)
                        + text(base).padding(toLength: 14, withPad: " ", startingAt: 0) + ratio)
        }
        let e = engine.report, b = echo?.report
        Swift.print("figure".padding(toLength: 37, withPad: " ", startingAt: 0) + "server".padding(toLength: 14, withPad: " ", startingAt: 0)
                    + "echo".padding(toLength: 14, withPad: " ", startingAt: 0) + "ratio")
        row("sessions joined", Double(e.joined), b.map { Double($0.joined) }, "%.0f")
        row("frames sent / s", Double(e.sent) / max(e.elapsed, 1e-9), b.map { Double($0.sent) / max($0.elapsed, 1e-9) }, "%.0f")
        row("frames answered", Double(e.answered), b.map { Double($0.answered) }, "%.0f")
        row("lost (no answer)", Double(e.lost), b.map { Double($0.lost) }, "%.0f")
        row("errors", Double(e.errors), b.map { Double($0.errors) }, "%.0f")
        row("connections closed", Double(e.closed), b.map { Double($0.closed) }, "%.0f")
        row("round trip p50 (ms)", e.percentile(0.5) * 1000, b.map { $0.percentile(0.5) * 1000 }, "%.3f")
        row("round trip p99 (ms)", e.percentile(0.99) * 1000, b.map { $0.percentile(0.99) * 1000 }, "%.3f")
        row("round trip max (ms)", e.percentile(1) * 1000, b.map { $0.percentile(1) * 1000 }, "%.3f")
        row("server CPU (cores)", engine.cpuCores, echo?.cpuCores, "%.3f")
        row("server CPU per answered frame (µs)", engine.cpuSecondsPerFrame * 1e6, echo.map { $0.cpuSecondsPerFrame * 1e6 }, "%.1f")
        func mebibytes(_ kibibytes: Int) -> Double { echo == nil ? .nan : Double(kibibytes) / 1024 }
        row("server RSS, idle (MiB)", mebibytes(engine.idleResidentKiB), echo.map { Double($0.idleResidentKiB) / 1024 }, "%.1f")
        row("server RSS, sessions joined (MiB)", mebibytes(engine.joinedResidentKiB), echo.map { Double($0.joinedResidentKiB) / 1024 }, "%.1f")
        row("server RSS growth under load (MiB)", mebibytes(engine.peakResidentKiB - engine.joinedResidentKiB),
            echo.map { Double($0.peakResidentKiB - $0.joinedResidentKiB) / 1024 }, "%.1f")
        row("server RSS peak above idle (MiB)", mebibytes(engine.peakResidentKiB - engine.idleResidentKiB),
            echo.map { Double($0.peakResidentKiB - $0.idleResidentKiB) / 1024 }, "%.1f")
        Swift.print("bytes per render message".padding(toLength: 37, withPad: " ", startingAt: 0)
                    + String(format: "%.0f", e.renderMessages > 0 ? Double(e.renderBytes) / Double(e.renderMessages) : 0)
                    + " (\(e.renderMessages) render messages)")
        // What the answered frames made the engine do: a frame that changes no recognizer and
        // renders nothing is the cheap path, and a load test made of those measures little.
        let answered = Double(max(e.answered, 1))
        Swift.print("frames with a recognizer change".padding(toLength: 37, withPad: " ", startingAt: 0)
                    + String(format: "%d (%.0f%%)", e.framesWithTransitions, 100 * Double(e.framesWithTransitions) / answered))
        Swift.print("frames answered with a render".padding(toLength: 37, withPad: " ", startingAt: 0)
                    + String(format: "%d (%.0f%%)", e.renderMessages, 100 * Double(e.renderMessages) / answered))
    }
}

struct IdleBenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idle",
        abstract: "Server memory per idle device session (default scene).")

    @Option(help: "Idle sessions to open.")
    var sessions = 2000

    func run() throws {
        let settings = try LoopbackSettingsFile()
        defer { settings.remove() }
        let server = try ServerProcess(arguments: ["--config", settings.url.path])
        defer { server.stop() }
        Thread.sleep(forTimeInterval: 0.3)
        let before = server.residentKiB
        let generator = try LoadGenerator(options: .init(
            sessions: sessions, rate: 1, duration: 0, sequential: false, echo: false, url: "ws://127.0.0.1:\(server.port)/ws"))
        var after = 0
        generator.onReady = { after = server.residentKiB }
        let report = try generator.run()
        guard report.joined == sessions else {
            throw BenchError("only \(report.joined) of \(sessions) sessions joined: nothing to divide by")
        }
        let perSession = Double(after - before) / Double(sessions)
        Swift.print(String(format: "idle: %d sessions, server RSS %.1f MiB → %.1f MiB, %.1f KiB per session",
                     sessions, Double(before) / 1024, Double(after) / 1024, perSession))
    }
}
