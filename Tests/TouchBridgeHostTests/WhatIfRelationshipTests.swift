import Foundation
import Testing
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// What-ifs that take a relationship back (`unrelate`): a declared `require(toFail:)`, a Swift scene's
/// own one, a declared simultaneity; and one that names a relationship the app does not have.
@Suite struct WhatIfRelationshipTests {
    typealias F = WhatIfFixtures

    /// GC-S06 fixed: the single tap requires the double tap to fail.
    static let singleWaitsForDouble = """
        {"name":"gc-s06-fixed","views":[{"id":"map","frame":[0,0,390,844],"responder":"log"}],
        "recognizers":[{"id":"singleTap","kind":"tap","view":"map"},{"id":"doubleTap","kind":"tap","view":"map","numberOfTapsRequired":2}],
        "relationships":[{"requireToFail":["singleTap","doubleTap"]}]}
        """

    /// Two one-tap recognizers on one view that may recognize together.
    static let twoTapsTogether = """
        {"name":"together","views":[{"id":"card","frame":[0,0,390,844],"responder":"log"}],
        "recognizers":[{"id":"select","kind":"tap","view":"card"},{"id":"highlight","kind":"tap","view":"card"}],
        "relationships":[{"simultaneous":["select","highlight"]}]}
        """

    static func twoTaps(_ scene: String) -> Recording {
        F.recording(scene: scene, F.tap(1, x: 100, y: 100, down: 0, up: 60, seq: 1) + F.tap(2, x: 100, y: 100, down: 260, up: 320, seq: 3)
                    + [F.advance(1000)])
    }

    @Test func withoutTheDeclaredRequirementTheSingleTapRecognizesAtEachLift() throws {
        let report = try F.whatIf(Self.twoTaps(Self.singleWaitsForDouble), #"{"unrelate":{"requireToFail":["singleTap","doubleTap"]}}"#)
        // Both fire: the single tap no longer waits, and the double tap still gets its two taps (GC-S06).
        #expect(report.changed.map(\.text) == [
            "singleTap #1: failed [another touch began after 1 tap(s) were complete] → ended (line 5, 60.0 ms)",
            "singleTap #2: (none) → ended (line 7, 320.0 ms)",
        ])
    }

    @Test func aSwiftScenesOwnRequirementCanBeTakenBack() throws {
        let report = try WhatIfReplay.run(Self.builtInDoubleTap, changes: [try AppChange(#"{"unrelate":{"requireToFail":["singleTap","doubleTap"]}}"#)],
                                          catalog: F.catalog)
        #expect(report.applied == [#"single-double-tap: {"unrelate":{"requireToFail":["singleTap","doubleTap"]}}"#])
        // Both fire: the single tap no longer waits, and the double tap still gets its two taps (GC-S06).
        #expect(report.changed.map(\.text) == [
            "singleTap #1: failed [another touch began after 1 tap(s) were complete] → ended (line 5, 60.0 ms)",
            "singleTap #2: (none) → ended (line 7, 320.0 ms)",
        ])
    }

    @Test func withoutSimultaneityOneTapPreventsTheOther() throws {
        let report = try F.whatIf(Self.twoTaps(Self.twoTapsTogether), #"{"unrelate":{"simultaneous":["select","highlight"]}}"#)
        let reason = "prevented by select, which began first in this frame: highlight had not yet been given the frame's touches"
            + " (they go to the recognizers nearest the touched view first, each view's in the order they were added)"
        #expect(report.changed.map(\.text) == [
            "highlight #1: ended → failed [\(reason)] (line 5, 60.0 ms)",
            "highlight #2: ended → failed [\(reason)] (line 7, 320.0 ms)",
        ])
    }

    @Test func aRelationshipTheAppDoesNotHaveChangesNothingAndIsNoted() throws {
        let report = try F.whatIf(Self.twoTaps(F.singleAndDoubleTap), #"{"unrelate":{"requireToFail":["singleTap","doubleTap"]}}"#)
        #expect(report.identical)
        #expect(report.changed.isEmpty)
        #expect(report.applied == [#"inline: {"unrelate":{"requireToFail":["singleTap","doubleTap"]}}"#])
    }

    /// The built-in single-double-tap scene on a 400×800 window: two taps on its left pane, 200 ms apart.
    static var builtInDoubleTap: Recording {
        let header = Recording.Header(
            format: Recording.format, version: Recording.version, session: "what-if-test", scene: "single-double-tap", clock: .manual,
            thresholds: .engineDefaults(maximumTouches: 10), limits: ProtocolLimits(), allowInlineScenes: true,
            scenesDirectory: "", recordedAt: nil)
        let hello = #"{"type":"hello","protocol":1,"role":"device","viewport":{"width":400,"height":800,"scale":2},"clock":"manual","scene":"single-double-tap"}"#
        let inputs = [hello] + F.tap(1, x: 100, y: 400, down: 0, up: 60, seq: 1) + F.tap(2, x: 100, y: 400, down: 260, up: 320, seq: 3) + [F.advance(1000)]
        return Recording(header: header, entries: [.open(subprotocol: ProtocolVersion.subprotocol)]
                         + inputs.enumerated().map { .input($1, at: Double($0) * 0.01) } + [.close])
    }
}
