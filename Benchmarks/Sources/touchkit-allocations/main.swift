import MallocInterposerSwift
import TouchKit
import TouchKitBenchSupport

/// Heap allocations per input frame in steady state: each trace runs once to warm up, then the
/// middle of a second run (frames past the first touch-down, before the lift) is counted.
@MainActor
func allocations(_ name: String, frames: [[PointerChange]], make: () -> UIApplication) throws {
    let application = make()
    application.isTracing = false
    let steady = frames.count > 12 ? 5..<(frames.count - 5) : 0..<frames.count
    for (index, frame) in frames.enumerated() {
        if index == steady.lowerBound {
            MallocInterposerSwift.reset()
            MallocInterposerSwift.hook()
        }
        try application.digitizer.process(frame)
        if index == steady.upperBound - 1 { MallocInterposerSwift.unhook() }
    }
    let statistics = MallocInterposerSwift.getStatistics()
    let perFrame = Double(statistics.mallocCount) / Double(steady.count)
    print(name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%8.1f allocations/frame", perFrame))
}

MallocInterposerSwift.initialize()
print("steady-state heap allocations per input frame (event log off)")
try allocations("7 recognizers, 1 view: 600 ms one-finger pan", frames: PeerTrace.pan.frames) { PeerScene.make() }
try allocations("7 recognizers, 1 view: two-finger pinch + rotate", frames: PeerTrace.pinchRotate.frames) { PeerScene.make() }
try allocations("100 views, 10 recognizers: one-finger drag", frames: PeerTrace.pan.frames) { ScaleScene.make(views: 100, recognizers: 10) }
try allocations("1000 views, 50 recognizers: one-finger drag", frames: PeerTrace.pan.frames) { ScaleScene.make(views: 1000, recognizers: 50) }
