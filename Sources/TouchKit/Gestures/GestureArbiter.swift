import Foundation

/// Arbitration (step 3 of the arena's dispatch order, `GestureEnvironment`): which recognizer may
/// leave `.possible`, and what that does to the others — `shouldBegin` (delegate, then view), failure
/// requirements (wait in `.possible` while the other is undecided; fail when it recognizes),
/// exclusivity (a recognizer that begins or recognizes forces preventable recognizers sharing a touch
/// to fail) and simultaneity (either delegate's `shouldRecognizeSimultaneouslyWith`)
/// (UIKIT-STATE-SHOULD-BEGIN, UIKIT-RELATION-REQUIRE-FAILURE, UIKIT-RELATION-EXCLUSIVE,
/// UIKIT-RELATION-CAN-PREVENT, UIKIT-CONTROL-KEEPS-ITS-GESTURE).
///
/// Its output is the ordered list of transitions whose actions are due (`pendingActions`) and the
/// recognizers to reset (`pendingResets`); the arena sends those (step 4) and asks `TouchDelivery`
/// to claim the touches of recognizers that cancel touches in their views. It knows nothing about
/// which phases views get.
///
/// Every transition a recognizer in an application's window asks for passes here (the reset back to
/// `.possible` is the recognizer's own, `performReset`): its `state` setter calls `request`, and
/// `commit` sets the state, logs it and queues its consequences — one call from the recognizer, no
/// hop back. The arbiter keeps a record of each participant's attempt (`ArenaParticipant`: a
/// recognition waiting for a failure requirement, the claim of its touches, the dispatches it joined
/// and was fed in; created once per recognizer, cleared when it leaves) and the list of recognizers
/// that recognized in the turn.
///
/// Hot-path shape: the participants, the action queue (consumed from `actionHead`, so taking an
/// action is no array shift) and the scratch lists are arrays the arbiter owns and keeps the
/// capacity of; no transition allocates unless the event log is recording.
final class GestureArbiter {
    /// The application that owns the arena: it outlives it, so the link is not counted (`UncountedLink`).
    let application: UncountedLink<UIApplication>
    /// The arena whose feeding order a prevention reason explains (`GestureEnvironment.awaitsThisFrame`).
    var environment: UncountedLink<GestureEnvironment>?

    /// Recognizers with touches in their current attempt, or waiting on a failure requirement.
    @exclusivity(unchecked) private(set) var participants: [UIGestureRecognizer] = []
    /// The recognizers that recognized in this turn (left `.possible` for `.began` or `.ended`), whether
    /// or not they take part any more: one that recognized and reset still fails the recognizers that
    /// require it to fail, and prevents those sharing its touches, until the turn ends.
    @exclusivity(unchecked) private var recognizedThisTurn: [UIGestureRecognizer] = []
    /// Transitions whose actions are due, in transition order; entries before `actionHead` are taken.
    @exclusivity(unchecked) private(set) var pendingActions: [(recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State)] = []
    private var actionHead = 0
    /// Recognizers that reached a terminal state and will reset once their actions were sent.
    @exclusivity(unchecked) private(set) var pendingResets: [UIGestureRecognizer] = []
    @exclusivity(unchecked) private var spareResets: [UIGestureRecognizer] = []
    /// Scratch lists, taken and given back so a nested call (a delegate or action that makes
    /// another recognizer decide) gets a fresh one instead of corrupting the outer one.
    @exclusivity(unchecked) private var requirementScratch: [UIGestureRecognizer] = []
    @exclusivity(unchecked) private var waitingScratch: [UIGestureRecognizer] = []

    init(application: UIApplication) {
        self.application = UncountedLink(application)
    }

    deinit {
        // Participants still in this arena leave it (the application went away mid-gesture).
        for index in participants.indices { leaves(participants[index]) }
    }

    // MARK: Participants

    /// Makes `recognizer` a participant (once). A recognizer linked to this arbiter is one of its
    /// participants (only `forget` takes one out of the list, and it unlinks it first), so joining
    /// again looks nothing up.
    func join(_ recognizer: UIGestureRecognizer) {
        if recognizer.joinedArbiter?.links(to: self) == true { return }
        recognizer.joinedArbiter = UncountedLink(self)
        if !participants.containsIdentical(recognizer) { participants.append(recognizer) }
    }

    /// `recognizer` takes no more part: its record's attempt is forgotten.
    func forget(_ recognizer: UIGestureRecognizer) {
        leaves(recognizer)
        if let index = participants.index(ofIdentical: recognizer) { participants.remove(at: index) }
    }

    /// Unlinks `recognizer` from this arena and forgets its attempt (nothing happens if it has since
    /// joined another arena).
    private func leaves(_ recognizer: UIGestureRecognizer) {
        guard recognizer.joinedArbiter?.links(to: self) == true else { return }
        recognizer.joinedArbiter = nil
        recognizer.participation.clear()
    }

