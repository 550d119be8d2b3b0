import Foundation
import Testing
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// What-if kinds beyond one property: a relationship added and taken away (`require(toFail:)` and
/// simultaneous recognition, made by a call or by a delegate), `delaysTouchesEnded`, a threshold
/// constant — each with the exact answer — and a removal the app does not have, refused.
@Suite struct WhatIfRelationshipTests {
    typealias F = WhatIfFixtures

    static func recorded(_ name: String) throws -> Recording {
        try Recording.load(path: ServerSettingsTests.repository.appendingPathComponent("Tests/recordings/\(name).jsonl").path)
    }

    static func whatIf(_ recording: Recording, _ changes: String...) throws -> WhatIfReport {
        try WhatIfReplay.run(recording, changes: try changes.map { text throws(WhatIfError) in try AppChange(text) }, catalog: LibraryCatalog())
    }

    /// A pinch on `photo` that also turns: two fingers 100 pt apart about (200, 400), moving apart to
    /// 180 pt while turning 40°, on `scene` (inline JSON or a quoted name).
    static func pinchAndTurn(on scene: String = pinchAndRotation) -> Recording {
        var messages = [F.pointer(1, "down", 150, 400, 0, seq: 1).replacingOccurrences(of: #"}]}"#, with: #"},{"id":2,"phase":"down","x":250,"y":400,"t":0,"pointerType":"touch"}]}"#)]
        for step in 1...20 {
            let fraction = Double(step) / 20, angle = fraction * 40 * .pi / 180, half = (100 + 80 * fraction) / 2
            let (dx, dy) = ((half * cos(angle) * 10).rounded() / 10, (half * sin(angle) * 10).rounded() / 10)
            let t = Double(step) * 1000 / 60
            messages.append(#"{"type":"input","seq":\#(step + 1),"pointers":[{"id":1,"phase":"move","x":\#(200 - dx),"y":\#(400 - dy),"t":\#(t),"pointerType":"touch"},{"id":2,"phase":"move","x":\#(200 + dx),"y":\#(400 + dy),"t":\#(t),"pointerType":"touch"}]}"#)
        }
        messages.append(#"{"type":"input","seq":30,"pointers":[{"id":1,"phase":"up","x":131,"y":342,"t":340,"pointerType":"touch"},{"id":2,"phase":"up","x":269,"y":458,"t":340,"pointerType":"touch"}]}"#)
        return F.recording(scene: scene, messages + [F.advance(1000)])
    }

    /// A pinch and a rotation on one view, declared without a relationship.
    static let pinchAndRotation = """
        {"name":"pinch-rotation","views":[{"id":"photo","frame":[0,0,390,844],"responder":"log"}],
        "recognizers":[{"id":"pinch","kind":"pinch","view":"photo"},{"id":"rotation","kind":"rotation","view":"photo"}]}
        """

    /// GC-S06 with the fix in place: the single tap waits for the double tap to fail.
    static let singleWaitsForDouble = """
        {"name":"gc-s06-fixed","views":[{"id":"map","frame":[0,0,390,844],"responder":"log"}],
        "recognizers":[{"id":"singleTap","kind":"tap","view":"map"},{"id":"doubleTap","kind":"tap","view":"map","numberOfTapsRequired":2}],
        "relationships":[{"requireToFail":["singleTap","doubleTap"]}]}
        """

    @Test func removingARequireToFailCallMakesTheSingleTapFireAtOnce() throws {
        let twoTaps = F.recording(scene: Self.singleWaitsForDouble,
                                  F.tap(1, x: 100, y: 100, down: 0, up: 60, seq: 1) + F.tap(2, x: 100, y: 100, down: 260, up: 320, seq: 3) + [F.advance(1000)])
        let report = try F.whatIf(twoTaps, #"{"unrelate":{"requireToFail":["singleTap","doubleTap"]}}"#)
        #expect(report.text == """
            what-if: {"unrelate":{"requireToFail":["singleTap","doubleTap"]}}
              applied in inline: {"unrelate":{"requireToFail":["singleTap","doubleTap"]}}
            outcomes     as recorded                         what-if
              singleTap  failed                              ended, ended   ← changed
              doubleTap  ended                               ended
              map        touchesCancelled, touchesCancelled  touchesCancelled, touchesCancelled
            first difference: line 5, 60.0 ms
              + singleTap:possible→ended
              + map.tc(1)
              + act(singleTap,ended)
            changed outcomes (2):
              singleTap #1: failed [another touch began after 1 tap(s) were complete] → ended (line 5, 60.0 ms)
              singleTap #2: (none) → ended (line 7, 320.0 ms)

            """)
    }

    /// transform-image is a Swift scene whose controller, the recognizers' delegate, says yes to every pair.
    @Test func removingSimultaneityADelegateAnswersLetsOneRecognizerPreventTheOther() throws {
        let report = try F.whatIf(Self.pinchAndTurn(on: #""transform-image""#), #"{"unrelate":{"simultaneous":["pinch","rotation"]}}"#)
        #expect(report.text == """
            what-if: {"unrelate":{"simultaneous":["pinch","rotation"]}}
              applied in transform-image: {"unrelate":{"simultaneous":["pinch","rotation"]}}
            outcomes    as recorded       what-if
              image     touchesCancelled  touchesCancelled
              pinch     ended             ended
              rotation  ended             failed   ← changed
              pan       failed            failed
            first difference: line 6, 33.3 ms
              + rotation:possible→failed [prevented by pinch, which began first in this frame: rotation had not yet been given the frame's touches (they go to the recognizers nearest the touched view first, each view's in the order they were added)]
            changed outcomes (1):
              rotation #1: ended → failed [prevented by pinch, which began first in this frame: rotation had not yet been given the frame's touches (they go to the recognizers nearest the touched view first, each view's in the order they were added)] (line 6, 33.3 ms)

            """)
    }

    @Test func removingARequirementTheSceneMadeWithACallOnARecordedPhone() throws {
        let report = try Self.whatIf(try Self.recorded("single-double-tap"), #"{"unrelate":{"requireToFail":["singleTap","doubleTap"]}}"#)
        #expect(report.text == """
            what-if: {"unrelate":{"requireToFail":["singleTap","doubleTap"]}}
              applied in single-double-tap: {"unrelate":{"requireToFail":["singleTap","doubleTap"]}}
            outcomes       as recorded                                           what-if
              doubleTap    failed, ended                                         failed, ended
              singleTap    ended, failed                                         ended, ended, ended   ← changed
              recognizers  touchesCancelled, touchesCancelled, touchesCancelled  touchesCancelled, touchesCancelled, touchesCancelled
            first difference: line 8, 894.5 ms
              + singleTap:possible→ended
              + recognizers.tc(1)
              + act(singleTap,ended)
              + anim: animation 1 began: recognizerSquare.bounds over 200 ms, easeInOut, interaction off
            changed outcomes (2):
              singleTap #2: failed [another touch began after 1 tap(s) were complete] → ended (line 18, 2008.1 ms)
              singleTap #3: (none) → ended (line 22, 2201.4 ms)

            """)
    }

    @Test func addingSimultaneityLetsTheRotationRecognizeBesideThePinch() throws {
        let report = try F.whatIf(Self.pinchAndTurn(), #"{"relate":{"simultaneous":["pinch","rotation"]}}"#)
        #expect(report.text == """
            what-if: {"relate":{"simultaneous":["pinch","rotation"]}}
              applied in inline: {"relate":{"simultaneous":["pinch","rotation"]}}
            outcomes    as recorded       what-if
              rotation  failed            ended   ← changed
              photo     touchesCancelled  touchesCancelled
              pinch     ended             ended
            first difference: line 6, 33.3 ms
              - rotation:possible→failed [prevented by pinch, which began first in this frame: rotation had not yet been given the frame's touches (they go to the recognizers nearest the touched view first, each view's in the order they were added)]
            changed outcomes (1):
              rotation #1: failed [prevented by pinch, which began first in this frame: rotation had not yet been given the frame's touches (they go to the recognizers nearest the touched view first, each view's in the order they were added)] → ended (line 25, 340.0 ms)

            """)
    }

    @Test func aThresholdConstantThePinchNeedsToMoveDecidesWhoBegins() throws {
        let report = try F.whatIf(Self.pinchAndTurn(), "pinch.hysteresis=60")
        #expect(report.text == """
            what-if: pinch.hysteresis=60
              applied in inline: pinch.hysteresis=60
            outcomes    as recorded       what-if
              rotation  failed            ended   ← changed
              photo     touchesCancelled  touchesCancelled
              pinch     ended             failed   ← changed
            first difference: line 6, 33.3 ms
              - pinch:possible→began
              - rotation:possible→failed [prevented by pinch, which began first in this frame: rotation had not yet been given the frame's touches (they go to the recognizers nearest the touched view first, each view's in the order they were added)]
              - photo.tc(1)
              - act(pinch,began)
              + photo.tm(1)
            changed outcomes (2):
              pinch #1: ended → failed [prevented by rotation] (line 8, 66.7 ms)
              rotation #1: failed [prevented by pinch, which began first in this frame: rotation had not yet been given the frame's touches (they go to the recognizers nearest the touched view first, each view's in the order they were added)] → ended (line 25, 340.0 ms)

            """)
    }

    /// One tap on GC-S06 fixed: both taps hold the map's touchesEnded back while the double tap waits for
    /// a second tap (each one's `delaysTouchesEnded` alone suffices, so both change).
    @Test func notDelayingTouchesEndedIsAChange() throws {
        let oneTap = F.recording(scene: Self.singleWaitsForDouble, F.tap(1, x: 100, y: 100, down: 0, up: 60, seq: 1) + [F.advance(1000)])
        let report = try F.whatIf(oneTap, "doubleTap.delaysTouchesEnded=false", "singleTap.delaysTouchesEnded=false")
        #expect(report.text == """
            what-if: doubleTap.delaysTouchesEnded=false; singleTap.delaysTouchesEnded=false
              applied in inline: doubleTap.delaysTouchesEnded=false
              applied in inline: singleTap.delaysTouchesEnded=false
            outcomes     as recorded       what-if
              doubleTap  failed            failed
              singleTap  ended             ended
              map        touchesCancelled  touchesEnded   ← changed
            first difference: line 5, 60.0 ms
              + map.te(1)
            changed outcomes (1):
              map #1: touchesCancelled → touchesEnded (line 5, 60.0 ms)

            """)
    }

    @Test func removingARelationshipTheAppDoesNotHaveIsRefused() throws {
        let missing = #expect(throws: WhatIfError.self) {
            try F.whatIf(WhatIfTests.twoTapsOnMap, #"{"unrelate":{"requireToFail":["singleTap","doubleTap"]}}"#)
        }
        #expect(missing?.description == """
            no change fits the recording's scenes:
              inline: {"unrelate":{"requireToFail":["singleTap","doubleTap"]}}: what-if.unrelate.requireToFail: singleTap does not require doubleTap to fail
            """)
        let apart = #expect(throws: WhatIfError.self) {
            try F.whatIf(Self.pinchAndTurn(), #"{"unrelate":{"simultaneous":["pinch","rotation"]}}"#)
        }
        #expect(apart?.description == """
            no change fits the recording's scenes:
              inline: {"unrelate":{"simultaneous":["pinch","rotation"]}}: what-if.unrelate.simultaneous: pinch and rotation do not recognize simultaneously
            """)
        #expect(throws: WhatIfError.self) { try AppChange(#"{"unrelate":{"requireToFail":["singleTap"]}}"#) }
        #expect(throws: WhatIfError.self) { try AppChange(#"{"unrelate":{"both":["a","b"]}}"#) }
        #expect(throws: WhatIfError.self) { try AppChange(#"{"unrelate":{"simultaneous":["a","a"]}}"#) }
    }
}
