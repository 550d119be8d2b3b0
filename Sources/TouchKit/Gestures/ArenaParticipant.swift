/// The arena's record of one recognizer's part in the gestures it joins: what arbitration and
/// feeding note about its attempt between calls. None of it is UIKit's recognizer state — `state`,
/// the tracked touches, the ignored touches and the location stay on the recognizer — so it lives
/// here: the arbiter fills it in while the recognizer takes part and clears it when the recognizer
/// leaves (`GestureArbiter.join`, `forget`). The recognizer only carries it
/// (`UIGestureRecognizer.participation`), one record from its creation to its end, reused by every
/// attempt: so the arena finds it without a search, joining costs no allocation and no check, and
/// reading the link — a constant — counts no reference (tap traces join and leave seven recognizers
/// every other frame; docs/performance.md). What the recognizer keeps of the arena is the link its
/// requests take (`UIGestureRecognizer.joinedArbiter`).
///
/// Every field is read or written on every dispatch of the recognizer's touches, so each opts out of
/// the run-time exclusivity check (`@exclusivity(unchecked)`: only the arena, on its one thread,
/// touches them, never while another access to the same field is open).
final class ArenaParticipant {
    /// The transition asked for while the recognizer waits for a failure requirement; `state`
    /// keeps reading `.possible` meanwhile (UIKIT-RELATION-REQUIRE-FAILURE,
    /// UIKIT-STATE-PENDING-READS-POSSIBLE).
    @exclusivity(unchecked) var pendingState: UIGestureRecognizer.State?
    /// While `pendingState` is set: the undecided requirement the recognizer waits for (compared
    /// by identity with the arena's participants, never dereferenced).
    @exclusivity(unchecked) var blockingRequirement: ObjectIdentifier?
    /// The reason of the waiting transition, for the event log (nil while the log is off).
    @exclusivity(unchecked) var pendingReason: String?
    /// Whether the touches of the recognition were already taken from the view, for its first action
    /// (UIKIT-DELIVERY-CANCELS-TOUCHES: once per recognition).
    @exclusivity(unchecked) var didCancelTouchesInView = false
    /// The number of the dispatch in which new touches last joined the recognizer's attempt (its
    /// `touchesBegan` is due in that dispatch).
    @exclusivity(unchecked) var joinedInDispatch = 0
    /// The number of the last dispatch that gave the recognizer touches, so a reason can tell that
    /// another recognizer began before this one had this frame's touches (UIKIT-GESTURE-FRAME-ORDER).
    @exclusivity(unchecked) var fedInDispatch = 0

    /// The recognizer reset: its recognition no longer waits, and a new one will claim its touches.
    func recognizerDidReset() {
        pendingState = nil
        if pendingReason != nil { pendingReason = nil }
        didCancelTouchesInView = false
    }

    /// The recognizer left the arena: the attempt is forgotten. (The reason is usually nil already:
    /// assigning nil over nil would still call the runtime to release the old string.)
    func clear() {
        pendingState = nil
        blockingRequirement = nil
        if pendingReason != nil { pendingReason = nil }
        didCancelTouchesInView = false
        joinedInDispatch = 0
        fedInDispatch = 0
    }
}
