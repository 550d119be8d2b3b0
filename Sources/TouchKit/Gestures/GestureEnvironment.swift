import Foundation

/// The arena: per application, it feeds touches to recognizers before views, arbitrates between
/// recognizers, and decides which touch phases each view receives (UIKIT-DISPATCH-ORDER).
///
/// Order of one touch dispatch (documented choices where UIKit leaves it open, UIKIT-DISPATCH-ORDER):
/// 1. New touches are hit-tested once and bound to their view; their recognizers are gathered from
///    the hit-test view up to the window — deepest view first, each view's recognizers in attach
///    order — and each recognizer's delegate is asked `shouldReceive` (UIKIT-HIT-ONCE,
///    UIKIT-GESTURE-PARTICIPANTS, UIKIT-GESTURE-SHOULD-RECEIVE).
/// 2. Each recognizer, in that order, gets its touches of this dispatch: began, moved, ended,
///    cancelled (stationary touches are never delivered).
/// 3. Transitions are arbitrated as they are requested: `shouldBegin` (delegate, then view),
///    failure requirements (wait in `.possible` while the other is undecided), exclusivity
///    (a recognizer that begins or recognizes forces preventable recognizers sharing a touch to fail)
///    (UIKIT-STATE-SHOULD-BEGIN, UIKIT-RELATION-REQUIRE-FAILURE, UIKIT-RELATION-EXCLUSIVE).
/// 4. Actions are sent in transition order; just before a recognizer's first action, with
///    `cancelsTouchesInView`, its view gets `touchesCancelled` for the gesture's touches. Terminal
///    recognizers then reset (UIKIT-DELIVERY-CANCELS-TOUCHES).
/// 5. Withheld phases whose holders have all decided are released, before this dispatch's own
///    phases because they happened earlier (began, the catch-up move, then ended; earlier touches
///    first).
/// 6. Views get this dispatch's touches — phases grouped began, moved, ended, cancelled, one call
///    per view — except what was claimed in step 4 and what an undecided recognizer withholds
///    (`delaysTouchesBegan`, `delaysTouchesEnded`; UIKIT-VIEW-MULTIPLE-TOUCH, UIKIT-VIEW-EXCLUSIVE-TOUCH,
///    UIKIT-TOUCH-PHASES); then step 5 runs again for holders that decided meanwhile.
///
/// A released `touchesBegan` reports the touch where it began, and — if the finger moved while it
/// was held — a `touchesMoved` follows in the same turn with `previousLocation(in:)` at that start
/// point and `location(in:)` where the finger is now (Apple's `delaysTouchesBegan`: "a
/// touchesBegan(_:with:) message (and possibly a follow-up touchesMoved(_:with:) message to inform
/// it of the touches' current locations)"). Choice: the start point, so drawing code loses no
/// segment; the event log shows both calls with their locations and a note (UIKIT-DELIVERY-DELAYS-BEGAN,
/// UIKIT-DELIVERY-DELAYS-ENDED).
///
/// Actions before view delivery (4 before 5) follows the published pan log (`…, action, touchesEnded`
/// with `cancelsTouchesInView == false`). Timer-driven changes run steps 3, 4 and 5.
///
/// The arena runs steps 1, 2 and 4 itself and has two parts with their own unit tests:
/// `GestureArbiter` (step 3: who may begin, failure requirements, exclusivity, simultaneity; it
/// queues the actions and resets step 4 sends) and `TouchDelivery` (the claims of step 4, steps 5
/// and 6: which phases each view gets). A recognizer's state requests go to the arbiter directly,
/// and what the arena notes about each participant's attempt is in the arena's record of it
/// (`ArenaParticipant`), not among the recognizer's own state.
///
/// Hot-path shape (docs/performance.md): a dispatch costs no weak load, no allocation and no hashing
/// unless something new happens (a touch lands, a reason is logged), and as little reference
/// counting as the rules allow. Touches hold their gathered recognizers strongly until the arena is
/// done with them; recognizers reach their view, windows their application and the arena its
/// application through references their owners clear when they go away (`UncountedLink`,
/// `Unmanaged`), never through weak references; lists of recognizers and touches are visited with
/// their elements borrowed (`Array.forEachBorrowed`), from copies where a call may change them;
/// scratch lists are kept between dispatches; built-in recognizers' timers are tagged scheduler
/// entries, not closures; reasons are put into words only while the event log records.
final class GestureEnvironment {
    /// The application that owns the arena. It outlives the arena (which it creates and holds) and
    /// every recognizer's link to its arbiter (cleared when the arbiter goes), so the link is not
    /// counted (`UncountedLink`).
    let application: UncountedLink<UIApplication>
    /// Arbitration: participants, failure requirements, exclusivity, simultaneity; the actions and
    /// resets that follow from transitions.
    let arbiter: GestureArbiter
    /// Delivery: which phases each view gets — claims, withholding, release.
    let delivery: TouchDelivery
    /// Scratch lists kept from dispatch to dispatch (taken and given back, so a nested dispatch
    /// gets fresh ones).
    @exclusivity(unchecked) private var touchList: [UITouch] = []
    @exclusivity(unchecked) private var feedOrder: [UIGestureRecognizer] = []
    @exclusivity(unchecked) private var receivedList: [UITouch] = []
    @exclusivity(unchecked) private var gatherList: [UIGestureRecognizer] = []
    /// Numbers dispatches, so a recognizer can tell whether its touches joined in this one.
    private var dispatchSerial = 0
    /// Set while step 2 gives recognizers the dispatch's touches.
    private var isFeeding = false
    /// The delegates' answers to `shouldReceive(event)` in this dispatch, asked once per recognizer
    /// (UIKIT-GESTURE-SHOULD-RECEIVE-EVENT); emptied when a dispatch starts. A list searched by
    /// identity: it holds the few recognizers with delegates under a new touch, where hashing cost
    /// more than the rest of their gathering (docs/performance.md).
    @exclusivity(unchecked) private var eventAnswers: [(recognizer: ObjectIdentifier, answer: Bool)] = []

