import Foundation
import TouchBridgeBenchSupport
import TouchBridgeProtocol

/// The server's decode of one `input` message alone — what `HubBridge` does with each text before
/// the stepper and the session see it (`InboundMessage.decode`) — on the pipeline benchmark's pan.
struct DecodeBenchmark {
    var repetitions: Int

    func run() -> EngineBenchmark.Result {
        let frames = (0..<144).map(PipelinePan.message)
        let limits = ProtocolLimits()
        let rounds = 100
        var samples: [Double] = []
        for run in 0...repetitions {
            var decoded = 0
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<rounds {
                for frame in frames {
                    if case .session(.success(.input)) = InboundMessage.decode(frame, limits: limits) { decoded += 1 }
                }
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            precondition(decoded == rounds * frames.count, "a pan frame did not decode as input")
            if run > 0 { samples.append(elapsed / Double(decoded)) }
        }
        let sorted = samples.sorted()
        return EngineBenchmark.Result(name: "decode: input (pan)", framesPerRun: rounds * frames.count,
                                      nanosecondsPerFrame: sorted.isEmpty ? 0 : sorted[sorted.count / 2])
    }
}
