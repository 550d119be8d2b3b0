import TouchBridgeBenchSupport
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
//                                   (count with --toggle-collect='*PipelinePan*decodeInputs*')
//   decode-general                  the same messages with one extra member, which the `input` fast path
//                                   leaves to the general reader (the messages' declared tables)
//   pipeline                        the same messages through the session hub: decode, engine, render,
//                                   encode (count with --toggle-collect='*PipelinePan*send*')
//   pipeline-pinch                  the same with a two-finger pinch over transform-image
//   pipeline-views                  the pan over a scene of 50 views (one of them moves)
//   pipeline-resize                 that scene resized back and forth (every view moves)
//   render-views                    a full render of 1,000 views written (count with
//                                   --toggle-collect='*WrittenMessage*write*')
//   welcome                         a device's welcome written (the same)

let arguments = CommandLine.arguments
guard arguments.count == 3, let frames = Int(arguments[2]), frames > 0 else {
    print("usage: touchbridge-trace pan|pinch|tap|doubletap|decode|decode-general|pipeline|pipeline-pinch|pipeline-views|pipeline-resize|render-views|welcome FRAMES")
    exit(2)
}
switch arguments[1] {
case "decode":
    precondition(PipelinePan.decodeInputs((0..<frames).map(PipelinePan.message)) == frames)
    print("frames \(frames)")
case "decode-general":
    precondition(PipelinePan.decodeInputs((0..<frames).map { PipelinePan.message($0).dropLast() + ",\"note\":0}" }) == frames)
    print("frames \(frames)")
case "pipeline":
    let hub = PipelinePan.session()
    precondition(PipelinePan.send((0..<frames).map(PipelinePan.message), to: hub) > 0)
    print("frames \(frames)")
case "pipeline-pinch":
    let hub = PipelinePan.session(scene: #""transform-image""#)
    precondition(PipelinePan.send((0..<frames).map(PipelinePan.pinchMessage), to: hub) > 0)
    print("frames \(frames)")
case "pipeline-views", "pipeline-resize":
    let hub = PipelinePan.session(scene: PipelinePan.manyViewsScene)
    // At least the window and the scene's 50 views, or the workload would time an empty scene.
    let views = (hub.fullRender(for: 1) ?? "").components(separatedBy: #""op":"create""#).count - 1
    precondition(views >= 51, "the 50-view scene did not load: \(views) views")
    let message = arguments[1] == "pipeline-views" ? PipelinePan.message : PipelinePan.resizeMessage
    precondition(PipelinePan.send((0..<frames).map(message), to: hub) > 0)
    print("frames \(frames)")
case "render-views", "welcome":
    let message = arguments[1] == "welcome" ? WrittenMessage.welcome() : WrittenMessage.fullRender(views: 1000)
    precondition(message.write(times: frames) > 0)
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
