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
    /// Bytes queued for one connection past which it is not read; 0 = a quarter of `outboundQueueBytes` (`readPauseBytes`).
    package var readPauseBytes = 0
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
    /// `Host` names answered besides loopback ones and the addresses the server listens on (`allowedHosts`).
    public var allowedHosts: [String] = []
    /// The address phones are given instead of this machine's own (`advertisedHost`).
    public var advertisedHost: String?
    /// Whether every device may list and open the record directory's files, not only its own (`shareRecordings`).
    public var shareRecordings = false
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
    /// `trace` … `critical` (`logLevel`).
    public var logLevel = "info"
    /// The shard name session ids start with (`shardName`).
    public var shardName = ""
    /// Service threads sessions are spread over; 0 = one per core (`shards`).
    public var shards = 1
    /// Bytes `--record` writes for one session before it stops recording it (`maxRecordingBytesPerSession`).
    public var maxRecordingBytesPerSession = 64 * Self.mebibyte
    /// Bytes `--record` writes in all, for every session together, before it stops (`maxRecordingBytes`).
    public var maxRecordingBytes = Self.gibibyte

    /// The built-in defaults.
    public init() {}

    /// Every setting, in the order `serve --help` and config/touchbridge.json list them.
    public static let all: [ServerSetting] = [
        .string("host", \.host, "Address to listen on; 0.0.0.0 listens on every interface so phones on the same network can connect.",
                placeholder: "ADDRESS"),
        .int("port", \.port, "TCP port; 0 picks a free one.", range: SettingRange(0...65535)),
        .string("webRoot", \.webRoot, "Directory of the static page.", placeholder: "PATH"),
        .string("scenesDirectory", \.scenesDirectory, "Declarative scenes (*.json) added to the scene picker; a missing directory adds none.",
                placeholder: "PATH"),
        .optionalString("tlsCertificate", \.tlsCertificate,
                        "HTTPS/WSS certificate (PEM), with tlsPrivateKey: phones need https for motion sensors (scripts/make-cert.sh)."),
        .optionalString("tlsPrivateKey", \.tlsPrivateKey, "The certificate's private key (PEM)."),
        .int("maxMessageBytes", \.maxMessageBytes, "Largest WebSocket message in bytes; larger ones close the connection with 1009.", range: .integers(1024...16 * mebibyte)),
        .int("maxConnections", \.maxConnections, "Open WebSocket connections; more are refused with HTTP 503.", range: .integers(1...100_000)),
        .int("maxMessagesPerSecond", \.maxMessagesPerSecond,
             "Per connection; each dropped message gets an error 'rate-limited', a sustained flood closes with 1008. 0 = unlimited.",
             range: .integers(1...100_000, orZero: true)),
        .int("outboundQueueLimit", \.outboundQueueLimit, "Messages queued for one slow connection before it is closed with 1008.", range: .integers(1...1_000_000)),
        .int("outboundQueueBytes", \.outboundQueueBytes,
             "Bytes (payload and bookkeeping) queued for one connection before it is closed with 1008; from readPauseBytes the server stops reading that connection until it drains.",
             range: .integers(1024...gibibyte)),
        .int("outboundBudgetBytes", \.outboundBudgetBytes,
             "Bytes queued for all connections together; from half of it the server stops reading the connections holding more than their share of that half until the total is down to an eighth, past it the one backlogged the longest is closed with 1008.",
             range: .integers(1024...64 * gibibyte)),
        .int("readPauseBytes", \.readPauseBytes,
             "Bytes queued for one connection past which the server stops reading it (backpressure; the client gets error 'overloaded' once) until its queue is down to a quarter of it; below outboundQueueBytes. 0 = a quarter of outboundQueueBytes.",
             range: .integers(1024...gibibyte, orZero: true)),
        .double("idleTimeoutSeconds", \.idleTimeoutSeconds, "Seconds without any frame from a client before it is closed with 1001. 0 = never.",
                range: SettingRange(1...604_800, orZero: true)),
        .double("joinTimeoutSeconds", \.joinTimeoutSeconds,
                "Seconds a new connection has to send hello before it is closed with 4408; pongs do not extend it. 0 = never.",
                range: SettingRange(0.1...3600, orZero: true)),
        .int("maxUnjoinedConnections", \.maxUnjoinedConnections, "Connections that have not sent hello yet; more upgrades are refused with HTTP 503.",
             range: .integers(1...100_000)),
        .double("keepAlivePingSeconds", \.keepAlivePingSeconds, "WebSocket ping interval, keeping idle browsers connected. 0 = off.", range: SettingRange(0.1...86_400, orZero: true)),
        .strings("allowedOrigins", \.allowedOrigins,
                 "Origins of browsers allowed to open WebSockets (exact match); empty allows only the server's own origin, [*] every origin. Scripts that send no Origin are allowed."),
        .strings("allowedHosts", \.allowedHosts,
                 "Host names (without port) the server answers to besides localhost, 127.x, [::1] and the addresses it listens on; other Host headers get HTTP 403 (DNS rebinding). Add the names phones or a proxy use, e.g. [touchbridge.school.example]; [*] any name.") { host in
            host.isEmpty || host.contains("/") || host.contains(" ")
                ? "holds \"\(host)\": give host names or addresses without scheme, path or port (e.g. touchbridge.school.example)" : nil
        },
        .optionalString("advertisedHost", \.advertisedHost,
                        "The address phones are told to open (the network URL, its QR code and welcome's lan) instead of this machine's own interface addresses: set it when phones reach the server through another address, e.g. a container's host or port forwarding. The port stays the server's; the name is answered as allowedHosts are.",
                        placeholder: "ADDRESS", rule: { host in
                            host.count <= 253 && host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
                                ? nil : "must be a host name or IPv4 address without scheme, port or path (letters, digits, . and -, at most 253); got \"\(host.prefix(64))\""
                        }),
        .bool("shareRecordings", \.shareRecordings,
              "With --record: every device may list and open the finished recordings in the directory. false: a device sees only its own session's recording. A live session's recording is never shown to another device."),
        .optionalString("accessToken", \.accessToken,
                        "The token clients beyond loopback must present (?token=); unset, a random one is generated at start when listening beyond loopback.",
                        placeholder: "TOKEN", isSecret: true, rule: { token in
                            token.count >= 16 && token.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) ? nil
                                : "must be at least 16 letters, digits, - or _ (it goes into URLs); got \(token.count) characters"
                        }),
        .bool("noToken", \.noToken, "Serve without any access token even when listening beyond loopback (anyone on the network can open sessions)."),
        .int("maxObserversPerSession", \.maxObserversPerSession, "Observers per session; more get error 'limit'.", range: .integers(1...1000)),
        .int("maxTouches", \.maxTouches, "Simultaneous touches per session; more get error 'too-many-touches'.", range: .integers(1...64)),
        .int("maxPointersPerInput", \.maxPointersPerInput, "Pointer changes per input message.", range: .integers(1...1024)),
        .double("engineSecondsPerSecond", \.engineSecondsPerSecond,
                "Each connection's share of the engine thread, in seconds of work per second (burst 2.5x); past it messages get 'rate-limited' with retryAfterMs. 0 = no limit.",
                range: SettingRange(0.001...1, orZero: true), placeholder: "SHARE"),
        .double("busyEngineSecondsPerSecond", \.busyEngineSecondsPerSecond,
                "What all connections working beyond half their share get together, in seconds of work per second. 0 = no shared cap.",
                range: SettingRange(0.001...1, orZero: true), placeholder: "SHARE"),
        .bool("allowInlineScenes", \.allowInlineScenes, "Whether clients may send inline declarative scenes."),
        .int("maxInlineSceneBytes", \.maxInlineSceneBytes, "Largest inline scene in bytes.", range: .integers(1024...16 * mebibyte)),
        .int("maxUploadBytesInFlight", \.maxUploadBytesInFlight,
             "Bytes of recordings being uploaded (open-recording in parts) or replayed that all connections hold together, at least one whole recording; a part or recording past it gets 'server-busy' and is not taken.",
             range: .integers(4 * mebibyte...4 * gibibyte)),
        .string("logLevel", \.logLevel, "trace, debug, info, notice, warning, error or critical.", placeholder: "LEVEL") { level in
            logLevels.contains(level) ? nil : "\(level) is not one of \(logLevels.joined(separator: ", "))"
        },
        .string("shardName", \.shardName,
                "This server's name among several behind one proxy: its session ids start with it and a dash (a-…), so the proxy routes observers (/ws?watch=ID) to the server running their session. Empty: ids without a prefix.",
                placeholder: "NAME") { name in
            name.count <= 16 && name.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }) ? nil
                : "must be at most 16 lowercase letters or digits (it starts every session id); got \"\(name)\""
        },
        .int("shards", \.shards,
             "Service threads (libwebsockets contexts) sessions are spread over, one acceptor routing observers to their session's; 0 = one per core. Limits on connections and queued bytes are split between them. More than 1 needs plain HTTP (terminate TLS in nginx, config/nginx/).",
             range: .integers(0...maxShards)),
        .int("maxRecordingBytesPerSession", \.maxRecordingBytesPerSession,
             "serve --record: bytes written for one session; past them its recording stops (the file's last line says so, the log and /metrics too) and the session goes on.",
             range: .integers(4096...gibibyte)),
        .int("maxRecordingBytes", \.maxRecordingBytes,
             "serve --record: bytes written for all sessions together since the server started; past them every recording stops as above.",
             range: .integers(4096...1024 * gibibyte)),
    ]


    /// The token in force: none with `noToken`; else the configured one; else a random one when the
    /// server listens beyond loopback (a LAN server is locked by default), none on loopback.
    public func resolvedAccessToken(generate: () -> String = { SessionID.random() }) -> String? {
        if noToken { return nil }
        if let accessToken { return accessToken }
        // An advertised address means phones reach the server from the network, whatever it binds to.
        return Self.isLoopbackHost(host) && advertisedHost == nil ? nil : generate()
    }

    /// Whether `host` names this machine only (`localhost`, `::1`, any of 127.0.0.0/8): such a
    /// server needs no access token and offers no phone URL.
    static func isLoopbackHost(_ host: String) -> Bool {
        ["localhost", "::1", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
    }

    /// Checks every setting's own rule (`ServerSetting.problem(in:)`: ranges and formats) and the
    /// rules that tie settings together; the message names the setting.
    public func validated() throws -> ServerSettings {
        for setting in Self.all {
            if let problem = setting.problem(in: self) { throw SettingsError("\(setting.key) \(problem)") }
        }
        guard readPauseBytes < outboundQueueBytes else {
            throw SettingsError("readPauseBytes (\(readPauseBytes)) must be below outboundQueueBytes (\(outboundQueueBytes)), which closes the connection")
        }
        guard (tlsCertificate == nil) == (tlsPrivateKey == nil) else { throw SettingsError("tlsCertificate and tlsPrivateKey go together") }
        if shardCount > 1, tlsCertificate != nil {
            throw SettingsError("shards > 1 needs plain HTTP: the acceptor routes observers by their request line, which TLS hides. Terminate TLS in nginx (config/nginx/, docs/performance.md) or serve with shards 1")
        }
        return self
    }

    /// The levels `logLevel` takes (swift-log's).
    static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
    /// 2^20 bytes.
    public static let mebibyte = 1 << 20
    /// 2^30 bytes.
    public static let gibibyte = 1 << 30
}

extension SettingRange {
    /// Whole numbers (counts, bytes) `bounds`, and 0 too when `orZero`.
    static func integers(_ bounds: ClosedRange<Int>, orZero: Bool = false) -> Self {
        Self(Double(bounds.lowerBound)...Double(bounds.upperBound), orZero: orZero)
    }
}

/// A bad setting, with a message that names it.
package struct SettingsError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
