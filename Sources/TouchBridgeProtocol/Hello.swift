import Foundation

/// The window size a client declares (`hello.viewport`, and the body of `resize`).
public struct Viewport: Codable, Equatable, Sendable {
    /// Points (CSS pixels).
    public var width: Double
    /// Points (CSS pixels).
    public var height: Double
    /// Device pixels per point; informational, the engine works in points.
    public var scale: Double
    /// The parts of the window the device's own furniture covers (notch, home indicator, rounded
    /// corners), in points; absent means none. The engine gives them to the window as UIKit's
    /// `safeAreaInsets`.
    public var safeArea: SafeAreaInsets?

    /// A viewport of `width`×`height` points.
    public init(width: Double, height: Double, scale: Double = 1, safeArea: SafeAreaInsets? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
        self.safeArea = safeArea
    }
}

/// Insets from the window's edges, in points (`viewport.safeArea`).
public struct SafeAreaInsets: Codable, Equatable, Sendable {
    /// Points covered at the top edge.
    public var top: Double
    /// Points covered at the left edge.
    public var left: Double
    /// Points covered at the bottom edge.
    public var bottom: Double
    /// Points covered at the right edge.
    public var right: Double

    /// Insets in points from each edge.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// Which scene to run: a catalog name, or an inline scene this module keeps opaque (its format
/// belongs to the scenes module).
public enum SceneRequest: Codable, Equatable, Sendable {
    /// A scene of the server's catalog, by name.
    case named(String)
    /// A declarative scene sent by the client (docs/scenes.md), kept as JSON until the scenes module builds
    /// it.
    case inline(JSONValue)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let name = try? container.decode(String.self) {
            self = .named(name)
            return
        }
        let value = try container.decode(JSONValue.self)
        guard case .object = value else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a scene name or an inline scene object")
        }
        self = .inline(value)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .named(let name): try container.encode(name)
        case .inline(let value): try container.encode(value)
        }
    }
}

/// `hello`: the first message of every connection.
public struct Hello: Codable, Equatable, Sendable {
    /// Must be `ProtocolVersion.current`.
    public var protocolVersion: Int
    /// `device` runs a scene; `observer` watches another device's session (docs/protocol.md §3).
    public var role: Role
    /// Devices: the scene to run (nil: the catalog's default).
    public var scene: SceneRequest?
    /// Observers: the session to watch.
    public var session: String?
    /// The window size the scene is laid out for.
    public var viewport: Viewport
    /// Who moves engine time (docs/protocol.md §10).
    public var clock: ClockMode
    /// Client time now, ms: starts the engine clock and gives a first clock-offset sample.
    public var t: Double?
    /// Free-form client name for logs.
    public var client: String?
    /// Devices: how much the event log records (nil: `standard`).
    public var log: LogLevel?

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case role, scene, session, viewport, clock, t, client, log
    }

    /// A `hello`; `log` defaults to nil (`standard`) and is set on the value when a client wants the complete
    /// log.
    public init(
        role: Role, scene: SceneRequest? = nil, session: String? = nil, viewport: Viewport,
        clock: ClockMode, t: Double? = nil, client: String? = nil, protocolVersion: Int = ProtocolVersion.current
    ) {
        self.protocolVersion = protocolVersion
        self.role = role
        self.scene = scene
        self.session = session
        self.viewport = viewport
        self.clock = clock
        self.t = t
        self.client = client
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        protocolVersion = try c.decodeInteger(forKey: .protocolVersion)
        role = try c.decode(Role.self, forKey: .role)
        scene = try c.decodeIfPresent(SceneRequest.self, forKey: .scene)
        session = try c.decodeIfPresent(String.self, forKey: .session)
        viewport = try c.decode(Viewport.self, forKey: .viewport)
        clock = try c.decode(ClockMode.self, forKey: .clock)
        t = try c.decodeIfPresent(Double.self, forKey: .t)
        client = try c.decodeIfPresent(String.self, forKey: .client)
    }
}
