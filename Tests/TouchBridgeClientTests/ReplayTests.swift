import Foundation
import Testing
import TouchBridgeClient
import TouchBridgeHost
import TouchBridgeProtocol
import TouchBridgeScenes
import TouchBridgeServer
import TouchKit

/// Recordings (`serve --record`) and their replay (`touchbridge replay --check`): the committed
/// recordings are regression tests, and a changed behaviour shows as a difference.
@Suite("Recording and replay")
struct ReplayTests {
    static let committed = Repo.files(in: "Tests/recordings", suffix: ".jsonl")

    /// The server's catalog: the Swift scenes and config/scenes.
    static func serverCatalog() throws -> LibraryCatalog {
        LibraryCatalog(declarativeScenes: try Repo.files(in: "config/scenes", suffix: ".json").map {
            try SceneSpec.parse(Data(contentsOf: URL(fileURLWithPath: $0)))
        })
    }

    @Test func thereAreRecordingsOfThePinchTheDragAndTheTaps() {
        let names = Set(Self.committed.map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent })
        #expect(names.isSuperset(of: ["transform-image-pinch", "drag-and-drop", "single-double-tap"]))
    }

    @Test(arguments: committed)
    func everyCommittedRecordingReplaysIdentically(path: String) throws {
        let recording = try Recording.load(path: path)
        let result = try SessionReplay.run(recording, scenesDirectory: Repo.path("config/scenes"))
        if let difference = result.difference { Issue.record("\(path): \(difference)") }
        #expect(result.inboundCount > 3)
        #expect(result.trace.contains("→"))
        // Byte-identical across runs.
        let again = try SessionReplay.run(recording, scenesDirectory: Repo.path("config/scenes"))
        #expect(again.trace == result.trace)
        #expect(again.outbound == result.outbound)
    }

    @Test func theTraceIsTheEventLogInCompactNotation() throws {
        let recording = try Recording.load(path: Repo.path("Tests/recordings/single-double-tap.jsonl"))
        #expect(recording.header.scene == "single-double-tap")
        #expect(recording.header.clock == .client)
        #expect(recording.header.thresholds.tapMaximumIntervalMs == 350)
        #expect(recording.entries.contains { if case .timer = $0 { true } else { false } })
        let trace = try SessionReplay.run(recording, scenesDirectory: Repo.path("config/scenes")).trace
        let lines = trace.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasSuffix("doubleTap:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]") })
        #expect(lines.contains { $0.hasSuffix("act(singleTap,ended)") })
        #expect(lines.contains { $0.hasSuffix("act(doubleTap,ended)") })
        #expect(lines.contains("# mark: mark 1"))
        #expect(!lines.contains { $0.contains("hit(") })
        let diagnostics = try SessionReplay.run(recording, scenesDirectory: Repo.path("config/scenes"), diagnostics: true).trace
        #expect(diagnostics.contains("hit(1) window>root>recognizers"))
    }

    @Test func checkCatchesAMutatedRecordedMessage() throws {
        let path = Repo.path("Tests/recordings/single-double-tap.jsonl")
        var recording = try Recording.load(path: path)
        // The first finger lands on the other pane instead.
        let index = try #require(recording.entries.firstIndex {
            if case .input(let text, _) = $0 { text.contains("\"phase\":\"down\"") } else { false }
        })
        guard case .input(let text, let at) = recording.entries[index] else { return }
        let moved = text.replacingOccurrences(of: "\"x\":97.5", with: "\"x\":300")
        #expect(moved != text)
        recording.entries[index] = .input(moved, at: at)
        let result = try SessionReplay.run(recording, scenesDirectory: Repo.path("config/scenes"))
        let difference = try #require(result.difference)
        #expect(difference.line == index + 2)
        #expect(difference.cause.contains("\"x\":300"))
        // The log lines each side has alone, not the first differing JSON field.
        #expect(difference.field == "log lines — recorded only: hit(1) window>root>recognizers, recognizers.tb(1), root.tb(1) via recognizers, "
                + "SingleDoubleTapViewController#3.tb(1) via root, window.tb(1) via SingleDoubleTapViewController#3, "
                + "UIApplication#1.tb(1) via window; replayed only: hit(1) window>root>tapCount, tapCount.tb(1)",
                "\(difference.field ?? "nil")")
        #expect(difference.description.contains("recorded:") && difference.description.contains("replayed:"))
    }

    @Test func checkCatchesAChangedThreshold() throws {
        let recording = try Recording.load(path: Repo.path("Tests/recordings/single-double-tap.jsonl"))
        // The same scenes, but double taps must follow within 200 ms instead of 350.
        let catalog = TweakedCatalog(base: try Self.serverCatalog()) { recognizer in
            (recognizer as? UITapGestureRecognizer)?.maximumIntervalBetweenSuccessiveTaps = 0.2
        }
        let result = try SessionReplay.run(recording, catalog: catalog)
        let difference = try #require(result.difference)
        #expect(difference.description.contains("what differs: "))
        #expect(result.trace.contains("multi-tap interval 200 ms elapsed"))
        // The unchanged catalog agrees with the recording.
        let unchanged = try SessionReplay.run(recording, catalog: TweakedCatalog(base: try Self.serverCatalog()) { _ in })
        #expect(unchanged.difference == nil)
    }

    @Test func aDifferenceNamesTheMessageTypesWhenTheyDiffer() throws {
        #expect(SessionReplay.firstDifference(#"{"type":"render","full":false}"#, #"{"type":"events","log":[]}"#)
                == #"type: "render" vs "events""#)
        #expect(SessionReplay.firstDifference(#"{"type":"events","log":[{"text":"a"},{"text":"card.tc(1)"}]}"#,
                                              #"{"type":"events","log":[{"text":"a"}]}"#)
                == "log lines — recorded only: card.tc(1); replayed only: none")
        #expect(SessionReplay.firstDifference(#"{"type":"events","log":[{"text":"a","t":1}]}"#, #"{"type":"events","log":[{"text":"a","t":2}]}"#)
                == "log[0].t: 1 vs 2")
    }

    @Test func aDroppedOrExtraRecordedMessageIsADifference() throws {
        var recording = try Recording.load(path: Repo.path("Tests/recordings/transform-image-pinch.jsonl"))
        let last = try #require(recording.entries.lastIndex { if case .output = $0 { true } else { false } })
        recording.entries.remove(at: last)
        let difference = try #require(try SessionReplay.run(recording, scenesDirectory: Repo.path("config/scenes")).difference)
        #expect(difference.recorded == nil)
        #expect(difference.replayed != nil)
    }

    @Test func garbageIsNotARecording() {
        #expect(throws: RecordingError.self) { try Recording.parse("") }
        #expect(throws: RecordingError.self) { try Recording.parse("{\"format\":\"other\"}\n") }
        #expect(throws: RecordingError.self) { try Recording.parse(try Recording.load(path: Self.committed[0]).text + "{\"what\":1}\n") }
    }

    @Test func aRecordingSurvivesAFileRoundTrip() throws {
        let recording = try Recording.load(path: Self.committed[0])
        #expect(try Recording.parse(recording.text) == recording)
    }

    /// The whole loop in this process: a server recording sessions, the client library driving
    /// them (manual clock and client clock, with a mark), then replay --check of every file.
    @Test func sessionsDrivenByTheClientLibraryReplayIdentically() async throws {
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("touchbridge-record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try InProcessServer(settings: TestServer.settings(), record: directory)
        defer { server.stop() }

        let manual = try await TouchBridgeSession.connect(server.url, scene: "transform-image")
        try await manual.perform(.pinch(center: Point(200, 400), from: 100, to: 180))
        try await manual.mark("after the pinch")
        try await manual.perform(.rotate(center: Point(200, 400), degrees: 45))
        try await manual.expectTransition("rotation", to: .ended)
        await manual.close()

        let live = try await TouchBridgeSession.connect(server.url, scene: "drag-and-drop", clock: .client)
        try await live.perform(.pan(from: Point(200, 400), to: Point(260, 430), duration: 200, hold: 600))
        try await live.expectTransition("longPress", to: .ended)
        await live.close()

        let files = try await waitForClosedRecordings(in: directory, count: 2)
        for file in files {
            let recording = try Recording.load(path: file)
            let result = try SessionReplay.run(recording, scenesDirectory: Repo.path("config/scenes"))
            if let difference = result.difference { Issue.record("\(file): \(difference)") }
            if recording.header.clock == .manual {
                #expect(recording.header.scene == "transform-image")
                #expect(result.trace.contains("# mark: after the pinch"))
                #expect(result.trace.contains("pinch:possible→began"))
            } else {
                #expect(recording.header.scene == "drag-and-drop")
                #expect(recording.entries.contains { if case .timer = $0 { true } else { false } })
                #expect(result.trace.contains("longPress:possible→began"))
            }
        }
        #expect(Set(try files.map { try Recording.load(path: $0).header.clock }) == [.manual, .client])
    }

    /// The recording files in `directory` once `count` of them are complete (closed).
    func waitForClosedRecordings(in directory: String, count: Int) async throws -> [String] {
        for _ in 0..<200 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            let paths = names.filter { $0.hasSuffix(".jsonl") }.sorted().map { (directory as NSString).appendingPathComponent($0) }
            let closed = paths.filter { (try? String(contentsOfFile: $0, encoding: .utf8))?.contains("{\"close\":true}") == true }
            if closed.count >= count { return closed }
            try await Task.sleep(for: .milliseconds(25))
        }
        Issue.record("no \(count) complete recordings in \(directory)")
        return []
    }
}

/// A catalog that changes every recognizer of every app it builds — a behaviour change for
/// replay to catch.
struct TweakedCatalog: SceneCatalog {
    let base: LibraryCatalog
    let tweak: (UIGestureRecognizer) -> Void

    var scenes: [SceneInfo] { base.scenes }
    var defaultScene: String { base.defaultScene }

    func makeApplication(scene name: String, windowSize: CGSize) throws(SceneBuildError) -> UIApplication? {
        guard let application = try base.makeApplication(scene: name, windowSize: windowSize) else { return nil }
        func visit(_ view: UIView) {
            view.gestureRecognizers?.forEach(tweak)
            view.subviews.forEach(visit)
        }
        application.windows.forEach(visit)
        return application
    }
}
