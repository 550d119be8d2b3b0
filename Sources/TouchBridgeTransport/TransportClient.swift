import CLibWebSockets
import Logging
import Prometheus
import TouchBridgeProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Receives the events of a `TransportClient`, on its service thread (the thread inside `run()`).
package protocol TransportClientDelegate: AnyObject {
    /// The handshake completed; `info.subprotocol` is what the server agreed to.
    func client(_ client: TransportClient, didOpen id: ConnectionID, info: ConnectionInfo)
    /// One complete, UTF-8-valid text message from the server; `receiveTime` is `MonotonicClock.now()` at
    /// arrival.
    func client(_ client: TransportClient, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double)
    /// The connection ended, or never opened (then `code` is 1006 and `reason` says why).
    func client(_ client: TransportClient, didClose id: ConnectionID, code: UInt16, reason: String)
    /// A timer armed with `armTimer(for:token:after:)` fired: a client paces its own sends on the
    /// service thread this way, without a second thread.
    func client(_ client: TransportClient, timerFired token: UInt64, for id: ConnectionID)
}

extension TransportClientDelegate {
    /// Ignores timers, for delegates that arm none.
    package func client(_ client: TransportClient, timerFired token: UInt64, for id: ConnectionID) {}
}

/// Settings of a `TransportClient` (they apply to each of its connections).
package struct TransportClientConfiguration: Sendable {
    /// Largest text message accepted from a server, in bytes; past it the connection is closed with 1009.
    package var maxMessageBytes: Int
    /// Messages queued per connection; past it the connection is closed with 1008 "outbound queue overflow".
    package var outboundQueueLimit: Int
    /// Accept self-signed or otherwise unverifiable server certificates (tests and local benches only).
    package var allowInsecureTLS: Bool
    /// How long a stop waits for servers to acknowledge the 1001 close.
    package var shutdownGracePeriod: Double

    /// A configuration; the defaults suit scripted clients of a local server.
    package init(maxMessageBytes: Int = 16 * 1024 * 1024, outboundQueueLimit: Int = 1024,
                allowInsecureTLS: Bool = false, shutdownGracePeriod: Double = 1.5) {
        self.maxMessageBytes = maxMessageBytes
        self.outboundQueueLimit = outboundQueueLimit
        self.allowInsecureTLS = allowInsecureTLS
        self.shutdownGracePeriod = shutdownGracePeriod
    }
}