    init(application: UIApplication) {
        self.application = UncountedLink(application)
        arbiter = GestureArbiter(application: application)
        delivery = TouchDelivery(application: application)
        arbiter.environment = UncountedLink(self)
    }

    // MARK: Touch dispatch

    func dispatch(_ event: UIEvent, in window: UIWindow) {
        delivery.lastEvent = event
        var touches = take(&touchList)
        let windowIdentity = ObjectIdentifier(window)
        let eventTouches = event.orderedTouches
        for index in eventTouches.indices where eventTouches[index].windowIdentity == windowIdentity { touches.append(eventTouches[index]) }
        if !eventAnswers.isEmpty { eventAnswers.clearKeepingCapacity() }
        touches.forEachBorrowed { touch in
            if touch.phase == .began { hitTestAndGather(touch, in: window, event: event) }
        }
        isFeeding = true
        feedRecognizers(touches, event: event)
        isFeeding = false
        flushActions()
        delivery.releaseWithheldTouches()
        delivery.deliver(touches, event: event)
        delivery.endDispatch()
        delivery.releaseWithheldTouches()
        for index in touches.indices where !touches[index].phase.isActive {
            let touch = touches[index], recognizers = touch.recognizers
            for position in recognizers.indices where !recognizers[position].ignoredTouchIDs.isEmpty {
                let recognizer = recognizers[position]
                if let index = recognizer.ignoredTouchIDs.firstIndex(of: touch.identifier) { recognizer.ignoredTouchIDs.remove(at: index) }
            }
            touch.releaseRecognizersIfDone()
        }
        give(&touches, back: &touchList)
    }

    /// Called at the end of every turn (touch dispatch, timer, app code outside a dispatch).
    func finishTurn() {
        flushActions()
        delivery.releaseWithheldTouches()
        arbiter.finishTurn()
    }

    /// Whether `recognizer` has yet to get this frame's touches while step 2 runs: recognizers are fed
    /// in gathering order, nearest the touched view first (UIKIT-GESTURE-FRAME-ORDER).
    func awaitsThisFrame(_ recognizer: UIGestureRecognizer) -> Bool {
        isFeeding && recognizer.participation.fedInDispatch != dispatchSerial
    }

    /// Whether new touches joined `recognizer`'s attempt in this dispatch (its `touchesBegan` is due).
    /// Only an optimisation of the rule that a recognizer gets `touchesBegan` for the touches that
    /// joined it: feeding also checks the touches are tracked.
    private func joinedThisDispatch(_ recognizer: UIGestureRecognizer) -> Bool {
        recognizer.participation.joinedInDispatch == dispatchSerial
    }

    // MARK: Step 1: hit-test and gather

