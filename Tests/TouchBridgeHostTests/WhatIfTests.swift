import Foundation
import Testing
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// What-if replay: each kind of change against a scripted trace, with the exact answer — the outcomes
/// of both timelines, the first event that differs, every flipped outcome with the log's reason.
@Suite struct WhatIfTests {
    typealias F = WhatIfFixtures

    /// GC-S01's trace: a quick tap (90 ms) on row1, then time passes.
    static var quickTapOnRow: Recording {
        F.recording(scene: F.tableUnderDismissTap, F.tap(1, x: 195, y: 166, down: 0, up: 90, seq: 1) + [F.advance(400)])
    }

    /// GC-S06's trace: two taps 200 ms apart on the map.
    static var twoTapsOnMap: Recording {
        F.recording(scene: F.singleAndDoubleTap,
                    F.tap(1, x: 100, y: 100, down: 0, up: 60, seq: 1) + F.tap(2, x: 100, y: 100, down: 260, up: 320, seq: 3) + [F.advance(1000)])
    }

    @Test func aFlagChangeGivesTheRowItsTouchesEnded() throws {
        let report = try F.whatIf(Self.quickTapOnRow, "dismissKeyboard.cancelsTouchesInView=false")
        #expect(report.text == """
            what-if: dismissKeyboard.cancelsTouchesInView=false
              applied in inline: dismissKeyboard.cancelsTouchesInView=false
            outcomes                     as recorded   what-if
              table.delayContentTouches  failed        failed
              table.pan                  failed        failed
              dismissKeyboard            ended         ended
              row1                       —             touchesEnded   ← changed
            first difference: line 5, 90.0 ms
              + row1.tb(1)
              + row1.te(1)
            changed outcomes (1):
              row1 #1: (none) → touchesEnded (line 5, 90.0 ms)

            """)
    }

    @Test func aChangeThatChangesNothingSaysSo() throws {
        let report = try F.whatIf(Self.quickTapOnRow, "dismissKeyboard.allowableMovement=30")
        #expect(report.identical)
        #expect(report.changed.isEmpty)
        #expect(report.text == """
            what-if: dismissKeyboard.allowableMovement=30
              applied in inline: dismissKeyboard.allowableMovement=30
            no decision changes: both event logs are the same

            """)
    }

    @Test func anAddedFailureRequirementMakesTheSingleTapWaitAndFail() throws {
        let report = try F.whatIf(Self.twoTapsOnMap, #"{"relate":{"requireToFail":["singleTap","doubleTap"]}}"#)
        #expect(report.changed.map(\.text) == [
            "singleTap #1: ended → failed [another touch began after 1 tap(s) were complete] (line 6, 260.0 ms)",
            "singleTap #2: ended → (none) (line 7, 320.0 ms)",
        ])
    }

    @Test func aThresholdChangeTurnsTheDoubleTapIntoTwoSingles() throws {
        let report = try F.whatIf(Self.twoTapsOnMap, "doubleTap.maximumIntervalBetweenSuccessiveTaps=0.15")
        #expect(report.changed.map(\.text) == [
            "doubleTap #1: ended → failed [multi-tap interval 150 ms elapsed after tap 1 of 2] (line 6, 260.0 ms)",
            "doubleTap #2: (none) → failed [multi-tap interval 150 ms elapsed after tap 1 of 2] (line 8, 1000.0 ms)",
        ])
    }

    @Test func removingTheRecognizerAndAViewPropertyAreChangesToo() throws {
        let removed = try F.whatIf(Self.quickTapOnRow, #"{"remove":{"recognizer":"dismissKeyboard"}}"#)
        #expect(removed.changed.map(\.text) == [
            "dismissKeyboard #1: ended → (none) (line 5, 90.0 ms)",
            "row1 #1: (none) → touchesEnded (line 5, 90.0 ms)",
        ])
        let deaf = try F.whatIf(Self.twoTapsOnMap, "map.userInteraction=false")
        #expect(deaf.changed.map(\.text) == [
            "singleTap #1: ended → (none) (line 5, 60.0 ms)",
            "map #1: touchesCancelled → (none) (line 5, 60.0 ms)",
            "root #1: (none) → touchesEnded (line 5, 60.0 ms)",
            "singleTap #2: ended → (none) (line 7, 320.0 ms)",
            "map #2: touchesCancelled → (none) (line 7, 320.0 ms)",
            "doubleTap #1: ended → (none) (line 7, 320.0 ms)",
            "root #2: (none) → touchesEnded (line 7, 320.0 ms)",
        ])
    }

    @Test func delayingTouchesBeganIsAChange() throws {
        let report = try F.whatIf(Self.twoTapsOnMap, "singleTap.delaysTouchesBegan=true")
        #expect(report.text == """
            what-if: singleTap.delaysTouchesBegan=true
              applied in inline: singleTap.delaysTouchesBegan=true
            outcomes     as recorded                         what-if
              singleTap  ended, ended                        ended, ended
              map        touchesCancelled, touchesCancelled  —   ← changed
              doubleTap  ended                               ended
            first difference: line 4, 0.0 ms
              - map.tb(1)
            changed outcomes (2):
              map #1: touchesCancelled → (none) (line 5, 60.0 ms)
              map #2: touchesCancelled → (none) (line 7, 320.0 ms)

            """)
    }

    /// The real recording (client clock, timers): the runner fires the changed app's own timers.
    @Test func aRecordedSessionWithTimers() throws {
        let recording = try Recording.load(path: ServerSettingsTests.repository.appendingPathComponent("Tests/recordings/single-double-tap.jsonl").path)
        let report = try WhatIfReplay.run(recording, changes: [try AppChange("doubleTap.maximumIntervalBetweenSuccessiveTaps=0.1")],
                                          catalog: LibraryCatalog())
        #expect(report.text == """
            what-if: doubleTap.maximumIntervalBetweenSuccessiveTaps=0.1
              applied in single-double-tap: doubleTap.maximumIntervalBetweenSuccessiveTaps=0.1
            outcomes       as recorded                                           what-if
              doubleTap    failed, ended                                         failed, failed, failed   ← changed
              singleTap    ended, failed                                         ended, ended, ended   ← changed
              recognizers  touchesCancelled, touchesCancelled, touchesCancelled  touchesCancelled, touchesCancelled, touchesCancelled
            first difference: line 16, 994.5 ms
              - doubleTap:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]
              + doubleTap:possible→failed [multi-tap interval 100 ms elapsed after tap 1 of 2]
            changed outcomes (4):
              doubleTap #2: ended → failed [multi-tap interval 100 ms elapsed after tap 1 of 2] (line 20, 2108.1 ms)
              singleTap #2: failed [another touch began after 1 tap(s) were complete] → ended (line 20, 2108.1 ms)
              doubleTap #3: (none) → failed [multi-tap interval 100 ms elapsed after tap 1 of 2] (line 28, 2301.4 ms)
              singleTap #3: (none) → ended (line 28, 2301.4 ms)

