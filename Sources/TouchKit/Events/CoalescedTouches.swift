import Foundation

/// One input sample of a touch that a dispatch coalesced into the touch's latest change
/// (UIKIT-TOUCH-COALESCED): the values a copy of the touch has at that sample.
struct TouchSample: Equatable {
    var location: CGPoint
    var timestamp: TimeInterval
    var force: CGFloat
    var majorRadius: CGFloat
}

extension UIEvent {
    /// Every sample reported for `touch` since the event was last delivered, oldest first, the last
    /// being a copy of `touch` itself; nil when `touch` is not in this event (UIKIT-TOUCH-COALESCED).
    ///
    /// Samples are copies made for this call: read them in the method that received the event, as
    /// Apple's "Getting high-fidelity input with coalesced touches" asks.
    public func coalescedTouches(for touch: UITouch) -> [UITouch]? {
        guard contains(touch) else { return nil }
        var copies: [UITouch] = []
        copies.reserveCapacity(touch.earlierSamples.count + 1)
        var previous = touch.previousLocationInWindow
        for sample in touch.earlierSamples {
            copies.append(UITouch(copying: touch, at: sample, phase: .moved, previousLocation: previous))
            previous = sample.location
        }
        let latest = TouchSample(location: touch.locationInWindow, timestamp: touch.timestamp, force: touch.force, majorRadius: touch.majorRadius)
        copies.append(UITouch(copying: touch, at: latest, phase: touch.phase, previousLocation: previous))
        return copies
    }

    /// The samples the system predicts `touch` will go through next; nil when `touch` is not in this
    /// event. TouchBridge's clients send no predictions, so it is always empty (UIKIT-TOUCH-PREDICTED).
    public func predictedTouches(for touch: UITouch) -> [UITouch]? {
        contains(touch) ? [] : nil
    }

    private func contains(_ touch: UITouch) -> Bool {
        type == .touches && orderedTouches.contains { $0 === touch }
    }
}

extension UITouch {
    /// The touch properties whose values may be estimates (UIKit's `UITouch.Properties`, with its raw
    /// values).
    public struct Properties: OptionSet, Sendable, Hashable {
        /// The option's bit.
        public let rawValue: Int
        /// An option from its bit.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `force`.
        public static let force = Properties(rawValue: 1 << 0)
        /// `azimuthAngle(in:)`.
        public static let azimuth = Properties(rawValue: 1 << 1)
        /// `altitudeAngle`.
        public static let altitude = Properties(rawValue: 1 << 2)
        /// `location(in:)`.
        public static let location = Properties(rawValue: 1 << 3)
        /// `rollAngle`.
        public static let roll = Properties(rawValue: 1 << 4)
    }

    /// The location with the input's full precision, in `view`'s coordinates (the window's when nil). A
    /// browser reports one location per sample, so it is `location(in:)` (UIKIT-TOUCH-PRECISE-LOCATION);
    /// as Apple says, hit-test with `location(in:)`, not with this.
    public func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }

    /// The previous location with the input's full precision: `previousLocation(in:)`
    /// (UIKIT-TOUCH-PRECISE-LOCATION).
    public func precisePreviousLocation(in view: UIView?) -> CGPoint { previousLocation(in: view) }

    /// The properties whose values are estimates: none, because a browser's samples are final
    /// (UIKIT-TOUCH-ESTIMATED).
    public var estimatedProperties: Properties { [] }

    /// The estimated properties whose final values will arrive later: none, so
    /// `touchesEstimatedPropertiesUpdated(_:)` is never called (UIKIT-TOUCH-ESTIMATED).
    public var estimatedPropertiesExpectingUpdates: Properties { [] }

    /// The number that matches this touch to later updates of its estimated properties: nil, as for
    /// every touch that expects none (UIKIT-TOUCH-ESTIMATED).
    public var estimationUpdateIndex: NSNumber? { nil }

    /// A copy of `touch` as it was at `sample`: same identity numbers, view, window and tap count, the
    /// sample's location, time, force and radius; bound to no recognizer.
    convenience init(copying touch: UITouch, at sample: TouchSample, phase: Phase, previousLocation: CGPoint) {
        self.init(
            identifier: touch.identifier, pointerID: touch.pointerID, sequence: touch.sequence, location: touch.initialLocationInWindow,
            timestamp: touch.beganTimestamp, tapCount: touch.tapCount, type: touch.type, force: sample.force,
            maximumPossibleForce: touch.maximumPossibleForce, majorRadius: sample.majorRadius, majorRadiusTolerance: touch.majorRadiusTolerance)
        self.phase = phase
        self.timestamp = sample.timestamp
        locationInWindow = sample.location
        previousLocationInWindow = previousLocation
        view = touch.view
        window = touch.window
    }
}
