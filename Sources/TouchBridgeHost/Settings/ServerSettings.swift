import TouchBridgeServer

/// Every server setting with its built-in default. `ServerSettings.all` describes each one (its
/// names in the JSON file, the environment and on the command line, and what it does);
/// `SettingsSources` layers the sources over these defaults.
public struct ServerSettings: Equatable, Sendable {
    /// Address to listen on (`host`).
    public var host = "0.0.0.0"
    /// TCP port; 0 picks a free one (`port`).
    public var port = 8080
    /// Directory of the static page (`webRoot`).
    public var webRoot = "web"
    /// Declarative scenes added to the picker (`scenesDirectory`).
    public var scenesDirectory = "config/scenes"
    /// PEM certificate for https/wss, with `tlsPrivateKey` (`tlsCertificate`).
    public var tlsCertificate: String?
    /// The certificate's PEM private key (`tlsPrivateKey`).
    public var tlsPrivateKey: String?
    /// Largest WebSocket message, bytes (`maxMessageBytes`).
    public var maxMessageBytes = 262_144
    /// Open WebSocket connections (`maxConnections`).
    public var maxConnections = 1000
    /// Messages per second per connection; 0 = unlimited (`maxMessagesPerSecond`).
    public var maxMessagesPerSecond = 400
    /// Messages queued for one connection (`outboundQueueLimit`).
    public var outboundQueueLimit = 1024
    /// Bytes queued for one connection (`outboundQueueBytes`).
    public var outboundQueueBytes = 4_194_304
    /// Bytes queued for all connections together (`outboundBudgetBytes`).
    public var outboundBudgetBytes = 33_554_432
    /// Seconds without a frame before a client is closed; 0 = never (`idleTimeoutSeconds`).
    public var idleTimeoutSeconds = 300.0
    /// Seconds a new connection has to send `hello`; 0 = never (`joinTimeoutSeconds`).
    public var joinTimeoutSeconds = 5.0
    /// Connections that have not sent `hello` yet (`maxUnjoinedConnections`).
    public var maxUnjoinedConnections = 256
    /// WebSocket ping interval, seconds; 0 = off (`keepAlivePingSeconds`).
    public var keepAlivePingSeconds = 30.0
    /// Browser origins allowed to open WebSockets; empty = the server's own (`allowedOrigins`).
    public var allowedOrigins: [String] = []
    /// The token clients beyond loopback present; see `resolvedAccessToken(generate:)` (`accessToken`).
    public var accessToken: String?
    /// Serve without a token even beyond loopback (`noToken`).
    public var noToken = false
    /// Observers per session (`maxObserversPerSession`).
    public var maxObserversPerSession = 16
    /// Simultaneous touches per session (`maxTouches`).
    public var maxTouches = 10
    /// Pointer changes per `input` message (`maxPointersPerInput`).
    public var maxPointersPerInput = 32
    /// Each connection's share of the engine thread, seconds of work per second (`engineSecondsPerSecond`).
    public var engineSecondsPerSecond = 0.05
    /// The shared cap for connections beyond half their share (`busyEngineSecondsPerSecond`).
    public var busyEngineSecondsPerSecond = 0.2
    /// Whether clients may send inline scenes (`allowInlineScenes`).
    public var allowInlineScenes = true
    /// Largest inline scene, bytes (`maxInlineSceneBytes`).
    public var maxInlineSceneBytes = 131_072
    /// Bytes of recordings being uploaded or replayed that all connections hold together (`maxUploadBytesInFlight`).
    public var maxUploadBytesInFlight = 67_108_864
    /// The range `maxUploadBytesInFlight` is validated against: at least one whole recording (4 MiB),
    /// at most 4 GiB.
    public static let uploadBytesInFlightRange = 4_194_304...4_294_967_296
    /// `trace` … `critical` (`logLevel`).
    public var logLevel = "info"
    /// The shard name session ids start with (`shardName`).
    public var shardName = ""
    /// Service threads sessions are spread over; 0 = one per core (`shards`).
    public var shards = 1

    /// The built-in defaults.
    public init() {}

