import Foundation

/// Delivery (steps 4's cancellation, 5 and 6 of the arena's dispatch order, `GestureEnvironment`):
/// which touch phases each view receives, and when.
///
/// - A recognizer with `cancelsTouchesInView` that begins or recognizes claims its touches: the view
///   gets `touchesCancelled` for those it was given (`claimTouches(of:)`), nothing for those still
///   pending, and no more of them (UIKIT-DELIVERY-CANCELS-TOUCHES).
/// - An undecided recognizer with `delaysTouchesBegan` or `delaysTouchesEnded` holds those phases
///   back; once every holder has decided they are released — began (at the touch's start point,
///   with a catch-up move), then ended, earlier touches first (`releaseWithheldTouches()`,
///   UIKIT-DELIVERY-DELAYS-BEGAN, UIKIT-DELIVERY-DELAYS-ENDED).
/// - Views get a dispatch's phases grouped began, moved, ended, cancelled, one call per view and
///   multitouch sequence (`deliver(_:event:)`, UIKIT-VIEW-MULTIPLE-TOUCH, UIKIT-TOUCH-PHASES), unless
///   the touch was claimed, withheld, or refused by a scroll view (UIKIT-SCROLL-CONTENT-TOUCHES).
///
/// It reads the recognizers only through each touch's gathered list (their delay flags and whether
/// they are undecided) and knows nothing about arbitration. Hot-path shape: the phase lists and the
/// `Set` handed to views are kept from dispatch to dispatch, so delivering a move to one view
/// allocates nothing.
final class TouchDelivery {
    /// The application that owns the arena: it outlives it, so the link is not counted (`UncountedLink`).
    let application: UncountedLink<UIApplication>
    /// The touch event being dispatched (the last one, between dispatches).
    var lastEvent: UIEvent?
    /// Touches with a withheld phase (possibly from a finished sequence).
    @exclusivity(unchecked) private(set) var withheldTouches: [UITouch] = []
    /// Touches whose released `touchesBegan` was followed by a catch-up `touchesMoved` in this
    /// dispatch: `deliver` must not send the same move again.
    @exclusivity(unchecked) private var caughtUpTouches: [UITouch] = []
    @exclusivity(unchecked) private var beganList: [UITouch] = [], movedList: [UITouch] = [], endedList: [UITouch] = [], cancelledList: [UITouch] = []
    @exclusivity(unchecked) private var claimedList: [UITouch] = []
    /// `send`'s lists for touches of several views or sequences.
    private var groupList: [(view: UIView, sequence: Int)] = [], groupOfTouchList: [Int?] = [], groupMembersList: [UITouch] = []
    /// `sendGroup`'s event touches widened with released touches that lifted earlier.
    @exclusivity(unchecked) private var widenedList: [UITouch] = []
    /// The last `Set` built for a view (or recognizer) and the touches it holds, in order.
    @exclusivity(unchecked) var touchSets = TouchSetCache()

    init(application: UIApplication) {
        self.application = UncountedLink(application)
    }

    deinit {
        // The application is gone: touches still withheld let go of their recognizers (which may
        // hold them), so neither keeps the other alive.
        for touch in withheldTouches { touch.releaseRecognizers() }
    }

    /// The dispatch is over: the catch-up moves sent in it no longer shadow its own moves.
    func endDispatch() {
        caughtUpTouches.clearKeepingCapacity()
    }

    func markUndeliverable(_ touch: UITouch, view: UIView?, reason: @autoclosure () -> String) {
        touch.delivery.stage = .undeliverable
        if application.isTracing {
            application.record(TraceEvent.delivery(touch: touch.identifier, view: view?.traceName ?? "-", note: "not delivered: \(reason())"))
        }
    }

    // MARK: Claiming (step 4)

    /// `recognizer` (with `cancelsTouchesInView`) began or recognized: its touches are the
    /// gesture's; views get `touchesCancelled` for those they were given.
    func claimTouches(of recognizer: UIGestureRecognizer) {
        var cancelled = take(&claimedList)
        defer { give(&cancelled, back: &claimedList) }
        for touch in recognizer.trackedTouches.inTouchOrder where !touch.delivery.claimed {
            touch.delivery.claimed = true
            switch touch.delivery.stage {
            case .delivered:
                cancelled.append(touch)
                touch.delivery.stage = .finished
            case .pending:
                touch.delivery.stage = .finished
                if let view = touch.view, application.isTracing {
                    application.record(TraceEvent.delivery(touch: touch.identifier, view: view.traceName, note: "discarded: claimed by \(recognizer.traceName)"))
                }
            case .finished, .undeliverable:
                break
            }
            touch.delivery.beganWithheld = false
            touch.delivery.endedWithheld = false
        }
        send(.touchesCancelled, cancelled)
    }

