import CLibWebSockets
import Logging
import Prometheus
import TouchBridgeProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A WebSocket + static-file server on libwebsockets, serviced by one thread.
///
/// Threading: `run()` services the lws loop on the calling thread (the *service thread*) until a stop.
/// Every delegate callback happens on that thread. `requestStop()`, `enqueueFromAnyThread(_:)` and
/// `installSignalHandlers()` may be called from any thread. Everything else (`send`, `close`, `armTimer`,
/// `cancelTimer`, `openConnectionCount`, `connectionInfo`) must be called on the service thread, i.e. inside a
/// delegate callback or inside work given to `enqueueFromAnyThread`; this is checked at run time.
public final class TransportServer: @unchecked Sendable {
    /// The settings the server runs with; fixed once created.
    public let configuration: TransportConfiguration
    /// Held weakly; keep your delegate alive while the server runs.
    public weak var delegate: (any TransportDelegate)?
    /// The port actually listened on (useful with `port: 0`). Valid as soon as `init` returns.
    public private(set) var boundPort: Int = 0

    let engine: WebSocketEngine
    private let staticFiles: StaticFiles?
    private let access: AccessControl
    private let hostRule: HostRule
    private var nextID: ConnectionID = 1
    var logger: Logger { engine.logger }

    /// The registry `/metrics` emits: the transport's own metrics, and any the server adds.
    public let metricsRegistry: PrometheusCollectorRegistry
    /// Open WebSocket connections and hand-offs not yet opened, readable from any thread: what a
    /// sharded server's acceptor balances by.
    let loadFromAnyThread = Locked(ShardLoad())
    /// Set by a sharded server: brings the other shards' gauges up to date before this one emits
    /// `/metrics` (nil: this transport is the whole server).
    var refreshOtherShardsMetrics: (() -> Void)?

    /// Binds the listening socket (so `boundPort` is known) but serves nothing until `run()`.
    /// `metricsRegistry` is where the transport registers its metrics; pass the server's own to have
    /// `/metrics` show both.
    public convenience init(configuration: TransportConfiguration,
                            logger: Logger = Logger(label: "touchbridge.transport"),
                            metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) throws {
        try self.init(configuration: configuration, logger: logger, metricsRegistry: metricsRegistry, listening: true, metricsLabels: [])
    }

    /// A transport that listens itself, or (`listening` false: one shard of a `ShardedTransportServer`)
    /// serves only the sockets handed to it with `adoptFromAnyThread(_:)`. `metricsLabels` go on
    /// its gauges, which would otherwise collide with the other shards' in the shared registry.
    init(configuration: TransportConfiguration, logger: Logger, metricsRegistry: PrometheusCollectorRegistry,
         listening: Bool, metricsLabels: [(String, String)]) throws {
        self.metricsRegistry = metricsRegistry
        self.configuration = configuration
        self.staticFiles = try configuration.webRoot.map { try StaticFiles(root: $0) }
        access = AccessControl(token: configuration.accessToken, allowedOrigins: configuration.allowedOrigins,
                               tls: configuration.tls != nil)
        hostRule = HostRule(allowed: configuration.allowedHosts)
        engine = WebSocketEngine(
            limits: EngineLimits(
                maxMessageBytes: configuration.maxMessageBytes,
                maxMessagesPerSecond: configuration.maxMessagesPerSecond,
                outboundQueueLimit: configuration.outboundQueueLimit,
                outboundQueueBytes: configuration.outboundQueueBytes,
                outboundBudgetBytes: configuration.outboundBudgetBytes,
                readPausing: ReadPausing(connectionHighWater: configuration.effectiveReadPauseBytes,
                                         serverHighWater: configuration.outboundBudgetBytes / 2),
                idleTimeout: configuration.idleTimeout,
                keepAlivePingInterval: configuration.keepAlivePingInterval,
                shutdownGracePeriod: configuration.shutdownGracePeriod,
                joinTimeout: configuration.joinTimeout,
                shutdownReason: "server shutting down"),
            logger: logger, protocolName: configuration.subprotocol,
            metrics: TransportMetrics(registry: metricsRegistry, gaugeLabels: metricsLabels))
        engine.host = self

        let strings = engine.cStrings  // lws keeps these pointers for the context's lifetime
        var info = lws_context_creation_info()
        info.port = listening ? Int32(configuration.port) : CONTEXT_PORT_NO_LISTEN_SERVER
        let anyHost = ["", "0.0.0.0", "::", "*"].contains(configuration.host)
        info.iface = anyHost ? nil : strings.dup(configuration.host)
        info.vhost_name = strings.dup("default")
        info.server_string = strings.dup("touchbridge")
        info.gid = -1
        info.uid = -1
        info.timeout_secs = 10
        info.keepalive_timeout = 5
        info.options = UInt64(LWS_SERVER_OPTION_FAIL_UPON_UNABLE_TO_BIND)
        if let tls = configuration.tls {
            info.options |= UInt64(LWS_SERVER_OPTION_DO_SSL_GLOBAL_INIT)
            info.ssl_cert_filepath = strings.dup(tls.certificatePath)
            info.ssl_private_key_filepath = strings.dup(tls.privateKeyPath)
            // Offer only HTTP/1.1: this server's responses are HTTP/1 (`writeResponse`), and lws's
            // default ALPN list offers h2 too, which browsers pick and then fail on
            // (net::ERR_HTTP2_COMPRESSION_ERROR). WebSockets over TLS are HTTP/1.1 upgrades anyway.
            info.alpn = strings.dup("http/1.1")
        }
        guard engine.createContext(&info), let ctx = engine.context else {
            throw TransportError.cannotListen(host: configuration.host, port: configuration.port)
        }
        boundPort = listening ? Int(lws_get_vhost_listen_port(lws_get_vhost_by_name(ctx, "default"))) : 0
    }

