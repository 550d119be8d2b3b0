import TouchBridgeClient
import TouchBridgeProtocol

/// An exported session (`ExportedSession`) as a readable `pytest` test on the Python client
/// (`clients/python`): `play(url, scene)` connects with the manual clock, performs each step (the same
/// synthesis call the Swift export makes, e.g. `tb.tap(...)`, or the recorded changes) and expects its
/// decisions with `expect_sequence`, so a change to the scene, a threshold or the engine that alters a
/// decision fails the test with the recognizer and transition it missed.
package struct PytestExport: Sendable {
    /// The test file's text.
    package var source: String

    /// The test of `session`.
    package init(_ session: ExportedSession) {
        let n = ExportText.number
        let scene: String = switch session.scene {
        case .named(let named): ExportText.quoted(named)
        case .inline(let inline): "json.loads(\(ExportText.quoted(WireJSON.text(inline))))"
        }
        let imports = if case .inline = session.scene { "import asyncio\nimport json\nimport os" } else { "import asyncio\nimport os" }
        let viewport = session.viewport
        var recorded: [String] = []
        var body: [String] = []
        if session.leadIn > 0 {
            body += ["        # The first finger landed \(n(session.leadIn)) ms after the session joined.",
                     "        await session.perform(tb.pause(\(n(session.leadIn))))"]
        }
        for (index, step) in session.steps.enumerated() {
            var gesture = Self.call(step.gesture)
            if case .raw(let events) = step.gesture {
                recorded += ["", "# Step \(index + 1)'s fingers as recorded: t in ms from the step's start, at in window points.",
                             "STEP_\(index + 1)_FINGERS = ["] + events.map { "    \(Self.event($0))," } + ["]"]
                gesture = "tb.raw(STEP_\(index + 1)_FINGERS, name=\"step \(index + 1)\")"
            }
            body += ["", "        # " + ExportText.heading(step, number: index + 1, isLast: index == session.steps.count - 1)]
            body.append("        await session.perform(\(gesture)" + (step.pauseAfter > 0 ? ", tb.pause(\(n(step.pauseAfter))))" : ")"))
            if step.decisions.isEmpty {
                body.append("        # " + ExportText.decidedNothing)
            } else {
                body += ["        await session.expect_sequence("] + step.decisions.map { "            \(Self.match($0))," } + ["        )"]
            }
        }
        let function = "test_" + ExportText.words(session.name).joined(separator: "_")
        source = "\"\"\"" + ExportText.introduction(session, tool: "pytest").joined(separator: "\n") + """


            Needs a running server (`touchbridge serve`; TOUCHBRIDGE_URL names another) and the Python client
            (`pip install ./clients/python` from a TouchBridge checkout).
            \"\"\"

            \(imports)

            import touchbridge as tb

            URL = os.environ.get("TOUCHBRIDGE_URL", "ws://127.0.0.1:8080/ws")
            # The scene the recording showed at its first touch.
            SCENE = \(scene)
            # The recording's window: points, and device pixels per point.
            VIEWPORT = tb.Viewport(\(n(viewport.width)), \(n(viewport.height)), \(n(viewport.scale)))\(recorded.map { "\n" + $0 }.joined())


            async def play(url: str = URL, scene=SCENE) -> None:
                \"\"\"The recording's steps on the server at ``url``, showing ``scene`` (pass another to see what changes).\"\"\"
                async with tb.connect(url, scene=scene, viewport=VIEWPORT) as session:
            \(body.joined(separator: "\n"))


            def \(function)():
                asyncio.run(play())

            """
    }

    private static func point(_ point: Point) -> String { "(\(ExportText.number(point.x)), \(ExportText.number(point.y)))" }

    /// The Python client's synthesis call for a fitted gesture (raw ones are named constants, see `init`).
    private static func call(_ gesture: ExportedGesture) -> String {
        let n = ExportText.number
        return switch gesture {
        case .tap(let at, let duration): "tb.tap(\(point(at)), duration=\(n(duration)))"
        case .doubleTap(let at, let duration, let interval): "tb.double_tap(\(point(at)), duration=\(n(duration)), interval=\(n(interval)))"
        case .longPress(let at, let duration): "tb.long_press(\(point(at)), duration=\(n(duration)))"
        case .pan(let from, let to, let duration, let hold, let rate):
            "tb.pan(\(point(from)), \(point(to)), duration=\(n(duration)), hold=\(n(hold)), sample_rate=\(n(rate)))"
        case .swipe(let direction, let from, let distance, let speed, let rate):
            "tb.swipe(\"\(direction.rawValue)\", \(point(from)), distance=\(n(distance)), speed=\(n(speed)), sample_rate=\(n(rate)))"
        case .pinch(let center, let from, let to, let degrees, let duration, let rate):
            "tb.pinch(\(point(center)), \(n(from)), \(n(to)), degrees=\(n(degrees)), duration=\(n(duration)), sample_rate=\(n(rate)))"
        case .rotate(let center, let radius, let degrees, let start, let duration, let rate):
            "tb.rotate(\(point(center)), \(n(degrees)), radius=\(n(radius)), start_degrees=\(n(start)), duration=\(n(duration)), sample_rate=\(n(rate)))"
        case .raw: ""
        }
    }

    /// One recorded change as the dict `tb.raw` takes.
    private static func event(_ event: PointerEvent) -> String {
        var fields = "\"t\": \(ExportText.number(event.t)), \"finger\": \(event.finger), \"phase\": \"\(event.phase.rawValue)\", \"at\": \(point(event.point))"
        if event.pointerType != .touch { fields += ", \"pointer_type\": \"\(event.pointerType.rawValue)\"" }
        if let pressure = event.pressure { fields += ", \"pressure\": \(ExportText.number(pressure))" }
        if let width = event.width { fields += ", \"width\": \(ExportText.number(width))" }
        if let height = event.height { fields += ", \"height\": \(ExportText.number(height))" }
        return "{\(fields)}"
    }

    /// The Python expectation of a decision.
    private static func match(_ decision: Decision) -> String {
        let q = ExportText.quoted
        return switch decision {
        case .transition(let recognizer, let from, let to): "tb.Transition(\(q(recognizer)), from_=\(q(from)), to=\(q(to)))"
        case .action(let recognizer, let state): "tb.Action(\(q(recognizer)), \(q(state)))"
        case .controlEvent(let control, let event): "tb.ControlEvent(\(q(control)), \(q(event)))"
        case .touchesCancelled(let responder): "tb.Responder(\(q(responder)), \"touchesCancelled\")"
        }
    }
}