    // MARK: View delivery (step 6)

    /// Sends views this dispatch's phases of `touches`, except what was claimed or is withheld.
    func deliver(_ touches: [UITouch], event: UIEvent) {
        var began = take(&beganList), moved = take(&movedList), ended = take(&endedList), cancelled = take(&cancelledList)
        defer {
            give(&began, back: &beganList)
            give(&moved, back: &movedList)
            give(&ended, back: &endedList)
            give(&cancelled, back: &cancelledList)
        }
        touches.forEachBorrowed { touch in
            guard touch.viewIdentity != nil, !touch.delivery.claimed else { return }
            switch touch.phase {
            case .began:
                guard touch.delivery.stage == .pending else { return }
                if let holder = holder(of: touch, delayingBegan: true) {
                    touch.delivery.beganWithheld = true
                    withhold(touch)
                    if application.isTracing {
                        application.record(TraceEvent.delivery(touch: touch.identifier, view: touch.view!.traceName, note: "touchesBegan withheld: delaysTouchesBegan of \(holder.traceName)"))
                    }
                } else if contentAllows(touch) {
                    touch.delivery.stage = .delivered
                    began.append(touch)
                }
            case .moved:
                if touch.delivery.stage == .delivered, !caughtUpTouches.containsIdentical(touch) { moved.append(touch) }
            case .stationary:
                break
            case .ended:
                if touch.delivery.stage == .delivered {
                    if let holder = holder(of: touch, delayingBegan: false) {
                        touch.delivery.endedWithheld = true
                        withhold(touch)
                        if application.isTracing {
                            application.record(TraceEvent.delivery(touch: touch.identifier, view: touch.view!.traceName, note: "touchesEnded withheld: delaysTouchesEnded of \(holder.traceName)"))
                        }
                    } else {
                        touch.delivery.stage = .finished
                        ended.append(touch)
                    }
                } else if touch.delivery.stage == .pending, touch.delivery.beganWithheld {
                    touch.delivery.endedWithheld = true
                }
            case .cancelled:
                if touch.delivery.stage == .delivered {
                    touch.delivery.stage = .finished
                    cancelled.append(touch)
                } else if touch.delivery.stage == .pending {
                    touch.delivery.stage = .finished
                }
                touch.delivery.beganWithheld = false
                touch.delivery.endedWithheld = false
            }
        }
        send(.touchesBegan, began)
        send(.touchesMoved, moved)
        send(.touchesEnded, ended)
        send(.touchesCancelled, cancelled)
    }

    /// The first of the touch's recognizers, in delivery order, that is undecided about it and delays
    /// its began (or ended) phase.
    private func holder(of touch: UITouch, delayingBegan: Bool) -> UIGestureRecognizer? {
        let recognizers = touch.recognizers
        return recognizers.firstIndexBorrowed { recognizer in
            (delayingBegan ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded) && recognizer.isUndecided(about: touch)
        }.map { recognizers[$0] }
    }

    /// Scroll views above the touch's view may refuse it (`touchesShouldBegin(_:with:in:)`,
    /// UIKIT-SCROLL-CONTENT-TOUCHES).
    private func contentAllows(_ touch: UITouch) -> Bool {
        guard let view = touch.view else { return false }
        var ancestor = view.superview
        while let current = ancestor {
            if let scrollView = current as? UIScrollView, !scrollView.allowsContentTouch(touch, in: view, event: lastEvent) {
                markUndeliverable(touch, view: view, reason: "\(scrollView.traceName).touchesShouldBegin returned false")
                return false
            }
            ancestor = current.superview
        }
        return true
    }

    private func withhold(_ touch: UITouch) {
        if !withheldTouches.containsIdentical(touch) { withheldTouches.append(touch) }
    }

    // MARK: Release (step 5)

