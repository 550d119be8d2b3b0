import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// `LogDetail.complete`: what a recognizer itself received, and `event.allTouches` with each
/// touch's phase — `stationary` included — as every callee saw it.
@Suite struct CompleteLogTests {
    /// Pins UIKIT-TOUCH-PHASES.
    @Test func recognizerCallsAndAllTouchesWithTheirPhases() throws {
        let h = Harness()
        let pan = UIPanGestureRecognizer()
        pan.minimumNumberOfTouches = 2
        h.viewWith(pan, named: "P", multipleTouch: true)
        h.app.logDetail = .complete
        try h.down(1, 100, 100, at: 0)
        try h.down(2, 200, 100, at: 16)
        try h.up(1, 100, 100, at: 32)
        #expect(h.log(diagnostics: true).filter { !$0.hasPrefix("hit(") } == [
            "P got tb(1) [all 1:began]",
            "V.tb(1) [all 1:began]",
            "P got tb(2) [all 1:stationary 2:began]",
            "V.tb(2) [all 1:stationary 2:began]",
            "P got te(1) [all 1:ended 2:stationary]",
            "1@V: touchesEnded withheld: delaysTouchesEnded of P",
        ])
    }

    @Test func theStandardLogStaysAsSmallAsBefore() throws {
        let h = Harness()
        h.viewWith(UITapGestureRecognizer(), named: "T")
        try h.tap(1, 100, 100, at: 0)
        #expect(h.log(diagnostics: true) == ["hit(1) Window>V", "V.tb(1)", "T:possible→ended", "V.tc(1)", "act(T,ended)", "T:ended→possible [reset]"])
    }
}
