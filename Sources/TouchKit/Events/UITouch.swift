import Foundation

/// One finger (or pen, or mouse pointer) on the screen for the whole of a multitouch sequence.
///
/// UIKit rule (UIKIT-TOUCH-IDENTITY): the same `UITouch` object represents a finger from
/// the moment it lands until it lifts; it is mutated in place (phase, location, timestamp, tapCount).
/// Touches compare and hash by identity, as UIKit's do.
public final class UITouch: Hashable, CustomStringConvertible {
    /// The phase of a touch within its sequence.
    public enum Phase: Int, Sendable, CustomStringConvertible {
        /// Landed, moved, held still while another touch changed, lifted, or cancelled by the system.
        /// `stationary` touches appear only in `UIEvent.allTouches`: no responder method receives them
        /// (UIKIT-TOUCH-PHASES).
        case began, moved, stationary, ended, cancelled

        public var description: String {
            switch self {
            case .began: "began"
            case .moved: "moved"
            case .stationary: "stationary"
            case .ended: "ended"
            case .cancelled: "cancelled"
            }
        }
    }

    /// What produced the touch. A desktop mouse becomes `.indirectPointer`, a pen `.pencil`.
    public enum TouchType: Int, Sendable, CustomStringConvertible {
        /// A finger on the screen, an indirect touch, a pen, or a pointer such as a mouse.
        case direct, indirect, pencil, indirectPointer

        public var description: String {
            switch self {
            case .direct: "direct"
            case .indirect: "indirect"
            case .pencil: "pencil"
            case .indirectPointer: "indirectPointer"
            }
        }
    }

    /// A stable number for this touch within its application (1, 2, 3 … in order of landing).
    /// Not UIKit API: hosts use it to name touches in traces and on the wire.
    public let identifier: Int
    /// The pointer id the client used for this finger.
    public let pointerID: Int

    /// Where the touch is in its sequence, updated in place at every dispatch.
    @exclusivity(unchecked) public internal(set) var phase: Phase
    /// Engine time of the touch's latest change, seconds (the client's timestamp, never server arrival time).
    @exclusivity(unchecked) public internal(set) var timestamp: TimeInterval
    /// Consecutive taps at this spot on the same view, set when the touch is hit-tested
    /// (see `Digitizer.Configuration` for the limits).
    @exclusivity(unchecked) public internal(set) var tapCount: Int
    /// Pressure × 2, capped at `maximumPossibleForce` (a browser's default 0.5 becomes UIKit's average 1.0);
    /// 0 for pointers that report none.
    @exclusivity(unchecked) public internal(set) var force: CGFloat
    /// The largest force the device reports (0 when it reports no pressure).
    @exclusivity(unchecked) public internal(set) var maximumPossibleForce: CGFloat
    /// Half the larger side of the contact, in points (0 when the device reports no size).
    @exclusivity(unchecked) public internal(set) var majorRadius: CGFloat
    /// How far `majorRadius` may be off, in points.
    @exclusivity(unchecked) public internal(set) var majorRadiusTolerance: CGFloat
    /// What produced the touch (from the browser's `pointerType`).
    public internal(set) var type: TouchType

    /// The hit-test view, bound once when the touch began (UIKIT-HIT-ONCE); nil if hit-testing found no view.
    ///
    /// Held strongly, as UIKit's header declares it (`@property(nullable,nonatomic,readonly,strong) UIView *view`): a
    /// touch kept by app code still reaches its view after the view left the window. A weak
    /// reference would also give every touched view a side table, which makes each of its retains
    /// and releases take the runtime's slow path. The view may hold the touch in turn (its
    /// recognizers track it, its own code keeps it until `touchesEnded`); that cycle ends when the
    /// recognizers reset and the view's code lets go, as in UIKit, and if the application goes
    /// away mid-gesture its digitizer breaks it (`letGoOfViews()`).
    @exclusivity(unchecked) public internal(set) var view: UIView? {
        didSet { viewIdentity = view.map(ObjectIdentifier.init) }
    }
    /// The hit-test view's window, bound when the touch began; held strongly, as UIKit declares it
    /// (see `view`).
    @exclusivity(unchecked) public internal(set) var window: UIWindow? {
        didSet { windowIdentity = window.map(ObjectIdentifier.init) }
    }
    /// The identities of `view` and `window` as they were bound, compared on every dispatch
    /// without loading either. Only compared with live objects the caller holds, for touches the
    /// arena still delivers (whose view and window are in the application).
    private(set) var viewIdentity: ObjectIdentifier?
    private(set) var windowIdentity: ObjectIdentifier?
    /// The recognizers that receive this touch (gathered when it began, UIKIT-GESTURE-PARTICIPANTS), in
    /// delivery order; nil once the touch has ended or been cancelled and its phases were delivered.
    public var gestureRecognizers: [UIGestureRecognizer]? {
        recognizers.isEmpty ? nil : recognizers
    }

    /// Whether `recognizer` was gathered for this touch (asked for every recognizer and touch on
    /// every dispatch: a few identity comparisons).
    func isGathered(by recognizer: UIGestureRecognizer) -> Bool {
        for index in recognizers.indices where recognizers[index] === recognizer { return true }
        return false
    }

    /// Binds the recognizers gathered when the touch began (UIKIT-GESTURE-PARTICIPANTS).
    func gather(_ gathered: [UIGestureRecognizer]) {
        recognizers = gathered
    }