    /// Releases the withheld phases whose holders have all decided.
    func releaseWithheldTouches() {
        guard !withheldTouches.isEmpty else { return }
        var releasedBegan: [UITouch] = [], releasedEnded: [UITouch] = []
        let withheld = withheldTouches.inTouchOrder
        withheld.forEachBorrowed { touch in
            if touch.delivery.claimed || touch.delivery.stage == .finished || touch.delivery.stage == .undeliverable { return }
            if touch.delivery.beganWithheld {
                guard holder(of: touch, delayingBegan: true) == nil else { return }
                touch.delivery.beganWithheld = false
                guard contentAllows(touch) else { return }
                touch.delivery.stage = .delivered
                releasedBegan.append(touch)
            }
            if touch.delivery.endedWithheld, holder(of: touch, delayingBegan: false) == nil {
                touch.delivery.endedWithheld = false
                touch.delivery.stage = .finished
                releasedEnded.append(touch)
            }
        }
        withheldTouches.removeAll { touch in
            guard !touch.delivery.beganWithheld && !touch.delivery.endedWithheld || touch.delivery.claimed else { return false }
            touch.releaseRecognizersIfDone()
            return true
        }
        sendReleasedBegan(releasedBegan)
        send(.touchesEnded, releasedEnded, showingPhase: .ended)
    }

    /// `touchesBegan` at each touch's start point, then a catch-up `touchesMoved` from there to
    /// where the finger is now for the touches that moved while held (see `GestureEnvironment`).
    private func sendReleasedBegan(_ touches: [UITouch]) {
        guard !touches.isEmpty else { return }
        let saved = touches.map { (location: $0.locationInWindow, previous: $0.previousLocationInWindow, phase: $0.phase) }
        for touch in touches {
            touch.locationInWindow = touch.initialLocationInWindow
            touch.previousLocationInWindow = touch.initialLocationInWindow
            touch.phase = .began
        }
        send(.touchesBegan, touches)
        var moved: [UITouch] = []
        for (touch, state) in zip(touches, saved) where state.location != touch.initialLocationInWindow && touch.delivery.stage == .delivered {
            touch.locationInWindow = state.location
            touch.phase = .moved
            moved.append(touch)
            if application.isTracing {
                application.record(TraceEvent.delivery(touch: touch.identifier, view: touch.view?.traceName ?? "-", note:
                    "touchesBegan released at its start \(describe(touch.initialLocationInWindow)), touchesMoved catches up to \(describe(state.location))"))
            }
        }
        caughtUpTouches.append(contentsOf: moved)
        send(.touchesMoved, moved)
        for (touch, state) in zip(touches, saved) {
            touch.locationInWindow = state.location
            touch.previousLocationInWindow = state.previous
            touch.phase = state.phase
        }
    }

    private func describe(_ point: CGPoint) -> String {
        "(\(String(format: "%g", Double(point.x))), \(String(format: "%g", Double(point.y))))"
    }

    // MARK: Views leaving the window

    /// Views under `root` left the window: they get `touchesCancelled` for the touches they were
    /// given, and nothing more of them or of their withheld phases (UIKIT-CANCEL-VIEW-REMOVED).
    func subtreeLeftWindow(_ root: UIView, activeTouches: [UITouch]) {
        var cancelled: [UITouch] = []
        for touch in (activeTouches + withheldTouches).inTouchOrder {
            guard let view = touch.view, view.isDescendant(of: root), !cancelled.contains(where: { $0 === touch }) else { continue }
            if touch.delivery.stage == .delivered && !touch.delivery.claimed { cancelled.append(touch) }
            if touch.delivery.stage != .undeliverable { touch.delivery.stage = .finished }
            touch.delivery.beganWithheld = false
            touch.delivery.endedWithheld = false
        }
        withheldTouches.removeAll { touch in
            guard touch.delivery.stage == .finished else { return false }
            touch.releaseRecognizersIfDone()
            return true
        }
        send(.touchesCancelled, cancelled)
    }

    // MARK: Sending to views

