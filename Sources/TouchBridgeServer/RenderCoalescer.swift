import TouchBridgeProtocol

/// The slow-consumer policy for renders, as a pure state machine: which render messages to send,
/// which to hold back, and when a connection that fell behind gets one full render instead.
///
/// A render diff only makes sense on top of every diff before it, so a connection whose outbound
/// queue is over `backlogLimit` messages gets no diffs until its queue is below half the limit,
/// then one full render of the state at that moment (the executor watches it with the
/// `renderCatchUp` timer every `catchUpInterval` seconds). Only renders are held: the event log is
/// never dropped (past the transport's own limits the connection is closed instead).
package struct RenderCoalescer: Sendable {
    /// What to do with one render for one connection.
    package enum Admission: Equatable, Sendable {
        /// Send it.
        case send
        /// Drop it: the connection is behind and gets a full render when it catches up.
        case hold
        /// Drop it, and start watching the connection's queue: it just fell behind.
        case holdAndWatch
    }

    /// What a connection that fell behind gets when its catch-up timer fires.
    package enum CatchUp: Equatable, Sendable {
        /// Its queue is still long: look again after `catchUpInterval`.
        case keepWaiting
        /// Its queue drained: send one full render of the current state.
        case sendFullRender
        /// It is not behind (any more): nothing to do.
        case nothing
    }

    /// Queued messages past which a connection counts as slow.
    package let backlogLimit: Int
    /// Seconds between two looks at a slow connection's queue.
    package let catchUpInterval: Double
    /// Render messages held back so far, for `/metrics`.
    package private(set) var coalescedCount = 0
    private var lagging: Set<ConnectionID> = []

    /// The server's thresholds by default: slow from 64 queued messages, looked at every 50 ms.
    package init(backlogLimit: Int = 64, catchUpInterval: Double = 0.05) {
        self.backlogLimit = backlogLimit
        self.catchUpInterval = catchUpInterval
    }

    /// Whether renders to `connection` are being held back.
    package func isLagging(_ connection: ConnectionID) -> Bool { lagging.contains(connection) }

    /// Decides about one render to `connection`, whose transport queue holds `queued` messages.
    package mutating func admit(renderTo connection: ConnectionID, queued: Int) -> Admission {
        if lagging.contains(connection) {
            coalescedCount += 1
            return .hold
        }
        guard queued >= backlogLimit else { return .send }
        lagging.insert(connection)
        coalescedCount += 1
        return .holdAndWatch
    }

    /// The catch-up timer of `connection` fired; its queue holds `queued` messages.
    package mutating func catchUp(_ connection: ConnectionID, queued: Int) -> CatchUp {
        guard lagging.contains(connection) else { return .nothing }
        guard queued < backlogLimit / 2 else { return .keepWaiting }
        lagging.remove(connection)
        return .sendFullRender
    }

    /// The connection is gone.
    package mutating func forget(_ connection: ConnectionID) {
        lagging.remove(connection)
    }
}
