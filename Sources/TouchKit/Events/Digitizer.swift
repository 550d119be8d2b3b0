import Foundation

/// One change of one pointer, as a browser reports it.
public struct PointerChange: Equatable, Sendable {
    /// Pointer Events' phases.
    public enum Phase: String, Sendable {
        /// `pointerdown`, `pointermove`, `pointerup` and `pointercancel`: a new touch, a move, a
        /// lift, and a cancellation by the browser (the touch becomes `.cancelled`).
        case down, move, up, cancel
    }

    /// The client's pointer id; a pointer keeps one `UITouch` while it is down.
    public var pointerID: Int
    /// What happened to the pointer.
    public var phase: Phase
    /// Location in window points.
    public var location: CGPoint
    /// Client timestamp in seconds.
    public var timestamp: TimeInterval
    /// Normalised pressure 0…1 (Pointer Events' `pressure`); nil when the device has none.
    public var pressure: CGFloat?
    /// Contact width and height in points; nil when unknown.
    public var contactSize: CGSize?
    /// What produced the pointer (`.direct` for a finger).
    public var type: UITouch.TouchType

    /// A change of `pointerID`; a finger without pressure or contact size by default.
    public init(
        pointerID: Int, phase: Phase, location: CGPoint, timestamp: TimeInterval,
        pressure: CGFloat? = nil, contactSize: CGSize? = nil, type: UITouch.TouchType = .direct
    ) {
        self.pointerID = pointerID
        self.phase = phase
        self.location = location
        self.timestamp = timestamp
        self.pressure = pressure
        self.contactSize = contactSize
        self.type = type
    }
}

/// Turns raw pointer input into `UITouch` updates and `UIEvent` dispatches — the one TouchKit entry
/// point that is not UIKit API (on iOS the hardware digitizer does this).
///
/// Rules (UIKIT-TOUCH-IDENTITY, UIKIT-TOUCH-PHASES, UIKIT-EVENT-SEQUENCE, UIKIT-CANCEL-SYSTEM): a pointer keeps
/// one `UITouch` for its whole life; touches that did not change in a dispatch are `stationary`; a multitouch
/// sequence begins with the first finger down and ends when the last one lifts. All changes of one frame become
/// one dispatch, except that a pointer changing twice in a frame in a way that cannot be merged (down then
/// move, move then up) splits the frame into consecutive dispatches; consecutive moves of one pointer merge
/// into one, whose earlier samples `UIEvent.coalescedTouches(for:)` returns (UIKIT-TOUCH-COALESCED). A frame is validated as a whole before anything is applied, so a rejected
/// frame changes nothing.
public final class Digitizer {
    /// The digitizer's thresholds. tapCount rules are not documented by Apple (UIKIT-TOUCH-TAP-COUNT); these
    /// follow the candidate tap constants so a double tap means the same to `tapCount` and to
    /// `UITapGestureRecognizer`.
    public struct Configuration: Equatable, Sendable {
        /// Longest lift-to-next-down interval that still counts as the same tap series (350 ms,
        /// `TapCandidateValues`).
        public var multiTapInterval = TapCandidateValues.maximumIntervalBetweenSuccessiveTaps
        /// Farthest a follow-up tap may land from the previous one (45 pt, `TapCandidateValues`).
        public var multiTapRadius = TapCandidateValues.allowableMovement
        /// A touch counts as a tap for the series only if it moved at most this far (45 pt)…
        public var tapAllowableMovement = TapCandidateValues.allowableMovement
        /// …and lasted at most this long (750 ms, `TapCandidateValues`).
        public var maximumTapDuration = TapCandidateValues.maximumTapDuration
        /// Simultaneous touches allowed; a frame that would exceed it is rejected.
        public var maximumTouches = 10
        /// `maximumPossibleForce` for pointers with pressure: 20/3, what 3D Touch iPhones report.
        /// `force` = pressure × 2, so a browser's default pressure 0.5 is force 1.0, UIKit's
        /// "average touch".
        public var maximumPossibleForce: CGFloat = 20.0 / 3.0

        /// The defaults listed per property.
        public init() {}
    }

