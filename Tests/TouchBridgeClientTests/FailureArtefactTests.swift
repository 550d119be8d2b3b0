import Foundation
import Testing
import TouchBridgeClient

/// A failed expectation saves the session as one HTML file when asked (`saveFailures(to:)`, or
/// `TOUCHBRIDGE_HTML_ON_FAILURE`): it opens at the frame where the expectation was decided, with the reason.
@Suite("Failure artefacts of the Swift client")
struct FailureArtefactTests {
    /// The timeline the file embeds, as web/artefact.mjs reads it.
    static func embedded(_ path: String) throws -> [String: Any] {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"touchbridge-artefact\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = Data(html[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func aFailedExpectationWritesTheFileOpeningWhereItWasDecided() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("artefact-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try await TouchBridgeSession.connect(TestServer.url, scene: "single-double-tap", clock: .manual)
        session.saveFailures(to: directory)
        try await session.perform(.tap(at: Point(100, 400)))
        let site = #line + 2
        do {
            try await session.expectTransition("doubleTap", to: .ended, within: 400)
            Issue.record("one tap is not a double tap")
        } catch let failure as ExpectationFailure {
            let path = try #require(failure.artefact)
            #expect(FileManager.default.fileExists(atPath: path))
            #expect(failure.description.hasSuffix("step through it in a browser: \(path)"))
            let data = try Self.embedded(path)
            let reason = try #require(data["reason"] as? String)
            #expect(reason.hasPrefix("TouchBridgeClientTests/FailureArtefactTests.swift:\(site): expected transition doubleTap → ended"))
            let frames = try #require(data["frames"] as? [[String: Any]])
            #expect(data["open"] as? Int == frames.count - 1)
            // The frames hold what decided it: doubleTap failed when its interval ran out.
            let texts = frames.flatMap { ($0["events"] as? [[String: Any]]) ?? [] }
                .flatMap { ($0["log"] as? [[String: Any]]) ?? [] }.compactMap { $0["text"] as? String }
            #expect(texts.contains { $0.hasPrefix("doubleTap:possible→failed") })
        }
        await session.close()
    }

    @Test func noFileUnlessAsked() async throws {
        let session = try await TouchBridgeSession.connect(TestServer.url, scene: "single-double-tap", clock: .manual)
        session.saveFailures(to: nil)
        try await session.perform(.tap(at: Point(100, 400)))
        do {
            try await session.expectTransition("doubleTap", to: .ended, within: 400)
            Issue.record("one tap is not a double tap")
        } catch let failure as ExpectationFailure {
            #expect(failure.artefact == nil)
            #expect(!failure.description.contains("step through it"))
        }
        await session.close()
    }
}
