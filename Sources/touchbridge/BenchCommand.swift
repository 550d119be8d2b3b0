import ArgumentParser
import Foundation

/// Performance measurements. Run on a release build (`scripts/bench.sh`).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure the engine: nanoseconds per input frame on standard traces and scene sizes.",
        discussion: """
            Reports the median over --repetitions runs after one warm-up. The peer rows compare with \
            Hammer.js 2.0.8 under Node 20 on this machine kind (7 recognizers, 120 Hz traces): about \
            1.2 µs per event for the pan, 1.8 µs for pinch+rotate, 2.6 µs for tap and double tap; \
            TouchKit also hit-tests, runs the responder chain and the render pass, which Hammer does not.
            """
    )

    @Option(help: "Runs per case after the warm-up.")
    var repetitions = 20

    @Flag(help: "Record the event log while measuring (the server records it).")
    var tracing = false

    @Option(help: "Only the cases whose name contains this text.")
    var only: String?

    func run() throws {
        let benchmark = EngineBenchmark(repetitions: repetitions, tracing: tracing)
        let peers: [String: Double] = ["600 ms one-finger pan": 1200, "two-finger pinch + rotate": 1800, "tap": 2600, "double tap": 2600]
        print("case".padding(toLength: 58, withPad: " ", startingAt: 0) + "ns/frame   vs Hammer.js")
        for result in try benchmark.runAll(only: only) {
            let peer = peers.first { result.name.hasSuffix($0.key) && result.name.hasPrefix("7 recognizers") }?.value
            let ratio = peer.map { String(format: "%.2f×", result.nanosecondsPerFrame / $0) } ?? ""
            print(result.name.padding(toLength: 58, withPad: " ", startingAt: 0)
                  + String(format: "%8.0f", result.nanosecondsPerFrame) + "   " + ratio)
        }
    }
}
