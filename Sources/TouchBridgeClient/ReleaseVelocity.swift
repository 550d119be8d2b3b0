import Foundation

/// Gestures released at an exact velocity: a pan or flick at so many points per second, a pinch at a
/// scale velocity, a rotation at radians per second.
///
/// TouchKit estimates a pan's `velocity(in:)` from the centroid's samples of the last
/// `releaseWindow` ms (the oldest one in the window to the newest), and a pinch's or rotation's
/// `velocity` from its last two samples (UIKIT-PAN, UIKIT-PINCH, UIKIT-ROTATION). These gestures make
/// the movement's last `releaseWindow` ms plus one frame a straight line at the requested rate, with
/// frames counted back from the release (so the last frame is a whole frame, not a sliver), and do
/// not round positions: every estimator that looks at those samples reads the request back to
/// floating-point precision, at any frame rate. Before that final stretch the movement is linear from
/// the start to where the final stretch begins.
extension Gesture {
    /// The span of samples TouchKit's pan velocity estimator looks at, ms.
    public static let releaseWindow = 100.0
    /// Most frames one velocity-exact movement may have (an hour at 240 Hz is 864,000): a bound on the stream's size.
    static let maximumFrames = 1_000_000

    /// Fingers land on `from` and move to `to` in `duration` ms, arriving at `releaseVelocity` (pt/s,
    /// window coordinates), and lift there: `velocity(in: nil)` reads `releaseVelocity` at `.ended`.
    public static func pan(
        from: Point, to: Point, releaseVelocity: Point, duration: Double = 300, fingers: Int = 1,
        sampleRate: Double = defaultSampleRate, spread: Double = 40
    ) -> Gesture {
        let name = (fingers == 1 ? "pan" : "\(fingers)-finger pan") + " from \(from) to \(to) in \(Point.format(duration)) ms, "
            + "released at \(releaseVelocity) pt/s"
        return Gesture(name) { _ throws(GestureError) in
            try require(fingers >= 1, "fingers must be at least 1")
            let stretch = try finalStretch(duration: duration, sampleRate: sampleRate)
            let x = Profile(from: from.x, to: to.x, rate: releaseVelocity.x, duration: duration, stretch: stretch)
            let y = Profile(from: from.y, to: to.y, rate: releaseVelocity.y, duration: duration, stretch: stretch)
            return try strokes(fingers: fingers, spread: spread, duration: duration, sampleRate: sampleRate) { t in
                Point(x.value(at: t), y.value(at: t))
            }
        }
    }

    /// A straight stroke at a constant `velocity` (pt/s) for `duration` ms from `from`, then a lift: a
    /// flick in any direction, released at exactly `velocity`.
    public static func flick(
        from: Point, velocity: Point, duration: Double = 150, fingers: Int = 1,
        sampleRate: Double = defaultSampleRate, spread: Double = 40
    ) -> Gesture {
        let name = (fingers == 1 ? "flick" : "\(fingers)-finger flick") + " from \(from) at \(velocity) pt/s for \(Point.format(duration)) ms"
        return Gesture(name) { _ throws(GestureError) in
            try require(fingers >= 1, "fingers must be at least 1")
            try require(duration > 0 && duration.isFinite, "a flick needs a finite duration > 0")
            return try strokes(fingers: fingers, spread: spread, duration: duration, sampleRate: sampleRate) { t in
                from + velocity * (t / 1000)
            }
        }
    }

    /// Two fingers `from` pt apart move to `to` pt apart in `duration` ms along the line at `degrees`,
    /// released at a scale velocity of `releaseVelocity` per second: the pinch's `velocity` at
    /// `.ended`, when the app does not set `scale` during the pinch (the scale is the distance over
    /// `from`).
    public static func pinch(
        center: Point, from: Double, to: Double, releaseVelocity: Double, degrees: Double = 0, duration: Double = 300,
        sampleRate: Double = defaultSampleRate
    ) -> Gesture {
        let name = "pinch at \(center) from \(Point.format(from)) to \(Point.format(to)) pt in \(Point.format(duration)) ms, "
            + "released at \(Point.format(releaseVelocity))/s"
        return Gesture(name) { _ throws(GestureError) in
            try require(from > 0 && to >= 0, "a pinch released at a velocity starts with its fingers apart (from > 0, to ≥ 0)")
            let stretch = try finalStretch(duration: duration, sampleRate: sampleRate)
            let distance = Profile(from: from, to: to, rate: releaseVelocity * from, duration: duration, stretch: stretch)
            try require(distance.knee >= 0, "the fingers cannot reach \(Point.format(to)) pt at that velocity: they would cross first")
            let radians = degrees * .pi / 180
            let half = Point(cos(radians), sin(radians)) * 0.5
            return try pair(duration: duration, sampleRate: sampleRate) { t in
                let d = distance.value(at: t)
                return (center - half * d, center + half * d)
            }
        }
    }

