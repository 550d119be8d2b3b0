import Foundation

/// Recognizes a quick straight stroke in one of the allowed directions (discrete).
///
/// It recognizes during the movement, as soon as the criteria hold, not at the lift. The limits are
/// the black-box measurements of iOS 26.1 (UIKIT-SWIPE): at most 0.5 s; primary travel at least
/// 50 pt × (1 − 0.94·t); cross-axis drift at most 50 pt × (1 − 0.98·t); no travel against the
/// direction at all; every required finger must qualify; with a mask mixing axes, horizontal
/// directions are tried first; an empty mask never recognizes.
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Swipe directions, with UIKit's raw values.
    public struct Direction: OptionSet, Sendable, CustomStringConvertible {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Towards +x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards −x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards −y (up the screen).
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards +y.
        public static let down = Direction(rawValue: 1 << 3)

        public var description: String {
            [(Direction.right, "right"), (.left, "left"), (.up, "up"), (.down, "down")]
                .filter { contains($0.0) }.map(\.1).joined(separator: "|")
        }

        /// Unit vector of a single direction (y grows downwards).
        var vector: CGPoint {
            switch self {
            case .right: CGPoint(x: 1, y: 0)
            case .left: CGPoint(x: -1, y: 0)
            case .up: CGPoint(x: 0, y: -1)
            default: CGPoint(x: 0, y: 1)
            }
        }
    }

    /// The allowed directions (default `.right`); an empty mask never recognizes.
    @exclusivity(unchecked) public var direction: Direction = .right
    /// Fingers that must all swipe (default 1).
    @exclusivity(unchecked) public var numberOfTouchesRequired = 1
    /// Longest the swipe may take, seconds (not UIKit API; 0.5 s as measured, UIKIT-SWIPE); after it
    /// the recognizer fails.
    @exclusivity(unchecked) public var maximumDuration: TimeInterval = 0.5
    /// Minimum primary travel at t = 0 and its decay per second (UIKIT-SWIPE: 50 pt, 0.94).
    public var minimumPrimaryMovement: CGFloat = 50
    /// How fast the primary-travel requirement shrinks: × (1 − this · seconds).
    public var primaryDecayPerSecond: CGFloat = 0.94
    /// Maximum cross-axis drift at t = 0 and its decay per second (UIKIT-SWIPE: 50 pt, 0.98).
    public var maximumSecondaryMovement: CGFloat = 50
    /// How fast the cross-axis allowance shrinks: × (1 − this · seconds).
    public var secondaryDecayPerSecond: CGFloat = 0.98

    private var startTime: TimeInterval?
    @exclusivity(unchecked) private var startLocations = TouchStartPoints()
    private var deadDirections: Direction = []
    private var deathReason = ""
    private var deathMargin: DecisionMargin?
    private var recognizedDirection: Direction?

    private static let order: [Direction] = [.right, .left, .up, .down]

    /// Starts the clock and notes each finger's start; fails at once for an empty direction mask or more
    /// fingers than required.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if direction.isEmpty { return setState(.failed, because: "direction mask is empty") }
        if startTime == nil {
            startTime = event.timestamp
            scheduleTimer(after: maximumDuration, tag: 0)
        }
        for touch in touches { startLocations[touch.identifier] = touch.locationInWindow }
        let count = trackedTouches.count
        if count > numberOfTouchesRequired {
            setState(.failed, because: "\(count) touches > numberOfTouchesRequired \(numberOfTouchesRequired)",
                     margins: [.count("UIKIT-SWIPE", "numberOfTouchesRequired", measured: count, limit: numberOfTouchesRequired, .atMost, .outside)])
        }
    }

    /// Checks every finger's travel against the decaying limits; recognizes as soon as one allowed direction
    /// qualifies for all of them.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let startTime else { return }
        let t = event.timestamp - startTime
        if EngineInstant.exceeds(t, maximumDuration) {
            return setState(.failed, because: "took longer than maximumDuration \(milliseconds(maximumDuration))",
                            margins: [durationMargin(t, .outside)])
        }
        let minimumPrimary = minimumPrimary(at: t)
        let maximumSecondary = maximumSecondaryMovement * (1 - secondaryDecayPerSecond * CGFloat(t))
        var weakestPrimary = CGFloat.infinity
        var largestSecondary: CGFloat = 0
        let fingers = trackedTouches
        for candidate in Self.order where direction.contains(candidate) && !deadDirections.contains(candidate) {
            var qualifies = fingers.count == numberOfTouchesRequired
            for touch in fingers {
                let delta = touch.locationInWindow - (startLocations[touch.identifier] ?? touch.locationInWindow)
                let axis = candidate.vector
                let primary = delta.x * axis.x + delta.y * axis.y
                let secondary = abs(delta.x * axis.y - delta.y * axis.x)
                if primary < 0 {
                    deadDirections.insert(candidate)
                    deathReason = "moved \(points(-primary)) against \(candidate)"
                    deathMargin = .points("UIKIT-SWIPE", "direction", measured: primary, limit: 0, .atLeast, .outside)
                    qualifies = false
                    break
                }
                if secondary > maximumSecondary {
                    deadDirections.insert(candidate)
                    deathReason = "drifted \(points(secondary)) off the \(candidate) axis > \(points(maximumSecondary))"
                    deathMargin = .points("UIKIT-SWIPE", "maximumSecondaryMovement", measured: secondary, limit: maximumSecondary, .atMost, .outside)
                    qualifies = false
                    break
                }
                if primary < minimumPrimary { qualifies = false }
                weakestPrimary = min(weakestPrimary, primary)
                largestSecondary = max(largestSecondary, secondary)
            }
            if qualifies {
                recognizedDirection = candidate
                setState(.ended, margins: [
                    durationMargin(t, .inside),
                    .points("UIKIT-SWIPE", "minimumPrimaryMovement", measured: weakestPrimary, limit: minimumPrimary, .atLeast, .inside),
                    .points("UIKIT-SWIPE", "maximumSecondaryMovement", measured: largestSecondary, limit: maximumSecondary, .atMost, .inside),
                ])
                return
            }
            weakestPrimary = .infinity
            largestSecondary = 0
        }
        if direction.isSubset(of: deadDirections) {
            setState(.failed, because: deathReason, margins: deathMargin.map { [$0] } ?? [])
        }
    }

    /// A lift before recognition fails the swipe: it recognizes during the movement, never at the lift.
    /// `maximumDuration` elapsed.
    override func timerFired(_ tag: Int) {
        guard state == .possible else { return }
        setState(.failed, because: "took longer than maximumDuration \(milliseconds(self.maximumDuration))",
                 margins: [durationMargin(engineNow - (startTime ?? engineNow), .outside)])
    }

    /// The primary travel needed `t` seconds after the first touch: 50 pt × (1 − 0.94·t) by default (UIKIT-SWIPE).
    private func minimumPrimary(at t: TimeInterval) -> CGFloat {
        minimumPrimaryMovement * (1 - primaryDecayPerSecond * CGFloat(t))
    }

    private func durationMargin(_ t: TimeInterval, _ side: DecisionMargin.Side) -> DecisionMargin {
        .duration("UIKIT-SWIPE", "maximumDuration", measured: t, limit: maximumDuration, .atMost, side)
    }

    /// At a lift: the farthest travel in a direction still alive (of its weakest finger) against the travel
    /// needed at that moment.
    private func travelMargin(at time: TimeInterval) -> [DecisionMargin] {
        guard let startTime else { return [] }
        var best = -CGFloat.infinity
        for candidate in Self.order where direction.contains(candidate) && !deadDirections.contains(candidate) {
            var weakest = CGFloat.infinity
            for touch in trackedTouches {
                let delta = touch.locationInWindow - (startLocations[touch.identifier] ?? touch.locationInWindow)
                weakest = min(weakest, delta.x * candidate.vector.x + delta.y * candidate.vector.y)
            }
            best = max(best, weakest)
        }
        guard best.isFinite else { return [] }
        return [.points("UIKIT-SWIPE", "minimumPrimaryMovement", measured: best, limit: minimumPrimary(at: time - startTime), .atLeast, .outside)]
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        setState(.failed, because: "lifted before travelling far enough", margins: travelMargin(at: event.timestamp))
    }

    /// Cancelled touches fail the swipe.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        setState(.failed, because: "touches cancelled")
    }

    open override func reset() {
        startTime = nil
        startLocations.removeAll()
        deadDirections = []
        deathMargin = nil
        recognizedDirection = nil
    }

    override func transitionValues() -> RecognizerValues {
        var values = super.transitionValues()
        values.direction = (recognizedDirection ?? direction).description
        return values
    }
}