/// WebSocket client connections on libwebsockets, any number of them, serviced by one thread: the same
/// thread model as `TransportServer` (`run()` blocks; delegate callbacks and `send`/`close`/timers happen on
/// that thread; `requestStop` and `enqueueFromAnyThread` from any thread). `connect` may also be called before
/// `run()` starts, from the thread that will call it.
package final class TransportClient: @unchecked Sendable {
    /// The settings every connection of this client uses.
    package let configuration: TransportClientConfiguration
    /// Held weakly; keep your delegate alive while the client runs.
    package weak var delegate: (any TransportClientDelegate)?

    private let engine: WebSocketEngine
    private var nextID: ConnectionID = 1
    /// Connections started but not yet open.
    private var pending: [ConnectionID: ConnectionInfo] = [:]
    /// Set while `lws_client_connect_via_info` runs: a failure reported synchronously is returned by `connect`.
    private var connectingID: ConnectionID?
    private var synchronousFailure: String?

    /// Creates the libwebsockets context; throws when it cannot (e.g. TLS set-up fails).
    package init(configuration: TransportClientConfiguration = TransportClientConfiguration(),
                logger: Logger = Logger(label: "touchbridge.transport.client")) throws {
        self.configuration = configuration
        engine = WebSocketEngine(
            limits: EngineLimits(
                maxMessageBytes: configuration.maxMessageBytes, maxMessagesPerSecond: 0,
                outboundQueueLimit: configuration.outboundQueueLimit, idleTimeout: 0, keepAlivePingInterval: 0,
                shutdownGracePeriod: configuration.shutdownGracePeriod, shutdownReason: "client shutting down"),
            logger: logger, protocolName: "touchbridge-client", metrics: TransportMetrics(registry: PrometheusCollectorRegistry()),
            masksFrames: true)
        engine.host = self
        var info = lws_context_creation_info()
        info.port = CONTEXT_PORT_NO_LISTEN
        info.gid = -1
        info.uid = -1
        info.timeout_secs = 10
        info.connect_timeout_secs = 10
        info.options = UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT)
        guard engine.createContext(&info) else { throw TransportError.cannotConnect("(client context)") }
    }

    /// Starts a connection to `url` ("ws://host:port/path?query" or "wss://…"), offering `subprotocol`
    /// (nil: offer none). The outcome arrives as `didOpen` or `didClose`.
    package func connect(to url: String, subprotocol: String? = "touchbridge.v1",
                        origin: String? = nil) throws -> ConnectionID {
        engine.checkServiceThread("TransportClient", #function, allowBeforeRun: true)
        guard let target = WebSocketURL(url) else { throw TransportError.invalidURL(url) }
        guard let ctx = engine.context, !engine.stopping else { throw TransportError.cannotConnect("\(url): stopping") }
        let id = nextID
        nextID += 1
        // Owned by us for the duration of the call: lws copies every string into its own per-wsi stash.
        let strings = CStringArena()
        var ci = lws_client_connect_info()
        ci.context = ctx
        ci.address = strings.dup(target.host)
        ci.port = Int32(target.port)
        ci.path = strings.dup(target.pathAndQuery)
        ci.host = strings.dup(target.hostHeader)
        ci.origin = origin.map { strings.dup($0) }
        ci.protocol = subprotocol.map { strings.dup($0) }
        ci.local_protocol_name = engine.protocols[0].name  // bind to our protocol whatever the server agrees to
        ci.ietf_version_or_minus_one = -1
        if target.secure {
            var flags = LCCSCF_USE_SSL.rawValue
            if configuration.allowInsecureTLS {
                flags |= LCCSCF_ALLOW_SELFSIGNED.rawValue | LCCSCF_SKIP_SERVER_CERT_HOSTNAME_CHECK.rawValue
                    | LCCSCF_ALLOW_EXPIRED.rawValue
            }
            ci.ssl_connection = Int32(flags)
        }
        // lws stores this on the wsi before any callback, so even a synchronous failure can be matched to `id`.
        ci.opaque_user_data = UnsafeMutableRawPointer(bitPattern: UInt(id))
        let info = ConnectionInfo(remoteAddress: target.host, origin: origin, path: target.path, query: target.query,
                                  subprotocol: subprotocol)
        pending[id] = info
        connectingID = id
        synchronousFailure = nil
        let wsi = withExtendedLifetime(strings) { lws_client_connect_via_info(&ci) }
        connectingID = nil
        if wsi == nil || synchronousFailure != nil {
            pending[id] = nil
            throw TransportError.cannotConnect("\(url): \(synchronousFailure ?? "lws refused to start")")
        }
        return id
    }

    /// Services connections on the calling thread until `requestStop()`; every delegate call happens inside
    /// it.
    package func run() throws {
        try engine.run()
    }

    /// Asks `run()` to close every connection (1001, waiting at most `shutdownGracePeriod`) and return.
    /// Thread-safe and idempotent.
    package func requestStop() {
        engine.requestStop()
    }

    /// Runs `work` on the service thread soon; false when the client is not running. The only way another
    /// thread may touch connections.
    @discardableResult
    package func enqueueFromAnyThread(_ work: @escaping @Sendable (TransportClient) -> Void) -> Bool {
        engine.enqueue { [self] in work(self) }
    }

    /// Makes SIGINT and SIGTERM (or `signals`) call `requestStop()`; see `TransportServer.installSignalHandlers`.
    package func installSignalHandlers(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        SignalRelay.install(signals, for: self)
    }

    // MARK: service thread only

    /// Open WebSocket connections.
    package var openConnectionCount: Int {
        engine.checkServiceThread("TransportClient", #function)
        return engine.connections.count
    }

    /// Queues a text message; false if the connection is unknown or closing, or the queue overflowed
    /// (then it is being closed with 1008).
    @discardableResult
    package func send(_ text: String, to id: ConnectionID) -> Bool {
        engine.checkServiceThread("TransportClient", #function)
        return engine.send(text, to: id)
    }

    /// Closes after the messages already queued are written.
    package func close(_ id: ConnectionID, code: UInt16 = 1000, reason: String = "") {
        engine.checkServiceThread("TransportClient", #function)
        engine.close(id, code: code, reason: reason)
    }

    /// Calls `client(_:timerFired:for:)` after `seconds`; arming an armed token re-arms it. Timers die with
    /// their connection.
    package func armTimer(for id: ConnectionID, token: UInt64, after seconds: Double) {
        engine.checkServiceThread("TransportClient", #function)
        engine.armTimer(for: id, token: token, after: seconds)
    }

    /// Disarms a timer; unknown tokens are ignored.
    package func cancelTimer(for id: ConnectionID, token: UInt64) {
        engine.checkServiceThread("TransportClient", #function)
        engine.cancelTimer(for: id, token: token)
    }

    private static func connectionID(of wsi: OpaquePointer) -> ConnectionID? {
        lws_get_opaque_user_data(wsi).map { ConnectionID(UInt(bitPattern: $0)) }
    }
}

extension TransportClient: StopTarget {
    func signalReceived(_ signal: Int32) {
        requestStop()
    }
}

extension TransportClient: EngineHost {
    func engineIdentify(_ wsi: OpaquePointer) -> (ConnectionID, ConnectionInfo)? {
        guard let id = Self.connectionID(of: wsi), let info = pending.removeValue(forKey: id) else { return nil }
        return (id, info)
    }

    func engineOpened(_ conn: Connection) {
        delegate?.client(self, didOpen: conn.id, info: conn.info)
    }

    func engineReceived(_ text: String, from conn: Connection, at time: Double) {
        delegate?.client(self, didReceiveText: text, from: conn.id, at: time)
    }

    func engineRejected(_ conn: Connection, reason: RejectReason) {}

    func engineClosed(_ conn: Connection, code: UInt16, reason: String) {
        delegate?.client(self, didClose: conn.id, code: code, reason: reason)
    }

    func engineTimerFired(_ token: UInt64, for conn: Connection) {
        delegate?.client(self, timerFired: token, for: conn.id)
    }

    func engineOther(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                     _ input: UnsafeMutableRawPointer?, _ len: Int) -> Int32 {
        if reason == LWS_CALLBACK_CLIENT_FILTER_PRE_ESTABLISH, let id = Self.connectionID(of: wsi) {
            // The last moment the response headers are readable (they are gone by CLIENT_ESTABLISHED):
            // record the subprotocol the server agreed to.
            pending[id]?.subprotocol = requestHeader(wsi, WSI_TOKEN_PROTOCOL)
            return 0
        }
        if reason == LWS_CALLBACK_CLIENT_CONNECTION_ERROR, let id = Self.connectionID(of: wsi) {
            // `input` is lws's NUL-terminated error text, or NULL.
            let why = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "connection failed"
            if id == connectingID {
                synchronousFailure = why  // connect() throws it
            } else if pending.removeValue(forKey: id) != nil {
                engine.logger.notice("ws connect failed", metadata: ["conn": "\(id)", "error": "\(why)"])
                delegate?.client(self, didClose: id, code: 1006, reason: why)
            }
            return 0
        }
        return lws_callback_http_dummy(wsi, reason, user, input, len)
    }
}

/// A parsed ws:// or wss:// URL.
struct WebSocketURL: Equatable {
    var secure: Bool
    var host: String
    var port: Int
    var path: String
    var query: String?

    var pathAndQuery: String { query.map { path + "?" + $0 } ?? path }
    var hostHeader: String {
        let h = host.contains(":") ? "[\(host)]" : host
        return port == (secure ? 443 : 80) ? h : "\(h):\(port)"
    }

    init(secure: Bool, host: String, port: Int, path: String, query: String?) {
        (self.secure, self.host, self.port, self.path, self.query) = (secure, host, port, path, query)
    }

    init?(_ url: String) {
        let rest: Substring
        if url.hasPrefix("ws://") {
            secure = false
            rest = url.dropFirst(5)
        } else if url.hasPrefix("wss://") {
            secure = true
            rest = url.dropFirst(6)
        } else {
            return nil
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        var target = String(rest[authorityEnd...])
        if target.isEmpty || target.hasPrefix("?") { target = "/" + target }
        if let q = target.firstIndex(of: "?") {
            query = String(target[target.index(after: q)...])
            path = String(target[..<q])
        } else {
            query = nil
            path = target
        }
        var portText: Substring?
        if authority.hasPrefix("[") {  // [IPv6]:port
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = String(authority[authority.index(after: authority.startIndex)..<close])
            let after = authority[authority.index(after: close)...]
            if after.hasPrefix(":") { portText = after.dropFirst() } else if !after.isEmpty { return nil }
        } else if let colon = authority.lastIndex(of: ":") {
            host = String(authority[..<colon])
            portText = authority[authority.index(after: colon)...]
        } else {
            host = String(authority)
        }
        if let portText {
            guard let p = Int(portText), (1...65535).contains(p) else { return nil }
            port = p
        } else {
            port = secure ? 443 : 80
        }
        guard !host.isEmpty else { return nil }
    }
}
