/// Settings of a `TransportServer`. Every limit has a clear failure behaviour, listed per property.
public struct TransportConfiguration: Sendable {
    /// The certificate and key for `wss://` and `https://`; phones give motion sensors to secure pages only.
    public struct TLS: Sendable, Equatable {
        /// PEM certificate (chain) file.
        public var certificatePath: String
        /// PEM private key file; keep it readable by the server only.
        public var privateKeyPath: String
        /// A certificate and key pair, by path.
        public init(certificatePath: String, privateKeyPath: String) {
            self.certificatePath = certificatePath
            self.privateKeyPath = privateKeyPath
        }
    }

    /// Address to listen on. "0.0.0.0", "::" or "" listen on every interface.
    public var host: String
    /// TCP port; 0 lets the kernel pick a free one (read it back from `TransportServer.boundPort`).
    public var port: Int
    /// Directory of static files served over HTTP on the same port (nil: no static files, every path is 404).
    /// Paths never leave it: anything whose real path (symlinks resolved) is outside gets 404.
    public var webRoot: String?
    /// WebSocket subprotocol. Clients that offer it get it; clients that offer none are accepted too.
    public var subprotocol: String
    /// The only path that upgrades to WebSocket (others get 404).
    public var webSocketPath: String
    /// Serve HTTPS/WSS instead of HTTP/WS.
    public var tls: TLS?
    /// Largest text message accepted, in bytes (UTF-8). Past it the connection is closed with 1009.
    /// (UTF-8 is always validated: invalid text closes with 1007; binary messages close with 1003.)
    public var maxMessageBytes: Int
    /// Open WebSocket connections. Past it an upgrade is refused with HTTP 503.
    public var maxConnections: Int
    /// Messages per second per connection (token bucket, burst = one second's worth; 0 = unlimited).
    /// A message over the rate is dropped and the delegate gets `didRejectMessageFrom:reason: .rateLimited`;
    /// when more messages are dropped within one second than the rate itself, the connection is closed with 1008.
    public var maxMessagesPerSecond: Int
    /// Messages queued for one connection and not yet written. Past it the queue is dropped and the
    /// connection is closed with 1008 "outbound queue overflow".
    public var outboundQueueLimit: Int
    /// Bytes queued for one connection and not yet written: the memory its messages hold, payload and
    /// bookkeeping. Past it: close 1008 "outbound queue overflow". From `readPauseBytes` (a quarter of it by
    /// default), the server stops reading the connection (backpressure) until its queue drains, so a client
    /// that does not read cannot make it produce more.
    public var outboundQueueBytes: Int
    /// Bytes queued for all connections together, counted as `outboundQueueBytes` is. From half of it the
    /// server stops reading the connections holding more than their share of that half (backpressure:
    /// memory stays bounded however many clients fall behind, and the ones that keep up are still
    /// read), until the total is down to an eighth of it; past it the connection backlogged the longest is
    /// closed with 1008 "server outbound budget exceeded".
    public var outboundBudgetBytes: Int
    /// Bytes queued for one connection past which the server stops reading it, resuming once the queue is
    /// down to a quarter of it (`ReadPausing`: high and low water, so reading does not flap); 0 = a
    /// quarter of `outboundQueueBytes`. Keep it below `outboundQueueBytes`, which closes the connection.
    package var readPauseBytes: Int
    /// The high-water mark reading stops at: `readPauseBytes`, or a quarter of `outboundQueueBytes` when 0.
    var effectiveReadPauseBytes: Int { readPauseBytes > 0 ? readPauseBytes : outboundQueueBytes / 4 }
    /// Seconds without any frame from the client (messages, pongs) before it is closed with 1001 "idle timeout"
    /// (0 = never).
    public var idleTimeout: Double
    /// If > 0, a connection quiet for this many seconds is sent a WebSocket ping; clients that answer (every
    /// browser does) are then not idle. 0 = never ping, so idle means "sent nothing".
    public var keepAlivePingInterval: Double
    /// Allowed `Origin` header values (exact match, e.g. "https://example.com"). Empty = only the server's
    /// own origin (this listener's scheme and the request's `Host`); `["*"]` = every origin.
    /// A request with another Origin is refused with HTTP 403; a request without Origin (not a browser) is allowed.
    public var allowedOrigins: [String]
    /// `Host` names and addresses (without port) answered besides loopback ones (`localhost`,
    /// 127.0.0.0/8, `::1`); `["*"]` = every name. Any other `Host` gets HTTP 403 on upgrades, `/metrics`
    /// and static files alike, so a DNS-rebinding page cannot reach the server (`HostRule`).
    public var allowedHosts: [String]
    /// When set, every WebSocket upgrade must carry it (`/ws?token=…`) and `/metrics` too (`?token=` or
    /// `Authorization: Bearer`). A WebSocket without it is closed with 4401
    /// right after the upgrade (browsers cannot read a refused upgrade's status); `/metrics` gets 401.
    public var accessToken: String?
    /// How long a graceful stop waits for clients to acknowledge the 1001 close before dropping them.
    public var shutdownGracePeriod: Double
    /// Seconds a connection may stay unjoined (until the delegate calls `markJoined`) before it is
    /// closed with 4408 "join timeout". Independent of activity: pongs and other frames do not extend it,
    /// so a client that answers pings but never joins cannot hold a slot (0 = never).
    public var joinTimeout: Double
    /// Open connections not joined yet. Past it an upgrade is refused with HTTP 503, so half-open
    /// clients cannot take the `maxConnections` slots of real ones.
    public var maxUnjoinedConnections: Int

