import Foundation
import TouchBridgeBenchSupport

/// The server's work per input message without sockets: decode, engine, render diff, event-log
/// encoding — `Hub.handle` on a manual-clock `image-translation` session fed a one-finger pan
/// (`PipelinePan`).
struct PipelineBenchmark {
    var repetitions: Int

    func run() -> EngineBenchmark.Result {
        let frames = (0..<144).map(PipelinePan.message)
        var samples: [Double] = []
        for run in 0...repetitions {
            let hub = PipelinePan.session()
            let start = DispatchTime.now().uptimeNanoseconds
            let bytes = PipelinePan.send(frames, to: hub)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            precondition(bytes > 0)
            if run > 0 { samples.append(elapsed / Double(frames.count)) }
        }
        let sorted = samples.sorted()
        return EngineBenchmark.Result(name: "pipeline: decode, engine, diff, encode (pan)", framesPerRun: frames.count,
                                      nanosecondsPerFrame: sorted.isEmpty ? 0 : sorted[sorted.count / 2])
    }
}
