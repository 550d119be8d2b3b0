import TouchBridgeProtocol

/// What a session needs from the world: scenes, limits, ids, and (inside a `Hub`) a way to find
/// the session an observer asks for. Closures rather than globals keep sessions testable.
package struct SessionEnvironment {
    /// The scenes a `hello` or `scene` message may ask for.
    package var catalog: any SceneCatalog
    /// The limits every message is validated against, and which `welcome` announces.
    package var limits: ProtocolLimits
    /// A fresh session id (random in production, fixed in determinism tests).
    package var makeSessionID: () -> String
    /// Whether the host records sessions (told to clients in `welcome.recording`).
    package var isRecording = false
    /// The host's address on the network with its QR code (`welcome.lan`), if it listens there.
    package var lanAddress: LANAddress?
    /// Sees every event log a session publishes (`Hub.logTap`).
    var logTap: ((Double, [LogEntry]) -> Void)?
    /// Whether sessions write `welcome`, `render` and `events` texts (`Hub.writesMessages`).
    var writesMessages = true
    /// Finds a live session by id; a lone session (no hub) finds none.
    var findSession: (String) -> SharedSession? = { _ in nil }

    /// An environment with the production id generator unless a test passes its own.
    package init(
        catalog: any SceneCatalog, limits: ProtocolLimits = ProtocolLimits(),
        makeSessionID: @escaping () -> String = SessionID.random
    ) {
        self.catalog = catalog
        self.limits = limits
        self.makeSessionID = makeSessionID
    }
}
