/// Session ids: 128 random bits as 32 lowercase hex characters.
///
/// They are routing keys (a load balancer can route observers by them) and capabilities (knowing
/// one lets you watch a session), so they come from the system's cryptographic generator and are
/// long enough never to collide or be guessed.
public enum SessionID {
    /// A fresh id from the system's cryptographic generator.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(using: &generator)
    }

    /// An id from `generator`: tests pass a seeded one to get the same ids every run.
    public static func make<G: RandomNumberGenerator>(using generator: inout G) -> String {
        hex(generator.next()) + hex(generator.next())
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
