import TouchBridgeProtocol

/// What is known about a connection when it opens.
public struct ConnectionInfo: Sendable, Equatable {
    /// Peer IP address.
    public var remoteAddress: String
    /// The `Origin` header, if the client sent one (browsers always do).
    public var origin: String?
    /// Request path without the query, e.g. "/ws".
    public var path: String
    /// The query string without "?", if any (e.g. "session=abc").
    public var query: String?
    /// The negotiated subprotocol, or nil when the client offered none.
    public var subprotocol: String?

    /// What the handshake revealed about a connection.
    public init(remoteAddress: String, origin: String?, path: String, query: String?, subprotocol: String?) {
        self.remoteAddress = remoteAddress
        self.origin = origin
        self.path = path
        self.query = query
        self.subprotocol = subprotocol
    }
}

/// Why a message was dropped without reaching `didReceiveText`.
public enum RejectReason: String, Sendable, Equatable, CaseIterable {
    /// Over `maxMessagesPerSecond`.
    case rateLimited = "rate_limited"
}

/// Receives the events of a `TransportServer`. Every method is called on the server's service thread
/// (the thread inside `run()`), one at a time, so an implementation can be a plain synchronous state machine
/// and may call `send`, `close`, `armTimer` and `cancelTimer` directly.
public protocol TransportDelegate: AnyObject {
    /// A WebSocket handshake completed (Origin and access token already checked); the connection is unjoined
    /// until `markJoined`.
    func transport(_ transport: TransportServer, didOpen id: ConnectionID, info: ConnectionInfo)
    /// One complete, UTF-8-valid text message. `receiveTime` is `MonotonicClock.now()` at arrival.
    func transport(_ transport: TransportServer, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double)
    /// A message was dropped (see `RejectReason`); the connection stays open unless the abuse is sustained.
    func transport(_ transport: TransportServer, didRejectMessageFrom id: ConnectionID, reason: RejectReason)
    /// The connection is gone; `code` is the close code that was sent or received (1006 if none was).
    /// Its timers are already cancelled and `send` to it does nothing.
    func transport(_ transport: TransportServer, didClose id: ConnectionID, code: UInt16, reason: String)
    /// A timer armed with `armTimer(for:token:after:)` is due.
    func transport(_ transport: TransportServer, timerFired token: UInt64, for id: ConnectionID)
    /// Backpressure stopped reading the connection: `queuedBytes` of output wait for it (its own queue
    /// past `readPauseBytes`, or all queues past half `outboundBudgetBytes` and its over its share).
    /// Called once per pause, after the callback whose `send` paused it; what it sends meanwhile is read
    /// once its output drains. The place to tell the client so, rather than leave it starved in silence.
    func transport(_ transport: TransportServer, didPauseReadingFrom id: ConnectionID, queuedBytes: Int)
    /// `/metrics` is about to be emitted from `transport.metricsRegistry`: set the gauges the
    /// delegate keeps there.
    func transportWillReportMetrics(_ transport: TransportServer)
}

extension TransportDelegate {
    public func transport(_ transport: TransportServer, didRejectMessageFrom id: ConnectionID, reason: RejectReason) {}
    public func transport(_ transport: TransportServer, timerFired token: UInt64, for id: ConnectionID) {}
    public func transportWillReportMetrics(_ transport: TransportServer) {}
    package func transport(_ transport: TransportServer, didPauseReadingFrom id: ConnectionID, queuedBytes: Int) {}
}
