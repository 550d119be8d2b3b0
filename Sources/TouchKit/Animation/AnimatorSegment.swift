import Foundation

/// One stretch of a property animator's run: between two positions (0 = the start values, 1 = the
/// end values) over `duration` seconds from `begin`, the eased value moving from `startValue` to
/// `endValue` along `curve`. A paused animator holds one with duration 0. The page draws the same
/// formula (docs/protocol.md §5.2, `startValue`/`endValue`).
struct AnimatorSegment {
    var begin: TimeInterval
    var duration: TimeInterval
    var curve: AnimationCurve
    var startPosition: Double
    var endPosition: Double
    var startValue: Double
    var endValue: Double

    /// Holding still at `position` with eased value `value` (paused, or not started).
    static func hold(at position: Double, value: Double, time: TimeInterval, curve: AnimationCurve) -> AnimatorSegment {
        AnimatorSegment(begin: time, duration: 0, curve: curve, startPosition: position, endPosition: position, startValue: value, endValue: value)
    }

    /// Time fraction of the segment at `time`, 0…1 (0 during a delay).
    func progress(at time: TimeInterval) -> Double {
        guard duration > 0 else { return time >= begin && startPosition != endPosition ? 1 : 0 }
        return min(max((time - begin) / duration, 0), 1)
    }

    /// The animator's position (its time fraction, from the start values) at `time`.
    func position(at time: TimeInterval) -> Double {
        startPosition + (endPosition - startPosition) * progress(at: time)
    }

    /// The eased fraction of the change drawn at `time`.
    func value(at time: TimeInterval) -> Double {
        let p = progress(at: time)
        return p >= 1 ? endValue : startValue + (endValue - startValue) * curve.value(at: p)
    }

    /// When it reaches its end.
    var end: TimeInterval { begin + duration }
}
