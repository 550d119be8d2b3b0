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
final class GestureEnvironment {
    unowned let application: UIApplication
    /// Recognizers with touches in their current attempt, or waiting on a failure requirement.
    private var participants: [UIGestureRecognizer] = []
    private var pendingActions: [(UIGestureRecognizer, UIGestureRecognizer.State)] = []
    private var pendingResets: [UIGestureRecognizer] = []
    /// Touches with a withheld phase (possibly from a finished sequence).
    private var withheldTouches: [UITouch] = []
    /// Touches whose released `touchesBegan` was followed by a catch-up `touchesMoved` in this
    /// dispatch: step 6 must not send the same move again.
    private var caughtUpTouches: [UITouch] = []
    private var lastEvent: UIEvent?

    init(application: UIApplication) {
        self.application = application
    }

    // MARK: Touch dispatch

    func dispatch(_ event: UIEvent, in window: UIWindow) {
        lastEvent = event
        let touches = event.orderedTouches.filter { $0.window === window }
        for touch in touches where touch.phase == .began {
            hitTestAndGather(touch, in: window, event: event)
        }
        feedRecognizers(touches, event: event)
        flushActions()
        releaseWithheldTouches()
        deliverToViews(touches, event: event)
        caughtUpTouches.removeAll()
        releaseWithheldTouches()
        for touch in touches where !touch.isActive {
            for reference in touch.recognizers { reference.value?.ignoredTouchIDs.remove(touch.identifier) }
        }
    }

    /// Called at the end of every turn (touch dispatch, timer, app code outside a dispatch).
    func finishTurn() {
        flushActions()
        releaseWithheldTouches()
        for recognizer in participants { recognizer.recognizedThisTurn = false }
    }

    // MARK: Step 1: hit-test and gather

