/// `welcome`'s declaration (docs/protocol.md §5.1): its writer, its document table and its fixture.
extension Welcome: WireMessage {
    /// Sent as `welcome`.
    package static let messageType = "welcome"

    /// The fields of `welcome`.
    package static let writtenFields: [WrittenField<Welcome>] = [
        .field("protocol", \.protocolVersion, "`1`."),
        .field("session", \.session, "The session id (devices: keep it to let observers join; observers: the id they asked for). The only random value the server ever sends."),
        .field("role", \.role, "The role granted."),
        .field("scene", \.scene, "The name of the running scene (`\"inline\"` for an inline scene)."),
        .field("clock", \.clock, "The session's clock mode."),
        .objects("scenes", \.scenes, listed: true, "The catalog, in picker order."),
        .object("thresholds", \.thresholds, listed: true,
                "The engine's default constants, for display and for clients that want to explain gestures; suffix `Ms` milliseconds, `Pt` points. A scene may configure its own recognizers differently; the log's reasons show the values actually used."),
        .object("limits", \.limits, "The limits in force (section 9): `maxMessageBytes`, `maxPointersPerInput`, `maxCoalescedPerPointer`, `maxTouches`, `maxInlineSceneBytes`, `maxViewportPoints`, `maxViewportScale`, `maxObserversPerSession`, `maxStringLength`."),
        .field("recording", \.recording, "`true` when the server records this session (`serve --record`), else `false`."),
        .objects("lints", \.lints, type: "array of lints",
                 "Present when the scene has any: its lints, found before the first touch (docs/margins-and-lints.md), errors first: `[{\"id\",\"name\",\"severity\",\"rule\",\"message\",\"fix\",\"subjects\"}]` — `id` `TB-L01`…, `severity` `error`/`warning`/`info`, `rule` the docs/uikit-rules.md id it derives from, `subjects` the trace names involved. Full `render`s that start a scene carry the same field for it (see `render`), and the `events` answering an `act` carries the lints the actions left (`[]` for none)."),
        .object("lan", \.lan, "Present when the server listens beyond loopback: `url`, the address a phone on the same network opens, and `qr`, its QR code as one SVG path (`path`) on a `size`×`size` grid of modules (draw it in `<svg viewBox=\"0 0 size size\">` with a quiet zone around it)."),
    ]
}

extension SceneInfo: WireWritten {
    /// The fields of a `welcome.scenes` entry.
    package static let writtenFields: [WrittenField<SceneInfo>] = [
        .field("name", \.name, "What `hello.scene` and `scene.scene` take."),
        .field("title", \.title, "For people (pickers)."),
        .field("description", \.description, "One sentence."),
    ]
}

extension LANAddress: WireWritten {
    /// The fields of `welcome.lan`.
    package static let writtenFields: [WrittenField<LANAddress>] = [
        .field("url", \.url, "The URL a phone on the same network opens."),
        .object("qr", \.qr, "`url` as a QR code."),
    ]
}

extension QRCodePath: WireWritten {
    /// The fields of `welcome.lan.qr`.
    package static let writtenFields: [WrittenField<QRCodePath>] = [
        .field("size", \.size, "Modules per side."),
        .field("path", \.path, "The dark modules as one SVG path, one unit per module."),
    ]
}

extension WireLint: WireWritten {
    /// The fields of a lint (`welcome.lints`, `render.lints`, `events.lints`).
    package static let writtenFields: [WrittenField<WireLint>] = [
        .field("id", \.id, "`TB-L01`…"),
        .field("name", \.name, "A short kebab-case name."),
        .field("severity", \.severity, "`error`, `warning` or `info`."),
        .field("rule", \.rule, "The docs/uikit-rules.md id it derives from."),
        .field("message", \.message, "What will happen."),
        .field("fix", \.fix, "What to change."),
        .field("subjects", \.subjects, "The trace names involved."),
    ]
}

extension ProtocolLimits: WireWritten {
    /// The fields of `welcome.limits` (docs/protocol.md §9).
    package static let writtenFields: [WrittenField<ProtocolLimits>] = [
        .field("maxMessageBytes", \.maxMessageBytes, "Largest message, in UTF-8 bytes."),
        .field("maxPointersPerInput", \.maxPointersPerInput, "Most pointer changes in one `input`."),
        .field("maxCoalescedPerPointer", \.maxCoalescedPerPointer, "Most coalesced samples on one pointer change."),
        .field("maxTouches", \.maxTouches, "Most fingers down at once."),
        .field("maxInlineSceneBytes", \.maxInlineSceneBytes, "Largest inline scene, re-encoded compactly, in bytes."),
        .field("maxViewportPoints", \.maxViewportPoints, "Largest viewport width or height, in points."),
        .field("maxViewportScale", \.maxViewportScale, "Largest viewport scale."),
        .field("maxObserversPerSession", \.maxObserversPerSession, "Most observers watching one session."),
        .field("maxStringLength", \.maxStringLength, "Longest scene name, session id or client name, in characters."),
    ]
}

