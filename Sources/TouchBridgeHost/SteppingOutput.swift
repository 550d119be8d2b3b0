/// A message the stepper sends: a `step` may be replaced by a newer one still queued for the same
/// connection (scrubbing never builds a backlog); every other message is sent as it is.
public enum SteppingOutput: Equatable, Sendable {
    /// A `step` message (docs/protocol.md §5.6).
    case step(String)
    /// Any other message: `stepping`, `resumed`, `uploading`, `recordings`, an error.
    case message(String)
}