    /// The transition `recognizer` waits to make until a failure requirement decides (nil when it does not wait).
    func pendingState(of recognizer: UIGestureRecognizer) -> UIGestureRecognizer.State? {
        recognizer.participation.pendingState
    }

    /// The end of a turn: no recognizer has recognized in the next one yet.
    func finishTurn() {
        if !recognizedThisTurn.isEmpty { recognizedThisTurn.clearKeepingCapacity() }
    }

    // MARK: Requests

    /// A recognizer's request to change state (its `state` setter), made straight to the arbiter.
    /// While it waits for a failure requirement, `state` keeps reading `.possible`: a failure asked
    /// for is honoured, a recognition replaces the one waiting (UIKIT-STATE-PENDING-READS-POSSIBLE).
    /// Illegal transitions (e.g. possible → changed) are ignored and noted in the event log; leaving
    /// `.possible` for `.began` or `.ended` is arbitrated (`attemptToRecognize`), anything else
    /// committed. `reason` is called only while the event log records.
    func request(_ newState: UIGestureRecognizer.State, for recognizer: UIGestureRecognizer, reason: () -> String?) {
        let old = recognizer.currentState
        let reason = application.isTracing ? reason() : nil
        let waiting = recognizer.participation
        if old == .possible, waiting.pendingState != nil {
            switch newState {
            case .failed:
                waiting.pendingState = nil
                commit(recognizer, to: .failed, reason: reason)
            case .began, .ended:
                waiting.pendingState = newState
                waiting.pendingReason = reason
            default:
                break
            }
            return
        }
        guard UIGestureRecognizer.isLegal(from: old, to: newState) else {
            application.record(TraceEvent.note("\(recognizer.traceName): illegal transition \(old) → \(newState) ignored"))
            return
        }
        if old == .possible, newState == .began || newState == .ended {
            attemptToRecognize(recognizer, as: newState, reason: reason)
        } else {
            commit(recognizer, to: newState, reason: reason)
        }
    }

