import Foundation
import TouchBridgeProtocol

/// One change of one finger in a synthesized pointer stream.
public struct PointerEvent: Sendable, Equatable {
    /// The gesture's own finger number (1, 2, …). A finger that lifts and lands again is a new
    /// contact: the session gives every landing a fresh pointer id, as browsers do.
    public var finger: Int
    /// `down`, `move`, `up` or `cancel`, as the browser would report it.
    public var phase: PointerPhase
    /// Window points.
    public var point: Point
    /// Milliseconds after the gesture starts.
    public var t: Double
    /// The input device; `pen` and `touch` pressure becomes `UITouch.force`.
    public var pointerType: PointerType
    /// Pointer Events' pressure (0…1); nil: the device reports none.
    public var pressure: Double?
    /// Contact size, points.
    public var width: Double?
    /// Contact size, points.
    public var height: Double?

    /// A change of `finger` at `t` ms; a touch without pressure or contact size by default.
    public init(
        finger: Int, phase: PointerPhase, point: Point, t: Double, pointerType: PointerType = .touch,
        pressure: Double? = nil, width: Double? = nil, height: Double? = nil
    ) {
        self.finger = finger
        self.phase = phase
        self.point = point
        self.t = t
        self.pointerType = pointerType
        self.pressure = pressure
        self.width = width
        self.height = height
    }
}

/// A gesture resolved to timestamped pointer changes.
public struct Timeline: Sendable, Equatable {
    /// Ordered by `t` (stable: changes at the same time keep their order).
    public private(set) var events: [PointerEvent]
    /// Milliseconds from the start to the end of the gesture (at least the last change's `t`; more
    /// for a gesture that ends with a pause).
    public private(set) var duration: Double

    /// A timeline of `events` in time order; `duration` extends it past the last change (a final pause).
    public init(events: [PointerEvent], duration: Double? = nil) {
        let ordered = events.enumerated().sorted { a, b in
            a.element.t != b.element.t ? a.element.t < b.element.t : a.offset < b.offset
        }.map(\.element)
        self.events = ordered
        self.duration = max(duration ?? 0, ordered.last?.t ?? 0)
    }

    /// Changes that happen at the same moment, sent as one `input` message.
    public struct Frame: Sendable, Equatable {
        /// Milliseconds after the gesture starts.
        public var t: Double
        /// The changes at `t`, in the order they were given.
        public var events: [PointerEvent]
    }

    /// The events grouped by time: one `input` message per frame, as a browser batches a frame's pointer
    /// events.
    public var frames: [Frame] {
        var frames: [Frame] = []
        for event in events {
            if let last = frames.last, last.t == event.t {
                frames[frames.count - 1].events.append(event)
            } else {
                frames.append(Frame(t: event.t, events: [event]))
            }
        }
        return frames
    }

    /// The fingers' order of events must make sense: a finger lands before it moves or lifts, and
    /// does not land twice without lifting. Times must be finite and not negative.
    public func validate() throws(GestureError) {
        var down = Set<Int>()
        for event in events {
            guard event.t.isFinite, event.t >= 0, event.point.x.isFinite, event.point.y.isFinite else {
                throw GestureError("finger \(event.finger): time and position must be finite (t ≥ 0)")
            }
            switch event.phase {
            case .down:
                guard down.insert(event.finger).inserted else {
                    throw GestureError("finger \(event.finger) lands at \(Point.format(event.t)) ms while it is already down")
                }
            case .move:
                guard down.contains(event.finger) else {
                    throw GestureError("finger \(event.finger) moves at \(Point.format(event.t)) ms but is not down")
                }
            case .up, .cancel:
                guard down.remove(event.finger) != nil else {
                    throw GestureError("finger \(event.finger) lifts at \(Point.format(event.t)) ms but is not down")
                }
            }
        }
    }

    /// This timeline followed by `next` (its fingers renumbered after this one's).
    public func followed(by next: Timeline) -> Timeline {
        let offset = events.map(\.finger).max() ?? 0
        let shifted = next.events.map { event -> PointerEvent in
            var event = event
            event.finger += offset
            event.t += duration
            return event
        }
        return Timeline(events: events + shifted, duration: duration + next.duration)
    }
}

