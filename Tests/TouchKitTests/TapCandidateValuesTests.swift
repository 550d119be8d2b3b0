import Foundation
import Testing
import TouchKit

/// The undocumented tap limits have one source (`TapCandidateValues`), which every default using them
/// reads: a double tap means the same to the tap recognizer, a long press's preliminary taps and the
/// digitizer's `tapCount`. A default that got its own literal again would drift alone; these fail then.
@Suite("tap candidate values")
struct TapCandidateValuesTests {
    /// Pins UIKIT-TAP.
    @Test func theTapRecognizersDefaultsAreTheCandidateValues() {
        let tap = UITapGestureRecognizer()
        #expect(tap.allowableMovement == TapCandidateValues.allowableMovement)
        #expect(tap.maximumTapDuration == TapCandidateValues.maximumTapDuration)
        #expect(tap.maximumIntervalBetweenSuccessiveTaps == TapCandidateValues.maximumIntervalBetweenSuccessiveTaps)
    }

    /// Pins UIKIT-LONG-PRESS.
    @Test func aLongPresssPreliminaryTapsUseTheSameInterval() {
        #expect(UILongPressGestureRecognizer().maximumIntervalBetweenSuccessiveTaps
                == TapCandidateValues.maximumIntervalBetweenSuccessiveTaps)
    }

    /// Pins UIKIT-TOUCH-TAP-COUNT.
    @Test func tapCountUsesTheSameLimits() {
        let digitizer = Digitizer.Configuration()
        #expect(digitizer.multiTapInterval == TapCandidateValues.maximumIntervalBetweenSuccessiveTaps)
        #expect(digitizer.multiTapRadius == TapCandidateValues.allowableMovement)
        #expect(digitizer.tapAllowableMovement == TapCandidateValues.allowableMovement)
        #expect(digitizer.maximumTapDuration == TapCandidateValues.maximumTapDuration)
    }
}
