/// `welcome`: the reply to a successful `hello`.
public struct Welcome: Codable, Equatable, Sendable {
    public var protocolVersion: Int
    /// The session id: the only random value the server ever sends.
    public var session: String
    public var role: Role
    public var scenes: [SceneInfo]
    /// The running scene's name (`inline` for an inline scene).
    public var scene: String
    public var clock: ClockMode
    public var thresholds: Thresholds
    public var limits: ProtocolLimits
    /// Whether the server records this session (`serve --record`), so a page can say so truthfully.
    public var recording: Bool?
    /// How to reach the server from another device on the network; nil when it listens on
    /// loopback only.
    public var lan: LANAddress?

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case session, role, scenes, scene, clock, thresholds, limits, recording, lan
    }

    public init(
        session: String, role: Role, scenes: [SceneInfo], scene: String, clock: ClockMode,
        thresholds: Thresholds, limits: ProtocolLimits, protocolVersion: Int = ProtocolVersion.current
    ) {
        self.protocolVersion = protocolVersion
        self.session = session
        self.role = role
        self.scenes = scenes
        self.scene = scene
        self.clock = clock
        self.thresholds = thresholds
        self.limits = limits
    }
}

/// The server's "on your network" address and its QR code (`welcome.lan`).
public struct LANAddress: Codable, Equatable, Sendable {
    public var url: String
    public var qr: QRCodePath

    public init(url: String, qr: QRCodePath) {
        self.url = url
        self.qr = qr
    }
}

/// A QR code as one SVG path on a `size`×`size` grid of modules (one unit per module).
public struct QRCodePath: Codable, Equatable, Sendable {
    public var size: Int
    public var path: String

    public init(size: Int, path: String) {
        self.size = size
        self.path = path
    }
}

/// A scene a client may ask for.
public struct SceneInfo: Codable, Equatable, Sendable {
    /// What `hello.scene` and `scene.scene` take.
    public var name: String
    /// For people (pickers).
    public var title: String
    /// One sentence.
    public var description: String

    public init(name: String, title: String, description: String) {
        self.name = name
        self.title = title
        self.description = description
    }
}

/// The engine's default gesture constants, so a client can show and explain them. Suffixes give
/// the unit: `Ms` milliseconds, `Pt` points. docs/protocol.md §5.1 defines each one.
public struct Thresholds: Codable, Equatable, Sendable {
    public var tapMaximumDurationMs: Double
    public var tapMaximumIntervalMs: Double
    public var tapAllowableMovementPt: Double
    public var multiTapRadiusPt: Double
    public var longPressMinimumDurationMs: Double
    public var longPressAllowableMovementPt: Double
    public var panHysteresisPt: Double
    public var swipeMaximumDurationMs: Double
    public var swipeMinimumPrimaryMovementPt: Double
    public var swipePrimaryDecayPerSecond: Double
    public var swipeMaximumSecondaryMovementPt: Double
    public var swipeSecondaryDecayPerSecond: Double
    public var pinchHysteresisPt: Double
    public var rotationHysteresisPt: Double
    public var screenEdgeBandWidthPt: Double
    public var scrollContentTouchDelayMs: Double
    public var controlTouchInsideSlopPt: Double
    public var maximumTouches: Int
    public var maximumPossibleForce: Double

    public init(
        tapMaximumDurationMs: Double, tapMaximumIntervalMs: Double, tapAllowableMovementPt: Double,
        multiTapRadiusPt: Double, longPressMinimumDurationMs: Double, longPressAllowableMovementPt: Double,
        panHysteresisPt: Double, swipeMaximumDurationMs: Double, swipeMinimumPrimaryMovementPt: Double,
        swipePrimaryDecayPerSecond: Double, swipeMaximumSecondaryMovementPt: Double,
        swipeSecondaryDecayPerSecond: Double, pinchHysteresisPt: Double, rotationHysteresisPt: Double,
        screenEdgeBandWidthPt: Double, scrollContentTouchDelayMs: Double, controlTouchInsideSlopPt: Double,
        maximumTouches: Int, maximumPossibleForce: Double
    ) {
        self.tapMaximumDurationMs = tapMaximumDurationMs
        self.tapMaximumIntervalMs = tapMaximumIntervalMs
        self.tapAllowableMovementPt = tapAllowableMovementPt
        self.multiTapRadiusPt = multiTapRadiusPt
        self.longPressMinimumDurationMs = longPressMinimumDurationMs
        self.longPressAllowableMovementPt = longPressAllowableMovementPt
        self.panHysteresisPt = panHysteresisPt
        self.swipeMaximumDurationMs = swipeMaximumDurationMs
        self.swipeMinimumPrimaryMovementPt = swipeMinimumPrimaryMovementPt
        self.swipePrimaryDecayPerSecond = swipePrimaryDecayPerSecond
        self.swipeMaximumSecondaryMovementPt = swipeMaximumSecondaryMovementPt
        self.swipeSecondaryDecayPerSecond = swipeSecondaryDecayPerSecond
        self.pinchHysteresisPt = pinchHysteresisPt
        self.rotationHysteresisPt = rotationHysteresisPt
        self.screenEdgeBandWidthPt = screenEdgeBandWidthPt
        self.scrollContentTouchDelayMs = scrollContentTouchDelayMs
        self.controlTouchInsideSlopPt = controlTouchInsideSlopPt
        self.maximumTouches = maximumTouches
        self.maximumPossibleForce = maximumPossibleForce
    }
}
