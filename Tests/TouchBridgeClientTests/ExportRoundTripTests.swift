import Foundation
import Testing
import TouchBridgeClient
import TouchBridgeHost
import TouchBridgeProtocol

/// `touchbridge export`: a recording's finger trace as W3C WebDriver Actions, played back through the
/// importer `drive` uses, gives the event log the recording's own replay gives — every committed recording.
@Suite("W3C export round trip")
struct ExportRoundTripTests {
    /// The replay's trace without its times and `#` lines: the engine's entries, in order.
    static func entries(ofTrace trace: String) -> [String] {
        trace.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: " ms  ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    @Test(arguments: ReplayTests.committed)
    func anExportedRecordingDrivesTheEventLogItsReplayGives(path: String) async throws {
        let recording = try Recording.load(path: path)
        let replayed = Self.entries(ofTrace: try SessionReplay.run(recording, scenesDirectory: Repo.path("config/scenes")).trace)
        let export = try WebDriverActionsExport(recording)
        let session = try await TouchBridgeSession.connect(TestServer.url, sceneRequest: export.scene, viewport: export.viewport)
        try await session.perform(WebDriverActions.gesture(export.actions))
        let driven = session.log.map(\.entry).filter { !$0.diagnostic }.map(\.text)
        #expect(replayed.filter { $0.contains("→") }.count >= 2, "the recording decides something")
        let first = zip(driven, replayed).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(driven.count, replayed.count)
        #expect(driven == replayed, "\(path): first difference at entry \(first): \(driven.dropFirst(first).prefix(3)) vs \(replayed.dropFirst(first).prefix(3))")
        await session.close()
    }

    @Test func theActionsAreWebDriversShape() throws {
        let recording = try Recording.load(path: Repo.path("Tests/recordings/transform-image-pinch.jsonl"))
        let export = try WebDriverActionsExport(recording)
        guard case .array(let sources)? = export.actions["actions"] else { Issue.record("no actions array"); return }
        #expect(sources.count == 2, "two fingers, two pointer sources")
        for source in sources {
            #expect(source["type"] == .string("pointer") && source["parameters"]?["pointerType"] == .string("touch"))
            guard case .array(let actions)? = source["actions"] else { Issue.record("no actions"); continue }
            #expect(actions.count == (sources[0]["actions"].flatMap { if case .array(let a) = $0 { a.count } else { nil } } ?? -1),
                    "every source has an action per tick")
            for action in actions {
                if case .number(let duration)? = action["duration"] {
                    #expect(duration >= 0 && duration == duration.rounded(), "whole, non-negative milliseconds: \(duration)")
                }
            }
        }
        #expect(export.notes.isEmpty)
    }

    @Test func whatActionsCannotCarryIsListed() throws {
        let recording = try Recording.load(path: Repo.path("Tests/recordings/single-double-tap.jsonl"))
        let notes = try WebDriverActionsExport(recording).notes
        #expect(notes.count == 1 && notes[0].hasSuffix("a resize after the first touch (actions cannot resize)"), "\(notes)")
    }
}