/// What a gesture needs to know about the screen it is performed on.
public struct GestureContext: Sendable, Equatable {
    /// The window size (the session's viewport).
    public var viewport: Viewport

    /// A context for a screen of `viewport`'s size.
    public init(viewport: Viewport) { self.viewport = viewport }
}

/// A gesture that cannot be synthesized (bad parameters, an impossible raw sequence).
public struct GestureError: Error, Equatable, CustomStringConvertible {
    public var description: String
    /// An error that says, for people, why the gesture cannot be made.
    public init(_ description: String) { self.description = description }
}

/// A synthesized gesture: realistic timestamped pointer streams for taps, presses, pans, swipes,
/// pinches, rotations, screen-edge pans and raw sequences. Times are milliseconds, distances
/// points, angles degrees. Moves are sampled like a touchscreen: one sample per frame at
/// `sampleRate` Hz (60 by default), the last one exactly at the end of the movement.
///
/// ```swift
/// try await session.perform(.pinch(center: Point(200, 400), from: 100, to: 200, duration: 300))
/// ```
public struct Gesture: Sendable, CustomStringConvertible {
    /// For reports: what the gesture does, with its parameters.
    public let description: String
    private let build: @Sendable (GestureContext) throws(GestureError) -> Timeline

    /// A custom gesture: `build` turns the screen's context into a timeline (or explains why it cannot).
    public init(_ description: String, build: @escaping @Sendable (GestureContext) throws(GestureError) -> Timeline) {
        self.description = description
        self.build = build
    }

    /// The gesture's pointer changes on a screen of the context's size (validated).
    public func timeline(in context: GestureContext) throws(GestureError) -> Timeline {
        let timeline = try build(context)
        try timeline.validate()
        return timeline
    }

    /// Default frame rate of moves, Hz.
    public static let defaultSampleRate = 60.0
    /// Samples one movement may take at most (a 7-minute movement at 240 Hz): a gesture's cost is
    /// bounded before its timeline is built.
    public static let maximumSamplesPerMovement = 100_000

    // MARK: Taps and presses

    /// `count` taps with `fingers` fingers side by side (`spread` pt apart) centred on `point`; each
    /// contact lasts `duration` ms and the next one lands `interval` ms after the lift.
    public static func tap(
        at point: Point, fingers: Int = 1, count: Int = 1, duration: Double = 60, interval: Double = 120, spread: Double = 40
    ) -> Gesture {
        let name = (count == 2 ? "double tap" : count == 1 ? "tap" : "\(count)-tap")
            + (fingers == 1 ? "" : " with \(fingers) fingers") + " at \(point)"
        return Gesture(name) { _ throws(GestureError) in
            try require(fingers >= 1, "fingers must be at least 1")
            try require(count >= 1, "count must be at least 1")
            try require(duration >= 0 && interval >= 0, "duration and interval cannot be negative")
            let places = layout(around: point, fingers: fingers, spread: spread)
            var events: [PointerEvent] = []
            for tap in 0..<count {
                let start = Double(tap) * (duration + interval)
                for (index, place) in places.enumerated() {
                    let finger = tap * fingers + index + 1
                    events.append(PointerEvent(finger: finger, phase: .down, point: place, t: start))
                }
                for (index, place) in places.enumerated() {
                    events.append(PointerEvent(finger: tap * fingers + index + 1, phase: .up, point: place, t: start + duration))
                }
            }
            return Timeline(events: events)
        }
    }

    /// Two quick taps.
    public static func doubleTap(
        at point: Point, fingers: Int = 1, duration: Double = 60, interval: Double = 120, spread: Double = 40
    ) -> Gesture {
        tap(at: point, fingers: fingers, count: 2, duration: duration, interval: interval, spread: spread)
    }

    /// Fingers held still for `duration` ms, then lifted.
    public static func longPress(at point: Point, duration: Double = 800, fingers: Int = 1, spread: Double = 40) -> Gesture {
        let name = "long press" + (fingers == 1 ? "" : " with \(fingers) fingers") + " at \(point) for \(Point.format(duration)) ms"
        return Gesture(name) { _ throws(GestureError) in
            try require(fingers >= 1, "fingers must be at least 1")
            try require(duration >= 0, "duration cannot be negative")
            let places = layout(around: point, fingers: fingers, spread: spread)
            let downs = places.enumerated().map { PointerEvent(finger: $0.offset + 1, phase: .down, point: $0.element, t: 0) }
            let ups = places.enumerated().map { PointerEvent(finger: $0.offset + 1, phase: .up, point: $0.element, t: duration) }
            return Timeline(events: downs + ups)
        }
    }

