import TouchBridgeClient
import TouchBridgeProtocol

/// One step's fingers as a generated test performs them: a gesture the clients synthesize (Swift's
/// `Gesture`, Python's `touchbridge` functions take the same parameters and make the same stream) when one
/// stands for the recorded fingers within `ExportTolerance`, else the recorded changes themselves.
package enum ExportedGesture: Sendable, Equatable {
    /// One finger down and up in place.
    case tap(at: Point, duration: Double)
    /// Two taps in place, `interval` ms from the first lift to the second landing.
    case doubleTap(at: Point, duration: Double, interval: Double)
    /// One finger held in place for `duration` ms.
    case longPress(at: Point, duration: Double)
    /// One finger: held `hold` ms, then a straight move in `duration` ms, sampled at `sampleRate` Hz.
    case pan(from: Point, to: Point, duration: Double, hold: Double, sampleRate: Double)
    /// One finger: a straight move along an axis at `speed` pt/s.
    case swipe(SwipeDirection, from: Point, distance: Double, speed: Double, sampleRate: Double)
    /// Two fingers moving apart or together along a line through `center`.
    case pinch(center: Point, from: Double, to: Double, degrees: Double, duration: Double, sampleRate: Double)
    /// Two fingers turning around `center`.
    case rotate(center: Point, radius: Double, degrees: Double, startDegrees: Double, duration: Double, sampleRate: Double)
    /// The recorded changes (times from the step's start): nothing simpler stands for them.
    case raw([PointerEvent])

    /// The client's gesture: what the generated test performs, and what `GestureFit` checks against the recording.
    package var gesture: Gesture {
        switch self {
        case .tap(let at, let duration): .tap(at: at, duration: duration)
        case .doubleTap(let at, let duration, let interval): .doubleTap(at: at, duration: duration, interval: interval)
        case .longPress(let at, let duration): .longPress(at: at, duration: duration)
        case .pan(let from, let to, let duration, let hold, let rate): .pan(from: from, to: to, duration: duration, hold: hold, sampleRate: rate)
        case .swipe(let direction, let from, let distance, let speed, let rate):
            .swipe(direction, from: from, distance: distance, speed: speed, sampleRate: rate)
        case .pinch(let center, let from, let to, let degrees, let duration, let rate):
            .pinch(center: center, from: from, to: to, degrees: degrees, duration: duration, sampleRate: rate)
        case .rotate(let center, let radius, let degrees, let start, let duration, let rate):
            .rotate(center: center, radius: radius, degrees: degrees, startDegrees: start, duration: duration, sampleRate: rate)
        case .raw(let events): .raw(events, name: "recorded fingers")
        }
    }

    /// For the step's comment: what the fingers do, in words.
    package var summary: String {
        switch self {
        case .tap: "tap"
        case .doubleTap: "double tap"
        case .longPress: "long press"
        case .pan(_, _, _, let hold, _): hold > 0 ? "press and drag" : "pan"
        case .swipe(let direction, _, _, _, _): "swipe \(direction.rawValue)"
        case .pinch(_, let from, let to, _, _, _): to >= from ? "pinch out" : "pinch in"
        case .rotate(_, _, let degrees, _, _, _): degrees >= 0 ? "rotate clockwise" : "rotate counterclockwise"
        case .raw(let events): "\(Set(events.map(\.finger)).count)-finger trace as recorded (\(events.count) changes)"
        }
    }
}

/// How far a synthesized gesture may stray from the recorded fingers and still stand for them in a
/// generated test. A fit that stays within these is used; else the step keeps the recorded changes.
package enum ExportTolerance {
    /// Every recorded sample is within this distance of the synthesized finger at the same time, and every
    /// synthesized sample within it of the recorded finger (interpolated), pt.
    package static let position = 2.0
    /// Fingers land and lift within this of their recorded times, ms (a swipe's duration comes from its
    /// rounded speed).
    package static let time = 1.0
    /// A double tap's two contacts may last this much apart (both become their mean), ms: one 120 Hz frame.
    package static let doubleTapDuration = 8.0
    /// Two taps further apart than this are two taps, not a double tap: UIKit's multi-tap interval, ms.
    package static let doubleTapInterval = 350.0
    /// A still finger held at least this long is a long press (UILongPressGestureRecognizer's default
    /// minimumPressDuration), ms.
    package static let longPress = 500.0
    /// A straight move along an axis at least this fast is written as a swipe, pt/s.
    package static let swipeSpeed = 300.0
}