    /// Every setting, in the order `serve --help` and config/touchbridge.json list them.
    public static let all: [ServerSetting] = [
        .string("host", \.host, "Address to listen on; 0.0.0.0 listens on every interface so phones on the same network can connect.",
                placeholder: "ADDRESS"),
        .int("port", \.port, "TCP port; 0 picks a free one."),
        .string("webRoot", \.webRoot, "Directory of the static page.", placeholder: "PATH"),
        .string("scenesDirectory", \.scenesDirectory, "Declarative scenes (*.json) added to the scene picker; a missing directory adds none.",
                placeholder: "PATH"),
        .optionalString("tlsCertificate", \.tlsCertificate,
                        "HTTPS/WSS certificate (PEM), with tlsPrivateKey: phones need https for motion sensors (scripts/make-cert.sh)."),
        .optionalString("tlsPrivateKey", \.tlsPrivateKey, "The certificate's private key (PEM)."),
        .int("maxMessageBytes", \.maxMessageBytes, "Largest WebSocket message in bytes; larger ones close the connection with 1009."),
        .int("maxConnections", \.maxConnections, "Open WebSocket connections; more are refused with HTTP 503."),
        .int("maxMessagesPerSecond", \.maxMessagesPerSecond,
             "Per connection; each dropped message gets an error 'rate-limited', a sustained flood closes with 1008. 0 = unlimited."),
        .int("outboundQueueLimit", \.outboundQueueLimit, "Messages queued for one slow connection before it is closed with 1008."),
        .int("outboundQueueBytes", \.outboundQueueBytes,
             "Bytes (payload and bookkeeping) queued for one connection before it is closed with 1008; from a quarter of it the server stops reading that connection until it drains."),
        .int("outboundBudgetBytes", \.outboundBudgetBytes,
             "Bytes queued for all connections together; from half of it the server stops reading every connection whose output is still waiting, past it the one backlogged the longest is closed with 1008."),
        .double("idleTimeoutSeconds", \.idleTimeoutSeconds, "Seconds without any frame from a client before it is closed with 1001. 0 = never."),
        .double("joinTimeoutSeconds", \.joinTimeoutSeconds,
                "Seconds a new connection has to send hello before it is closed with 4408; pongs do not extend it. 0 = never."),
        .int("maxUnjoinedConnections", \.maxUnjoinedConnections, "Connections that have not sent hello yet; more upgrades are refused with HTTP 503."),
        .double("keepAlivePingSeconds", \.keepAlivePingSeconds, "WebSocket ping interval, keeping idle browsers connected. 0 = off."),
        .strings("allowedOrigins", \.allowedOrigins,
                 "Origins of browsers allowed to open WebSockets (exact match); empty allows only the server's own origin, [*] every origin. Scripts that send no Origin are allowed."),
        .optionalString("accessToken", \.accessToken,
                        "The token clients beyond loopback must present (?token=); unset, a random one is generated at start when listening beyond loopback.",
                        placeholder: "TOKEN", isSecret: true),
        .bool("noToken", \.noToken, "Serve without any access token even when listening beyond loopback (anyone on the network can open sessions)."),
        .int("maxObserversPerSession", \.maxObserversPerSession, "Observers per session; more get error 'limit'."),
        .int("maxTouches", \.maxTouches, "Simultaneous touches per session; more get error 'too-many-touches'."),
        .int("maxPointersPerInput", \.maxPointersPerInput, "Pointer changes per input message."),
        .double("engineSecondsPerSecond", \.engineSecondsPerSecond,
                "Each connection's share of the engine thread, in seconds of work per second (burst 2.5x); past it messages get 'rate-limited' with retryAfterMs. 0 = no limit.",
                placeholder: "SHARE"),
        .double("busyEngineSecondsPerSecond", \.busyEngineSecondsPerSecond,
                "What all connections working beyond half their share get together, in seconds of work per second. 0 = no shared cap.",
                placeholder: "SHARE"),
        .bool("allowInlineScenes", \.allowInlineScenes, "Whether clients may send inline declarative scenes."),
        .int("maxInlineSceneBytes", \.maxInlineSceneBytes, "Largest inline scene in bytes."),
        .int("maxUploadBytesInFlight", \.maxUploadBytesInFlight,
             "Bytes of recordings being uploaded (open-recording in parts) or replayed that all connections hold together, 4194304 (one whole recording) to 4294967296; a part or recording past it gets 'server-busy' and is not taken."),
        .string("logLevel", \.logLevel, "trace, debug, info, notice, warning, error or critical.", placeholder: "LEVEL"),
        .string("shardName", \.shardName,
                "This server's name among several behind one proxy: its session ids start with it and a dash (a-…), so the proxy routes observers (/ws?watch=ID) to the server running their session. Empty: ids without a prefix.",
                placeholder: "NAME"),
        .int("shards", \.shards,
             "Service threads (libwebsockets contexts) sessions are spread over, one acceptor routing observers to their session's; 0 = one per core. Limits on connections and queued bytes are split between them. More than 1 needs plain HTTP (terminate TLS in nginx, config/nginx/)."),
    ]