            """)
    }

    @Test func badChangesAreTypedErrorsNamingTheProblem() throws {
        #expect(throws: WhatIfError.self) { try AppChange("pan") }
        #expect(throws: WhatIfError.self) { try AppChange("pan.=2") }
        #expect(throws: WhatIfError.self) { try AppChange("{not json") }
        #expect(throws: WhatIfError.self) { try AppChange(String(repeating: "a", count: AppChange.maximumLength + 1)) }
        #expect(throws: WhatIfError.self) { try WhatIfReplay.run(Self.quickTapOnRow, changes: [], catalog: F.catalog) }
        let unknown = #expect(throws: WhatIfError.self) { try F.whatIf(Self.quickTapOnRow, "nobody.enabled=false") }
        #expect(unknown?.description == """
            no change fits the recording's scenes:
              inline: nobody.enabled=false: what-if: no recognizer or view named "nobody"
            """)
        let range = #expect(throws: WhatIfError.self) { try F.whatIf(Self.quickTapOnRow, "dismissKeyboard.numberOfTapsRequired=1e9") }
        #expect(range?.description == """
            no change fits the recording's scenes:
              inline: dismissKeyboard.numberOfTapsRequired=1e9: what-if[0].set.value: expected a number in 1.0…10.0
            """)
    }
}
