/// An effect and who gets it: this connection, every connection of the session (device and
/// observers, in that order), or only the observers. Only a `Hub` knows the observers' connection
/// ids, so a session names the audience and the hub resolves it.
struct Routed: Equatable {
    enum Audience: Equatable { case connection, session, observers }

    var audience: Audience
    var effect: SessionEffect

    static func own(_ effect: SessionEffect) -> Routed { Routed(audience: .connection, effect: effect) }
    static func everyone(_ effect: SessionEffect) -> Routed { Routed(audience: .session, effect: effect) }
}
