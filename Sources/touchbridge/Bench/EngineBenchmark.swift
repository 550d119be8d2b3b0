import Foundation
import TouchKit
import TouchKitBenchSupport

/// Engine benchmarks: nanoseconds per input frame on the pure engine, no I/O.
///
/// Peer rows follow shared bench/peer-traces.md: one application, the trace replayed every 1,000
/// virtual ms (timers pending between replays fire in the next replay and count), 20,000 frames of
/// warm-up, then `repetitions` timed runs of at least 20,000 frames each; the figure is their
/// median. Before timing, one replay with the event log on checks that the seven recognizers
/// recognize the trace as Hammer.js does. Scale rows drag across scenes of many views with their
/// recognizers on the touched chain or off it.
struct EngineBenchmark {
    struct Result {
        var name: String
        var framesPerRun: Int
        var nanosecondsPerFrame: Double
    }

    struct RecognitionMismatch: Error, CustomStringConvertible {
        var trace: PeerTrace
        var recognized: Set<String>
        var description: String {
            let expected = trace.expectedRecognitions
            return "trace \(trace.rawValue): recognized \(recognized.sorted()), expected \(expected.required.sorted()) and none of \(expected.forbidden.sorted())"
        }
    }

    static let framesPerRun = 20_000

    var repetitions: Int
    var tracing: Bool

    func runAll(only filter: String? = nil) throws -> [Result] {
        var cases: [(String, () throws -> Result)] = []
        for trace in PeerTrace.allCases {
            let name = "7 recognizers, 1 view: \(trace.rawValue)"
            cases.append((name, { try measurePeer(trace, name: name) }))
        }
        for (views, recognizers) in [(100, 10), (1000, 50)] {
            for onChain in [true, false] {
                let name = "\(views) views, \(recognizers) recognizers \(onChain ? "on" : "off") the touched chain: drag"
                cases.append((name, { try measureScale(name, views: views, recognizers: recognizers, onChain: onChain) }))
            }
        }
        cases.append(("hit-test, 1000 views", { measureHitTest(views: 1000) }))
        cases.append(("render snapshot, 1000 views: 1 changed", { measureRenderChanges(views: 1000) }))
        cases.append(("render snapshot, 1000 views: all (full render)", { measureRenderSnapshot(views: 1000) }))
        cases.append(("pipeline: decode, engine, diff, encode (pan)", { PipelineBenchmark(repetitions: repetitions).run() }))
        cases.append(("decode: input (pan)", { DecodeBenchmark(repetitions: repetitions).run() }))
        return try cases.filter { filter == nil || $0.0.contains(filter!) }.map { try $0.1() }
    }

    private func measurePeer(_ trace: PeerTrace, name: String) throws -> Result {
        let recognized = try trace.recognitions()
        let expected = trace.expectedRecognitions
        guard expected.required.isSubset(of: recognized), expected.forbidden.isDisjoint(with: recognized) else {
            throw RecognitionMismatch(trace: trace, recognized: recognized)
        }
        let application = PeerScene.make()
        application.isTracing = tracing
        let perRun = PeerTrace.replays(of: trace, frames: Self.framesPerRun).count
        let replaysPerRun = (perRun + trace.frames.count - 1) / trace.frames.count
        var samples: [Double] = []
        for run in 0...repetitions {
            let frames = PeerTrace.replays(of: trace, frames: Self.framesPerRun, startingAt: run * replaysPerRun)
            let start = DispatchTime.now().uptimeNanoseconds
            for frame in frames { try application.digitizer.process(frame) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            _ = application.drainTrace()
            if run > 0 { samples.append(elapsed / Double(frames.count)) }
        }
        return Result(name: name, framesPerRun: perRun, nanosecondsPerFrame: median(samples))
    }

    private func measureScale(_ name: String, views: Int, recognizers: Int, onChain: Bool) throws -> Result {
        let frames = PeerTrace.pan.frames.map { frame in
            frame.map { var change = $0; change.location.y = 300; change.location.x = 200 + (change.location.x - 250) / 3; return change }
        }
        var samples: [Double] = []
        for run in 0...repetitions {
            let application = ScaleScene.make(views: views, recognizers: recognizers, onTouchedChain: onChain)
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
        let application = ScaleScene.make(views: views, recognizers: 0, onTouchedChain: false)
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
        let application = ScaleScene.make(views: views, recognizers: 0, onTouchedChain: false)
        var samples: [Double] = []
        for _ in 0..<max(repetitions, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            let tree = application.renderTree()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
            precondition(tree.nodes.count > views)
        }
        return Result(name: "render snapshot, \(views) views: all (full render)", framesPerRun: 1, nanosecondsPerFrame: median(samples))
    }

    /// What the server collects per step when one view of `views` moved: the engine's render
    /// changes since the last collection (the views' setters noted them).
    private func measureRenderChanges(views: Int) -> Result {
        let application = ScaleScene.make(views: views, recognizers: 0, onTouchedChain: false)
        let tracker = RenderChangeTracker(application: application)
        precondition(tracker.collect().nodes.count > views)
        let moved = application.windows[0].subviews[0]
        let iterations = 20_000
        var samples: [Double] = []
        for _ in 0..<max(repetitions, 1) {
            let start = DispatchTime.now().uptimeNanoseconds
            var collected = 0
            for index in 0..<iterations {
                moved.center.x = CGFloat(index % 100)
                collected += tracker.collect().nodes.count
            }
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(iterations))
            precondition(collected == iterations)
        }
        return Result(name: "render snapshot, \(views) views: 1 changed", framesPerRun: iterations, nanosecondsPerFrame: median(samples))
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}
