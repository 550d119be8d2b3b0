import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeClient

/// Gestures released at a requested velocity read it back from TouchKit's own estimators (the
/// `velocity` of the `.ended` transition in the event log), at 60, 120 and 240 Hz.
@Suite("Release velocity")
struct ReleaseVelocityTests {
    static let rates = [60.0, 120.0, 240.0]

    /// A full-screen pad with one recognizer of `kind` named after it; the app never sets its scale or rotation.
    func connect(_ kind: String) async throws -> TouchBridgeSession {
        let text = """
            {"name": "velocity-\(kind)", "views": [{"id": "pad", "frame": [0, 0, 400, 800], "multipleTouch": true}],
             "recognizers": [{"id": "\(kind)", "kind": "\(kind)", "view": "pad"}]}
            """
        let scene = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        return try await TouchBridgeSession.connect(TestServer.url, sceneRequest: .inline(scene))
    }

    /// The `velocity` TouchKit reported when `recognizer` ended.
    func releaseVelocity(_ session: TouchBridgeSession, _ recognizer: String) async throws -> [Double] {
        let ended = try await session.expectTransition(recognizer, to: .ended)
        return try #require(ended.values?.velocity)
    }

    func expectClose(_ measured: Double, _ requested: Double, _ what: String) {
        #expect(abs(measured - requested) <= 0.01 * abs(requested), "\(what): read back \(measured), requested \(requested)")
    }

    /// UIKIT-PAN: the pan's estimator (the last 100 ms of centroid samples) reads the requested velocity.
    @Test(arguments: rates) func aPanReleasedAtAVelocityReadsItBack(rate: Double) async throws {
        let session = try await connect("pan")
        // Slowly at first, eased to the left and down; released moving right and up at 800 and 300 pt/s.
        let requested = Point(800, -300)
        try await session.perform(.pan(from: Point(100, 400), to: Point(300, 500), releaseVelocity: requested, sampleRate: rate))
        let velocity = try await releaseVelocity(session, "pan")
        expectClose(velocity[0], requested.x, "x at \(rate) Hz")
        expectClose(velocity[1], requested.y, "y at \(rate) Hz")
        await session.close()
    }

    @Test(arguments: rates) func aFlickAndASwipeReleaseAtTheirSpeed(rate: Double) async throws {
        let session = try await connect("pan")
        try await session.perform(.flick(from: Point(300, 600), velocity: Point(-1200, -900), sampleRate: rate))
        let flick = try await releaseVelocity(session, "pan")
        expectClose(flick[0], -1200, "flick x at \(rate) Hz")
        expectClose(flick[1], -900, "flick y at \(rate) Hz")

        try await session.advance(by: 500)
        // A swipe is a constant-speed stroke: it is released at `speed` in its direction.
        try await session.perform(.swipe(.up, from: Point(200, 700), distance: 300, speed: 1500, sampleRate: rate))
        let swipe = try await releaseVelocity(session, "pan")
        #expect(abs(swipe[0]) < 0.001)
        expectClose(swipe[1], -1500, "swipe at \(rate) Hz")
        await session.close()
    }

    /// UIKIT-PAN (the estimators), UIKIT-PINCH: the pinch's velocity from its last two samples.
    @Test(arguments: rates) func aPinchReleasedAtAScaleVelocityReadsItBack(rate: Double) async throws {
        let session = try await connect("pinch")
        try await session.perform(.pinch(center: Point(200, 400), from: 100, to: 260, releaseVelocity: 0.75, degrees: 30, sampleRate: rate))
        expectClose(try await releaseVelocity(session, "pinch")[0], 0.75, "pinch at \(rate) Hz")
        try await session.advance(by: 500)
        // Closing, slowly: a small per-frame change still reads back exactly.
        try await session.perform(.pinch(center: Point(200, 400), from: 200, to: 120, releaseVelocity: -0.2, sampleRate: rate))
        expectClose(try await releaseVelocity(session, "pinch")[0], -0.2, "closing pinch at \(rate) Hz")
        await session.close()
    }

    /// UIKIT-PAN (the estimators), UIKIT-ROTATION: the rotation's velocity from its last two samples.
    @Test(arguments: rates) func aRotationReleasedAtRadiansPerSecondReadsItBack(rate: Double) async throws {
        let session = try await connect("rotation")
        try await session.perform(.rotate(center: Point(200, 400), degrees: 60, releaseVelocity: 3, sampleRate: rate))
        expectClose(try await releaseVelocity(session, "rotation")[0], 3, "clockwise at \(rate) Hz")
        try await session.advance(by: 500)
        try await session.perform(.rotate(center: Point(200, 400), degrees: -45, releaseVelocity: -0.5, startDegrees: 90, sampleRate: rate))
        expectClose(try await releaseVelocity(session, "rotation")[0], -0.5, "anticlockwise at \(rate) Hz")
        await session.close()
    }

    // MARK: The stream itself

    @Test func theReleaseFrameIsAWholeFrameAndTheLastStretchIsStraight() throws {
        let context = GestureContext(viewport: Viewport(width: 400, height: 800, scale: 2))
        let timeline = try Gesture.pan(from: Point(0, 0), to: Point(100, 0), releaseVelocity: Point(500, 0), duration: 250)
            .timeline(in: context)
        let moves = timeline.events.filter { $0.phase == .move }
        // Frames counted back from the release at 250 ms: 16.667 ms apart, the first one short.
        #expect(moves.last?.t == 250)
        #expect(moves.suffix(2).map(\.t) == [233.333, 250])
        #expect(moves.count == 15 && moves.first?.t == 16.667)
        // Every sample of the last 100 ms and the one before lies on the line ending at 100 pt at 500 pt/s.
        for move in moves where move.t >= 250 - 100 - 16.667 {
            #expect(abs(move.point.x - (100 - 500 * (250 - move.t) / 1000)) < 1e-9)
        }
        #expect(timeline.events.last == PointerEvent(finger: 1, phase: .up, point: Point(100, 0), t: 250))
    }

    @Test func impossibleRequestsAreErrors() throws {
        let context = GestureContext(viewport: Viewport(width: 400, height: 800, scale: 2))
        #expect(throws: GestureError.self) {
            try Gesture.pan(from: Point(0, 0), to: Point(100, 0), releaseVelocity: Point(500, 0), duration: 100).timeline(in: context)
        }
        // Opening at 1/s (100 pt/s) to end 10 pt apart: 116.667 ms before the end they would be −1.667 pt apart.
        #expect(throws: GestureError.self) {
            try Gesture.pinch(center: Point(200, 400), from: 100, to: 10, releaseVelocity: 1).timeline(in: context)
        }
        #expect(throws: GestureError.self) { try Gesture.flick(from: Point(0, 0), velocity: Point(1, 1), duration: 0).timeline(in: context) }
        // A script's absurd duration is refused before any frame is made (and before an integer conversion could trap).
        #expect(throws: GestureError.self) { try Gesture.flick(from: Point(0, 0), velocity: Point(1, 1), duration: 1e300).timeline(in: context) }
        #expect(throws: GestureError.self) {
            try Gesture.pan(from: Point(0, 0), to: Point(1, 1), releaseVelocity: Point(1, 1), duration: 1e10).timeline(in: context)
        }
    }
}