extension Thresholds: WireWritten {
    /// The fields of `welcome.thresholds`; suffix `Ms` milliseconds, `Pt` points.
    package static let writtenFields: [WrittenField<Thresholds>] = [
        .field("tapMaximumDurationMs", \.tapMaximumDurationMs, "Longest a tap may be held."),
        .field("tapMaximumIntervalMs", \.tapMaximumIntervalMs, "Longest lift-to-next-down gap in a multi-tap."),
        .field("tapAllowableMovementPt", \.tapAllowableMovementPt, "Farthest a tapping finger may move."),
        .field("multiTapRadiusPt", \.multiTapRadiusPt, "Farthest a follow-up tap may land (and `UITouch.tapCount`'s rule)."),
        .field("longPressMinimumDurationMs", \.longPressMinimumDurationMs, "How long a long press must be held before it begins."),
        .field("longPressAllowableMovementPt", \.longPressAllowableMovementPt, "Farthest a long-press finger may move before the press fails."),
        .field("panHysteresisPt", \.panHysteresisPt, "Travel before a pan begins."),
        .field("swipeMaximumDurationMs", \.swipeMaximumDurationMs, "Longest a swipe may take."),
        .field("swipeMinimumPrimaryMovementPt", \.swipeMinimumPrimaryMovementPt, "Travel a swipe needs along its direction, × (1 − `swipePrimaryDecayPerSecond` · seconds)."),
        .field("swipePrimaryDecayPerSecond", \.swipePrimaryDecayPerSecond, "How fast the primary-travel requirement shrinks."),
        .field("swipeMaximumSecondaryMovementPt", \.swipeMaximumSecondaryMovementPt, "Farthest a swipe may stray across its direction, × (1 − `swipeSecondaryDecayPerSecond` · seconds)."),
        .field("swipeSecondaryDecayPerSecond", \.swipeSecondaryDecayPerSecond, "How fast the secondary allowance shrinks."),
        .field("pinchHysteresisPt", \.pinchHysteresisPt, "Change of finger distance before a pinch begins."),
        .field("rotationHysteresisPt", \.rotationHysteresisPt, "Travel along the circle before a rotation begins."),
        .field("screenEdgeBandWidthPt", \.screenEdgeBandWidthPt, "Where an edge pan may start."),
        .field("scrollContentTouchDelayMs", \.scrollContentTouchDelayMs, "How long a scroll view holds `touchesBegan` back from its content."),
        .field("controlTouchInsideSlopPt", \.controlTouchInsideSlopPt, "How far outside a control a touch still counts as inside."),
        .field("maximumTouches", \.maximumTouches, "Simultaneous touches the engine tracks."),
        .field("maximumPossibleForce", \.maximumPossibleForce, "`UITouch.maximumPossibleForce` for pressure-capable pointers."),
    ]
}

extension ErrorMessage: WireMessage {
    /// Sent as `error`.
    package static let messageType = "error"

    /// The fields of `error` (docs/protocol.md §5.4).
    package static let writtenFields: [WrittenField<ErrorMessage>] = [
        .field("code", \.code, "Machine-readable reason (section 8)."),
        .field("message", \.message, "Human-readable explanation; for `schema` and `limit` errors it starts with the field path."),
        .field("path", \.path, "The offending field, e.g. `pointers[1].phase`, `viewport.width`."),
        .field("seq", \.seq, "The `seq` of the rejected message, when it had a readable one."),
        .field("retryAfterMs", \.retryAfterMs, "`rate-limited` only: milliseconds after which the same request will be accepted."),
    ]
}

extension Pong: WireMessage {
    /// Sent as `pong`.
    package static let messageType = "pong"

    /// The fields of `pong` (docs/protocol.md §5.5).
    package static let writtenFields: [WrittenField<Pong>] = [
        .field("id", \.id, "Echoed from `ping`."),
        .field("t", \.t, "The engine time in ms (on the client's clock once the session has seen a timestamp; `0` before)."),
    ]
}