    private func hitTestAndGather(_ touch: UITouch, in window: UIWindow, event: UIEvent) {
        let hit = window.hitTest(touch.locationInWindow, with: event)
        touch.view = hit
        application.digitizer.assignTapCount(to: touch)
        if application.isTracing {
            var path: [String] = []
            var view = hit
            while let current = view {
                path.append(current.traceName)
                view = current.superview
            }
            application.record(.hitTest(touch: touch.identifier, path: path.reversed()))
        }
        guard let hit else {
            markUndeliverable(touch, view: nil, reason: "no view was hit")
            return
        }
        let othersWithViews = application.digitizer.activeTouches.filter {
            $0 !== touch && $0.isActive && ($0.delivery.stage == .pending || $0.delivery.stage == .delivered)
        }
        if !hit.isMultipleTouchEnabled, othersWithViews.contains(where: { $0.view === hit }) {
            markUndeliverable(touch, view: hit, reason: "isMultipleTouchEnabled is false and the view already has a touch")
        } else if let blocker = othersWithViews.first(where: {
            guard let other = $0.view, other !== hit else { return false }
            return other.isExclusiveTouch || hit.isExclusiveTouch
        }) {
            let exclusive = hit.isExclusiveTouch ? hit : blocker.view!
            markUndeliverable(touch, view: hit, reason: "isExclusiveTouch of \(exclusive.traceName)")
        }

        var gathered: [UIGestureRecognizer] = []
        var view: UIView? = hit
        while let current = view {
            for recognizer in current.recognizers where recognizer.isEnabled {
                if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) {
                    application.record(.delivery(touch: touch.identifier, view: recognizer.traceName,
                                                 note: "withheld from recognizer: delegate shouldReceive returned false"))
                    continue
                }
                gathered.append(recognizer)
            }
            view = current.superview
        }
        touch.gather(gathered)
    }

    private func markUndeliverable(_ touch: UITouch, view: UIView?, reason: String) {
        touch.delivery.stage = .undeliverable
        application.record(.delivery(touch: touch.identifier, view: view?.traceName ?? "-", note: "not delivered: \(reason)"))
    }

    // MARK: Step 2: feed recognizers

    private func feedRecognizers(_ touches: [UITouch], event: UIEvent) {
        // A few recognizers per touch: linear identity checks beat hashing here.
        var order: [UIGestureRecognizer] = []
        for touch in touches {
            for (index, id) in touch.recognizerIDs.enumerated() where !order.contains(where: { ObjectIdentifier($0) == id }) {
                if let recognizer = touch.recognizers[index].value { order.append(recognizer) }
            }
        }
        // New touches join every open recognizer before any recognizer is fed, so arbitration during
        // the touchesBegan calls below sees every recognizer sharing them: an active recognizer then
        // prevents one that wants to begin with a new touch both receive, whichever is fed first.
        var joined: [ObjectIdentifier] = []
        if touches.contains(where: { $0.phase == .began }) {
            for recognizer in order where recognizer.view != nil && recognizer.isEnabled && isOpen(recognizer) {
                let began = touches.filter { $0.phase == .began && recognizer.receives($0) }
                guard !began.isEmpty else { continue }
                recognizer.trackedTouches.append(contentsOf: began)
                join(recognizer)
                joined.append(ObjectIdentifier(recognizer))
            }
        }
        let phases = TouchesByPhase(touches)
        var sets = TouchSetReuse()
        var mine: [UITouch] = []
        for recognizer in order {
            guard recognizer.view != nil, recognizer.isEnabled,
                  touches.contains(where: { $0.phase != .stationary && recognizer.receives($0) }) else { continue }
            /// The touches of `list` this recognizer receives and tracks in this attempt, into `mine`.
            func collect(_ list: [UITouch]) -> Bool {
                mine.removeAll(keepingCapacity: true)
                for touch in list where recognizer.receives(touch) && recognizer.trackedTouches.contains(where: { $0 === touch }) {
                    mine.append(touch)
                }
                return !mine.isEmpty
            }
            if !phases.began.isEmpty, joined.contains(ObjectIdentifier(recognizer)), isOpen(recognizer), collect(phases.began) {
                let touches = sets.set(of: mine)
                application.recordRecognizerTouches(.touchesBegan, to: recognizer, touches: touches, event: event)
                recognizer.touchesBegan(touches, with: event)
            }
            if !phases.moved.isEmpty, isOpen(recognizer), collect(phases.moved) {
                let touches = sets.set(of: mine)
                application.recordRecognizerTouches(.touchesMoved, to: recognizer, touches: touches, event: event)
                recognizer.touchesMoved(touches, with: event)
            }
            if !phases.ended.isEmpty, isOpen(recognizer), collect(phases.ended) {
                let touches = sets.set(of: mine)
                application.recordRecognizerTouches(.touchesEnded, to: recognizer, touches: touches, event: event)
                recognizer.touchesEnded(touches, with: event)
            }
            if !phases.cancelled.isEmpty, isOpen(recognizer), collect(phases.cancelled) {
                let touches = sets.set(of: mine)
                application.recordRecognizerTouches(.touchesCancelled, to: recognizer, touches: touches, event: event)
                recognizer.touchesCancelled(touches, with: event)
                if !recognizer.trackedTouches.contains(where: \.isActive) {
                    recognizer.stopParticipating(reason: "its touches were cancelled")
                }
            }
            if !recognizer.trackedTouches.isEmpty {
                recognizer.lastLocationInWindow = recognizer.location(in: nil)
            }
        }
    }

    private func isOpen(_ recognizer: UIGestureRecognizer) -> Bool {
        recognizer.state == .possible || recognizer.state.isActive
    }

    private func join(_ recognizer: UIGestureRecognizer) {
        recognizer.joinedEnvironment = self
        if !participants.contains(where: { $0 === recognizer }) { participants.append(recognizer) }
    }

    func forget(_ recognizer: UIGestureRecognizer) {
        recognizer.joinedEnvironment = nil
        participants.removeAll { $0 === recognizer }
    }

    // MARK: Step 3: arbitration

    /// A recognizer asks to leave `.possible` for `.began` or `.ended`.
    func attemptToRecognize(_ recognizer: UIGestureRecognizer, as target: UIGestureRecognizer.State, reason: String?) {
        let requirements = failureRequirements(of: recognizer)
        if let recognized = requirements.first(where: { $0.state.isActive || $0.state == .ended || $0.recognizedThisTurn }) {
            recognizer.commit(.failed, reason: "required \(recognized.traceName) to fail, but it recognized")
            return
        }
        if let undecided = requirements.first(where: { $0.state == .possible && $0.isParticipating }) {
            if recognizer.pendingState == nil {
                application.record(.waiting(recognizer: recognizer.traceName, reason: "waiting for failure of \(undecided.traceName)"))
            }
            recognizer.pendingState = target
            recognizer.pendingReason = reason
            join(recognizer)
            return
        }
        recognizer.pendingState = nil
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            recognizer.commit(.failed, reason: "delegate gestureRecognizerShouldBegin returned false")
            return
        }
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) {
            recognizer.commit(.failed, reason: "\(view.traceName).gestureRecognizerShouldBegin returned false")
            return
        }
        if let exemption = standardControlExemption(for: recognizer) {
            recognizer.commit(.failed, reason: exemption)
            return
        }
        for other in participants where other !== recognizer && (other.state.isActive || other.recognizedThisTurn) {
            if sharesTouch(other, recognizer), prevents(other, recognizer) {
                recognizer.commit(.failed, reason: "prevented by \(other.traceName)")
                return
            }
        }
        recognizer.commit(target, reason: reason)
    }

    func didTransition(_ recognizer: UIGestureRecognizer, from old: UIGestureRecognizer.State, to new: UIGestureRecognizer.State, reason: String?) {
        if application.isTracing {
            application.record(.transition(recognizer: recognizer.traceName, from: old, to: new, reason: reason, values: recognizer.transitionValues()))
        }
        if (new != .failed && new != .possible) || (new == .failed && old.isActive) {
            pendingActions.append((recognizer, new))
        }
        if old == .possible && (new == .began || new == .ended) {
            recognized(recognizer)
        }
        if new.isTerminal {
            pendingResets.append(recognizer)
        }
        if new == .failed {
            recognizerFailed(recognizer)
        }
        application.flushIfIdle()
    }

    private func recognized(_ recognizer: UIGestureRecognizer) {
        recognizer.recognizedThisTurn = true
        join(recognizer)
        for other in participants where other !== recognizer && other.state == .possible {
            if requiresFailure(other, of: recognizer) {
                other.commit(.failed, reason: "required \(recognizer.traceName) to fail, but it recognized")
            }
        }
        for other in participants where other !== recognizer && (other.state == .possible || other.state.isActive) {
            guard sharesTouch(other, recognizer), prevents(recognizer, other) else { continue }
            other.commit(other.state.isActive ? .cancelled : .failed, reason: "prevented by \(recognizer.traceName)")
        }
    }

    private func recognizerFailed(_ recognizer: UIGestureRecognizer) {
        let waiting = participants.filter { $0 !== recognizer && $0.pendingState != nil }
        for other in waiting where other.state == .possible {
            guard let target = other.pendingState else { continue }
            attemptToRecognize(other, as: target, reason: other.pendingReason)
        }
    }

    /// Whether `recognizer` must wait for `other` to fail: `require(toFail:)`, the subclass hooks,
    /// or either delegate (UIKIT-RELATION-REQUIRE-FAILURE).
    private func requiresFailure(_ recognizer: UIGestureRecognizer, of other: UIGestureRecognizer) -> Bool {
        if recognizer.failureRequirements.contains(where: { $0.value === other }) { return true }
        if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer) { return true }
        if recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true { return true }
        return other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }

    private func failureRequirements(of recognizer: UIGestureRecognizer) -> [UIGestureRecognizer] {
        var result = recognizer.failureRequirements.compactMap(\.value).filter { $0.isEnabled }
        for other in participants where other !== recognizer && !result.contains(where: { $0 === other }) {
            if requiresFailure(recognizer, of: other) { result.append(other) }
        }
        return result
    }

    /// Exclusivity (UIKIT-RELATION-EXCLUSIVE, UIKIT-RELATION-CAN-PREVENT): one recognizer prevents another
    /// unless either delegate allows simultaneous recognition, and only if the subclasses'
    /// `canPrevent`/`canBePrevented` agree.
    private func prevents(_ winner: UIGestureRecognizer, _ loser: UIGestureRecognizer) -> Bool {
        if winner.delegate?.gestureRecognizer(winner, shouldRecognizeSimultaneouslyWith: loser) == true { return false }
        if loser.delegate?.gestureRecognizer(loser, shouldRecognizeSimultaneouslyWith: winner) == true { return false }
        return winner.canPrevent(loser) && loser.canBePrevented(by: winner)
    }

    private func sharesTouch(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.trackedTouches.contains { touch in b.trackedTouches.contains { $0 === touch } }
    }

    /// The iOS 6 rule (UIKIT-CONTROL-KEEPS-ITS-GESTURE): a recognizer on a superview of a standard control does
    /// not take the control's own gesture (a button's single tap, a slider's parallel swipe …).
    private func standardControlExemption(for recognizer: UIGestureRecognizer) -> String? {
        guard let owner = recognizer.view else { return nil }
        for touch in recognizer.trackedTouches {
            guard let hit = touch.view, hit !== owner, hit.isDescendant(of: owner) else { continue }
            var view: UIView? = hit
            while let current = view, current !== owner {
                if let reason = current.standardControlKeeps(recognizer) { return reason }
                view = current.superview
            }
        }
        return nil
    }

    // MARK: Step 4: actions, cancellation in views, resets

    private func flushActions() {
        var rounds = 0
        while !pendingActions.isEmpty || !pendingResets.isEmpty, rounds < 10_000 {
            rounds += 1
            while !pendingActions.isEmpty {
                let (recognizer, state) = pendingActions.removeFirst()
                if (state == .began || state == .ended), recognizer.cancelsTouchesInView, !recognizer.didCancelTouchesInView {
                    recognizer.didCancelTouchesInView = true
                    cancelTouchesInViews(claimedBy: recognizer)
                }
                if recognizer.hasTargets {
                    application.record(.action(recognizer: recognizer.traceName, state: state))
                    recognizer.sendActions()
                }
            }
            let resets = pendingResets
            pendingResets.removeAll()
            for recognizer in resets where recognizer.state.isTerminal {
                recognizer.performReset()
                if !recognizer.isParticipating { forget(recognizer) }
            }
        }
    }

    private func cancelTouchesInViews(claimedBy recognizer: UIGestureRecognizer) {
        var cancelled: [UITouch] = []
        for touch in recognizer.trackedTouches.inTouchOrder where !touch.delivery.claimed {
            touch.delivery.claimed = true
            switch touch.delivery.stage {
            case .delivered:
                cancelled.append(touch)
                touch.delivery.stage = .finished
            case .pending:
                touch.delivery.stage = .finished
                if let view = touch.view {
                    application.record(.delivery(touch: touch.identifier, view: view.traceName, note: "discarded: claimed by \(recognizer.traceName)"))
                }
            case .finished, .undeliverable:
                break
            }
            touch.delivery.beganWithheld = false
            touch.delivery.endedWithheld = false
        }
        send(.touchesCancelled, cancelled)
    }

    // MARK: Step 6: view delivery

    private func deliverToViews(_ touches: [UITouch], event: UIEvent) {
        var began: [UITouch] = [], moved: [UITouch] = [], ended: [UITouch] = [], cancelled: [UITouch] = []
        for touch in touches where touch.view != nil && !touch.delivery.claimed {
            switch touch.phase {
            case .began:
                guard touch.delivery.stage == .pending else { continue }
                if let holder = holder(of: touch, delaying: \.delaysTouchesBegan) {
                    touch.delivery.beganWithheld = true
                    withhold(touch)
                    application.record(.delivery(touch: touch.identifier, view: touch.view!.traceName, note: "touchesBegan withheld: delaysTouchesBegan of \(holder.traceName)"))
                } else if contentAllows(touch, event: event) {
                    touch.delivery.stage = .delivered
                    began.append(touch)
                }
            case .moved:
                if touch.delivery.stage == .delivered, !caughtUpTouches.contains(where: { $0 === touch }) { moved.append(touch) }
            case .stationary:
                break
            case .ended:
                if touch.delivery.stage == .delivered {
                    if let holder = holder(of: touch, delaying: \.delaysTouchesEnded) {
                        touch.delivery.endedWithheld = true
                        withhold(touch)
                        application.record(.delivery(touch: touch.identifier, view: touch.view!.traceName, note: "touchesEnded withheld: delaysTouchesEnded of \(holder.traceName)"))
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

    private func holder(of touch: UITouch, delaying flag: KeyPath<UIGestureRecognizer, Bool>) -> UIGestureRecognizer? {
        for reference in touch.recognizers {
            if let recognizer = reference.value, recognizer[keyPath: flag], recognizer.isUndecided(about: touch) {
                return recognizer
            }
        }
        return nil
    }

    /// Scroll views above the touch's view may refuse it (`touchesShouldBegin(_:with:in:)`,
    /// UIKIT-SCROLL-CONTENT-TOUCHES).
    private func contentAllows(_ touch: UITouch, event: UIEvent?) -> Bool {
        guard let view = touch.view else { return false }
        var ancestor = view.superview
        while let current = ancestor {
            if let scrollView = current as? UIScrollView, !scrollView.allowsContentTouch(touch, in: view, event: event) {
                markUndeliverable(touch, view: view, reason: "\(scrollView.traceName).touchesShouldBegin returned false")
                return false
            }
            ancestor = current.superview
        }
        return true
    }

    private func withhold(_ touch: UITouch) {
        if !withheldTouches.contains(where: { $0 === touch }) { withheldTouches.append(touch) }
    }

    // MARK: Step 5: release

    private func releaseWithheldTouches() {
        guard !withheldTouches.isEmpty else { return }
        var releasedBegan: [UITouch] = [], releasedEnded: [UITouch] = []
        for touch in withheldTouches.inTouchOrder {
            if touch.delivery.claimed || touch.delivery.stage == .finished || touch.delivery.stage == .undeliverable { continue }
            if touch.delivery.beganWithheld {
                guard holder(of: touch, delaying: \.delaysTouchesBegan) == nil else { continue }
                touch.delivery.beganWithheld = false
                guard contentAllows(touch, event: lastEvent) else { continue }
                touch.delivery.stage = .delivered
                releasedBegan.append(touch)
            }
            if touch.delivery.endedWithheld, holder(of: touch, delaying: \.delaysTouchesEnded) == nil {
                touch.delivery.endedWithheld = false
                touch.delivery.stage = .finished
                releasedEnded.append(touch)
            }
        }
        withheldTouches.removeAll { !$0.delivery.beganWithheld && !$0.delivery.endedWithheld || $0.delivery.claimed }
        sendReleasedBegan(releasedBegan)
        send(.touchesEnded, releasedEnded, showingPhase: .ended)
    }

    /// `touchesBegan` at each touch's start point, then a catch-up `touchesMoved` from there to
    /// where the finger is now for the touches that moved while held (see the type's notes).
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
            application.record(.delivery(touch: touch.identifier, view: touch.view?.traceName ?? "-", note:
                "touchesBegan released at its start \(describe(touch.initialLocationInWindow)), touchesMoved catches up to \(describe(state.location))"))
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

    func subtreeLeftWindow(_ root: UIView) {
        var cancelled: [UITouch] = []
        for touch in (application.digitizer.activeTouches + withheldTouches).inTouchOrder {
            guard let view = touch.view, view.isDescendant(of: root), !cancelled.contains(where: { $0 === touch }) else { continue }
            if touch.delivery.stage == .delivered && !touch.delivery.claimed { cancelled.append(touch) }
            if touch.delivery.stage != .undeliverable { touch.delivery.stage = .finished }
            touch.delivery.beganWithheld = false
            touch.delivery.endedWithheld = false
        }
        withheldTouches.removeAll { $0.delivery.stage == .finished }
        send(.touchesCancelled, cancelled)
        for recognizer in participants {
            if let view = recognizer.view, view.isDescendant(of: root) {
                recognizer.stopParticipating(reason: "its view left the window")
            }
        }
    }

    // MARK: Sending to views

    /// Sends one responder method per view and multitouch sequence, in touch order.
    private func send(_ method: ResponderCall.Method, _ touches: [UITouch], showingPhase phase: UITouch.Phase? = nil) {
        guard !touches.isEmpty, let event = lastEvent ?? touches.first.map({ _ in UIEvent(type: .touches, timestamp: application.currentTime, application: application) }) else { return }
        var groups: [(view: UIView, sequence: Int, touches: [UITouch])] = []
        for touch in touches {
            guard let view = touch.view else { continue }
            if let index = groups.firstIndex(where: { $0.view === view && $0.sequence == touch.sequence }) {
                groups[index].touches.append(touch)
            } else {
                groups.append((view, touch.sequence, [touch]))
            }
        }
        for group in groups {
            let saved = group.touches.map(\.phase)
            if let phase { for touch in group.touches { touch.phase = phase } }
            let set = Set(group.touches)
            // The touches sent belong to the event they come with (UIKIT-EVENT-SEQUENCE), also when a withheld
            // phase is released after its finger lifted and the sequence's event no longer holds the touch.
            let eventTouches = event.orderedTouches
            let missing = group.touches.filter { touch in !eventTouches.contains { $0 === touch } }
            if !missing.isEmpty { event.orderedTouches = (eventTouches + missing).inTouchOrder }
            application.deliver(method, to: group.view, touches: set, event: event) {
                switch method {
                case .touchesBegan: group.view.touchesBegan(set, with: event)
                case .touchesMoved: group.view.touchesMoved(set, with: event)
                case .touchesEnded: group.view.touchesEnded(set, with: event)
                default: group.view.touchesCancelled(set, with: event)
                }
            }
            if !missing.isEmpty { event.orderedTouches = eventTouches }
            if phase != nil { for (touch, old) in zip(group.touches, saved) { touch.phase = old } }
        }
    }
}
