import TouchBridgeProtocol
import TouchKit

/// The system taking a device's app out of the foreground and giving it back — what pausing a live
/// session is to the app (docs/protocol.md §4.12): on iOS an interruption makes the app resign
/// active, which cancels every touch in progress (UIKIT-CANCEL-RESIGN-ACTIVE), and fingers still
/// down afterwards deliver nothing until they lift (UIKIT-CANCEL-STAYS-OVER). So a gesture held
/// across a pause ends cancelled instead of staying half-way for ever.
public enum SystemInterruption: Sendable {
    /// The app resigns active (`{"app": "willResignActive"}`).
    case begins
    /// The app becomes active again (`{"app": "didBecomeActive"}`).
    case ends
}

extension SharedSession {
    /// The `act` message text that makes this session's app resign or become active at once — timed
    /// at the latest client time the session accepted (manual clock: the engine's time), so it is
    /// neither early nor in the client's future — or nil when the app already is in that state.
    /// Sent as if the device sent it, so recordings and histories hold it and replays repeat it.
    func interruptionMessage(_ interruption: SystemInterruption) -> String? {
        let isActive = application.applicationState == .active
        guard isActive == (interruption == .begins) else { return nil }
        let seconds = clock.mode == .client ? (clock.lastClientTime ?? application.currentTime) : application.currentTime
        var ms = seconds * 1000
        // The receiving side divides by 1000 again: never land below the time it must not go back from.
        while ms / 1000 < seconds { ms = ms.nextUp }
        let event = interruption == .begins ? "willResignActive" : "didBecomeActive"
        return ClientMessage.act(AppActions(t: ms, actions: [.object(["app": .string(event)])])).text
    }
}
