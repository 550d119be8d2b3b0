import MallocInterposerSwift
import TouchKit
import TouchKitBenchSupport

/// Heap allocations per input frame in steady state: the frames of one run past the first
/// touch-down and before the lift are counted (of the short tap traces, every frame).
/// Returns the count per frame, and whether the frames counted were steady (traces long enough to
/// leave their first touch-down and their lift out).
@MainActor
func allocations(_ name: String, frames: [[PointerChange]], make: () -> UIApplication) throws -> (perFrame: Double, steady: Bool) {
    let application = make()
    application.isTracing = false
    let isLong = frames.count > 12
    let steady = isLong ? 5..<(frames.count - 5) : 0..<frames.count
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
    return (perFrame, isLong)
}

/// The guard: a frame in which nothing new happens (no finger lands or lifts) allocates nothing, so
/// a steady-state figure at or above half an allocation a frame means every frame or every other one
/// allocates again (as a two-finger frame did until 2026-11-27, when a scratch list captured by a
/// nested function was boxed on the heap: issue 25).
let steadyCeiling = 0.5
var overCeiling: [String] = []

MallocInterposerSwift.initialize()
print("steady-state heap allocations per input frame (event log off)")
for trace in PeerTrace.allCases {
    let name = "7 recognizers, 1 view: \(trace.rawValue)"
    let counted = try allocations(name, frames: trace.frames) { PeerScene.make() }
    if counted.steady, counted.perFrame >= steadyCeiling { overCeiling.append(name) }
}
for (views, recognizers) in [(100, 10), (1000, 50)] {
    for onChain in [true, false] {
            let name = "\(views) views, \(recognizers) recognizers \(onChain ? "on" : "off") the touched chain: drag"
            let counted = try allocations(name, frames: PeerTrace.pan.frames) {
                ScaleScene.make(views: views, recognizers: recognizers, onTouchedChain: onChain)
            }
            if counted.steady, counted.perFrame >= steadyCeiling { overCeiling.append(name) }
    }
}
if !overCeiling.isEmpty {
    print("steady-state frames allocate (\(steadyCeiling) a frame or more): \(overCeiling.joined(separator: "; "))")
    exit(1)
}