    /// The thresholds in force; change them before input arrives.
    @exclusivity(unchecked) public var configuration = Configuration()
    /// The application that owns the digitizer. It needs no reference counting on every use: the
    /// application tells the digitizer when it goes away (`applicationWentAway()`), and a
    /// digitizer kept longer than its application refuses input from then on, as `unowned` would.
    private let application: UncountedLink<UIApplication>
    private var applicationIsGone = false
    /// The application's clock, read without reference counting.
    private var currentTime: TimeInterval { application.with { $0.currentTime } }
    @exclusivity(unchecked) private var liveTouches: [UITouch] = []
    /// Touches that lifted or were cancelled and that something else still holds: a recognizer
    /// waiting for the next tap, a withheld phase, a view's own code. Each holds its view and
    /// window (`UITouch.view`), so if the application goes away mid-gesture this list is how
    /// `applicationWentAway()` reaches them to break the cycle; a touch leaves it once this list
    /// is its only holder (`forgetSettledTouches()`).
    @exclusivity(unchecked) private var liftedTouches: [UITouch] = []
    @exclusivity(unchecked) private var recentTaps: [RecentTap] = []
    private var nextTouchID = 1
    private var nextSequence = 1
    private var currentSequence = 0
    /// Numbers dispatches, so a touch can tell whether it changed in this one (`changedInDispatch`).
    private var dispatchSerial = 0
    @exclusivity(unchecked) private var livePointers: [Int] = []
    /// Pointers whose touches the system cancelled (`cancelAllTouches`) while their fingers may still
    /// be down (UIKIT-CANCEL-STAYS-OVER): a cancelled touch is over, so such a finger's moves and
    /// lift deliver nothing. A pointer leaves the list when it lifts or lands again; at most
    /// `maximumTouches` are kept (the oldest go first: no device holds more fingers down).
    @exclusivity(unchecked) private var systemCancelledPointers: [Int] = []
    private lazy var touchEvent = UIEvent(touchesOwnedBy: application.object)

    init(application: UIApplication) {
        self.application = UncountedLink(application)
    }

    deinit {
        releaseTouches()
    }

    /// The application is gone: its touch event forgets it, and every touch that may still be held
    /// — down, or lifted while a recognizer or view still holds it — lets go of its recognizers
    /// and its view and window, which may hold it in turn (mid-gesture nothing told them to let
    /// go), so none of them keeps the others alive. The tap memory goes too.
    func applicationWentAway() {
        applicationIsGone = true
        touchEvent.forgetApplication()
        releaseTouches()
        for touch in liveTouches { touch.letGoOfViews() }
        for touch in liftedTouches { touch.letGoOfViews() }
        recentTaps.removeAll()
    }

    private func releaseTouches() {
        for touch in liveTouches { touch.releaseRecognizers() }
        for touch in liftedTouches { touch.releaseRecognizers() }
    }