    private func hitTestAndGather(_ touch: UITouch, in window: UIWindow, event: UIEvent) {
        let hit = window.hitTest(touch.locationInWindow, with: event)
        touch.view = hit
        application.with { $0.digitizer.assignTapCount(to: touch) }
        if application.isTracing {
            var path: [String] = []
            var view = hit
            while let current = view {
                path.append(current.traceName)
                view = current.superview
            }
            application.record(TraceEvent.hitTest(touch: touch.identifier, path: path.reversed()))
            if let skipped = window.viewSkippedForInteraction(at: touch.locationInWindow, with: event) {
                application.record(TraceEvent.delivery(touch: touch.identifier, view: skipped.traceName, note: skipped.interactionSkipNote))
            }
        }
        guard let hit else {
            delivery.markUndeliverable(touch, view: nil, reason: "no view was hit")
            return
        }
        let activeTouches = application.with { $0.digitizer.activeTouches }
        if activeTouches.indices.contains(where: { activeTouches[$0] !== touch }) {
            refuseIfAnotherTouchBlocks(touch, on: hit, activeTouches: activeTouches)
        }

        // Usually the recognizers of one view are gathered, all of them: then the touch shares that
        // view's list (an array is a value, so neither sees the other's later changes), and a new
        // touch copies and allocates nothing. `whole` is that list while it is all that was
        // gathered; `gathered` is filled only once the touch's list turns out to be another.
        var gathered = take(&gatherList)
        defer { give(&gathered, back: &gatherList) }
        var whole: [UIGestureRecognizer]?
        var view: UIView? = hit
        while let current = view {
            let list = current.recognizers
            // While `sharing`, every recognizer of `list` so far was gathered, and nothing before
            // them: they are counted, not copied.
            var sharing = whole == nil && gathered.isEmpty
            var shared = 0
            for index in list.indices {
                if list.borrowing(index, { $0.isEnabled && receives(touch, $0, event: event) }) {
                    if sharing {
                        shared += 1
                        continue
                    }
                    if let earlier = whole {
                        gathered.append(contentsOf: earlier)
                        whole = nil
                    }
                    gathered.append(list[index])
                } else if sharing {
                    sharing = false
                    gathered.append(contentsOf: list[..<shared])
                }
            }
            if sharing && shared > 0 { whole = list }
            view = current.superview
        }
        touch.gather(whole ?? Array(gathered))
    }

    /// A new touch on `hit` is not delivered to views while another touch blocks it: one on the
    /// same view without `isMultipleTouchEnabled`, or one on another view when either view has
    /// `isExclusiveTouch` (UIKIT-VIEW-MULTIPLE-TOUCH, UIKIT-VIEW-EXCLUSIVE-TOUCH).
    private func refuseIfAnotherTouchBlocks(_ touch: UITouch, on hit: UIView, activeTouches: [UITouch]) {
        let othersWithViews = activeTouches.filter {
            $0 !== touch && $0.isActive && ($0.delivery.stage == .pending || $0.delivery.stage == .delivered)
        }
        if !hit.isMultipleTouchEnabled, othersWithViews.contains(where: { $0.view === hit }) {
            delivery.markUndeliverable(touch, view: hit, reason: "isMultipleTouchEnabled is false and the view already has a touch")
        } else if let blocker = othersWithViews.first(where: {
            guard let other = $0.view, other !== hit else { return false }
            return other.isExclusiveTouch || hit.isExclusiveTouch
        }) {
            let exclusive = hit.isExclusiveTouch ? hit : blocker.view!
            delivery.markUndeliverable(touch, view: hit, reason: "isExclusiveTouch of \(exclusive.traceName)")
        }
    }

    /// Whether `recognizer`'s delegate lets it receive `touch`: first the event, asked once per
    /// dispatch (UIKIT-GESTURE-SHOULD-RECEIVE-EVENT), then the touch (UIKIT-GESTURE-SHOULD-RECEIVE).
    private func receives(_ touch: UITouch, _ recognizer: UIGestureRecognizer, event: UIEvent) -> Bool {
        guard let delegate = recognizer.delegate else { return true }
        let eventAnswer = eventAnswer(of: delegate, for: recognizer, event: event)
        guard !eventAnswer || !delegate.gestureRecognizer(recognizer, shouldReceive: touch) else { return true }
        application.record(TraceEvent.delivery(touch: touch.identifier, view: recognizer.traceName, note: eventAnswer
            ? "withheld from recognizer: delegate shouldReceive returned false"
            : "withheld from recognizer: delegate shouldReceive(event) returned false"))
        return false
    }