    /// A configuration; each default is the transport's built-in value, documented per property.
    public init(
        host: String = "0.0.0.0",
        port: Int = 8080,
        webRoot: String? = nil,
        subprotocol: String = "touchbridge.v1",
        webSocketPath: String = "/ws",
        tls: TLS? = nil,
        maxMessageBytes: Int = 64 * 1024,
        maxConnections: Int = 1000,
        maxMessagesPerSecond: Int = 400,
        outboundQueueLimit: Int = 1024,
        outboundQueueBytes: Int = 4 * 1024 * 1024,
        outboundBudgetBytes: Int = 32 * 1024 * 1024,
        idleTimeout: Double = 120,
        keepAlivePingInterval: Double = 0,
        allowedOrigins: [String] = [],
        allowedHosts: [String] = [],
        shutdownGracePeriod: Double = 1.5,
        joinTimeout: Double = 0,
        maxUnjoinedConnections: Int = .max,
        accessToken: String? = nil,
        readPauseBytes: Int = 0
    ) {
        self.host = host
        self.port = port
        self.webRoot = webRoot
        self.subprotocol = subprotocol
        self.webSocketPath = webSocketPath
        self.tls = tls
        self.maxMessageBytes = maxMessageBytes
        self.maxConnections = maxConnections
        self.maxMessagesPerSecond = maxMessagesPerSecond
        self.outboundQueueLimit = outboundQueueLimit
        self.outboundQueueBytes = outboundQueueBytes
        self.outboundBudgetBytes = outboundBudgetBytes
        self.idleTimeout = idleTimeout
        self.keepAlivePingInterval = keepAlivePingInterval
        self.allowedOrigins = allowedOrigins
        self.allowedHosts = allowedHosts
        self.shutdownGracePeriod = shutdownGracePeriod
        self.joinTimeout = joinTimeout
        self.maxUnjoinedConnections = maxUnjoinedConnections
        self.accessToken = accessToken
        self.readPauseBytes = readPauseBytes
    }
}

/// Why a transport could not start or connect; `description` says it for people.
package enum TransportError: Error, Equatable, CustomStringConvertible {
    /// lws could not create the context: port in use, bad address, unreadable certificate…
    case cannotListen(host: String, port: Int)
    /// `webRoot` is set but is not a readable directory.
    case webRootNotADirectory(String)
    /// `run()` was called a second time; a transport runs once.
    case alreadyRunning
    /// A client URL that `connect(to:)` cannot read as `ws://host:port/path` or `wss://…`.
    case invalidURL(String)
    /// libwebsockets refused to start the connection.
    case cannotConnect(String)
    /// More than one shard with TLS: the acceptor routes by the request line, which TLS hides.
    case tlsNeedsOneShard

    package var description: String {
        switch self {
        case .cannotListen(let host, let port): return "cannot listen on \(host):\(port) (in use, bad address or TLS files?)"
        case .webRootNotADirectory(let p): return "web root is not a directory: \(p)"
        case .alreadyRunning: return "run() was already called on this transport"
        case .invalidURL(let u): return "invalid WebSocket URL: \(u)"
        case .cannotConnect(let u): return "cannot start a connection to \(u)"
        case .tlsNeedsOneShard:
            return "TLS needs a single shard (the acceptor routes by the request line, which TLS hides): terminate TLS in a proxy such as nginx (config/nginx/) or serve with shards 1"
        }
    }
}
