import Foundation
import TouchBridgeServer

/// Every server setting with its built-in default. `config/touchbridge.json` documents each one;
/// the file, then `TOUCHBRIDGE_*` environment variables, then command-line flags override them.
public struct ServerSettings: Codable, Equatable, Sendable {
    /// Address to listen on; "0.0.0.0" listens on every interface so phones on the LAN can connect.
    public var host = "0.0.0.0"
    /// TCP port; 0 picks a free one.
    public var port = 8080
    /// The static page.
    public var webRoot = "web"
    /// Declarative scenes (`*.json`) to add to the scene picker; missing directory = none.
    public var scenesDirectory = "config/scenes"
    /// HTTPS/WSS certificate and key (phones need https for motion sensors); both or neither.
    public var tlsCertificate: String?
    public var tlsPrivateKey: String?
    /// Largest WebSocket message, bytes (close 1009 past it).
    public var maxMessageBytes = 262_144
    /// Open WebSocket connections (HTTP 503 past it).
    public var maxConnections = 1000
    /// Messages per second per connection (an `error` "rate-limited" per dropped message; sustained floods close 1008).
    public var maxMessagesPerSecond = 400
    /// Messages queued for one slow connection before it is closed with 1008.
    public var outboundQueueLimit = 1024
    /// Bytes queued for one connection before it is closed with 1008; from a quarter of it the server
    /// stops reading that connection until it drains.
    public var outboundQueueBytes = 4_194_304
    /// Bytes queued for all connections together; past it the connection holding the most is closed with 1008.
    public var outboundBudgetBytes = 268_435_456
    /// Seconds without a frame from a client before it is closed with 1001.
    public var idleTimeoutSeconds = 300.0
    /// Seconds a connection has to send `hello` before it is closed with 4408 (pongs do not extend it).
    public var joinTimeoutSeconds = 5.0
    /// Connections that have not said `hello` yet (HTTP 503 past it).
    public var maxUnjoinedConnections = 256
    /// WebSocket ping interval, seconds (keeps idle-but-alive browsers connected; 0 = off).
    public var keepAlivePingSeconds = 30.0
    /// Allowed Origin headers of browsers' WebSockets (exact match); empty allows only the server's own
    /// origin, ["*"] every origin. Clients that send no Origin (scripts) are not browsers and are allowed.
    public var allowedOrigins: [String] = []
    /// The access token clients beyond loopback must present (`?token=`); null generates a random one at
    /// start when the server listens beyond loopback. Printed in the LAN URL.
    public var accessToken: String?
    /// Serve without any access token even when listening beyond loopback (`serve --no-token`).
    public var noToken = false
    /// Observers per session (`error` "limit" past it).
    public var maxObserversPerSession = 16
    /// Simultaneous touches per session (`error` "too-many-touches" past it).
    public var maxTouches = 10
    /// Pointer changes per `input` message.
    public var maxPointersPerInput = 32
    /// Each connection's share of the engine's one thread, in seconds of work per second (burst 2.5×):
    /// a message arriving over it gets `error` "rate-limited" with `retryAfterMs`. 0 = no limit.
    public var engineSecondsPerSecond = 0.05
    /// What all connections working beyond half their share get together, in seconds of work per
    /// second: many busy clients cannot fill the thread between them. 0 = no shared cap.
    public var busyEngineSecondsPerSecond = 0.2
    /// Whether clients may send inline declarative scenes, and their largest size in bytes.
    public var allowInlineScenes = true
    public var maxInlineSceneBytes = 131_072
    /// trace, debug, info, notice, warning, error or critical.
    public var logLevel = "info"

    public init() {}