    /// The delegate's answer to `shouldReceive(event)` for `recognizer`: asked the first time in a
    /// dispatch, then remembered.
    private func eventAnswer(of delegate: UIGestureRecognizerDelegate, for recognizer: UIGestureRecognizer, event: UIEvent) -> Bool {
        let identity = ObjectIdentifier(recognizer)
        for index in eventAnswers.indices where eventAnswers[index].recognizer == identity { return eventAnswers[index].answer }
        let answer = delegate.gestureRecognizer(recognizer, shouldReceive: event)
        eventAnswers.append((identity, answer))
        return answer
    }

    // MARK: Step 2: feed recognizers

    private func feedRecognizers(_ touches: [UITouch], event: UIEvent) {
        dispatchSerial &+= 1
        // One touch (the usual dispatch): its own list is the feeding order, and no list of
        // received touches is built.
        if touches.count == 1 {
            touches.borrowing(0) { touch in
                let recognizers = touch.recognizers
                if touch.phase == .began { join(recognizers, with: touches) }
                // Every recognizer fed gets the same value: one `Set` for the dispatch.
                let set = delivery.touchSets.set(of: touch)
                recognizers.forEachBorrowed { feed($0, touch, set, event: event) }
            }
            return
        }
        // A few recognizers per touch: linear identity checks beat hashing here.
        var order = take(&feedOrder), mine = take(&receivedList)
        defer {
            give(&order, back: &feedOrder)
            give(&mine, back: &receivedList)
        }
        for touch in touches {
            for recognizer in touch.recognizers where !order.containsIdentical(recognizer) {
                order.append(recognizer)
            }
        }
        if touches.contains(where: { $0.phase == .began }) { join(order, with: touches) }
        let phases = TouchesByPhase(touches)
        order.forEachBorrowed { feed($0, phases, of: touches, received: &mine, event: event) }
    }

    /// Step 2 for a dispatch of several touches: `recognizer` gets its touches of each phase, in
    /// the order began, moved, ended, cancelled. `received` is scratch space for `collect`.
    private func feed(_ recognizer: UIGestureRecognizer, _ phases: TouchesByPhase, of touches: [UITouch], received: inout [UITouch], event: UIEvent) {
        guard recognizer.hasView, recognizer.isEnabled,
              touches.contains(where: { $0.phase != .stationary && recognizer.receives($0) }) else { return }
        if !phases.began.isEmpty, joinedThisDispatch(recognizer), isOpen(recognizer), let set = collect(phases.began, for: recognizer, into: &received) {
            send(.touchesBegan, set, to: recognizer, event: event)
        }
        if !phases.moved.isEmpty, isOpen(recognizer), let set = collect(phases.moved, for: recognizer, into: &received) {
            send(.touchesMoved, set, to: recognizer, event: event)
        }
        if !phases.ended.isEmpty, isOpen(recognizer), let set = collect(phases.ended, for: recognizer, into: &received) {
            send(.touchesEnded, set, to: recognizer, event: event)
        }
        if !phases.cancelled.isEmpty, isOpen(recognizer), let set = collect(phases.cancelled, for: recognizer, into: &received) {
            send(.touchesCancelled, set, to: recognizer, event: event)
        }
        if !recognizer.trackedTouches.isEmpty {
            recognizer.lastLocationInWindow = recognizer.location(in: nil)
        }
    }

    /// The set of the touches of `list` that `recognizer` receives and tracks in this attempt; nil
    /// for none. Usually it takes them all, and `list` itself is the set's source; otherwise they are
    /// gathered in `received`. (A method, not a function nested in the feeding loop: capturing the
    /// scratch list there made this compiler box it on the heap, an allocation per two-finger frame.)
    private func collect(_ list: [UITouch], for recognizer: UIGestureRecognizer, into received: inout [UITouch]) -> Set<UITouch>? {
        var all = true
        for touch in list where !(recognizer.receives(touch) && recognizer.trackedTouches.containsIdentical(touch)) {
            all = false
            break
        }
        if all { return delivery.touchSets.set(of: list) }
        received.clearKeepingCapacity()
        for touch in list where recognizer.receives(touch) && recognizer.trackedTouches.containsIdentical(touch) {
            received.append(touch)
        }
        return received.isEmpty ? nil : delivery.touchSets.set(of: received)
    }

