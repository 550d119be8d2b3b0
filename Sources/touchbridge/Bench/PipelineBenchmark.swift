import Foundation
import TouchBridgeProtocol
import TouchBridgeServer

/// The server's work per input message without sockets: decode, engine, render diff, event-log
/// encoding — `Hub.handle` on a manual-clock `image-translation` session fed a one-finger pan.
struct PipelineBenchmark {
    var repetitions: Int

    /// Two 600 ms pans at 120 Hz, there and back, as `input` messages.
    static let panFrames = (0..<144).map { index -> String in
        let cycle = index % 72
        let phase = cycle == 0 ? "down" : cycle == 71 ? "up" : "move"
        let x = (index / 72) % 2 == 0 ? 200 + Double(cycle) * 2 : 342 - Double(cycle) * 2
        return #"{"pointers":[{"id":1,"phase":"\#(phase)","pointerType":"touch","t":\#(Double(index) * 8.333),"x":\#(x),"y":400}],"seq":\#(index),"type":"input"}"#
    }

    func run() -> EngineBenchmark.Result {
        let frames = Self.panFrames
        var samples: [Double] = []
        for run in 0...repetitions {
            let hub = Hub(catalog: LibraryCatalog(), makeSessionID: { "bench" })
            _ = hub.handle(.opened(), on: 1)
            _ = hub.handle(.text(#"{"clock":"manual","protocol":1,"role":"device","scene":"image-translation","type":"hello","viewport":{"height":800,"scale":2,"width":400}}"#, receivedAt: 0), on: 1)
            let start = DispatchTime.now().uptimeNanoseconds
            var bytes = 0
            for frame in frames {
                for (_, effect) in hub.handle(.text(frame, receivedAt: 0), on: 1) {
                    bytes += effect.message?.utf8.count ?? 0
                }
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            precondition(bytes > 0)
            if run > 0 { samples.append(elapsed / Double(frames.count)) }
        }
        let sorted = samples.sorted()
        return EngineBenchmark.Result(name: "pipeline: decode, engine, diff, encode (pan)", framesPerRun: frames.count,
                                      nanosecondsPerFrame: sorted.isEmpty ? 0 : sorted[sorted.count / 2])
    }
}