    /// Drops the lifted touches nothing else holds any more (checked by reference count: no weak
    /// reference, so touches never get a side table). Run after every dispatch that lifted a
    /// touch or while some are held: a few touches at most in a normal scene.
    private func forgetSettledTouches() {
        var index = 0
        while index < liftedTouches.count {
            if isKnownUniquelyReferenced(&liftedTouches[index]) {
                liftedTouches.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// The touches currently on the screen, in landing order.
    public var activeTouches: [UITouch] { liveTouches }

    /// Applies one input frame: validates it, then dispatches it as one or more touch events.
    public func process(_ frame: [PointerChange]) throws(InputError) {
        precondition(!applicationIsGone, "the digitizer's application was deallocated")
        guard !systemCancelledPointers.isEmpty else { return try apply(frame) }
        var stillCancelled = systemCancelledPointers
        var kept: [PointerChange] = []
        for change in frame {
            guard let index = stillCancelled.firstIndex(of: change.pointerID) else {
                kept.append(change)
                continue
            }
            if change.phase != .move { stillCancelled.remove(at: index) }
            if change.phase == .down { kept.append(change) }
        }
        try apply(kept)
        systemCancelledPointers = stillCancelled
    }

    /// Validates `frame` as a whole (a rejected frame changes nothing), then dispatches it.
    private func apply(_ frame: [PointerChange]) throws(InputError) {
        try validate(frame)
        if isSingleBatch(frame) {
            if !frame.isEmpty { dispatch(frame) }
            return
        }
        for batch in batches(of: frame) {
            dispatch(batch.changes, earlierSamples: batch.merged)
        }
    }

    /// The system cancels every live touch (the app resigned active, a client disconnected
    /// mid-gesture). The fingers may stay down: until each lifts, what it does delivers nothing
    /// (UIKIT-CANCEL-STAYS-OVER).
    public func cancelAllTouches(at timestamp: TimeInterval) throws(InputError) {
        precondition(!applicationIsGone, "the digitizer's application was deallocated")
        let changes = liveTouches.map {
            PointerChange(pointerID: $0.pointerID, phase: .cancel, location: $0.locationInWindow, timestamp: timestamp, type: $0.type)
        }
        guard !changes.isEmpty else { return try application.object.advance(to: timestamp) }
        try process(changes)
        systemCancelledPointers += changes.map(\.pointerID)
        systemCancelledPointers.removeFirst(max(0, systemCancelledPointers.count - configuration.maximumTouches))
    }

    private func validate(_ frame: [PointerChange]) throws(InputError) {
        // The pointers down as the frame goes on: a few, so a list kept between frames beats a Set.
        var live = take(&livePointers)
        defer { give(&live, back: &livePointers) }
        for index in liveTouches.indices { live.append(liveTouches[index].pointerID) }
        for change in frame {
            guard change.timestamp.isFinite else { throw .nonFiniteTimestamp }
            guard change.timestamp >= currentTime else {
                throw .timeWentBackwards(previous: currentTime, got: change.timestamp)
            }
            let pressure = change.pressure ?? 0, width = change.contactSize?.width ?? 0, height = change.contactSize?.height ?? 0
            guard change.location.x.isFinite, change.location.y.isFinite, pressure.isFinite, width.isFinite, height.isFinite else {
                throw .nonFiniteValue(pointer: change.pointerID)
            }
            guard pressure >= 0, width >= 0, height >= 0 else { throw .negativeValue(pointer: change.pointerID) }
            let index = live.firstIndex(of: change.pointerID)
            switch change.phase {
            case .down:
                guard index == nil else { throw .pointerAlreadyDown(change.pointerID) }
                guard live.count < configuration.maximumTouches else { throw .tooManyTouches(limit: configuration.maximumTouches) }
                live.append(change.pointerID)
            case .move:
                guard index != nil else { throw .unknownPointer(change.pointerID) }
            case .up, .cancel:
                guard let index else { throw .unknownPointer(change.pointerID) }
                live.remove(at: index)
            }
        }
    }

    /// Whether the frame can be dispatched as it is: no pointer changes twice in it.
    private func isSingleBatch(_ frame: [PointerChange]) -> Bool {
        for (index, change) in frame.enumerated() {
            for other in frame[(index + 1)...] where other.pointerID == change.pointerID { return false }
        }
        return true
    }

    /// The frame's dispatches: each with its changes and, oldest first, the moves merged into a later
    /// move of the same pointer (the coalesced samples).
    private func batches(of frame: [PointerChange]) -> [(changes: [PointerChange], merged: [PointerChange])] {
        var batches: [(changes: [PointerChange], merged: [PointerChange])] = []
        var current: [PointerChange] = []
        var merged: [PointerChange] = []
        for change in frame {
            if let index = current.firstIndex(where: { $0.pointerID == change.pointerID }) {
                if current[index].phase == .move && change.phase == .move {
                    merged.append(current[index])
                    current[index] = change
                    continue
                }
                batches.append((current, merged))
                current = []
                merged = []
            }
            current.append(change)
        }
        if !current.isEmpty { batches.append((current, merged)) }
        return batches
    }

    private func dispatch(_ batch: [PointerChange], earlierSamples: [PointerChange] = []) {
        var latest = batch[0].timestamp
        for change in batch where change.timestamp > latest { latest = change.timestamp }
        // A merged sample is a change of this dispatch too: the event is not older than any of them.
        for sample in earlierSamples where sample.timestamp > latest { latest = sample.timestamp }
        let time = max(latest, currentTime)
        // Validation guaranteed time >= currentTime, so this only fires due timers.
        application.with { try? $0.prepare(for: time) }
        if liveTouches.isEmpty {
            currentSequence = nextSequence
            nextSequence += 1
        }
        dispatchSerial &+= 1
        for change in batch {
            let touch: UITouch
            if change.phase == .down {
                touch = makeTouch(for: change)
                liveTouches.append(touch)
            } else {
                guard let index = liveTouches.indices.first(where: { liveTouches[$0].pointerID == change.pointerID }) else { continue }
                touch = liveTouches[index]
                if !touch.earlierSamples.isEmpty { touch.earlierSamples.removeAll(keepingCapacity: true) }
                for sample in earlierSamples where sample.pointerID == change.pointerID {
                    touch.earlierSamples.append(TouchSample(
                        location: sample.location, timestamp: sample.timestamp,
                        force: force(of: sample) ?? touch.force, majorRadius: majorRadius(of: sample) ?? touch.majorRadius))
                }
                touch.previousLocationInWindow = touch.locationInWindow
                touch.locationInWindow = change.location
                touch.timestamp = change.timestamp
                touch.phase = switch change.phase {
                case .move: .moved
                case .up: .ended
                default: .cancelled
                }
                applyForceAndRadius(change, to: touch)
            }
            touch.changedInDispatch = dispatchSerial
        }
        // The loops over `liveTouches` index it and read stored properties: binding each touch to a
        // name makes this compiler retain and release it (see `UITouch.Phase.isActive`).
        for index in liveTouches.indices where liveTouches[index].changedInDispatch != dispatchSerial {
            liveTouches[index].phase = .stationary
            liveTouches[index].previousLocationInWindow = liveTouches[index].locationInWindow
            if !liveTouches[index].earlierSamples.isEmpty { liveTouches[index].earlierSamples.removeAll(keepingCapacity: true) }
        }
        touchEvent.timestamp = time
        touchEvent.holdTouches(liveTouches)
        let touchEvent = touchEvent
        application.with { application in
            application.performTurn { application.sendEvent(touchEvent) }
        }
        if !liftedTouches.isEmpty { forgetSettledTouches() }
        guard liveTouches.indices.contains(where: { !liveTouches[$0].phase.isActive }) else { return }
        for index in liveTouches.indices where !liveTouches[index].phase.isActive {
            if liveTouches[index].phase == .ended { rememberTap(liveTouches[index]) }
            liftedTouches.append(liveTouches[index])
        }
        liveTouches.removeAll { !$0.isActive }
    }

    private func makeTouch(for change: PointerChange) -> UITouch {
        let touch = UITouch(
            identifier: nextTouchID, pointerID: change.pointerID, sequence: currentSequence,
            location: change.location, timestamp: change.timestamp,
            tapCount: 1, type: change.type,
            force: 0, maximumPossibleForce: 0, majorRadius: 0, majorRadiusTolerance: 0)
        nextTouchID += 1
        applyForceAndRadius(change, to: touch)
        if let window = application.with({ $0.keyWindow ?? $0.windows.last }) {
            touch.window = window
        }
        return touch
    }

    private func applyForceAndRadius(_ change: PointerChange, to touch: UITouch) {
        if let force = force(of: change) {
            touch.maximumPossibleForce = configuration.maximumPossibleForce
            touch.force = force
        }
        if let radius = majorRadius(of: change) {
            // Browsers report whole CSS pixels, so the radius is known to ±0.5 pt.
            touch.majorRadius = radius
            touch.majorRadiusTolerance = 0.5
        }
    }

    /// The `force` a change reports: pressure × 2, capped; nil when it reports no pressure.
    private func force(of change: PointerChange) -> CGFloat? {
        change.pressure.map { min($0 * 2, configuration.maximumPossibleForce) }
    }

    /// The `majorRadius` a change reports: half the larger side; nil when it reports no size.
    private func majorRadius(of change: PointerChange) -> CGFloat? {
        change.contactSize.map { max($0.width, $0.height) / 2 }
    }

    /// Sets `touch.tapCount` once hit-testing has bound it to a view. Event Handling Guide: touches
    /// in quick succession "are treated as a multiple tap only if they are associated with the same
    /// view", so a quick tap on a neighbour 20 pt away starts a new series (count 1).
    func assignTapCount(to touch: UITouch) {
        let time = touch.beganTimestamp
        recentTaps.removeEach { EngineInstant.exceeds(time - $0.endTime, configuration.multiTapInterval) }
        let location = touch.initialLocationInWindow
        let match = recentTaps.last {
            $0.location.distance(to: location) <= configuration.multiTapRadius && touch.viewIdentity != nil && $0.viewIdentity == touch.viewIdentity
        }
        touch.tapCount = (match?.count ?? 0) + 1
    }

    private func rememberTap(_ touch: UITouch) {
        let moved = touch.locationInWindow.distance(to: touch.initialLocationInWindow)
        let duration = touch.timestamp - touch.beganTimestamp
        recentTaps.removeEach { $0.location.distance(to: touch.locationInWindow) <= configuration.multiTapRadius }
        guard moved <= configuration.tapAllowableMovement, !EngineInstant.exceeds(duration, configuration.maximumTapDuration) else { return }
        guard let view = touch.view else { return }
        recentTaps.append(RecentTap(location: touch.locationInWindow, endTime: touch.timestamp, count: touch.tapCount, view: view))
    }
}

/// A finished tap that a following touch may continue (`tapCount`). A touch without a view
/// continues no series, so taps that hit no view are not remembered.
private struct RecentTap {
    var location: CGPoint
    var endTime: TimeInterval
    var count: Int
    /// The tapped view's identity, compared with a new touch's (`UITouch.viewIdentity`, whose view
    /// the touch holds, so it is alive).
    let viewIdentity: ObjectIdentifier
    /// The tapped view, held `unowned` only so that its identity cannot be reused: an unowned
    /// reference keeps the object's memory (not the object: it still deinitializes when its last
    /// strong reference goes) until the tap is forgotten, so no view made meanwhile can have the
    /// same address, and a view that went away never matches. Neither weak (that gives the view
    /// a side table, which slows each of its retains and releases) nor strong (that would keep a
    /// removed view alive until the next touch). Never read.
    private unowned let addressKeeper: UIView

    init(location: CGPoint, endTime: TimeInterval, count: Int, view: UIView) {
        self.location = location
        self.endTime = endTime
        self.count = count
        viewIdentity = ObjectIdentifier(view)
        addressKeeper = view
    }
}