    /// New touches join every open recognizer before any recognizer is fed, so arbitration during
    /// the touchesBegan calls sees every recognizer sharing them: an active recognizer then prevents
    /// one that wants to begin with a new touch both receive, whichever is fed first.
    private func join(_ recognizers: [UIGestureRecognizer], with touches: [UITouch]) {
        recognizers.forEachBorrowed { recognizer in
            guard recognizer.hasView, recognizer.isEnabled, isOpen(recognizer) else { return }
            var any = false
            for index in touches.indices where touches[index].phase == .began && recognizer.receives(touches[index]) {
                recognizer.trackedTouches.append(touches[index])
                any = true
            }
            guard any else { return }
            arbiter.join(recognizer)
            recognizer.participation.joinedInDispatch = dispatchSerial
        }
    }

    /// Step 2 for a dispatch of one touch (`set` holds it): the same rules as for several, without lists.
    private func feed(_ recognizer: UIGestureRecognizer, _ touch: UITouch, _ set: Set<UITouch>, event: UIEvent) {
        let phase = touch.phase
        guard recognizer.hasView, recognizer.isEnabled, phase != .stationary, recognizer.receives(touch) else { return }
        if isOpen(recognizer), phase != .began || joinedThisDispatch(recognizer),
           recognizer.trackedTouches.containsIdentical(touch) {
            let method: ResponderCall.Method = switch phase {
            case .began: .touchesBegan
            case .moved: .touchesMoved
            case .ended: .touchesEnded
            default: .touchesCancelled
            }
            send(method, set, to: recognizer, event: event)
        }
        if !recognizer.trackedTouches.isEmpty {
            recognizer.lastLocationInWindow = recognizer.location(in: nil)
        }
    }

    /// A recognizer's touch method (recorded in the complete log).
    private func send(_ method: ResponderCall.Method, _ touches: Set<UITouch>, to recognizer: UIGestureRecognizer, event: UIEvent) {
        application.with { $0.recordRecognizerTouches(method, to: recognizer, touches: touches, event: event) }
        recognizer.participation.fedInDispatch = dispatchSerial
        switch method {
        case .touchesBegan: recognizer.touchesBegan(touches, with: event)
        case .touchesMoved: recognizer.touchesMoved(touches, with: event)
        case .touchesEnded: recognizer.touchesEnded(touches, with: event)
        default:
            recognizer.touchesCancelled(touches, with: event)
            if !recognizer.trackedTouches.contains(where: \.isActive) {
                recognizer.stopParticipating(reason: "its touches were cancelled")
            }
        }
    }

    private func isOpen(_ recognizer: UIGestureRecognizer) -> Bool {
        recognizer.state == .possible || recognizer.state.isActive
    }

    // Step 3, arbitration, is the arbiter's: a recognizer's requests go to it directly
    // (`GestureArbiter.request`).

    // MARK: Step 4: actions, cancellation in views, resets

    private func flushActions() {
        var rounds = 0
        while arbiter.hasPendingWork, rounds < 10_000 {
            rounds += 1
            while let (recognizer, state) = arbiter.nextAction() {
                if (state == .began || state == .ended), recognizer.cancelsTouchesInView, !claimedTouches(of: recognizer) {
                    delivery.claimTouches(of: recognizer)
                }
                if recognizer.hasTargets {
                    application.record(TraceEvent.action(recognizer: recognizer.traceName, state: state))
                    recognizer.sendActions()
                }
            }
            arbiter.performResets()
        }
    }

    /// Whether the touches of `recognizer`'s attempt were already taken from the view for an action
    /// of this recognition (once per recognition); notes that they are now.
    private func claimedTouches(of recognizer: UIGestureRecognizer) -> Bool {
        let record = recognizer.participation
        defer { record.didCancelTouchesInView = true }
        return record.didCancelTouchesInView
    }

    // MARK: Views leaving the window

    func subtreeLeftWindow(_ root: UIView) {
        delivery.subtreeLeftWindow(root, activeTouches: application.object.digitizer.activeTouches)
        for recognizer in arbiter.participants {
            if let view = recognizer.view, view.isDescendant(of: root) {
                recognizer.stopParticipating(reason: "its view left the window")
            }
        }
    }
}
