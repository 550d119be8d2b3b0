import TouchBridgeClient
import TouchBridgeProtocol

/// An exported session (`ExportedSession`) as a Swift Testing test on `TouchBridgeClient`: a suite whose
/// `play(on:scene:)` connects with the manual clock, performs each step (a synthesis call such as
/// `.tap(at:duration:)`, or the recorded `PointerEvent`s) and expects its decisions with `expectSequence`,
/// so a failure names the recognizer and transition that went missing and the line of the step.
package struct SwiftTestExport: Sendable {
    /// The Swift expression for the server a generated `@Test` connects to by default:
    /// `TOUCHBRIDGE_URL`, else a local `touchbridge serve`.
    package static let defaultServer = #"ProcessInfo.processInfo.environment["TOUCHBRIDGE_URL"] ?? "ws://127.0.0.1:8080/ws""#

    /// The test file's text.
    package var source: String

    /// The test of `session`; its `@Test` connects to the server `server` (a Swift expression) names.
    package init(_ session: ExportedSession, server: String = defaultServer) {
        let words = ExportText.words(session.name)
        let typeName = "Recorded" + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        let scene: String = switch session.scene {
        case .named(let name): ".named(\(Self.quoted(name)))"
        case .inline(let json): ".inline(try! JSONDecoder().decode(JSONValue.self, from: Data(\(Self.quoted(WireJSON.text(json))).utf8)))"
        }
        let viewport = session.viewport
        var recorded: [String] = []
        var body: [String] = []
        if session.leadIn > 0 {
            body += ["        // The first finger landed \(ExportText.number(session.leadIn)) ms after the session joined.",
                     "        try await session.perform(.pause(\(ExportText.number(session.leadIn))))"]
        }
        for (index, step) in session.steps.enumerated() {
            var gesture = Self.call(step.gesture)
            if case .raw(let events) = step.gesture {
                recorded += ["", "    /// Step \(index + 1)'s fingers as recorded: ms from the step's start, window points.",
                             "    static let step\(index + 1)Fingers: [PointerEvent] = ["]
                    + events.map { "        \(Self.event($0))," } + ["    ]"]
                gesture = ".raw(step\(index + 1)Fingers, name: \"step \(index + 1)\")"
            }
            body += ["", "        // " + ExportText.heading(step, number: index + 1, isLast: index == session.steps.count - 1)]
            body.append(step.pauseAfter > 0 ? "        try await session.perform([\(gesture), .pause(\(ExportText.number(step.pauseAfter)))])"
                : "        try await session.perform(\(gesture))")
            if step.decisions.isEmpty {
                body.append("        // " + ExportText.decidedNothing)
            } else {
                body += ["        try await session.expectSequence(["] + step.decisions.map { "            \(Self.match($0))," } + ["        ])"]
            }
        }
        source = ExportText.introduction(session, tool: "swift").map { "// " + $0 }.joined(separator: "\n") + """


            import Foundation
            import Testing
            import TouchBridgeClient
            import TouchBridgeProtocol

            @Suite(\(Self.quoted("Recorded session " + session.name)))
            struct \(typeName) {
                /// The scene the recording showed at its first touch.
                static let scene: SceneRequest = \(scene)
                /// The recording's window: points, and device pixels per point.
                static let viewport = Viewport(width: \(ExportText.number(viewport.width)), height: \(ExportText.number(viewport.height)), \
            scale: \(ExportText.number(viewport.scale)))\(recorded.map { "\n" + $0 }.joined())

                @Test func decidesWhatTheRecordingDecided() async throws {
                    try await Self.play(on: \(server))
                }

                /// The recording's steps on the server at `url`, showing `scene` (pass another to see what changes).
                static func play(on url: String, scene: SceneRequest = scene) async throws {
                    let session = try await TouchBridgeSession.connect(url, sceneRequest: scene, viewport: viewport)
            \(body.joined(separator: "\n"))
                    await session.close()
                }
            }

            """
    }

    /// A Swift string literal of `text`: quotes, backslashes and control characters escaped, so no name
    /// from a scene can end the literal or the line.
    static func quoted(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// A point literal.
    private static func point(_ point: Point) -> String { "Point(\(ExportText.number(point.x)), \(ExportText.number(point.y)))" }

    /// The client's synthesis call for a fitted gesture (raw ones are named constants, see `init`).
    private static func call(_ gesture: ExportedGesture) -> String {
        let n = ExportText.number
        return switch gesture {
        case .tap(let at, let duration): ".tap(at: \(point(at)), duration: \(n(duration)))"
        case .doubleTap(let at, let duration, let interval): ".doubleTap(at: \(point(at)), duration: \(n(duration)), interval: \(n(interval)))"
        case .longPress(let at, let duration): ".longPress(at: \(point(at)), duration: \(n(duration)))"
        case .pan(let from, let to, let duration, let hold, let rate):
            ".pan(from: \(point(from)), to: \(point(to)), duration: \(n(duration)), hold: \(n(hold)), sampleRate: \(n(rate)))"
        case .swipe(let direction, let from, let distance, let speed, let rate):
            ".swipe(.\(direction.rawValue), from: \(point(from)), distance: \(n(distance)), speed: \(n(speed)), sampleRate: \(n(rate)))"
        case .pinch(let center, let from, let to, let degrees, let duration, let rate):
            ".pinch(center: \(point(center)), from: \(n(from)), to: \(n(to)), degrees: \(n(degrees)), duration: \(n(duration)), sampleRate: \(n(rate)))"
        case .rotate(let center, let radius, let degrees, let start, let duration, let rate):
            ".rotate(center: \(point(center)), radius: \(n(radius)), degrees: \(n(degrees)), startDegrees: \(n(start)), "
                + "duration: \(n(duration)), sampleRate: \(n(rate)))"
        case .raw: ""
        }
    }

    /// One recorded change as a `PointerEvent` literal.
    private static func event(_ event: PointerEvent) -> String {
        var text = "PointerEvent(finger: \(event.finger), phase: .\(event.phase.rawValue), point: \(point(event.point)), t: \(ExportText.number(event.t))"
        if event.pointerType != .touch { text += ", pointerType: .\(event.pointerType.rawValue)" }
        if let pressure = event.pressure { text += ", pressure: \(ExportText.number(pressure))" }
        if let width = event.width { text += ", width: \(ExportText.number(width))" }
        if let height = event.height { text += ", height: \(ExportText.number(height))" }
        return text + ")"
    }

    /// The `LogMatch` that expects a decision.
    private static func match(_ decision: Decision) -> String {
        switch decision {
        case .transition(let recognizer, let from, let to): ".transition(\(Self.quoted(recognizer)), to: .\(to), from: .\(from))"
        case .action(let recognizer, let state): ".action(\(Self.quoted(recognizer)), .\(state))"
        case .controlEvent(let control, let event): ".controlEvent(\(Self.quoted(control)), \(Self.quoted(event)))"
        case .touchesCancelled(let responder): ".responder(\(Self.quoted(responder)), .touchesCancelled)"
        }
    }
}