    // MARK: Pans and swipes

    /// Fingers land on `from`, stay still for `hold` ms (a long press first: drag and drop), move
    /// to `to` in `duration` ms, and lift there.
    public static func pan(
        from: Point, to: Point, duration: Double = 300, hold: Double = 0, fingers: Int = 1,
        sampleRate: Double = defaultSampleRate, easing: Easing = .linear, spread: Double = 40
    ) -> Gesture {
        pan(along: [from, to], duration: duration, hold: hold, fingers: fingers, sampleRate: sampleRate, easing: easing, spread: spread)
    }

    /// Fingers follow the polyline `path` at constant speed (with `easing`) in `duration` ms; the
    /// first finger on the path, others beside it, `spread` pt apart.
    public static func pan(
        along path: [Point], duration: Double = 300, hold: Double = 0, fingers: Int = 1,
        sampleRate: Double = defaultSampleRate, easing: Easing = .linear, spread: Double = 40
    ) -> Gesture {
        let name = (fingers == 1 ? "pan" : "\(fingers)-finger pan")
            + (path.count == 2 ? " from \(path[0]) to \(path[1])" : " along \(path.count) points")
            + " in \(Point.format(duration)) ms" + (hold > 0 ? " after holding \(Point.format(hold)) ms" : "")
        return Gesture(name) { _ throws(GestureError) in
            try require(path.count >= 1, "a pan needs a path of at least one point")
            try require(fingers >= 1, "fingers must be at least 1")
            try require(duration >= 0 && hold >= 0, "duration and hold cannot be negative")
            let offsets = layout(around: .zero, fingers: fingers, spread: spread)
            let times = try sampleTimes(duration: duration, sampleRate: sampleRate)
            var events: [PointerEvent] = offsets.enumerated().map {
                PointerEvent(finger: $0.offset + 1, phase: .down, point: (path[0] + $0.element).rounded, t: 0)
            }
            for t in times {
                let position = point(along: path, at: easing.apply(duration == 0 ? 1 : t / duration))
                for (index, offset) in offsets.enumerated() {
                    events.append(PointerEvent(finger: index + 1, phase: .move, point: (position + offset).rounded, t: round3(hold + t)))
                }
            }
            let end = path[path.count - 1]
            for (index, offset) in offsets.enumerated() {
                events.append(PointerEvent(finger: index + 1, phase: .up, point: (end + offset).rounded, t: round3(hold + duration)))
            }
            return Timeline(events: events)
        }
    }

    /// A quick straight stroke of `distance` pt at `speed` pt/s from `from` in `direction`.
    public static func swipe(
        _ direction: SwipeDirection, from: Point, distance: Double = 200, speed: Double = 1000, fingers: Int = 1,
        sampleRate: Double = defaultSampleRate, spread: Double = 40
    ) -> Gesture {
        let duration = speed > 0 ? round3(distance / speed * 1000) : .infinity
        let end = from + direction.unit * distance
        let inner = pan(from: from, to: end, duration: duration, fingers: fingers, sampleRate: sampleRate, spread: spread)
        let name = (fingers == 1 ? "swipe" : "\(fingers)-finger swipe") + " \(direction.rawValue) from \(from), "
            + "\(Point.format(distance)) pt at \(Point.format(speed)) pt/s"
        return Gesture(name) { context throws(GestureError) in
            try require(speed > 0 && distance >= 0, "a swipe needs speed > 0 and distance ≥ 0")
            return try inner.build(context)
        }
    }