    // MARK: any thread

    /// Services connections on the calling thread until `requestStop()` (or a signal, see
    /// `installSignalHandlers()`). A stop refuses new upgrades, sends close 1001 to every client, waits up to
    /// `shutdownGracePeriod` for them, then releases everything and returns.
    public func run() throws {
        logger.info("transport listening", metadata: [
            "host": "\(configuration.host)", "port": "\(boundPort == 0 ? "shared" : "\(boundPort)")", "tls": "\(configuration.tls != nil)",
            "webRoot": "\(staticFiles?.root ?? "-")",
        ])
        try engine.run()
        logger.info("transport stopped")
    }

    /// Asks `run()` to stop gracefully. Thread-safe and idempotent.
    public func requestStop() {
        engine.requestStop()
    }

    /// Runs `work` on the service thread soon (from any thread): the way results computed elsewhere come back
    /// to `send`. Returns false (and drops `work`) once the server has stopped.
    @discardableResult
    public func enqueueFromAnyThread(_ work: @escaping @Sendable (TransportServer) -> Void) -> Bool {
        engine.enqueue { [self] in work(self) }
    }

    /// Makes SIGINT and SIGTERM (or `signals`) call `requestStop()`, for the whole process. Any time, any thread:
    /// a process-wide handler relays the signal through a pipe to a watcher thread, so it does not matter which
    /// thread the kernel picks or which threads already exist.
    public func installSignalHandlers(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        SignalRelay.install(signals, for: self)
    }

    // MARK: service thread only