    /// The token in force: none with `noToken`; else the configured one; else a random one when the
    /// server listens beyond loopback (a LAN server is locked by default), none on loopback.
    public func resolvedAccessToken(generate: () -> String = { SessionID.random() }) -> String? {
        if noToken { return nil }
        if let accessToken { return accessToken }
        return Self.isLoopbackHost(host) ? nil : generate()
    }

    static func isLoopbackHost(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }

    /// Checks ranges and pairs; the message says which setting is wrong.
    public func validated() throws -> ServerSettings {
        guard (0...65535).contains(port) else { throw SettingsError("port \(port) is not 0…65535") }
        guard (tlsCertificate == nil) == (tlsPrivateKey == nil) else { throw SettingsError("tlsCertificate and tlsPrivateKey go together") }
        for (name, value) in [("maxMessageBytes", maxMessageBytes), ("maxConnections", maxConnections), ("maxUnjoinedConnections", maxUnjoinedConnections), ("outboundQueueLimit", outboundQueueLimit),
                              ("outboundQueueBytes", outboundQueueBytes), ("outboundBudgetBytes", outboundBudgetBytes),
                              ("maxObserversPerSession", maxObserversPerSession), ("maxTouches", maxTouches),
                              ("maxPointersPerInput", maxPointersPerInput), ("maxInlineSceneBytes", maxInlineSceneBytes)] where value < 1 {
            throw SettingsError("\(name) must be at least 1")
        }
        guard Self.uploadBytesInFlightRange.contains(maxUploadBytesInFlight) else {
            throw SettingsError("maxUploadBytesInFlight must be \(Self.uploadBytesInFlightRange.lowerBound) … \(Self.uploadBytesInFlightRange.upperBound); got \(maxUploadBytesInFlight)")
        }
        guard maxMessagesPerSecond >= 0, idleTimeoutSeconds >= 0, keepAlivePingSeconds >= 0, joinTimeoutSeconds >= 0, engineSecondsPerSecond >= 0, busyEngineSecondsPerSecond >= 0 else {
            throw SettingsError("rates and times cannot be negative")
        }
        if let accessToken, accessToken.count < 16 || !accessToken.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            throw SettingsError("accessToken must be at least 16 letters, digits, - or _ (it goes into URLs); got \(accessToken.count) characters")
        }
        guard (0...Self.maxShards).contains(shards) else { throw SettingsError("shards must be 0 (one per core) … \(Self.maxShards); got \(shards)") }
        if shardCount > 1, tlsCertificate != nil {
            throw SettingsError("shards > 1 needs plain HTTP: the acceptor routes observers by their request line, which TLS hides. Terminate TLS in nginx (config/nginx/, docs/performance.md) or serve with shards 1")
        }
        guard shardName.count <= 16, shardName.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }) else {
            throw SettingsError("shardName must be at most 16 lowercase letters or digits (it starts every session id); got \"\(shardName)\"")
        }
        guard ["trace", "debug", "info", "notice", "warning", "error", "critical"].contains(logLevel) else {
            throw SettingsError("logLevel \(logLevel) is not one of trace, debug, info, notice, warning, error, critical")
        }
        return self
    }
}

/// A bad setting, with a message that names it.
public struct SettingsError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
