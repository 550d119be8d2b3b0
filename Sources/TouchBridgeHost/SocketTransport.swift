import TouchBridgeProtocol
import TouchBridgeTransport

/// What `HubBridge` and its `TransportPort` ask of the socket transport, per connection: the
/// outbound queue, timers, closing, and the reading controls of the shell (holding a connection's
/// reading while it is over its engine share, marking it joined). `TransportServer` is one; a test
/// gives the bridge a recording fake instead, so the shell's per-message work runs without sockets.
/// Only `TransportPort` sends through it (`OneDoorOutTests`).
protocol SocketTransport: AnyObject {
    /// Queues `text` for `id`; with `superseding`, every queued message with that tag is dropped first.
    @discardableResult
    func send(_ text: String, to id: ConnectionID, tag: UInt8, superseding: UInt8?) -> Bool
    /// Messages queued for `id` and not yet written.
    func queuedMessageCount(for id: ConnectionID) -> Int
    /// Arms timer `token` of `id` to fire after `seconds`.
    func armTimer(for id: ConnectionID, token: UInt64, after seconds: Double)
    /// Disarms timer `token` of `id`.
    func cancelTimer(for id: ConnectionID, token: UInt64)
    /// Closes `id` with this close code and reason.
    func close(_ id: ConnectionID, code: UInt16, reason: String)
    /// Reads nothing more from `id` for `seconds`: what it sends meanwhile waits unread.
    func holdReading(from id: ConnectionID, for seconds: Double)
    /// `id` joined a session: it no longer counts against the unjoined connections' bounds.
    func markJoined(_ id: ConnectionID)
}

extension TransportServer: SocketTransport {}