    /// Lets go of the gathered recognizers once the arena is done with the touch: it lifted (or was
    /// cancelled) and no phase of it is withheld. Recognizers hold their touches while they track
    /// them, so holding the recognizers any longer would keep both alive in a cycle.
    func releaseRecognizersIfDone() {
        guard !recognizers.isEmpty, !isActive, !delivery.beganWithheld, !delivery.endedWithheld else { return }
        recognizers = []
    }

    /// Lets go of the gathered recognizers now (the application that dispatched the touch is gone).
    func releaseRecognizers() {
        recognizers = []
    }

    /// Lets go of the view and window (the application that dispatched the touch is gone): views,
    /// their recognizers and app code may still hold the touch — mid-gesture nothing told them to
    /// let go — and the touch holding them back would keep the whole window alive in a cycle.
    func letGoOfViews() {
        view = nil
        window = nil
    }

    var locationInWindow: CGPoint
    var previousLocationInWindow: CGPoint
    let initialLocationInWindow: CGPoint
    let beganTimestamp: TimeInterval
    /// The multitouch sequence this touch belongs to.
    let sequence: Int
    /// Held strongly until the arena is done with the touch (`releaseRecognizersIfDone()`): no weak
    /// reference makes a recognizer's reference counting take the runtime's slow side-table path.
    private(set) var recognizers: [UIGestureRecognizer] = []
    var delivery = ViewDelivery()
    /// The digitizer's number of the last dispatch that changed this touch (the others are stationary).
    var changedInDispatch = 0
    /// The samples this dispatch coalesced before the touch's current values, oldest first
    /// (`UIEvent.coalescedTouches(for:)`); empty when there were none.
    @exclusivity(unchecked) var earlierSamples: [TouchSample] = []

    init(
        identifier: Int, pointerID: Int, sequence: Int, location: CGPoint, timestamp: TimeInterval,
        tapCount: Int, type: TouchType, force: CGFloat, maximumPossibleForce: CGFloat,
        majorRadius: CGFloat, majorRadiusTolerance: CGFloat
    ) {
        self.identifier = identifier
        self.pointerID = pointerID
        self.sequence = sequence
        self.phase = .began
        self.timestamp = timestamp
        self.beganTimestamp = timestamp
        self.tapCount = tapCount
        self.type = type
        self.force = force
        self.maximumPossibleForce = maximumPossibleForce
        self.majorRadius = majorRadius
        self.majorRadiusTolerance = majorRadiusTolerance
        self.locationInWindow = location
        self.previousLocationInWindow = location
        self.initialLocationInWindow = location
    }

    /// The touch's current location in `view`'s coordinate system (the window's when `view` is nil).
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return locationInWindow }
        return view.convert(locationInWindow, from: nil)
    }

    /// The touch's location at the previous dispatch, in `view`'s coordinate system.
    public func previousLocation(in view: UIView?) -> CGPoint {
        guard let view else { return previousLocationInWindow }
        return view.convert(previousLocationInWindow, from: nil)
    }

    /// Whether the touch is still on the screen.
    var isActive: Bool { phase.isActive }

    public static func == (lhs: UITouch, rhs: UITouch) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        "UITouch(\(identifier), \(phase), tapCount \(tapCount), at (\(locationInWindow.x), \(locationInWindow.y)))"
    }
}

extension UITouch.Phase {
    /// Whether a touch in this phase is still on the screen. Hot loops over touch lists ask the
    /// phase (`list[index].phase.isActive`) rather than the touch: calling a method of a touch
    /// taken from a list makes this compiler retain and release it.
    var isActive: Bool { self != .ended && self != .cancelled }
}

/// How far a touch has been delivered to its hit-test view (UIKIT-VIEW-MULTIPLE-TOUCH,
/// UIKIT-VIEW-EXCLUSIVE-TOUCH, UIKIT-DELIVERY-DELAYS-BEGAN, UIKIT-DELIVERY-DELAYS-ENDED).
struct ViewDelivery {
    enum Stage { case pending, delivered, finished, undeliverable }
    var stage: Stage = .pending
    /// `touchesBegan` is held back by a recognizer with `delaysTouchesBegan`.
    var beganWithheld = false
    /// `touchesEnded` is held back by a recognizer with `delaysTouchesEnded`.
    var endedWithheld = false
    /// A recognizer with `cancelsTouchesInView` recognized: the view gets no more of this touch.
    var claimed = false
}

extension Collection where Element == UITouch {
    /// The touches in landing order: Set iteration order is random per process, traces must not be.
    var inTouchOrder: [UITouch] { sorted { $0.identifier < $1.identifier } }

    /// The first touch, in landing order, for which `check` holds; `check` is not asked about the
    /// touches after it. A single touch (most dispatches) is asked without sorting a copy.
    @discardableResult
    func firstInTouchOrder(where check: (UITouch) -> Bool) -> UITouch? {
        if count == 1, let only = first { return check(only) ? only : nil }
        return inTouchOrder.first(where: check)
    }
}

extension Array where Element == UITouch {
    /// The touches in landing order. The arena's lists are usually in that order already (touches
    /// join them as they land): then the list itself, with no sorted copy.
    var inTouchOrder: [UITouch] {
        var index = 1
        while index < count {
            if self[index - 1].identifier > self[index].identifier { return sorted { $0.identifier < $1.identifier } }
            index += 1
        }
        return self
    }
}
