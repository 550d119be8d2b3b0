@testable import TouchBridgeProtocol

/// An example of every server message, written by the server's own writers, for the shared fixture
/// (Tests/fixtures/protocol/server-messages.json) the page's readers are tested on: for each type one
/// with every optional field the declaration lists and, where it has any, one with none of them.
enum ServerExamples {
    static let thresholds = Thresholds(
        tapMaximumDurationMs: 750, tapMaximumIntervalMs: 350, tapAllowableMovementPt: 45, multiTapRadiusPt: 45, longPressMinimumDurationMs: 500,
        longPressAllowableMovementPt: 10, panHysteresisPt: 10, swipeMaximumDurationMs: 500, swipeMinimumPrimaryMovementPt: 50,
        swipePrimaryDecayPerSecond: 0.94, swipeMaximumSecondaryMovementPt: 50, swipeSecondaryDecayPerSecond: 0.98, pinchHysteresisPt: 8,
        rotationHysteresisPt: 8, screenEdgeBandWidthPt: 20, scrollContentTouchDelayMs: 150, controlTouchInsideSlopPt: 70, maximumTouches: 10,
        maximumPossibleForce: 6.667)

    static let lint = WireLint(id: "TB-L02", name: "tap-ladder-without-failure", severity: "warning", rule: "UIKIT-RELATION-CAN-PREVENT",
                               message: "singleTap fires before doubleTap can", fix: "singleTap.require(toFail: doubleTap)",
                               subjects: ["singleTap", "doubleTap"])

    static var welcome: [String] {
        let minimal = Welcome(session: "3f9a0c4e1b7d2a6f8e5c0b9d4a1f7e23", role: .device,
                              scenes: [SceneInfo(name: "drag", title: "Drag", description: "Drag a card.")], scene: "drag", clock: .client,
                              thresholds: thresholds, limits: ProtocolLimits())
        var full = minimal
        full.role = .observer
        full.clock = .manual
        full.recording = true
        full.lan = LANAddress(url: "http://192.168.1.20:8080/?token=abc", qr: QRCodePath(size: 25, path: "M0 0h7v1h-7z"))
        full.lints = [lint]
        return [ServerMessage.welcome(full).text, ServerMessage.welcome(minimal).text]
    }

    static let ops: [RenderOp] = {
        var window = RenderProps()
        window.center = [195, 422]
        window.bounds = [0, 0, 390, 844]
        var card = RenderProps()
        card.center = [100, 100]
        card.bounds = [0, 0, 80, 80]
        card.backgroundColor = .value("#ff3b30ff")
        var moved = RenderProps()
        moved.center = [120, 130]
        moved.backgroundColor = .null
        return [
            .create(id: 1, parent: nil, index: 0, kind: "UIWindow", name: "window", props: window),
            .create(id: 2, parent: 1, index: 0, kind: "UIView", name: "card", props: card),
            .create(id: 3, parent: 1, index: 1, kind: "UIView", name: "badge", props: RenderProps()),
            .create(id: 4, parent: 1, index: 2, kind: "UIStepper", name: "stepper", props: everyProperty),
            .set(id: 2, props: moved),
            .set(id: 4, props: everyProperty),
            .move(id: 3, parent: 2, index: 0),
            .display(id: 2, displayList: [
                .fill(path: [.ellipse(x: 0, y: 0, width: 10, height: 10)], color: "#000000ff", rule: nil),
                .stroke(path: [.move(x: 0, y: 0), .line(x: 10, y: 0), .rect(x: 0, y: 0, width: 4, height: 4), .close], color: "#000000ff",
                        lineWidth: 2, lineCap: "round", lineJoin: "bevel"),
                .fill(path: [.rect(x: 0, y: 0, width: 10, height: 10)], color: "#34c759ff", rule: "evenodd"),
                .text("Hi", at: [12, 30], fontSize: 17, color: "#000000ff"),
            ]),
            .display(id: 4, displayList: nil),
            .remove(id: 3),
        ]
    }()

