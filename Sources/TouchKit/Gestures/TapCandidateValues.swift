import Foundation

/// The tap limits UIKit keeps private (UIKIT-TAP), in one place: every default that uses them reads
/// them from here — `UITapGestureRecognizer`, the preliminary taps of `UILongPressGestureRecognizer`
/// (UIKIT-LONG-PRESS) and the digitizer's `tapCount` (UIKIT-TOUCH-TAP-COUNT) — so a double tap means
/// the same to all three, and `welcome`'s thresholds report the one value. Each instance's property
/// stays settable, as the recognizers' are.
public enum TapCandidateValues {
    /// Farthest a finger may move during a tap, and a later tap may land from the first: 45 pt.
    public static let allowableMovement: CGFloat = 45
    /// Longest a single tap may be held: 750 ms.
    public static let maximumTapDuration: TimeInterval = 0.75
    /// Longest wait from a lift to the next tap's touch-down: 350 ms.
    public static let maximumIntervalBetweenSuccessiveTaps: TimeInterval = 0.35
}
