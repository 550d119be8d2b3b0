import Foundation

/// The window size a client declares (`hello.viewport`, and the body of `resize`).
public struct Viewport: WireObject {
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

    /// The fields of `hello.viewport` and of `resize` (docs/protocol.md §4.1, §4.6).
    public static let wireFields: [WireField<Viewport>] = [
        .number("width", \.width, "Points (CSS px), `0 < width ≤ maxViewportPoints`."),
        .number("height", \.height, "Points (CSS px), `0 < height ≤ maxViewportPoints`."),
        .number("scale", \.scale, "Device pixels per point (`window.devicePixelRatio`), `0 < scale ≤ maxViewportScale`; informational (the engine works in points)."),
        .object("safeArea", \.safeArea, type: "object `{\"top\",\"left\",\"bottom\",\"right\"}`",
                "Points of the window that the device's furniture covers (notch, home indicator; the page reads CSS `env(safe-area-inset-*)`), each ≥ 0, `top + bottom < height`, `left + right < width`; the window gets them as UIKit's `safeAreaInsets`."),
    ]

    /// The reader's starting value.
    public static var wireBlank: Viewport { Viewport(width: 0, height: 0) }
}

/// Insets from the window's edges, in points (`viewport.safeArea`).
public struct SafeAreaInsets: WireObject {
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

    /// The fields of `viewport.safeArea`.
    public static let wireFields: [WireField<SafeAreaInsets>] = [
        .number("top", \.top, "Points covered at the top edge."),
        .number("left", \.left, "Points covered at the left edge."),
        .number("bottom", \.bottom, "Points covered at the bottom edge."),
        .number("right", \.right, "Points covered at the right edge."),
    ]

    /// The reader's starting value.
    public static var wireBlank: SafeAreaInsets { SafeAreaInsets(top: 0, left: 0, bottom: 0, right: 0) }
}

/// Which scene to run: a catalog name, or an inline scene this module keeps opaque (its format
/// belongs to the scenes module).
public enum SceneRequest: Codable, Equatable, Sendable {
    /// A scene of the server's catalog, by name.
    case named(String)
    /// A declarative scene sent by the client (docs/scenes.md), kept as JSON until the scenes module builds
    /// it.
    case inline(JSONValue)

    /// A name or an object, read as the server reads `hello.scene` and `scene.scene`.
    public init(from decoder: Decoder) throws {
        do {
            self = try SceneRequest(reading: JSONValue(from: decoder), path: "")
        } catch let error as ProtocolError {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// The name as a string, an inline scene as its object.
    public func encode(to encoder: Encoder) throws { try wireValue.encode(to: encoder) }

    /// The request on the wire.
    var wireValue: JSONValue {
        switch self {
        case .named(let name): .string(name)
        case .inline(let value): value
        }
    }

    /// A name or an object; anything else is a `schema` error at `path`.
    init(reading value: JSONValue, path: String) throws(ProtocolError) {
        switch value {
        case .string(let name): self = .named(name)
        case .object: self = .inline(value)
        default: throw .schema(path, "expected a scene name or an inline scene object")
        }
    }
}

/// `hello`: the first message of every connection.
public struct Hello: WireObject {
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

    /// The fields of `hello` (docs/protocol.md §4.1).
    public static let wireFields: [WireField<Hello>] = [
        .integer("protocol", \.protocolVersion, "Must be `1`. Otherwise `error` `unsupported-protocol`."),
        .wire("role", \.role, "See section 3."),
        .custom("scene", \.scene, required: false, type: "string or object",
                "Device only. A scene name from the server's catalog (the `scenes` list of `welcome`; when omitted, the catalog's default scene). An object is an **inline scene** (a declarative scene description, docs/scenes.md); servers without inline-scene support answer `unknown-scene`. Ignored for observers.",
                read: { fields throws(ProtocolError) in
                    guard let value = fields.members["scene"], value != .null else { return nil }
                    return try SceneRequest(reading: value, path: fields.path("scene"))
                },
                write: { $0?.wireValue }),
        .string("session", \.session, "Observer only (required for observers, ignored for devices): the id of the session to watch. Unknown id → `unknown-session`."),
        .object("viewport", \.viewport, "Device: the window size (the fields of `resize`, §4.6). Observers send their own viewport too (it is validated but does not change the session; scale the picture yourself)."),
        .wire("clock", \.clock, "Device: who moves engine time (section 10). Observers send it too; it is ignored and `welcome` says the session's real clock."),
        .number("t", \.t, "Client time now (ms). Starts the engine clock at this time and gives the server its first clock-offset sample. Recommended for `client` clock."),
        .string("client", \.client, "Free-form client name/version for logs (≤ `maxStringLength` characters)."),
        .wire("log", \.log, "Device only: how much the event log records (section 7). Default `standard`."),
    ]

    /// The reader's starting value.
    public static var wireBlank: Hello { Hello(role: .device, viewport: .wireBlank, clock: .client) }
}