    /// Every view property set, each nested one with every optional field.
    static let everyProperty: RenderProps = {
        var props = RenderProps.defaults
        props.center = [200, 300]
        props.bounds = [0, 0, 94, 32]
        props.transform = [1, 0, 0, 1, 0, 4]
        props.anchorPoint = [0.5, 1]
        props.alpha = 0.9
        props.hidden = false
        props.userInteractionEnabled = true
        props.clipsToBounds = true
        props.backgroundColor = .value("#ffffffff")
        props.cornerRadius = 8
        props.borderWidth = 1
        props.borderColor = .value("#007affff")
        props.text = .value("3")
        props.textColor = .value("#000000ff")
        props.fontSize = .value(17)
        props.fontBold = .value(true)
        props.textAlignment = .value("center")
        props.image = .value("photo")
        props.contentMode = .value("scaleAspectFit")
        props.contentSize = .value([94, 32])
        props.control = .value(ControlProps(highlighted: true, enabled: true, selected: false, value: 3, minimumValue: 0, maximumValue: 10,
                                            on: false, title: "Step", tint: "#ff2d55ff", segments: ["One", "Two"], selectedSegment: 1,
                                            highlightedSegment: 0, stepper: StepperProps(pressed: "plus", canDecrement: true, canIncrement: true)))
        props.shadow = .value(ShadowProps(color: "#000000ff", opacity: 0.35, offset: [0, 6], radius: 8))
        var keyframed = WireAnimation(id: 2, property: "strokeEnd", from: [0], to: [1], begin: 16, duration: 600, curve: "bezier",
                                      autoreverses: true, repeats: false, controlPoints: [0.42, 0, 0.58, 1], startValue: 0.2, endValue: 1,
                                      joinedAt: 0.1, absolute: true)
        keyframed.keyframes = [[0], [0.5], [1]]
        keyframed.keyTimes = [0, 0.4, 1]
        keyframed.discrete = false
        keyframed.segmentCurves = [[0.42, 0, 1, 1], [0, 0, 0.58, 1]]
        keyframed.passes = 2.5
        keyframed.sublayer = WireSublayer(commands: [0, 1], parent: [1, 0, 0, 1, 0, 0], position: [47, 16], transform: [1, 0, 0, 1, 0, 0],
                                          opacity: 1, stroke: [0, 1], strokeCommand: 0, strokePath: [.move(x: 0, y: 16), .line(x: 94, y: 16)])
        props.animations = [WireAnimation(id: 1, property: "center", from: [50, 150], to: [200, 300], begin: 0, duration: 300,
                                          curve: "spring", damping: 0.7, velocity: 0, autoreverses: false, repeats: true), keyframed]
        return props
    }()

    static var render: [String] {
        var full = RenderMessage(full: true, scene: "drag", ops: ops, recognizers: [RecognizerInfo(name: "pan", kind: "UIPanGestureRecognizer",
                                                                                                    view: "card", state: "possible")], t: 16)
        full.lints = [lint]
        return [ServerMessage.render(full).text, ServerMessage.render(RenderMessage(full: false, ops: [])).text]
    }

    static var events: [String] {
        var hit = LogEntry(kind: "hitTest", text: "hit(1) window>card", diagnostic: false)
        hit.touch = 1
        hit.path = ["window", "card"]
        var began = LogEntry(kind: "responder", text: "card.tb(1)", diagnostic: false)
        began.method = "touchesBegan"
        began.responder = "card"
        began.touches = [LogTouch(id: 1, phase: "began", tapCount: 1, location: [100, 100])]
        began.allTouches = began.touches
        began.subtype = "none"
        began.forwardedFrom = "badge"
        var delivery = LogEntry(kind: "delivery", text: "withheld(1)", diagnostic: true)
        delivery.touch = 1
        delivery.view = "card"
        delivery.note = "discarded: a recognizer claimed it"
        var transition = LogEntry(kind: "transition", text: "pan:possible→began", diagnostic: false)
        transition.recognizer = "pan"
        transition.from = "possible"
        transition.to = "began"
        transition.reason = "moved 12 pt ≥ hysteresis 10 pt"
        var values = LogValues(location: [110, 100], numberOfTouches: 1)
        values.translation = [12, 0]
        values.velocity = [300, 0]
        values.scale = 1
        values.rotation = 0
        values.direction = "right"
        transition.values = values
        transition.margins = [LogMargin(rule: "UIKIT-PAN", threshold: "hysteresis", measured: 12, limitValue: 10, limit: "atLeast",
                                        side: "outside", unit: "pt")]
        var action = LogEntry(kind: "action", text: "act(pan,began)", diagnostic: false)
        action.recognizer = "pan"
        action.state = "began"
        var control = LogEntry(kind: "controlEvent", text: "button:touchDown", diagnostic: false)
        control.control = "button"
        control.event = "touchDown"
        var note = LogEntry(kind: "note", text: "note", diagnostic: true)
        note.message = "the pan's view moved"
        var waiting = LogEntry(kind: "waiting", text: "singleTap waits [doubleTap]", diagnostic: true)
        waiting.recognizer = "singleTap"
        waiting.reason = "requires doubleTap to fail"
        var animation = LogEntry(kind: "animation", text: "animation 1 began", diagnostic: true)
        animation.message = "animation 1 began: card center, 300 ms, easeInOut"
        var recognizerCall = LogEntry(kind: "recognizerTouches", text: "pan.tm(1)", diagnostic: true)
        recognizerCall.recognizer = "pan"
        recognizerCall.method = "touchesMoved"
        recognizerCall.touches = [LogTouch(id: 1, phase: "moved", tapCount: 1, location: [110, 100])]
        recognizerCall.allTouches = recognizerCall.touches
        var full = EventsMessage(seq: 2, t: 1016, log: [hit, began, delivery, transition, action, control, note, waiting, animation, recognizerCall],
                                 pointers: [LivePointer(id: 1, x: 110, y: 100)])
        full.lints = [lint]
        return [ServerMessage.events(full).text, ServerMessage.events(EventsMessage(seq: nil, t: 40, log: [])).text]
    }