    /// Sends one responder method per view and multitouch sequence, in touch order.
    func send(_ method: ResponderCall.Method, _ touches: [UITouch], showingPhase phase: UITouch.Phase? = nil) {
        guard let first = touches.first else { return }
        let event = lastEvent ?? UIEvent(type: .touches, timestamp: application.object.currentTime, application: application.object)
        // Usually every touch goes to one view in one sequence: one group, no grouping lists.
        if let view = first.view, touches.allSatisfy({ $0.viewIdentity == first.viewIdentity && $0.sequence == first.sequence }) {
            sendGroup(method, view: view, touches: touches, showingPhase: phase, event: event)
            return
        }
        // The groups are settled before any is sent (a view's code may change the touches): each
        // group's view and sequence, and each touch's group (nil for a touch without a view), in
        // lists kept between calls.
        var groups = take(&groupList), groupOfTouch = take(&groupOfTouchList)
        defer {
            give(&groups, back: &groupList)
            give(&groupOfTouch, back: &groupOfTouchList)
        }
        for touch in touches {
            guard let view = touch.view else {
                groupOfTouch.append(nil)
                continue
            }
            if let index = groups.firstIndex(where: { $0.view === view && $0.sequence == touch.sequence }) {
                groupOfTouch.append(index)
            } else {
                groupOfTouch.append(groups.count)
                groups.append((view, touch.sequence))
            }
        }
        for (index, group) in groups.enumerated() {
            var members = take(&groupMembersList)
            for position in touches.indices where groupOfTouch[position] == index { members.append(touches[position]) }
            sendGroup(method, view: group.view, touches: members, showingPhase: phase, event: event)
            give(&members, back: &groupMembersList)
        }
    }

    private func sendGroup(_ method: ResponderCall.Method, view: UIView, touches: [UITouch], showingPhase phase: UITouch.Phase?, event: UIEvent) {
        var saved: [UITouch.Phase] = []
        if let phase {
            saved = touches.map(\.phase)
            for touch in touches { touch.phase = phase }
        }
        let set = touchSets.set(of: touches)
        // The touches sent belong to the event they come with (UIKIT-EVENT-SEQUENCE), also when a withheld
        // phase is released after its finger lifted and the sequence's event no longer holds the touch.
        // The widened list is kept between calls; the missing touches go in at their place in
        // touch order, so it needs no sorted copy.
        let eventTouches = event.orderedTouches
        let missing = touches.contains { !eventTouches.containsIdentical($0) }
        var widened: [UITouch] = []
        if missing {
            widened = take(&widenedList)
            widened.append(contentsOf: eventTouches)
            for touch in touches where !eventTouches.containsIdentical(touch) {
                widened.insert(touch, at: widened.firstIndex { $0.identifier > touch.identifier } ?? widened.count)
            }
            event.orderedTouches = widened.inTouchOrder
        }
        application.with { application in
            application.deliver(method, to: view, touches: set, event: event) {
                switch method {
                case .touchesBegan: view.touchesBegan(set, with: event)
                case .touchesMoved: view.touchesMoved(set, with: event)
                case .touchesEnded: view.touchesEnded(set, with: event)
                default: view.touchesCancelled(set, with: event)
                }
            }
        }
        if missing {
            event.orderedTouches = eventTouches
            give(&widened, back: &widenedList)
        }
        if phase != nil { for (touch, old) in zip(touches, saved) { touch.phase = old } }
    }
}

/// The `Set` last built for a recognizer or view and the touches it holds: recognizers sharing a
/// touch, and the touch's view, usually get the very same touches in one dispatch and in the next,
/// so they share one `Set` (a value, so no receiver sees another's changes) instead of each building
/// its own. Comparing identities in order costs no hashing.
struct TouchSetCache {
    private var touches: [UITouch] = []
    private var set: Set<UITouch> = []

    /// The set of one touch. A new touch's set reuses the last set's storage when no receiver kept
    /// that set (the usual case), so a touch landing allocates no `Set`.
    mutating func set(of touch: UITouch) -> Set<UITouch> {
        if touches.count != 1 || touches[0] !== touch {
            touches.clearKeepingCapacity()
            touches.append(touch)
            set.removeAll(keepingCapacity: true)
            set.insert(touch)
        }
        return set
    }

    mutating func set(of list: [UITouch]) -> Set<UITouch> {
        if list.count == 1 { return set(of: list[0]) }
        if list.count != touches.count || list.indices.contains(where: { list[$0] !== touches[$0] }) {
            touches.clearKeepingCapacity()
            touches.append(contentsOf: list)
            set = Set(list)
        }
        return set
    }
}
