import Testing
import TouchBridgeClient
import TouchBridgeHost

/// The server's backpressure notice (`error` `overloaded`) is counted, not thrown: with reading paused
/// past 1 KiB queued, every full render pauses the connection, yet connecting and switching scenes work.
@Suite struct OverloadedTests {
    @Test func overloadedNoticesAreCountedAndFailNoStep() async throws {
        var settings = TestServer.settings()
        settings.readPauseBytes = 1024
        let server = try InProcessServer(settings: settings)
        defer { server.stop() }
        let session = try await TouchBridgeSession.connect(server.url, scene: "tap-recognition")
        try await session.switchScene("image-translation")
        try await session.switchScene("tap-recognition")
        #expect(session.overloadedCount > 0, "a full render is over 1 KiB: the connection was paused")
        #expect(session.errors.isEmpty)
        await session.close()
    }
}