    /// Open WebSocket connections.
    public var openConnectionCount: Int {
        engine.checkServiceThread("TransportServer", #function)
        return engine.connections.count
    }

    /// What the handshake revealed about `id`; nil once it has closed.
    public func connectionInfo(_ id: ConnectionID) -> ConnectionInfo? {
        engine.checkServiceThread("TransportServer", #function)
        return engine.connections[id]?.info
    }

    /// Queues a text message. Returns false if the connection is unknown or closing, or if the queue
    /// overflowed (then the connection is being closed with 1008 "outbound queue overflow").
    ///
    /// `tag` labels the message's kind (0: none). With `superseding`, every message with that tag still
    /// queued for `id` is dropped first: a message that carries a whole state (a full render) makes older
    /// queued states pointless, so at most one stays pending however often it is asked for.
    @discardableResult
    public func send(_ text: String, to id: ConnectionID, tag: UInt8 = 0, superseding: UInt8? = nil) -> Bool {
        engine.checkServiceThread("TransportServer", #function)
        return engine.send(text, to: id, tag: tag, superseding: superseding)
    }

    /// Payload bytes queued for `id` and not yet written (0 for an unknown connection).
    public func queuedBytes(for id: ConnectionID) -> Int {
        engine.checkServiceThread("TransportServer", #function)
        return engine.queuedBytes(for: id)
    }

    /// Messages queued for `id` and not yet written (0 for an unknown connection): a consumer that
    /// cannot keep up shows here first.
    public func queuedMessageCount(for id: ConnectionID) -> Int {
        engine.checkServiceThread("TransportServer", #function)
        return engine.queuedMessageCount(for: id)
    }

    /// Stops reading from the connection for `seconds` — for a peer that has used its share of the
    /// server: what it sends next waits in its own socket buffers instead of costing this thread
    /// a receive and a refusal each, and is delivered, not dropped, once the time is up.
    public func holdReading(from id: ConnectionID, for seconds: Double) {
        engine.checkServiceThread("TransportServer", #function)
        engine.holdReading(id, for: seconds)
    }

    /// The connection joined (said hello): from now on `joinTimeout` and `maxUnjoinedConnections`
    /// no longer count it. Idempotent.
    public func markJoined(_ id: ConnectionID) {
        engine.checkServiceThread("TransportServer", #function)
        engine.markJoined(id)
    }

    /// Closes after the messages already queued are written. The connection's timers are cancelled now.
    public func close(_ id: ConnectionID, code: UInt16 = 1000, reason: String = "") {
        engine.checkServiceThread("TransportServer", #function)
        engine.close(id, code: code, reason: reason)
    }

    /// Calls `transport(_:timerFired:for:)` after `seconds`. Arming a token that is armed re-arms it.
    /// Timers die with their connection.
    public func armTimer(for id: ConnectionID, token: UInt64, after seconds: Double) {
        engine.checkServiceThread("TransportServer", #function)
        engine.armTimer(for: id, token: token, after: seconds)
    }

    /// Disarms a timer; unknown tokens are ignored.
    public func cancelTimer(for id: ConnectionID, token: UInt64) {
        engine.checkServiceThread("TransportServer", #function)
        engine.cancelTimer(for: id, token: token)
    }

    // MARK: HTTP and upgrades (service thread)

    private func confirmUpgrade(_ wsi: OpaquePointer) -> Int32 {
        let path = requestHeader(wsi, WSI_TOKEN_GET_URI) ?? ""
        let origin = requestHeader(wsi, WSI_TOKEN_ORIGIN)
        func refuse(_ status: UInt32, _ why: String, _ text: String) -> Int32 {
            engine.metrics.upgradeRefused(why)
            logger.notice("ws upgrade refused", metadata: [
                "reason": "\(why)", "status": "\(status)", "peer": "\(peerAddress(wsi))",
                "path": "\(path)", "origin": "\(origin ?? "-")",
            ])
            _ = writeResponse(wsi, status: status, contentType: "text/plain; charset=utf-8", body: text + "\n",
                              closeAfter: true)
            // Hang up (-1) rather than return >0 to keep the HTTP connection: the >0 path is the one
            // CVE-2025-11677 (use-after-free in lws_handshake_server) is about.
            return -1
        }
        if path != configuration.webSocketPath { return refuse(404, "path", "no WebSocket endpoint here") }
        if engine.stopping { return refuse(503, "stopping", "server is shutting down") }
        if !hostRule.allows(requestHeader(wsi, WSI_TOKEN_HOST)) { return refuse(403, "host", "host not allowed") }
        if !access.allows(origin: origin, host: requestHeader(wsi, WSI_TOKEN_HOST)) {
            return refuse(403, "origin", "origin not allowed")
        }
        if engine.connections.count >= configuration.maxConnections {
            return refuse(503, "capacity", "too many connections")
        }
        if engine.unjoinedCount >= configuration.maxUnjoinedConnections {
            return refuse(503, "unjoined", "too many connections waiting to join")
        }
        return 0
    }

    private func http(_ wsi: OpaquePointer, _ uri: UnsafeRawBufferPointer?) -> Int32 {
        // lws hands over the path already percent-decoded, with "." and ".." segments collapsed and the
        // query removed. StaticFiles re-checks everything anyway.
        let path = uri.map { String(decoding: $0, as: UTF8.self) } ?? "/"
        // HEAD is answered like GET without the body (RFC 9110 §9.3.2); every other method gets 405.
        let head = lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0
        guard head || lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 else {
            _ = writeResponse(wsi, status: 405, contentType: "text/plain; charset=utf-8",
                              body: "method not allowed (GET and HEAD only)\n", closeAfter: true,
                              extraHeaders: [("allow:", "GET, HEAD")])
            return -1
        }
        func respond(_ status: UInt32, _ contentType: String, _ body: String) -> Int32 {
            completeResponse(wsi, status: status, contentType: contentType, body: body, head: head)
        }
        // Health checks say nothing but "ok", so probes may use any name; everything else answers only
        // to names this server goes by (DNS rebinding, `HostRule`).
        if path != "/healthz", !hostRule.allows(requestHeader(wsi, WSI_TOKEN_HOST)) {
            _ = writeResponse(wsi, status: 403, contentType: "text/plain; charset=utf-8", body: head ? "" : "host not allowed\n",
                              closeAfter: true, contentLength: "host not allowed\n".utf8.count)
            return -1
        }
        switch path {
        case "/healthz":
            return respond(200, "text/plain; charset=utf-8", "ok")
        case "/metrics":
            let presented = AccessControl.queryValue("token", in: requestQuery(wsi))
                ?? AccessControl.bearer(requestHeader(wsi, WSI_TOKEN_HTTP_AUTHORIZATION))
            guard access.admits(token: presented) else {
                _ = writeResponse(wsi, status: 401, contentType: "text/plain; charset=utf-8",
                                  body: head ? "" : "access token missing or wrong\n", closeAfter: true,
                                  contentLength: "access token missing or wrong\n".utf8.count,
                                  extraHeaders: [("www-authenticate:", "Bearer")])
                return -1
            }
            refreshMetrics()
            refreshOtherShardsMetrics?()
            let text = metricsRegistry.emitToString()
            return respond(200, "text/plain; version=0.0.4; charset=utf-8", text)
        case configuration.webSocketPath:
            return respond(426, "text/plain; charset=utf-8", "WebSocket upgrade required\n")
        default:
            guard let file = staticFiles?.resolve(path) else {
                return respond(404, "text/plain; charset=utf-8", "not found\n")
            }
            if head {
                let size = StaticFiles.size(of: file) ?? 0
                guard writeResponse(wsi, status: 200, contentType: StaticFiles.mimeType(for: file), body: "",
                                    closeAfter: false, contentLength: size) else { return -1 }
                return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
            }
            engine.metrics.httpResponse(200)
            let extraHeaders = Self.documentHeaders.map { "\($0.0) \($0.1)\r\n" }.joined()
            // lws opens the file and writes the headers during the call; it keeps none of these pointers.
            let n = file.withCString { f in
                StaticFiles.mimeType(for: file).withCString { m in
                    extraHeaders.withCString { h in lws_serve_http_file(wsi, f, m, h, Int32(strlen(h))) }
                }
            }
            if n < 0 || (n > 0 && lws_http_transaction_completed(wsi) != 0) { return -1 }
            return 0
        }
    }

    /// Headers on every static file and every response of ours: the page runs only its own code
    /// (`Content-Security-Policy` 'self'), may not be framed by another site (clickjacking), and
    /// sends no Referer — its URL may carry the access token.
    static let documentHeaders: [(String, String)] = [
        ("content-security-policy:", "default-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"),
        ("referrer-policy:", "no-referrer"),
        ("x-frame-options:", "DENY"),
        ("x-content-type-options:", "nosniff"),
    ]

    /// Writes a whole small response (headers only for HEAD), then ends the HTTP transaction
    /// (keep-alive permitting).
    private func completeResponse(_ wsi: OpaquePointer, status: UInt32, contentType: String, body: String,
                                  head: Bool = false) -> Int32 {
        guard writeResponse(wsi, status: status, contentType: contentType, body: head ? "" : body, closeAfter: false,
                            contentLength: body.utf8.count) else {
            return -1
        }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    /// Status line, headers and body in one lws_write (HTTP/1 only, which is all this server speaks).
    /// `contentLength` differs from the body's only for HEAD (the length a GET would have).
    private func writeResponse(_ wsi: OpaquePointer, status: UInt32, contentType: String, body: String,
                               closeAfter: Bool, contentLength: Int? = nil,
                               extraHeaders: [(String, String)] = []) -> Bool {
        engine.metrics.httpResponse(Int(status))
        let bodyBytes = Array(body.utf8)
        let headerRoom = 2048
        var buffer = [UInt8](repeating: 0, count: lwsPre + headerRoom + bodyBytes.count)
        return buffer.withUnsafeMutableBufferPointer { b -> Bool in
            // The buffer is ours for the duration of the call; lws_write copies what it cannot send at once.
            let start = b.baseAddress! + lwsPre
            let end = start + headerRoom
            var p: UnsafeMutablePointer<UInt8>? = start
            func add(_ token: lws_token_indexes, _ value: String) -> Bool {
                var v = Array(value.utf8)
                return lws_add_http_header_by_token(wsi, token, &v, Int32(v.count), &p, end) == 0
            }
            func add(_ name: String, _ value: String) -> Bool {
                var n = Array((name + "\0").utf8)
                var v = Array(value.utf8)
                return lws_add_http_header_by_name(wsi, &n, &v, Int32(v.count), &p, end) == 0
            }
            guard lws_add_http_header_status(wsi, status, &p, end) == 0,
                  add(WSI_TOKEN_HTTP_CONTENT_TYPE, contentType),
                  add(WSI_TOKEN_HTTP_CONTENT_LENGTH, String(contentLength ?? bodyBytes.count)),
                  add("cache-control:", "no-store"),
                  (Self.documentHeaders + extraHeaders).allSatisfy({ add($0.0, $0.1) }),
                  !closeAfter || add(WSI_TOKEN_CONNECTION, "close"),
                  lws_finalize_http_header(wsi, &p, end) == 0,
                  let bodyStart = p else { return false }
            bodyStart.update(from: bodyBytes, count: bodyBytes.count)
            let total = (bodyStart - start) + bodyBytes.count
            return lws_write(wsi, start, total, LWS_WRITE_HTTP) == Int32(total)
        }
    }
}

extension TransportServer: StopTarget {
    func signalReceived(_ signal: Int32) {
        logger.notice("signal received, stopping", metadata: ["signal": "\(signal)"])
        requestStop()
    }
}

extension TransportServer: EngineHost {
    func engineIdentify(_ wsi: OpaquePointer) -> (ConnectionID, ConnectionInfo)? {
        let offered = lws_hdr_total_length(wsi, WSI_TOKEN_PROTOCOL) > 0
        let info = ConnectionInfo(
            remoteAddress: peerAddress(wsi),
            origin: requestHeader(wsi, WSI_TOKEN_ORIGIN),
            path: requestHeader(wsi, WSI_TOKEN_GET_URI) ?? "",
            query: requestQuery(wsi),
            subprotocol: offered ? configuration.subprotocol : nil)
        defer { nextID += 1 }
        return (nextID, info)
    }

    func engineOpened(_ conn: Connection) {
        loadFromAnyThread.withLock { $0.opened() }
        let info = conn.info
        let presented = AccessControl.queryValue("token", in: info.query)
        guard access.admits(token: presented) else {
            // Never reaches the delegate: no session, no message read.
            conn.refused = true
            engine.metrics.upgradeRefused("token")
            logger.notice("ws refused: access token missing or wrong", metadata: [
                "conn": "\(conn.id)", "peer": "\(info.remoteAddress)", "origin": "\(info.origin ?? "-")",
            ])
            engine.close(conn.id, code: unauthorizedCloseCode,
                         reason: "access token missing or wrong: open the URL the server printed")
            return
        }
        logger.info("ws open", metadata: [
            "conn": "\(conn.id)", "peer": "\(info.remoteAddress)", "origin": "\(info.origin ?? "-")",
            "path": "\(info.path)", "subprotocol": "\(info.subprotocol ?? "-")",
        ])
        delegate?.transport(self, didOpen: conn.id, info: info)
    }

    func engineReceived(_ text: String, from conn: Connection, at time: Double) {
        guard !conn.refused else { return }
        delegate?.transport(self, didReceiveText: text, from: conn.id, at: time)
    }

    func engineRejected(_ conn: Connection, reason: RejectReason) {
        delegate?.transport(self, didRejectMessageFrom: conn.id, reason: reason)
    }

    func engineClosed(_ conn: Connection, code: UInt16, reason: String) {
        loadFromAnyThread.withLock { $0.closed() }
        logger.info("ws close", metadata: [
            "conn": "\(conn.id)", "code": "\(code)", "reason": "\(reason)",
            "seconds": "\((MonotonicClock.now() - conn.openedAt).rounded(toPlaces: 3))",
        ])
        guard !conn.refused else { return }
        delegate?.transport(self, didClose: conn.id, code: code, reason: reason)
    }

    func engineTimerFired(_ token: UInt64, for conn: Connection) {
        delegate?.transport(self, timerFired: token, for: conn.id)
    }

    func engineReadPaused(_ conn: Connection) {
        guard !conn.refused else { return }
        delegate?.transport(self, didPauseReadingFrom: conn.id, queuedBytes: conn.outbound.bytes)
    }

    func engineOther(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                     _ input: UnsafeMutableRawPointer?, _ len: Int) -> Int32 {
        switch reason {
        case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE:
            return confirmUpgrade(wsi)
        case LWS_CALLBACK_HTTP:
            return http(wsi, input.map { UnsafeRawBufferPointer(start: $0, count: len) })
        default:
            return lws_callback_http_dummy(wsi, reason, user, input, len)
        }
    }
}

extension Double {
    func rounded(toPlaces places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }
}