    static var error: [String] {
        [ServerMessage.error(ErrorMessage(code: "rate-limited", message: "input: too many messages", path: "input", retryAfterMs: 250, seq: 12)).text,
         ServerMessage.error(ErrorMessage(code: "bad-json", message: "not JSON")).text]
    }

    /// Every example, by message type.
    static var all: [String: [String]] {
        let renders = render, eventsMessages = events
        return [
            "welcome": welcome, "render": renders, "events": eventsMessages, "error": error,
            "pong": [ServerMessage.pong(Pong(id: 42, t: 16100)).text],
            "stepping": [SteppingMessage(source: "recording", name: "pinch.jsonl", frames: 3, times: [0, 16, 32]).text,
                         SteppingMessage(source: "live", name: nil, frames: 1, times: [0]).text],
            "step": [StepMessage.text(frame: 1, frames: 3, t: 16, renders: renders, events: eventsMessages, pointers: [LivePointer(id: 1, x: 110, y: 100)],
                                      omitted: 0)],
            "resumed": [ResumedMessage.text(render: renders[0])],
            "uploading": [UploadingMessage.text(received: 1, parts: 3)],
            "recordings": [RecordingsMessage(recording: true, files: [RecordingListing(name: "20261123-180850-3f9c0a1b.jsonl", bytes: 48213)],
                                             maxBytes: 4_194_304).text],
            "exported-test": [ExportedTestMessage(format: .pytest, frame: 3, text: "def test_session(): ...", notes: ["line 9: act"]).wireText],
            "what-if": [WhatIfAnswer(report: EncodedJSON(#"{"applied":["drag: pan.enabled=false"],"changed":[{"number":1,"recorded":{"line":4,"margins":[{"limit":"atLeast","limitValue":10,"measured":12,"rule":"UIKIT-PAN","side":"outside","threshold":"hysteresis","unit":"pt"}],"result":"ended","subject":"pan","t":60},"subject":"pan","whatIf":{"line":4,"reason":"disabled","result":"failed","subject":"pan","t":60}},{"number":2,"recorded":{"line":9,"reason":"a touch moved 12 pt > 10 pt","result":"cancelled","subject":"pan","t":300},"subject":"pan","whatIf":{"line":9,"margins":[{"limit":"atLeast","limitValue":10,"measured":12,"rule":"UIKIT-PAN","side":"outside","threshold":"hysteresis","unit":"pt"}],"result":"ended","subject":"pan","t":300}}],"changes":["pan.enabled=false"],"firstDifference":{"line":4,"recorded":["pan:possible→began"],"t":60,"whatIf":[]},"identical":false,"outcomes":[{"recorded":["ended","ended"],"subject":"pan","whatIf":["failed"]}],"skipped":["photo: pan.enabled=false: no recognizer pan"]}"#),
                                     frame: 3, differsAtFrame: 2, events: 11, omitted: 0).messageText,
                        WhatIfAnswer(report: EncodedJSON(#"{"applied":[],"changed":[],"changes":[],"identical":true,"outcomes":[],"skipped":[]}"#),
                                     frame: nil, differsAtFrame: nil, events: 4, omitted: 0).messageText],
            "flake": [FlakeAnswer(report: EncodedJSON(#"{"alternatives":["240 Hz"],"firstRefusal":"variant 3, line 7: error rate-limited","jitter":{"dropShare":0.1,"frameRate":60,"positionPt":2,"timingMs":80},"refusedVariants":1,"seed":7,"subjects":[{"baseline":["ended"],"changed":[{"count":5,"firstChange":{"number":1,"recorded":{"line":12,"margins":[{"limit":"atMost","limitValue":350,"measured":300,"rule":"UIKIT-TAP","side":"inside","threshold":"maximumIntervalBetweenTaps","unit":"ms"}],"reason":"second tap within 350 ms","result":"ended","subject":"doubleTap","t":300},"subject":"doubleTap","whatIf":{"line":12,"margins":[{"limit":"atMost","limitValue":350,"measured":420,"rule":"UIKIT-TAP","side":"outside","threshold":"maximumIntervalBetweenTaps","unit":"ms"}],"reason":"multi-tap interval 420 ms > 350 ms","result":"failed","subject":"doubleTap","t":420}},"firstVariant":2,"firstVariantTrace":"240 Hz","results":["failed"]}],"subject":"doubleTap","unchanged":19}],"variants":24}"#),
                                  fromLine: 12, events: 19, omitted: 0).messageText,
                      FlakeAnswer(report: EncodedJSON(#"{"jitter":{"dropShare":0,"positionPt":2,"timingMs":80},"refusedVariants":0,"seed":7,"subjects":[{"baseline":["ended"],"changed":[],"subject":"doubleTap","unchanged":24}],"variants":24}"#),
                                  fromLine: 12, events: 19, omitted: 0).messageText],
        ]
    }
}