    /// Reads a JSON settings file; fields it omits keep their defaults, unknown fields are errors.
    public static func load(file path: String, over base: ServerSettings = ServerSettings()) throws -> ServerSettings {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SettingsError("\(path): expected a JSON object")
        }
        let known = Set(Mirror(reflecting: base).children.compactMap(\.label))
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) && !$0.hasPrefix("//") }) {
            throw SettingsError("\(path): unknown setting \"\(unknown)\" (settings: \(known.sorted().joined(separator: ", ")))")
        }
        var merged = try JSONSerialization.jsonObject(with: JSONEncoder().encode(base)) as? [String: Any] ?? [:]
        for (key, value) in object where !key.hasPrefix("//") { merged[key] = value }
        do {
            return try JSONDecoder().decode(ServerSettings.self, from: JSONSerialization.data(withJSONObject: merged))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw SettingsError("\(path): \(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type")
        }
    }

    /// Applies `TOUCHBRIDGE_<SETTING>` variables (e.g. `TOUCHBRIDGE_PORT=9000`,
    /// `TOUCHBRIDGE_ALLOWED_ORIGINS=https://a,https://b`).
    public func applying(environment: [String: String]) throws -> ServerSettings {
        var settings = self
        for (key, value) in environment where key.hasPrefix("TOUCHBRIDGE_") {
            let name = Self.settingName(forVariable: key)
            guard settings.set(name, to: value) else {
                throw SettingsError("\(key)=\(value): unknown setting or bad value")
            }
        }
        return settings
    }

    /// `TOUCHBRIDGE_MAX_MESSAGE_BYTES` → `maxMessageBytes`.
    static func settingName(forVariable variable: String) -> String {
        let words = variable.dropFirst("TOUCHBRIDGE_".count).lowercased().split(separator: "_")
        return words.enumerated().map { $0 == 0 ? String($1) : $1.prefix(1).uppercased() + $1.dropFirst() }.joined()
    }

    /// Sets one setting from text; false if the name or value is not valid.
    mutating func set(_ name: String, to text: String) -> Bool {
        func int() -> Int? { Int(text) }
        func double() -> Double? { Double(text) }
        func bool() -> Bool? { ["1", "true", "yes"].contains(text.lowercased()) ? true : ["0", "false", "no"].contains(text.lowercased()) ? false : nil }
        switch name {
        case "host": host = text
        case "port": guard let v = int() else { return false }; port = v
        case "webRoot": webRoot = text
        case "scenesDirectory": scenesDirectory = text
        case "tlsCertificate": tlsCertificate = text.isEmpty ? nil : text
        case "tlsPrivateKey": tlsPrivateKey = text.isEmpty ? nil : text
        case "maxMessageBytes": guard let v = int() else { return false }; maxMessageBytes = v
        case "maxConnections": guard let v = int() else { return false }; maxConnections = v
        case "maxMessagesPerSecond": guard let v = int() else { return false }; maxMessagesPerSecond = v
        case "outboundQueueLimit": guard let v = int() else { return false }; outboundQueueLimit = v
        case "outboundQueueBytes": guard let v = int() else { return false }; outboundQueueBytes = v
        case "outboundBudgetBytes": guard let v = int() else { return false }; outboundBudgetBytes = v
        case "idleTimeoutSeconds": guard let v = double() else { return false }; idleTimeoutSeconds = v
        case "keepAlivePingSeconds": guard let v = double() else { return false }; keepAlivePingSeconds = v
        case "joinTimeoutSeconds": guard let v = double() else { return false }; joinTimeoutSeconds = v
        case "maxUnjoinedConnections": guard let v = int() else { return false }; maxUnjoinedConnections = v
        case "accessToken": accessToken = text.isEmpty ? nil : text
        case "noToken": guard let v = bool() else { return false }; noToken = v
        case "allowedOrigins": allowedOrigins = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        case "maxObserversPerSession": guard let v = int() else { return false }; maxObserversPerSession = v
        case "maxTouches": guard let v = int() else { return false }; maxTouches = v
        case "maxPointersPerInput": guard let v = int() else { return false }; maxPointersPerInput = v
        case "engineSecondsPerSecond": guard let v = double() else { return false }; engineSecondsPerSecond = v
        case "busyEngineSecondsPerSecond": guard let v = double() else { return false }; busyEngineSecondsPerSecond = v
        case "allowInlineScenes": guard let v = bool() else { return false }; allowInlineScenes = v
        case "maxInlineSceneBytes": guard let v = int() else { return false }; maxInlineSceneBytes = v
        case "logLevel": logLevel = text
        default: return false
        }
        return true
    }

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
        guard maxMessagesPerSecond >= 0, idleTimeoutSeconds >= 0, keepAlivePingSeconds >= 0, joinTimeoutSeconds >= 0, engineSecondsPerSecond >= 0, busyEngineSecondsPerSecond >= 0 else {
            throw SettingsError("rates and times cannot be negative")
        }
        if let accessToken, accessToken.count < 16 || !accessToken.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
            throw SettingsError("accessToken must be at least 16 letters, digits, - or _ (it goes into URLs); got \(accessToken.count) characters")
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
