import TouchBridgeProtocol

/// The timers an `EffectExecutor` keeps per connection; each is armed at most once at a time.
package enum ConnectionTimer: Hashable, Sendable, CaseIterable {
    /// The session's next engine deadline (`SessionEffect.armTimer`, `.cancelTimer`).
    case engine
    /// A slow connection's next look at its queue (`RenderCoalescer`).
    case renderCatchUp
}

/// How a message travels through a transport's outbound queue.
package enum Outbound: Equatable, Sendable {
    /// Always delivered, in order.
    case message
    /// A render diff.
    case renderDiff
    /// A full render. It replaces the whole render state, so it supersedes every render still
    /// queued for the connection (they are dropped): at most one full render is ever pending.
    case fullRender
    /// A stepping `step`: it supersedes every `step` still queued for the connection.
    case step

    /// Whether a message of this kind drops a queued message of kind `queued` (a full render every
    /// render, a step every step); nothing else is ever dropped.
    package func supersedes(_ queued: Outbound) -> Bool {
        switch (self, queued) {
        case (.fullRender, .renderDiff), (.fullRender, .fullRender), (.step, .step): true
        default: false
        }
    }
}

/// What an `EffectExecutor` needs from a transport: a clock, an outbound queue per connection,
/// timers and closing. The socket transport (`TouchBridgeHost`) and `VirtualTransport` (replay,
/// tests, fuzzing) implement it; neither decides anything, they only carry effects out.
package protocol ConnectionPort {
    /// Server monotonic time in seconds: the clock of `SessionInput.text`'s `receivedAt` and of
    /// `SessionEffect.armTimer`.
    var now: Double { get }
    /// Queues one message for `connection` (nothing happens if it is gone).
    func send(_ text: String, to connection: ConnectionID, as kind: Outbound)
    /// Messages queued for `connection` and not yet written to its socket.
    func queuedMessageCount(for connection: ConnectionID) -> Int
    /// Arms (or re-arms) `timer` of `connection` for server time `time`; a past time fires at once.
    func arm(_ timer: ConnectionTimer, for connection: ConnectionID, at time: Double)
    /// Disarms `timer` of `connection` (nothing happens if it is not armed).
    func cancel(_ timer: ConnectionTimer, for connection: ConnectionID)
    /// Closes `connection` with this WebSocket close code and reason.
    func close(_ connection: ConnectionID, code: UInt16, reason: String)
    /// `connection` fell behind: its renders are coalesced until it catches up (for the logs).
    func renderCoalescingStarted(for connection: ConnectionID)
}
