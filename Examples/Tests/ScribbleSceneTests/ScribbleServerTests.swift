import ScribbleScene
import Testing
import TouchBridge
import TouchBridgeClient

/// The same scene served by `SceneServer` and driven by the Swift client over a real socket.
@Suite struct ScribbleServerTests {
    @Test func aSwipeOverTheSocketWaitsForTheScribbleToFail() async throws {
        var server = SceneServer(includingBuiltInScenes: false)
        server.register("scribble", title: "Scribble", description: "Swipe right to count, scribble to erase.") {
            ScribbleViewController()
        }
        let running = try server.startInProcess()
        defer { running.stop() }
        let session = try await TouchBridgeSession.connect(running.url, scene: "scribble")
        try await session.perform(.swipe(.right, from: Point(80, 350), distance: 240, speed: 1600))
        try await session.expectSequence([.transition("scribble", to: .failed), .transition("swipe", to: .ended)])
        try await session.expectRender("status", "text", "Swiped right 1 time.")
        await session.close()
    }
}
