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
for trace in PeerTrace.allCases {
    try allocations("7 recognizers, 1 view: \(trace.rawValue)", frames: trace.frames) { PeerScene.make() }
}
for (views, recognizers) in [(100, 10), (1000, 50)] {
    for onChain in [true, false] {
        try allocations("\(views) views, \(recognizers) recognizers \(onChain ? "on" : "off") the touched chain: drag", frames: PeerTrace.pan.frames) {
            ScaleScene.make(views: views, recognizers: recognizers, onTouchedChain: onChain)
        }
    }
}