    /// A recognizer asks to leave `.possible` for `.began` or `.ended`. `reason` is nil while the
    /// event log is off.
    func attemptToRecognize(_ recognizer: UIGestureRecognizer, as target: UIGestureRecognizer.State, reason: String?) {
        let tracing = application.isTracing
        var requirements = take(&requirementScratch)
        defer { give(&requirements, back: &requirementScratch) }
        collectFailureRequirements(of: recognizer, into: &requirements)
        if let index = requirements.firstIndexBorrowed(where: { $0.state.isActive || $0.state == .ended || recognizedThisTurn.containsIdentical($0) }) {
            commit(recognizer, to: .failed, reason: tracing ? "required \(requirements[index].traceName) to fail, but it recognized" : nil)
            return
        }
        if let index = requirements.firstIndexBorrowed(where: { $0.state == .possible && $0.isParticipating }) {
            let undecided = requirements[index]
            if tracing, pendingState(of: recognizer) == nil {
                application.record(TraceEvent.waiting(recognizer: recognizer.traceName, reason: "waiting for failure of \(undecided.traceName)"))
            }
            join(recognizer)
            recognizer.participation.pendingState = target
            recognizer.participation.pendingReason = reason
            recognizer.participation.blockingRequirement = ObjectIdentifier(undecided)
            return
        }
        recognizer.participation.pendingState = nil
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            commit(recognizer, to: .failed, reason: tracing ? "delegate gestureRecognizerShouldBegin returned false" : nil)
            return
        }
        if let view = recognizer.view, !view.gestureRecognizerShouldBegin(recognizer) {
            commit(recognizer, to: .failed, reason: tracing ? "\(view.traceName).gestureRecognizerShouldBegin returned false" : nil)
            return
        }
        if let exemption = standardControlExemption(for: recognizer) {
            commit(recognizer, to: .failed, reason: application.isTracing ? exemption : nil)
            return
        }
        // A copy: a delegate asked may make recognizers join or leave.
        let others = participants
        if let index = others.firstIndexBorrowed(where: { other in
            other !== recognizer && (other.state.isActive || recognizedThisTurn.containsIdentical(other)) && sharesTouch(other, recognizer)
                && prevents(other, recognizer)
        }) {
            commit(recognizer, to: .failed, reason: application.isTracing ? "prevented by \(others[index].traceName)" : nil)
            return
        }
        commit(recognizer, to: target, reason: reason)
    }

    /// Makes a transition: sets the recognizer's state, logs it, queues its action and reset, and
    /// lets it decide the others. The arbiter commits what it approved, and what needs no approval
    /// (a recognizer withdrawn, its touches cancelled). `reason` is nil while the event log is off.
    func commit(_ recognizer: UIGestureRecognizer, to new: UIGestureRecognizer.State, reason: String?) {
        let old = recognizer.currentState
        recognizer.currentState = new
        if new != .possible { recognizer.participation.pendingState = nil }
        if application.isTracing {
            let explanation = reason ?? (new == .failed || new == .cancelled ? "state set to \(new) by \(String(describing: type(of: recognizer)))" : nil)
                .map { old.isActive && new == .failed ? "\($0) after it began: the gesture stops without being recognized" : $0 }
            application.record(TraceEvent.transition(recognizer: recognizer.traceName, from: old, to: new, reason: explanation, values: recognizer.transitionValues()))
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
        application.with { $0.flushIfIdle() }
        recognizer.transitionLogged()
    }

    // MARK: Consequences

    private func recognized(_ recognizer: UIGestureRecognizer) {
        if !recognizedThisTurn.containsIdentical(recognizer) { recognizedThisTurn.append(recognizer) }
        join(recognizer)
        let tracing = application.isTracing
        // Both loops walk the participants as they were when the loop began (a decision may make
        // others join or leave).
        let others = participants
        others.forEachBorrowed { other in
            guard other !== recognizer, other.state == .possible, requiresFailure(other, of: recognizer) else { return }
            commit(other, to: .failed, reason: tracing ? "required \(recognizer.traceName) to fail, but it recognized" : nil)
        }
        let remaining = participants
        remaining.forEachBorrowed { other in
            guard other !== recognizer, other.state == .possible || other.state.isActive,
                  sharesTouch(other, recognizer), prevents(recognizer, other) else { return }
            commit(other, to: other.state.isActive ? .cancelled : .failed, reason: tracing ? preventionReason(other, by: recognizer) : nil)
        }
    }

    /// "prevented by R", and when `other` had yet to get this frame's touches, why R came first:
    /// a frame's touches go to recognizers nearest the touched view first (UIKIT-GESTURE-FRAME-ORDER).
    private func preventionReason(_ other: UIGestureRecognizer, by recognizer: UIGestureRecognizer) -> String {
        guard environment?.with({ $0.awaitsThisFrame(other) }) == true else { return "prevented by \(recognizer.traceName)" }
        return "prevented by \(recognizer.traceName), which began first in this frame: \(other.traceName) had not yet been given"
            + " the frame's touches (they go to the recognizers nearest the touched view first, each view's in the order they were added)"
    }

    /// A failure releases the recognizers waiting for it (they try again, in participant order).
    ///
    /// A waiting recognizer whose blocking requirement (the undecided one its last attempt found)
    /// is still undecided would only be told to wait again, so it is not asked: its requirements are
    /// worked out when it asks and when one of them decides, not on every failure in the arena. (A
    /// requirement that recognized has already failed it, in `recognized`.)
    private func recognizerFailed(_ recognizer: UIGestureRecognizer) {
        // The waiting recognizers are found before any is asked (asking may change the
        // participants), reading the participants through their indices (see
        // `Array.index(ofIdentical:)`). Usually one waits: then it is asked without a list.
        var firstWaiting: Int?
        var waitingCount = 0
        for index in participants.indices where participants[index] !== recognizer && participants[index].participation.pendingState != nil {
            if firstWaiting == nil { firstWaiting = index }
            waitingCount += 1
        }
        guard let firstWaiting else { return }
        if waitingCount == 1 {
            // Borrowed from a copy: the retry may make recognizers join or leave.
            let list = participants
            return list.borrowing(firstWaiting) { retry($0, after: recognizer) }
        }
        var waiting = take(&waitingScratch)
        defer { give(&waiting, back: &waitingScratch) }
        for index in participants.indices where participants[index] !== recognizer && participants[index].participation.pendingState != nil {
            waiting.append(participants[index])
        }
        waiting.forEachBorrowed { retry($0, after: recognizer) }
    }

    /// `waiter` tries again to recognize now that `failed` failed, unless it no longer waits or the
    /// requirement it waits for is still undecided.
    private func retry(_ waiter: UIGestureRecognizer, after failed: UIGestureRecognizer) {
        guard waiter.state == .possible, let target = waiter.participation.pendingState else { return }
        if let blocker = waiter.participation.blockingRequirement, blocker != ObjectIdentifier(failed), isUndecidedParticipant(blocker) { return }
        attemptToRecognize(waiter, as: target, reason: waiter.participation.pendingReason)
    }

    /// Whether the participant with identity `identity` is still undecided: `.possible` and taking part.
    private func isUndecidedParticipant(_ identity: ObjectIdentifier) -> Bool {
        let list = participants
        return list.firstIndexBorrowed { participant in
            ObjectIdentifier(participant) == identity && participant.state == .possible && participant.isParticipating
        } != nil
    }

    // MARK: Actions and resets (consumed by the arena, step 4)

    /// The next transition whose action is due, in transition order.
    func nextAction() -> (recognizer: UIGestureRecognizer, state: UIGestureRecognizer.State)? {
        guard actionHead < pendingActions.count else {
            if actionHead > 0 {
                pendingActions.clearKeepingCapacity()
                actionHead = 0
            }
            return nil
        }
        let action = pendingActions[actionHead]
        actionHead += 1
        return action
    }

    var hasPendingWork: Bool { actionHead < pendingActions.count || !pendingResets.isEmpty }

    /// Resets the recognizers that reached a terminal state (those that take no more part leave).
    func performResets() {
        guard !pendingResets.isEmpty else { return }
        var resets = pendingResets
        pendingResets = take(&spareResets)
        resets.forEachBorrowed { recognizer in
            guard recognizer.state.isTerminal else { return }
            recognizer.participation.recognizerDidReset()
            recognizer.performReset()
            if !recognizer.isParticipating { forget(recognizer) }
        }
        give(&resets, back: &spareResets)
    }

    // MARK: Relationships

    /// Whether `recognizer` must wait for `other` to fail: `require(toFail:)`, the subclass hooks,
    /// or either delegate (UIKIT-RELATION-REQUIRE-FAILURE).
    func requiresFailure(_ recognizer: UIGestureRecognizer, of other: UIGestureRecognizer) -> Bool {
        if recognizer.failureRequirements.containsIdentical(other) { return true }
        if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer) { return true }
        if recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true { return true }
        return other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
    }

    /// The recognizers `recognizer` waits for: its enabled `require(toFail:)` recognizers, then the
    /// participants that a subclass hook or delegate makes it wait for, in participant order.
    private func collectFailureRequirements(of recognizer: UIGestureRecognizer, into result: inout [UIGestureRecognizer]) {
        for index in recognizer.failureRequirements.indices where recognizer.failureRequirements[index].isEnabled {
            result.append(recognizer.failureRequirements[index])
        }
        // A copy: a delegate asked may make recognizers join or leave.
        let candidates = participants
        candidates.forEachBorrowed { other in
            if other !== recognizer, !result.containsIdentical(other), requiresFailure(recognizer, of: other) { result.append(other) }
        }
    }

    /// Exclusivity (UIKIT-RELATION-EXCLUSIVE, UIKIT-RELATION-CAN-PREVENT): one recognizer prevents another
    /// unless either delegate allows simultaneous recognition, and only if the subclasses'
    /// `canPrevent`/`canBePrevented` agree.
    func prevents(_ winner: UIGestureRecognizer, _ loser: UIGestureRecognizer) -> Bool {
        if winner.delegate?.gestureRecognizer(winner, shouldRecognizeSimultaneouslyWith: loser) == true { return false }
        if loser.delegate?.gestureRecognizer(loser, shouldRecognizeSimultaneouslyWith: winner) == true { return false }
        return winner.canPrevent(loser) && loser.canBePrevented(by: winner)
    }

    func sharesTouch(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        let touches = a.trackedTouches
        for index in touches.indices where b.trackedTouches.containsIdentical(touches[index]) { return true }
        return false
    }

    /// The iOS 6 rule (UIKIT-CONTROL-KEEPS-ITS-GESTURE): a recognizer on a superview of a standard control does
    /// not take the control's own gesture (a button's single tap, a slider's parallel swipe …).
    private func standardControlExemption(for recognizer: UIGestureRecognizer) -> String? {
        guard let owner = recognizer.view else { return nil }
        let ownerIdentity = ObjectIdentifier(owner)
        for touch in recognizer.trackedTouches {
            // A touch on the owner itself (the usual case) is passed over without a weak load.
            guard touch.viewIdentity != ownerIdentity, let hit = touch.view, hit !== owner, hit.isDescendant(of: owner) else { continue }
            var view: UIView? = hit
            while let current = view, current !== owner {
                if let reason = current.standardControlKeeps(recognizer) { return reason }
                view = current.superview
            }
        }
        return nil
    }
}

/// Takes a reusable scratch list (leaving an empty one behind for nested callers).
@inline(__always)
func take<Element>(_ buffer: inout [Element]) -> [Element] {
    var taken: [Element] = []
    swap(&taken, &buffer)
    return taken
}

/// Empties a scratch list and gives it back, keeping its capacity for the next frame.
@inline(__always)
func give<Element>(_ list: inout [Element], back buffer: inout [Element]) {
    list.clearKeepingCapacity()
    if list.capacity > buffer.capacity { swap(&list, &buffer) }
}

extension Array {
    /// `removeAll(keepingCapacity: true)` for the arena's short lists: removing from the end costs a
    /// few instructions an element, where the general replacement costs some 150 a call.
    @inline(__always)
    mutating func clearKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}
