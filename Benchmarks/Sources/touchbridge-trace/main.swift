import TouchBridgeBenchSupport
import TouchBridgeProtocol
import TouchKit
import TouchKitBenchSupport

// Replays one workload for a number of frames and nothing else, for instruction counts:
// scripts/bench.sh runs it under callgrind with two frame counts and divides the difference by the
// extra frames, so start-up and set-up cancel out. A program of its own with a synchronous main,
// because valgrind 3.19 (Debian 12's) cannot run the `touchbridge` binary.
//
// usage: touchbridge-trace WORKLOAD FRAMES
//   pan | pinch | tap | doubletap   Hammer.js's trace with its seven recognizers (TouchKit alone)
//   decode                          the pipeline's input messages, decoded as the server decodes them
//                                   (count with --toggle-collect='*decodeAll*')
//   decode-general                  the same messages with one extra member, which the `input` fast path
//                                   leaves to the general reader (the messages' declared tables)
//   pipeline                        the same messages through the session hub: decode, engine, render,
//                                   encode (count with --toggle-collect='*PipelinePan*send*')

/// Decodes `messages` as the server does; returns how many were inputs. (bench.sh counts the
/// instructions of this function alone, not those that build the messages.)
@inline(never)
func decodeAll(_ messages: [String]) -> Int {
    let limits = ProtocolLimits()
    var decoded = 0
    for message in messages {
        if case .session(.success(.input)) = InboundMessage.decode(message, limits: limits) { decoded += 1 }
    }
    return decoded
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let frames = Int(arguments[2]), frames > 0 else {
    print("usage: touchbridge-trace pan|pinch|tap|doubletap|decode|decode-general|pipeline FRAMES")
    exit(2)
}
switch arguments[1] {
case "decode":
    precondition(decodeAll((0..<frames).map(PipelinePan.message)) == frames)
    print("frames \(frames)")
case "decode-general":
    precondition(decodeAll((0..<frames).map { PipelinePan.message($0).dropLast() + ",\"note\":0}" }) == frames)
    print("frames \(frames)")
case "pipeline":
    let hub = PipelinePan.session()
    precondition(PipelinePan.send((0..<frames).map(PipelinePan.message), to: hub) > 0)
    print("frames \(frames)")
default:
    guard let trace = PeerTrace(rawValue: arguments[1]) else {
        print("unknown workload \(arguments[1])")
        exit(2)
    }
    let application = PeerScene.make()
    application.isTracing = false
    let replays = PeerTrace.replays(of: trace, frames: frames)
    for frame in replays { try application.digitizer.process(frame) }
    print("frames \(replays.count)")
}
