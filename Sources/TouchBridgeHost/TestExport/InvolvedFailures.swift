import TouchBridgeProtocol

/// Which `possible→failed` transitions a generated test expects: only a failure that took part in a decision
/// between recognizers. A pan, pinch or rotation failing because the finger lifted during a tap says nothing
/// about the scene's behaviour — expecting it makes the test break on every retouch of the gesture — but a
/// failure another recognizer waited for, or one another recognizer, a delegate or a control caused, is the
/// behaviour the test is about. Read from the log alone (its `waiting` entries and failure reasons), so it
/// holds for relationships made in code and by delegates as much as for a declarative scene's.
///
/// Kept, in the log's order:
/// - a failure a recognizer was waiting for (`waiting for failure of R`, require(toFail:) or a delegate's
///   failure requirement), until the waiting one left `possible`;
/// - a failure an arbitration decided: `required R to fail, but it recognized`, `prevented by R` (the default
///   exclusion, which simultaneity lifts), a delegate's or view's `gestureRecognizerShouldBegin` refusal, a
///   standard control keeping its gesture (iOS 6 rule).
/// A failure from a state past `possible` (it had begun) and every cancellation are always kept.
struct InvolvedFailures {
    /// The words of the engine's failure reasons that name an arbitration (GestureArbiter, UIControl).
    static let arbitrationMarkers = ["required ", "prevented by ", "gestureRecognizerShouldBegin", "(iOS 6 rule)"]

    /// How the engine's `waiting` entry names the recognizer waited for (GestureArbiter).
    static let waitingPrefix = "waiting for failure of "

    /// Waiting recognizer → the recognizer whose failure it waits for.
    private var waitingFor: [String: String] = [:]

    /// Notes what `entry` tells about waits, and whether it is a transition to expect (true for every entry
    /// that is not a `possible→failed` transition).
    mutating func expects(_ entry: JSONValue) -> Bool {
        switch entry["kind"]?.stringValue {
        case "waiting":
            if let waiting = entry["recognizer"]?.stringValue, let reason = entry["reason"]?.stringValue,
               reason.hasPrefix(Self.waitingPrefix) {
                waitingFor[waiting] = String(reason.dropFirst(Self.waitingPrefix.count))
            }
            return true
        case "transition":
            guard let recognizer = entry["recognizer"]?.stringValue else { return true }
            if entry["from"]?.stringValue == "possible", entry["to"]?.stringValue != "possible" {
                waitingFor[recognizer] = nil
            }
            guard entry["from"]?.stringValue == "possible", entry["to"]?.stringValue == "failed" else { return true }
            let reason = entry["reason"]?.stringValue ?? ""
            return waitingFor.values.contains(recognizer) || Self.arbitrationMarkers.contains { reason.contains($0) }
        default:
            return true
        }
    }
}
