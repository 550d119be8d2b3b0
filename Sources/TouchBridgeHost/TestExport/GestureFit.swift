import Foundation
import TouchBridgeClient
import TouchBridgeProtocol

/// Finds the client gesture that stands for one step's recorded fingers: candidates are built from the
/// recording (landing points, durations, frame rate, hold), rounded to what a test prints, synthesized by
/// the client itself and kept only if the stream stays within `ExportTolerance` of the recording — same
/// landing and lifting times, every sample within `ExportTolerance.position` both ways. Anything else
/// (more fingers, a pen, pressure-only changes, a cancel, a curved path) stays the recorded trace.
struct GestureFit {
    /// One finger's changes, times from the step's start.
    struct Stroke {
        var changes: [PointerEvent]
        var down: PointerEvent { changes[0] }
        var last: PointerEvent { changes[changes.count - 1] }
    }

    let viewport: Viewport

    /// The gesture for `events` (one step: from the first landing until no finger is down; times from its start).
    func gesture(for events: [PointerEvent]) -> ExportedGesture {
        let strokes = Self.strokes(events)
        guard events.allSatisfy({ $0.pointerType == .touch && $0.phase != .cancel }),
              strokes.allSatisfy({ $0.down.phase == .down && $0.last.phase == .up && $0.changes.count >= 2 }) else { return .raw(events) }
        return candidates(strokes).first { fits($0, strokes, timeTolerance: ExportTolerance.time) } ?? .raw(events)
    }

    /// Two taps in the same place, close enough in time and duration, as one double tap — if it still fits.
    func doubleTap(_ first: (start: Double, gesture: ExportedGesture), _ second: (start: Double, gesture: ExportedGesture),
                   events: [PointerEvent]) -> ExportedGesture? {
        guard case .tap(let at, let d1) = first.gesture, case .tap(let other, let d2) = second.gesture,
              at.distance(to: other) <= ExportTolerance.position, abs(d1 - d2) <= ExportTolerance.doubleTapDuration else { return nil }
        let duration = Self.round3((d1 + d2) / 2)
        let interval = Self.round3(second.start - first.start - duration)
        guard interval >= 0, interval < ExportTolerance.doubleTapInterval else { return nil }
        let candidate = ExportedGesture.doubleTap(at: at, duration: duration, interval: interval)
        return fits(candidate, Self.strokes(events), timeTolerance: max(ExportTolerance.time, ExportTolerance.doubleTapDuration / 2)) ? candidate : nil
    }

    private func candidates(_ strokes: [Stroke]) -> [ExportedGesture] {
        let duration = Self.round3(strokes[0].last.t)
        if strokes.count == 1 {
            let stroke = strokes[0]
            let at = Self.rounded(stroke.down.point)
            let still = stroke.changes.allSatisfy { $0.point.distance(to: stroke.down.point) <= ExportTolerance.position }
            if still { return [duration >= ExportTolerance.longPress ? .longPress(at: at, duration: duration) : .tap(at: at, duration: duration)] }
            let to = Self.rounded(stroke.last.point)
            let rate = Self.sampleRate(stroke.changes)
            var result: [ExportedGesture] = []
            if let swipe = swipe(from: at, to: to, duration: duration, rate: rate) { result.append(swipe) }
            for hold in Self.holds(stroke) where hold < duration {
                result.append(.pan(from: at, to: to, duration: Self.round3(duration - hold), hold: hold, sampleRate: rate))
            }
            return result
        }
        guard strokes.count == 2, strokes[1].down.t == 0, strokes[1].last.t == strokes[0].last.t else { return [] }
        let (a0, b0) = (strokes[0].down.point, strokes[1].down.point)
        let (a1, b1) = (strokes[0].last.point, strokes[1].last.point)
        let center = Self.rounded(a0.interpolated(to: b0, 0.5))
        let rate = Self.sampleRate(strokes[0].changes + strokes[1].changes)
        let startAngle = atan2(b0.y - a0.y, b0.x - a0.x) * 180 / .pi
        let turned = Self.halfTurn(atan2(b1.y - a1.y, b1.x - a1.x) * 180 / .pi - startAngle)
        let pinch = ExportedGesture.pinch(center: center, from: Self.round3(a0.distance(to: b0)), to: Self.round3(a1.distance(to: b1)),
                                          degrees: Self.round3(startAngle), duration: duration, sampleRate: rate)
        // The client's rotation puts finger 1 at startDegrees from the centre, finger 2 opposite.
        let rotate = ExportedGesture.rotate(center: center, radius: Self.round3(a0.distance(to: b0) / 2), degrees: Self.round3(turned),
                                            startDegrees: Self.round3(Self.halfTurn(startAngle + 180)), duration: duration, sampleRate: rate)
        return [pinch, rotate]
    }

