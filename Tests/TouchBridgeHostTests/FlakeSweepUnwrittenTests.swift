import Foundation
import Testing
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// The sweep's sessions write no messages but errors (`Hub.writesMessages`): its reports must be the
/// ones the sessions that wrote every message gave. The expected files are `touchbridge flake … --json`
/// of a build whose sweep sessions write every message (`DecisionReplay` with `writesMessages` true;
/// regenerated when reports gained the margins of recorded outcomes), on recordings kept in Tests/whatif (their inbound lines only, so a
/// re-recording does not move them): one on a client clock with a double tap's timers, one of a pinch
/// with renders on every frame.
@Suite struct FlakeSweepUnwrittenTests {
    static let directory = ServerSettingsTests.repository.appendingPathComponent("Tests/whatif")

    static func report(_ name: String, jitter: Jitter) throws -> String {
        let recording = try Recording.load(path: directory.appendingPathComponent("\(name).jsonl").path)
        let scenes = ServerSettingsTests.repository.appendingPathComponent("config/scenes").path
        let report = try FlakeSweep.run(recording, variants: 300, seed: 11, jitter: jitter, scenesDirectory: scenes)
        return WireJSON.text(report) + "\n"
    }

    static func expected(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent("\(name).flake-seed-11.json"), encoding: .utf8)
    }

    @Test func aDoubleTapsReportIsByteForByteTheOneOfSessionsThatWroteEveryMessage() throws {
        let name = "single-double-tap-inputs"
        #expect(try Self.report(name, jitter: Jitter(timingMs: 250, positionPt: 30, dropShare: 0.2)) == Self.expected(name))
    }

    @Test func aPinchsReportIsByteForByteTheOneOfSessionsThatWroteEveryMessage() throws {
        let name = "transform-image-pinch-inputs"
        #expect(try Self.report(name, jitter: Jitter(timingMs: 30, positionPt: 4, dropShare: 0.3, frameRate: 60)) == Self.expected(name))
    }
}
