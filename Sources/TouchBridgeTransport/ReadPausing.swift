/// Backpressure with hysteresis: when the engine stops reading a connection because output is piling
/// up, and when it reads it again. Bytes are the memory queued output holds (`OutboundFrame.heldBytes`).
///
/// Two high-water marks stop reading, each with a low-water mark a quarter of it that resumes it, so a
/// connection near a mark is not paused and resumed on every message:
/// - the connection's own queue past `connectionHighWater` (a client that does not read its answers);
/// - all queues together past `serverHighWater`, for a connection holding more than its fair share of
///   that mark (the server-wide mark divided among the open connections). A connection whose client
///   reads keeps a message or two in flight and goes on being read: only the ones that fall behind are
///   paused. (Pausing every connection with anything queued paused the readers too, one input at a
///   time, and intake collapsed to a fraction of what the server could take.)
///
/// A paused connection is read again once its queue is at most the connection low-water mark and either
/// the total fell to `serverLowWater` or its queue to a quarter of its fair share. Pure: the engine asks.
struct ReadPausing: Equatable, Sendable {
    /// A connection's queued bytes past which it is not read.
    let connectionHighWater: Int
    /// A quarter of `connectionHighWater`: a paused connection's queue must be down to this.
    var connectionLowWater: Int { connectionHighWater / 4 }
    /// All queued bytes past which the connections over their fair share are not read.
    let serverHighWater: Int
    /// A quarter of `serverHighWater`: below it the server-wide reason to pause is gone.
    var serverLowWater: Int { serverHighWater / 4 }

    /// `connectionHighWater` is the `readPauseBytes` setting; `serverHighWater` half the server's
    /// outbound budget (the other half is headroom before the budget closes anyone).
    init(connectionHighWater: Int, serverHighWater: Int) {
        self.connectionHighWater = max(0, connectionHighWater)
        self.serverHighWater = max(0, serverHighWater)
    }

    /// Never pauses: a client's engine, which reads whatever its server sends.
    static let never = ReadPausing(connectionHighWater: .max, serverHighWater: .max)

    /// A connection's share of `serverHighWater` with `connections` open (at least one).
    func fairShare(connections: Int) -> Int {
        serverHighWater / max(1, connections)
    }

    /// Whether a connection being read must stop: `queued` its bytes, `total` everyone's, `connections`
    /// how many are open.
    func shouldPause(queued: Int, total: Int, connections: Int) -> Bool {
        queued > connectionHighWater || (total > serverHighWater && queued > fairShare(connections: connections))
    }

    /// Whether a paused connection may be read again (see the type's comment).
    func shouldResume(queued: Int, total: Int, connections: Int) -> Bool {
        queued <= connectionLowWater && (total <= serverLowWater || queued <= fairShare(connections: connections) / 4)
    }
}