    private func swipe(from: Point, to: Point, duration: Double, rate: Double) -> ExportedGesture? {
        let delta = to - from
        let direction: SwipeDirection = abs(delta.x) >= abs(delta.y) ? (delta.x >= 0 ? .right : .left) : (delta.y >= 0 ? .down : .up)
        let distance = Self.round3(max(abs(delta.x), abs(delta.y)))
        guard duration > 0, distance / duration * 1000 >= ExportTolerance.swipeSpeed else { return nil }
        return .swipe(direction, from: from, distance: distance, speed: Self.round3(distance / duration * 1000), sampleRate: rate)
    }

    /// Whether the client's stream for `candidate` stays within the tolerance of the recorded strokes.
    private func fits(_ candidate: ExportedGesture, _ strokes: [Stroke], timeTolerance: Double) -> Bool {
        // A stream resampled at the recorded frame rate has about as many samples as the recording; one
        // with far more (a long hold between two moves) is not synthesized at all: its cost would be the
        // duration's, not the recording's.
        let recorded = strokes.map(\.changes.count).max() ?? 0
        guard Self.moves(of: candidate) <= Double(2 * recorded + 16) else { return false }
        guard let timeline = try? candidate.gesture.timeline(in: GestureContext(viewport: viewport)) else { return false }
        let synthesized = Self.strokes(timeline.events)
        guard synthesized.count == strokes.count else { return false }
        for (recorded, made) in zip(strokes, synthesized) {
            guard abs(recorded.down.t - made.down.t) <= timeTolerance + 1e-6, abs(recorded.last.t - made.last.t) <= timeTolerance + 1e-6,
                  Self.within(recorded, of: made), Self.within(made, of: recorded) else { return false }
        }
        return true
    }

    /// Moves per finger in the client's stream of `candidate`: one per frame of its movement.
    private static func moves(of candidate: ExportedGesture) -> Double {
        switch candidate {
        case .pan(_, _, let duration, _, let rate), .pinch(_, _, _, _, let duration, let rate), .rotate(_, _, _, _, let duration, let rate):
            duration * rate / 1000
        case .swipe(_, _, let distance, let speed, let rate): distance / speed * rate
        case .tap, .doubleTap, .longPress, .raw: 0
        }
    }

    /// Every sample of `stroke` is within the position tolerance of `other` at the same time — `other`'s
    /// samples joined by straight lines, held before and after. Both are in time order, so one pass.
    private static func within(_ stroke: Stroke, of other: Stroke) -> Bool {
        var next = 0  // the first sample of `other` at or after the time looked at
        for change in stroke.changes {
            while next < other.changes.count, other.changes[next].t < change.t { next += 1 }
            let position: Point
            if next == other.changes.count {
                position = other.last.point
            } else if next == 0 {
                position = other.changes[0].point
            } else {
                let (a, b) = (other.changes[next - 1], other.changes[next])
                position = b.t == a.t ? b.point : a.point.interpolated(to: b.point, (change.t - a.t) / (b.t - a.t))
            }
            guard change.point.distance(to: position) <= ExportTolerance.position + 1e-9 else { return false }
        }
        return true
    }

    /// Holds worth trying for a pan: none, until the last sample still at the landing point, and until the
    /// movement began as its first two moving samples' speed extrapolates it.
    private static func holds(_ stroke: Stroke) -> [Double] {
        let landing = stroke.down.point
        guard let first = stroke.changes.firstIndex(where: { $0.point.distance(to: landing) > ExportTolerance.position }) else { return [0] }
        var holds: [Double] = [0, round3(stroke.changes[first - 1].t)]
        if first + 1 < stroke.changes.count {
            let (p, q) = (stroke.changes[first], stroke.changes[first + 1])
            let speed = p.point.distance(to: q.point) / max(q.t - p.t, 1e-9)
            if speed > 0 { holds.append(max(0, round3(p.t - p.point.distance(to: landing) / speed))) }
        }
        return Array(Set(holds)).sorted()
    }

    /// The recorded frame rate: the median time between moves, as whole Hz.
    private static func sampleRate(_ changes: [PointerEvent]) -> Double {
        let times = Array(Set(changes.filter { $0.phase == .move }.map(\.t))).sorted()
        let gaps = zip(times, times.dropFirst()).map { $1 - $0 }.sorted()
        guard !gaps.isEmpty, gaps[gaps.count / 2] > 0 else { return Gesture.defaultSampleRate }
        return min(max((1000 / gaps[gaps.count / 2]).rounded(), 1), 1000)
    }

    /// The changes per finger, in order of landing.
    static func strokes(_ events: [PointerEvent]) -> [Stroke] {
        var order: [Int] = []
        var byFinger: [Int: [PointerEvent]] = [:]
        for event in events {
            if byFinger[event.finger] == nil { order.append(event.finger) }
            byFinger[event.finger, default: []].append(event)
        }
        return order.map { Stroke(changes: byFinger[$0]!) }
    }

    /// An angle in degrees as the same direction within −180…180.
    private static func halfTurn(_ degrees: Double) -> Double { degrees - 360 * (degrees / 360).rounded() }

    static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
    static func rounded(_ point: Point) -> Point { Point(round3(point.x), round3(point.y)) }
}
