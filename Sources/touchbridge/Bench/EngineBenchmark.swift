import Foundation
import TouchKit
import TouchKitBenchSupport

/// Engine benchmarks: nanoseconds per input frame for recorded-style traces, measured on the pure
/// engine with no I/O. Each case builds a fresh application, warms up once, then replays its trace
/// `repetitions` times and reports the median per-frame cost.
struct EngineBenchmark {
    struct Result {
        var name: String
        var framesPerRun: Int
        var nanosecondsPerFrame: Double
    }

    var repetitions: Int
    var tracing: Bool

    func runAll(only filter: String? = nil) throws -> [Result] {
        var cases: [(String, () throws -> Result)] = []
        for trace in PeerTrace.allCases {
            let name = "7 recognizers, 1 view: \(trace.rawValue)"
            cases.append((name, { try measure(name, frames: trace.frames) { PeerScene.make() } }))
        }
        for (views, recognizers) in [(10, 1), (100, 10), (1000, 50)] {
            let name = "\(views) views, \(recognizers) recognizers: one-finger drag"
            cases.append((name, { try measure(name, frames: PeerTrace.pan.frames) { ScaleScene.make(views: views, recognizers: recognizers) } }))
        }
        cases.append(("hit-test, 1000 views", { measureHitTest(views: 1000) }))
        cases.append(("render snapshot, 1000 views", { measureRenderSnapshot(views: 1000) }))
        cases.append(("pipeline: decode, engine, diff, encode (pan)", { PipelineBenchmark(repetitions: repetitions).run() }))
        return try cases.filter { filter == nil || $0.0.contains(filter!) }.map { try $0.1() }
    }

    private func measure(_ name: String, frames: [[PointerChange]], make: () -> UIApplication) throws -> Result {
        var samples: [Double] = []
        for run in 0...repetitions {
            let application = make()
            application.isTracing = tracing
            let start = DispatchTime.now().uptimeNanoseconds
            for frame in frames { try application.digitizer.process(frame) }
            try application.advance(to: (frames.last?.last?.timestamp ?? 0) + 1)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            _ = application.drainTrace()
            if run > 0 { samples.append(elapsed / Double(frames.count)) }
        }
        return Result(name: name, framesPerRun: frames.count, nanosecondsPerFrame: median(samples))
    }

    private func measureHitTest(views: Int) -> Result {
        let application = ScaleScene.make(views: views, recognizers: 0)
        let window = application.windows[0]
        let iterations = 20_000
        var samples: [Double] = []
        for _ in 0..<max(repetitions, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            var hits = 0
            for index in 0..<iterations {
                let point = CGPoint(x: CGFloat(index % 400), y: CGFloat((index * 7) % 800))
                if window.hitTest(point, with: nil) != nil { hits += 1 }
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
            precondition(hits > 0)
        }
        return Result(name: "hit-test, \(views) views", framesPerRun: iterations, nanosecondsPerFrame: median(samples))
    }

    private func measureRenderSnapshot(views: Int) -> Result {
        let application = ScaleScene.make(views: views, recognizers: 0)
        var samples: [Double] = []
        for _ in 0..<max(repetitions, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            let tree = application.renderTree()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
            precondition(tree.nodes.count > views)
        }
        return Result(name: "render snapshot, \(views) views", framesPerRun: 1, nanosecondsPerFrame: median(samples))
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