    /// A pan that starts at the screen's `edge` (`inset` pt inside it) and moves `distance` pt
    /// inwards; `position` is where along the edge (default: its middle).
    public static func edgePan(
        from edge: ScreenEdge, at position: Double? = nil, distance: Double = 150, duration: Double = 300,
        inset: Double = 2, sampleRate: Double = defaultSampleRate
    ) -> Gesture {
        let name = "edge pan from the \(edge.rawValue) edge, \(Point.format(distance)) pt in \(Point.format(duration)) ms"
        return Gesture(name) { context throws(GestureError) in
            let size = context.viewport
            let start: Point
            switch edge {
            case .left: start = Point(inset, position ?? size.height / 2)
            case .right: start = Point(size.width - inset, position ?? size.height / 2)
            case .top: start = Point(position ?? size.width / 2, inset)
            case .bottom: start = Point(position ?? size.width / 2, size.height - inset)
            }
            let end = start + edge.inward * distance
            return try pan(from: start, to: end, duration: duration, sampleRate: sampleRate).build(context)
        }
    }

    // MARK: Two-finger transforms

    /// Two fingers on either side of `center`, `from` pt apart, move apart (or together) to `to` pt
    /// in `duration` ms along the line at `degrees` from horizontal.
    public static func pinch(
        center: Point, from: Double, to: Double, degrees: Double = 0, duration: Double = 300,
        sampleRate: Double = defaultSampleRate, easing: Easing = .linear
    ) -> Gesture {
        let name = "pinch at \(center) from \(Point.format(from)) to \(Point.format(to)) pt in \(Point.format(duration)) ms"
        return Gesture(name) { _ throws(GestureError) in
            try require(from >= 0 && to >= 0, "pinch distances cannot be negative")
            try require(duration >= 0, "duration cannot be negative")
            let radians = degrees * .pi / 180
            let unit = Point(cos(radians), sin(radians))
            func places(_ distance: Double) -> (Point, Point) {
                (center - unit * (distance / 2), center + unit * (distance / 2))
            }
            return try twoFingers(duration: duration, sampleRate: sampleRate, easing: easing) { fraction in
                places(from + (to - from) * fraction)
            }
        }
    }

    /// Two fingers opposite each other on a circle of `radius` around `center`, starting at
    /// `startDegrees` (0: the first finger right of centre), turn by `degrees` (positive: clockwise
    /// on screen, as y points down) in `duration` ms.
    public static func rotate(
        center: Point, radius: Double = 80, degrees: Double, startDegrees: Double = 0, duration: Double = 300,
        sampleRate: Double = defaultSampleRate, easing: Easing = .linear
    ) -> Gesture {
        let name = "rotate at \(center) by \(Point.format(degrees))° (radius \(Point.format(radius)) pt) in \(Point.format(duration)) ms"
        return Gesture(name) { _ throws(GestureError) in
            try require(radius > 0, "radius must be positive")
            try require(duration >= 0, "duration cannot be negative")
            return try twoFingers(duration: duration, sampleRate: sampleRate, easing: easing) { fraction in
                let angle = (startDegrees + degrees * fraction) * .pi / 180
                let arm = Point(cos(angle), sin(angle)) * radius
                return (center + arm, center - arm)
            }
        }
    }

    // MARK: Raw streams and composition

    /// Exactly these pointer changes (times relative to the gesture's start).
    public static func raw(_ events: [PointerEvent], name: String = "raw pointer sequence") -> Gesture {
        Gesture("\(name) (\(events.count) changes)") { _ throws(GestureError) in Timeline(events: events) }
    }

    /// No touches for `duration` ms: time passes (timers fire).
    public static func pause(_ duration: Double) -> Gesture {
        Gesture("pause \(Point.format(duration)) ms") { _ throws(GestureError) in
            try require(duration >= 0 && duration.isFinite, "a pause needs a finite duration ≥ 0")
            return Timeline(events: [], duration: duration)
        }
    }

    /// The gestures one after another, each starting when the previous one ends.
    public static func sequence(_ gestures: [Gesture]) -> Gesture {
        Gesture(gestures.map(\.description).joined(separator: ", then ")) { context throws(GestureError) in
            var timeline = Timeline(events: [])
            for gesture in gestures { timeline = timeline.followed(by: try gesture.build(context)) }
            return timeline
        }
    }

    // MARK: Building blocks