    /// Two opposite fingers on a circle of `radius` around `center` turn by `degrees` (clockwise on
    /// screen) in `duration` ms, released at `releaseVelocity` radians per second: the rotation's
    /// `velocity` at `.ended`, when the app does not set `rotation` during the turn.
    public static func rotate(
        center: Point, radius: Double = 80, degrees: Double, releaseVelocity: Double, startDegrees: Double = 0,
        duration: Double = 300, sampleRate: Double = defaultSampleRate
    ) -> Gesture {
        let name = "rotate at \(center) by \(Point.format(degrees))° (radius \(Point.format(radius)) pt) in "
            + "\(Point.format(duration)) ms, released at \(Point.format(releaseVelocity)) rad/s"
        return Gesture(name) { _ throws(GestureError) in
            try require(radius > 0, "radius must be positive")
            let stretch = try finalStretch(duration: duration, sampleRate: sampleRate)
            let start = startDegrees * .pi / 180
            let angle = Profile(from: start, to: start + degrees * .pi / 180, rate: releaseVelocity, duration: duration, stretch: stretch)
            return try pair(duration: duration, sampleRate: sampleRate) { t in
                let a = angle.value(at: t)
                let arm = Point(cos(a), sin(a)) * radius
                return (center + arm, center - arm)
            }
        }
    }

    // MARK: Building blocks

    /// A quantity that goes linearly from `from` to `knee` in the first `duration − stretch` ms, then
    /// at `rate` per second to `to` at `duration`.
    struct Profile {
        let from: Double, to: Double, rate: Double, duration: Double, stretch: Double
        /// The value where the final stretch begins.
        var knee: Double { to - rate * stretch / 1000 }

        init(from: Double, to: Double, rate: Double, duration: Double, stretch: Double) {
            (self.from, self.to, self.rate, self.duration, self.stretch) = (from, to, rate, duration, stretch)
        }

        /// The value at `t` ms. Frame times are rounded to 0.001 ms, so a frame up to half of that before the
        /// knee counts as on the final stretch.
        func value(at t: Double) -> Double {
            let kneeTime = duration - stretch
            if t >= kneeTime - 0.0005 { return to - rate * (duration - t) / 1000 }
            return kneeTime == 0 ? knee : from + (knee - from) * t / kneeTime
        }
    }

    /// The final straight stretch, ms: the estimator's window plus one frame, so the sample just
    /// before the window lies on it too. The movement must be at least that long.
    static func finalStretch(duration: Double, sampleRate: Double) throws(GestureError) -> Double {
        try require(sampleRate > 0 && sampleRate.isFinite, "sampleRate must be a positive number of Hz")
        let stretch = releaseWindow + 1000 / sampleRate
        try require(duration.isFinite && duration >= stretch,
                    "a release velocity needs a movement of at least \(Point.format(stretch)) ms at \(Point.format(sampleRate)) Hz "
                        + "(TouchKit's \(Point.format(releaseWindow)) ms estimator window and one frame)")
        return stretch
    }

    /// Sample times of a movement of `duration` ms that is released on a whole frame: every
    /// `1000 / sampleRate` ms counted back from `duration`, down to the first after 0.
    static func framesBeforeRelease(duration: Double, sampleRate: Double) throws(GestureError) -> [Double] {
        try require(sampleRate > 0 && sampleRate.isFinite, "sampleRate must be a positive number of Hz")
        let step = 1000 / sampleRate
        guard let count = Int(exactly: ((duration - 1e-9) / step).rounded(.down)), (0..<maximumFrames).contains(count) else {
            throw GestureError("a movement of \(Point.format(duration)) ms at \(Point.format(sampleRate)) Hz needs 1 to \(maximumFrames) frames")
        }
        return (0...count).reversed().map { round3(duration - Double($0) * step) }.filter { $0 > 0 }
    }

    /// `fingers` fingers side by side following `position(t)` (t in ms), landing at t = 0 and lifting at `duration`.
    private static func strokes(
        fingers: Int, spread: Double, duration: Double, sampleRate: Double, position: (Double) -> Point
    ) throws(GestureError) -> Timeline {
        let offsets = layout(around: .zero, fingers: fingers, spread: spread)
        let times = try framesBeforeRelease(duration: duration, sampleRate: sampleRate)
        return fingersMoving(count: fingers, times: times, duration: duration) { finger, t in position(t) + offsets[finger] }
    }

    /// Two fingers at `places(t)` (t in ms), landing at t = 0 and lifting at `duration`.
    private static func pair(duration: Double, sampleRate: Double, places: (Double) -> (Point, Point)) throws(GestureError) -> Timeline {
        let times = try framesBeforeRelease(duration: duration, sampleRate: sampleRate)
        return fingersMoving(count: 2, times: times, duration: duration) { finger, t in
            let (a, b) = places(t)
            return finger == 0 ? a : b
        }
    }

    /// Fingers 1…`count` land at t = 0, move at `times`, lift at `duration`, each at `place(index, t)`.
    private static func fingersMoving(count: Int, times: [Double], duration: Double, place: (Int, Double) -> Point) -> Timeline {
        var events = (0..<count).map { PointerEvent(finger: $0 + 1, phase: .down, point: place($0, 0), t: 0) }
        for t in times {
            events += (0..<count).map { PointerEvent(finger: $0 + 1, phase: .move, point: place($0, t), t: t) }
        }
        let end = round3(duration)
        events += (0..<count).map { PointerEvent(finger: $0 + 1, phase: .up, point: place($0, end), t: end) }
        return Timeline(events: events)
    }
}
