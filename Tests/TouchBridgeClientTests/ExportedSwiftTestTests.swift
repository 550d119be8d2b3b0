import Foundation
import Testing
import TouchBridgeClient
@testable import TouchBridgeHost
import TouchBridgeProtocol

/// `touchbridge export --as swift`: a recorded phone session becomes a readable Swift Testing test.
/// `Generated/RecordedPhotoSession.swift` is such a test, exported from `Tests/fixtures/export/photo-session.jsonl`
/// and compiled with this target; its own `@Test` passes on the scene it came from (against the in-process
/// server), these check that regenerating it gives the same bytes, and that it fails by name on a changed scene.
///
/// To regenerate it (after a change to the exporter or, deliberately, to the engine's decisions):
///
///     touchbridge export --as swift --swift-server TestServer.url Tests/fixtures/export/photo-session.jsonl \
///         > Tests/TouchBridgeClientTests/Generated/RecordedPhotoSession.swift
@Suite("Swift test export")
struct ExportedSwiftTestTests {
    static let fixture = Repo.path("Tests/fixtures/export/photo-session.jsonl")

    static func exported() throws -> ExportedSession {
        let recording = try Recording.load(path: fixture)
        let replay = try SessionReplay.run(recording, scenesDirectory: Repo.path("config/scenes"))
        return try ExportedSession(recording, name: "photo-session", decided: replay.outbound)
    }

    @Test func regeneratingTheCommittedTestGivesTheSameBytes() throws {
        let committed = try String(contentsOfFile: Repo.path("Tests/TouchBridgeClientTests/Generated/RecordedPhotoSession.swift"), encoding: .utf8)
        let generated = SwiftTestExport(try Self.exported(), server: "TestServer.url").source
        let first = zip(generated.split(separator: "\n", omittingEmptySubsequences: false), committed.split(separator: "\n", omittingEmptySubsequences: false))
            .enumerated().first { $0.element.0 != $0.element.1 }
        #expect(generated == committed, "first differing line \((first?.offset ?? -1) + 1): \(first.map { "\($0.element.0) vs \($0.element.1)" } ?? "(length)")")
    }

    @Test func gesturesAreTheClientsSynthesisCallsWhereTheyFitAndRecordedWhereTheyDoNot() throws {
        let kinds = try Self.exported().steps.map(\.gesture.summary)
        #expect(kinds == ["double tap", "pan", "pinch out", "rotate clockwise", "1-finger trace as recorded (50 changes)", "tap"], "\(kinds)")
    }

    @Test func theGeneratedTestFailsNamingTheRecognizerAndTransitionWhenTheSceneChanges() async throws {
        // The scene's double tap now needs three taps: the recorded double tap no longer ends it.
        let text = try String(contentsOfFile: Repo.path("config/scenes/photo-gestures.json"), encoding: .utf8)
            .replacingOccurrences(of: #""numberOfTapsRequired": 2"#, with: #""numberOfTapsRequired": 3"#)
        #expect(text.contains(#""numberOfTapsRequired": 3"#))
        let changed = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        do {
            try await RecordedPhotoSession.play(on: TestServer.url, scene: .inline(changed))
            Issue.record("the generated test passed on the changed scene")
        } catch let failure as ExpectationFailure {
            // The first step expects its double tap to end first (the other recognizers' failures as the fingers
            // lifted are not expected: no recognizer waited for them or caused them); it did not end.
            #expect(failure.detail.hasPrefix("found the first 0, then no transition doubleTap possible → ended"), "\(failure)")
            // Reported at the failing step's expectSequence, not at the @Test.
            #expect(failure.location == "TouchBridgeClientTests/RecordedPhotoSession.swift:88", "\(failure)")
        }
    }

    @Test func aPanFitsOnlyWithinThePositionTolerance() {
        let fit = GestureFit(viewport: Viewport(width: 400, height: 800))
        func pan(bentBy offset: Double) -> [PointerEvent] {
            var events = [PointerEvent(finger: 1, phase: .down, point: Point(100, 100), t: 0)]
            for k in 1...10 {
                let bend = k == 5 ? offset : 0
                events.append(PointerEvent(finger: 1, phase: .move, point: Point(100 + 10 * Double(k), 100 + bend), t: 10 * Double(k)))
            }
            events.append(PointerEvent(finger: 1, phase: .up, point: Point(200, 100), t: 100))
            return events
        }
        #expect(fit.gesture(for: pan(bentBy: 1.5)) == .swipe(.right, from: Point(100, 100), distance: 100, speed: 1000, sampleRate: 100))
        #expect(fit.gesture(for: pan(bentBy: 2.5)) == .raw(pan(bentBy: 2.5)))
    }

    @Test func aLongHoldBetweenTwoMovesStaysAsRecordedInsteadOfBeingResampledForItsWholeDuration() {
        // Three moves 1 ms apart make the recorded frame rate 1000 Hz; resampled at it, the 10^9 ms move
        // after them would be 10^12 moves (the exporter would never finish). It stays the six recorded changes.
        var events = [PointerEvent(finger: 1, phase: .down, point: Point(100, 100), t: 0)]
        for t in 1...3 { events.append(PointerEvent(finger: 1, phase: .move, point: Point(100, 100), t: Double(t))) }
        events += [PointerEvent(finger: 1, phase: .move, point: Point(200, 100), t: 1e9),
                   PointerEvent(finger: 1, phase: .up, point: Point(200, 100), t: 1e9)]
        #expect(GestureFit(viewport: Viewport(width: 400, height: 800)).gesture(for: events) == .raw(events))
    }

    @Test func namesFromAnInlineSceneCannotEndTheirStringLiteral() {
        #expect(SwiftTestExport.quoted("a\"b\\c\n\u{2028}") == #""a\"b\\c\u{a}\u{2028}""#)
    }
}