    /// Sample times of a movement of `duration` ms: one per frame, the last exactly at `duration`.
    static func sampleTimes(duration: Double, sampleRate: Double) throws(GestureError) -> [Double] {
        try require(sampleRate > 0 && sampleRate.isFinite, "sampleRate must be a positive number of Hz")
        try require(duration.isFinite, "duration must be finite")
        let step = 1000 / sampleRate
        try require(duration / step <= Double(maximumSamplesPerMovement),
                    "a \(Point.format(duration)) ms movement at \(Point.format(sampleRate)) Hz takes more than \(maximumSamplesPerMovement) samples")
        var times: [Double] = []
        var k = 1.0
        while k * step < duration - 1e-9 {
            times.append(round3(k * step))
            k += 1
        }
        times.append(round3(duration))
        return times
    }

    private static func twoFingers(
        duration: Double, sampleRate: Double, easing: Easing, places: (Double) -> (Point, Point)
    ) throws(GestureError) -> Timeline {
        let (a0, b0) = places(0)
        var events = [PointerEvent(finger: 1, phase: .down, point: a0.rounded, t: 0),
                      PointerEvent(finger: 2, phase: .down, point: b0.rounded, t: 0)]
        for t in try sampleTimes(duration: duration, sampleRate: sampleRate) {
            let (a, b) = places(easing.apply(duration == 0 ? 1 : t / duration))
            events.append(PointerEvent(finger: 1, phase: .move, point: a.rounded, t: t))
            events.append(PointerEvent(finger: 2, phase: .move, point: b.rounded, t: t))
        }
        let (a1, b1) = places(1)
        events.append(PointerEvent(finger: 1, phase: .up, point: a1.rounded, t: round3(duration)))
        events.append(PointerEvent(finger: 2, phase: .up, point: b1.rounded, t: round3(duration)))
        return Timeline(events: events)
    }

    /// `fingers` points in a row through `center`, `spread` apart.
    static func layout(around center: Point, fingers: Int, spread: Double) -> [Point] {
        (0..<fingers).map { index in
            (center + Point((Double(index) - Double(fingers - 1) / 2) * spread, 0)).rounded
        }
    }

    /// The point `fraction` (0…1) of the way along a polyline, by length.
    static func point(along path: [Point], at fraction: Double) -> Point {
        guard path.count > 1 else { return path[0] }
        let lengths = zip(path, path.dropFirst()).map { $0.distance(to: $1) }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return path[0] }
        var remaining = min(max(fraction, 0), 1) * total
        for (index, length) in lengths.enumerated() {
            if remaining <= length || index == lengths.count - 1 {
                return path[index].interpolated(to: path[index + 1], length == 0 ? 1 : min(remaining / length, 1))
            }
            remaining -= length
        }
        return path[path.count - 1]
    }

    static func round3(_ value: Double) -> Double { Point.round3(value) }

    static func require(_ condition: Bool, _ message: String) throws(GestureError) {
        if !condition { throw GestureError(message) }
    }
}

/// How a movement's progress follows time.
public enum Easing: String, Sendable, CaseIterable, Codable {
    /// Constant speed.
    case linear
    /// Accelerates, then decelerates (a smoothstep), like an unhurried finger.
    case easeInOut

    func apply(_ fraction: Double) -> Double {
        let f = min(max(fraction, 0), 1)
        switch self {
        case .linear: return f
        case .easeInOut: return f * f * (3 - 2 * f)
        }
    }
}

/// A swipe's direction (screen coordinates: up is −y).
public enum SwipeDirection: String, Sendable, CaseIterable, Codable {
    /// The direction the finger travels.
    case right, left, up, down

    var unit: Point {
        switch self {
        case .right: Point(1, 0)
        case .left: Point(-1, 0)
        case .up: Point(0, -1)
        case .down: Point(0, 1)
        }
    }
}

/// An edge of the screen, for screen-edge pans.
public enum ScreenEdge: String, Sendable, CaseIterable, Codable {
    /// The edge the finger starts from, as `UIScreenEdgePanGestureRecognizer.edges` names it.
    case left, right, top, bottom

    /// The direction pointing into the screen from this edge.
    var inward: Point {
        switch self {
        case .left: Point(1, 0)
        case .right: Point(-1, 0)
        case .top: Point(0, 1)
        case .bottom: Point(0, -1)
        }
    }
}
