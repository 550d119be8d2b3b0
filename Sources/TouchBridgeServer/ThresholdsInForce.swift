import Foundation
import TouchBridgeProtocol
import TouchKit

extension Thresholds {
    /// The engine's defaults, read from fresh TouchKit objects rather than copied, so `welcome`
    /// cannot drift from what the engine actually does.
    package static func engineDefaults(maximumTouches: Int) -> Thresholds {
        let tap = UITapGestureRecognizer()
        let longPress = UILongPressGestureRecognizer()
        let swipe = UISwipeGestureRecognizer()
        let digitizer = Digitizer.Configuration()
        func ms(_ seconds: TimeInterval) -> Double { WireJSON.rounded(seconds * 1000) }
        func pt(_ points: CGFloat) -> Double { WireJSON.rounded(Double(points)) }
        return Thresholds(
            tapMaximumDurationMs: ms(tap.maximumTapDuration),
            tapMaximumIntervalMs: ms(tap.maximumIntervalBetweenSuccessiveTaps),
            tapAllowableMovementPt: pt(tap.allowableMovement),
            multiTapRadiusPt: pt(digitizer.multiTapRadius),
            longPressMinimumDurationMs: ms(longPress.minimumPressDuration),
            longPressAllowableMovementPt: pt(longPress.allowableMovement),
            panHysteresisPt: pt(UIPanGestureRecognizer().hysteresis),
            swipeMaximumDurationMs: ms(swipe.maximumDuration),
            swipeMinimumPrimaryMovementPt: pt(swipe.minimumPrimaryMovement),
            swipePrimaryDecayPerSecond: pt(swipe.primaryDecayPerSecond),
            swipeMaximumSecondaryMovementPt: pt(swipe.maximumSecondaryMovement),
            swipeSecondaryDecayPerSecond: pt(swipe.secondaryDecayPerSecond),
            pinchHysteresisPt: pt(UIPinchGestureRecognizer().hysteresis),
            rotationHysteresisPt: pt(UIRotationGestureRecognizer().hysteresis),
            screenEdgeBandWidthPt: pt(UIScreenEdgePanGestureRecognizer().edgeBandWidth),
            scrollContentTouchDelayMs: ms(UIScrollView(frame: .zero).contentTouchDelay),
            controlTouchInsideSlopPt: pt(UIControl(frame: .zero).touchInsideSlop),
            maximumTouches: maximumTouches,
            maximumPossibleForce: pt(digitizer.maximumPossibleForce))
    }
}
