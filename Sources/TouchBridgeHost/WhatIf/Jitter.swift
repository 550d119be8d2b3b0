import SeededRandom
import TouchBridgeProtocol

/// How a flake sweep varies a recorded finger trace: the kinds of noise a real device adds between
/// two runs of "the same" gesture.
///
/// - `timingMs`: every input frame (and `advance`) moves by one uniform draw in ±`timingMs`, its
///   client times and its receive time together (so the session's clock offset holds); times never
///   go backwards (a frame pushed before the previous one, or before the `hello`, lands at its time).
/// - `positionPt`: every pointer sample (coalesced ones too) moves by uniform draws in ±`positionPt`
///   on each axis: a finger's wobble.
/// - `dropShare`: each frame in which every pointer only moves is dropped with this probability (a
///   browser skipping frames); landings and lifts are never dropped.
/// - `frameRate`: move-only frames closer than 1/`frameRate` s to the previous move frame kept are
///   dropped: the trace as a slower display would have sampled it (nil: as recorded).
package struct Jitter: Sendable, Equatable, Codable {
    /// Largest timing offset, ms.
    package var timingMs: Double
    /// Largest position offset per axis, points.
    package var positionPt: Double
    /// Share of move-only frames dropped, 0…`maximumDropShare`.
    package var dropShare: Double
    /// Resample move frames to at most this rate, Hz (nil: as recorded).
    package var frameRate: Double?

    /// Bounds of the settings: noise far past them no longer describes "the same gesture".
    package static let maximumTimingMs = FlakeRequest.maximumJitterMs
    /// See `maximumTimingMs`.
    package static let maximumPositionPt = FlakeRequest.maximumJitterPt
    /// See `maximumTimingMs`.
    package static let maximumDropShare = FlakeRequest.maximumDropShare
    /// Frame rates taken, Hz.
    package static let frameRates = FlakeRequest.frameRates

    /// Noise of the given sizes; `check()` says whether they are within bounds.
    package init(timingMs: Double = 0, positionPt: Double = 0, dropShare: Double = 0, frameRate: Double? = nil) {
        self.timingMs = timingMs
        self.positionPt = positionPt
        self.dropShare = dropShare
        self.frameRate = frameRate
    }

    /// Throws, naming the setting, when one is not a finite number within its bounds.
    package func check() throws(WhatIfError) {
        func within(_ value: Double, _ range: ClosedRange<Double>, _ name: String) throws(WhatIfError) {
            guard value.isFinite, range.contains(value) else { throw WhatIfError("\(name) \(value) is not within \(range.lowerBound)…\(range.upperBound)") }
        }
        try within(timingMs, 0...Self.maximumTimingMs, "--jitter-ms")
        try within(positionPt, 0...Self.maximumPositionPt, "--jitter-pt")
        try within(dropShare, 0...Self.maximumDropShare, "--drop-frames")
        if let frameRate { try within(frameRate, Self.frameRates, "--frame-rate") }
    }

    /// `script` with this noise drawn from `random`, on its steps from index `from` on (the ones
    /// before stay as they are: a session's last gesture varies, what led up to it does not).
    func variant(of script: ReplayScript, random: inout SplitMix64, from: Int = 0) -> ReplayScript {
        var variant = script
        variant.steps = []
        variant.steps.reserveCapacity(script.steps.count)
        var lastClientMs = -Double.infinity
        var lastAt = -Double.infinity
        var lastMoveMs = -Double.infinity
        func clientTime(_ t: Double, _ offset: Double) -> Double {
            lastClientMs = max(t + offset, lastClientMs)
            return lastClientMs
        }
        var varies = false
        func wobble(_ value: Double) -> Double { varies && positionPt > 0 ? value + random.double(-positionPt...positionPt) : value }
        for (index, (line, step)) in script.steps.enumerated() {
            guard case .message(let message?, let text, let at) = step else {
                variant.steps.append((line, step))
                continue
            }
            varies = index >= from
            let offset = varies && timingMs > 0 ? random.double(-timingMs...timingMs) : 0
            var changed = message
            var shift = 0.0
            switch message {
            case .hello(let hello):
                // The engine starts at the hello's time (a manual clock at 0): nothing moves before it.
                lastClientMs = max(lastClientMs, hello.t ?? (script.clock == .manual ? 0 : -Double.infinity))
            case .input(var input):
                if input.pointers.allSatisfy({ $0.phase == .move }), let first = input.pointers.first?.t {
                    // 1 % slack: a 120 Hz trace's every other frame is 1/60 s apart give or take rounding.
                    let tooSoon = frameRate.map { first - lastMoveMs < 0.99 * 1000 / $0 } ?? false
                    if varies, tooSoon || (dropShare > 0 && random.chance(dropShare)) { continue }
                    lastMoveMs = first
                }
                for index in input.pointers.indices {
                    var pointer = input.pointers[index]
                    pointer.coalesced = pointer.coalesced?.map { sample in
                        var sample = sample
                        sample.t = clientTime(sample.t, offset)
                        sample.x = wobble(sample.x)
                        sample.y = wobble(sample.y)
                        return sample
                    }
                    pointer.t = clientTime(pointer.t, offset)
                    pointer.x = wobble(pointer.x)
                    pointer.y = wobble(pointer.y)
                    input.pointers[index] = pointer
                }
                changed = .input(input)
                shift = offset
            case .advance(var advance):
                advance.t = clientTime(advance.t, offset)
                changed = .advance(advance)
                shift = offset
            case .motion(var motion):
                motion.t = clientTime(motion.t, 0)
                changed = .motion(motion)
            case .remote(var remote):
                remote.t = clientTime(remote.t, 0)
                changed = .remote(remote)
            case .act(var act):
                act.t = clientTime(act.t, 0)
                changed = .act(act)
            default:
                break
            }
            lastAt = max(at + shift / 1000, lastAt)
            variant.steps.append((line, .message(changed, text: text, at: lastAt)))
        }
        return variant
    }
}
