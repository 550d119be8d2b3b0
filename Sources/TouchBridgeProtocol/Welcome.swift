/// `welcome`: the reply to a successful `hello`.
public struct Welcome: Codable, Equatable, Sendable {
    /// The protocol version the server speaks (docs/protocol.md §1), sent as `protocol`.
    public var protocolVersion: Int
    /// The session id: the only random value the server ever sends.
    public var session: String
    /// The role granted, which decides whether the client may send input (§3).
    public var role: Role
    /// The scene catalog in picker order, so a client needs no second request to offer a choice.
    public var scenes: [SceneInfo]
    /// The running scene's name (`inline` for an inline scene).
    public var scene: String
    /// The session's clock mode (§10): whether time moves with the client's timestamps or only with
    /// `advance`.
    public var clock: ClockMode
    /// The engine's default gesture constants, for display and explanation.
    public var thresholds: Thresholds
    /// The limits in force (§9), so a client can stay within them instead of learning them from errors.
    public var limits: ProtocolLimits
    /// Whether the server records this session (`serve --record`), so a page can say so truthfully.
    public var recording: Bool?
    /// How to reach the server from another device on the network; nil when it listens on
    /// loopback only.
    public var lan: LANAddress?
    /// The lints of the scene loaded (docs/margins-and-lints.md); nil when it has none.
    public var lints: [WireLint]?

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol"
        case session, role, scenes, scene, clock, thresholds, limits, recording, lan, lints
    }

    /// A welcome; `recording` and `lan` are set afterwards by the host, which alone knows them.
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
    /// The URL a phone on the same network opens (with the access token when one is required).
    public var url: String
    /// `url` as a QR code, so the desktop page can show it for a phone to scan.
    public var qr: QRCodePath

    /// The address `url` with its QR code `qr`.
    public init(url: String, qr: QRCodePath) {
        self.url = url
        self.qr = qr
    }
}

/// A QR code as one SVG path on a `size`×`size` grid of modules (one unit per module).
public struct QRCodePath: Codable, Equatable, Sendable {
    /// Modules per side; draw in `viewBox="0 0 size size"` with a quiet zone around it.
    public var size: Int
    /// The dark modules as one SVG path, one unit per module.
    public var path: String

    /// A `size`×`size` code drawn by `path`.
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

    /// A catalog entry.
    public init(name: String, title: String, description: String) {
        self.name = name
        self.title = title
        self.description = description
    }
}

/// The engine's default gesture constants, so a client can show and explain them. Suffixes give
/// the unit: `Ms` milliseconds, `Pt` points. docs/protocol.md §5.1 defines each one.
public struct Thresholds: Codable, Equatable, Sendable {
    /// Longest a tap may be held.
    public var tapMaximumDurationMs: Double
    /// Longest lift-to-next-down gap within a multi-tap.
    public var tapMaximumIntervalMs: Double
    /// Farthest a tapping finger may move.
    public var tapAllowableMovementPt: Double
    /// Farthest a follow-up tap may land; also `UITouch.tapCount`'s rule.
    public var multiTapRadiusPt: Double
    /// How long a long press must be held before it begins.
    public var longPressMinimumDurationMs: Double
    /// Farthest a long-press finger may move before the press fails.
    public var longPressAllowableMovementPt: Double
    /// Travel before a pan begins.
    public var panHysteresisPt: Double
    /// Longest a swipe may take.
    public var swipeMaximumDurationMs: Double
    /// Travel a swipe needs along its direction, before decay.
    public var swipeMinimumPrimaryMovementPt: Double
    /// How fast the primary-travel requirement shrinks: × (1 − this · seconds).
    public var swipePrimaryDecayPerSecond: Double
    /// Farthest a swipe may stray across its direction, before decay.
    public var swipeMaximumSecondaryMovementPt: Double
    /// How fast the secondary allowance shrinks: × (1 − this · seconds).
    public var swipeSecondaryDecayPerSecond: Double
    /// Change of finger distance before a pinch begins.
    public var pinchHysteresisPt: Double
    /// Travel along the circle before a rotation begins.
    public var rotationHysteresisPt: Double
    /// Width of the band along a screen edge where an edge pan may start.
    public var screenEdgeBandWidthPt: Double
    /// How long a scroll view holds `touchesBegan` back from its content.
    public var scrollContentTouchDelayMs: Double
    /// How far outside a control a touch still counts as inside.
    public var controlTouchInsideSlopPt: Double
    /// Simultaneous touches the engine tracks.
    public var maximumTouches: Int
    /// `UITouch.maximumPossibleForce` for pressure-capable pointers.
    public var maximumPossibleForce: Double

    /// Thresholds with every constant given, as the server reports TouchKit's defaults.
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
