import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Compile test of the animation APIs of issue 27 (property animators, Core Animation, the animation options) with UIKit's signatures: each line compiles only if
/// TouchKit declares the member with UIKit's name, labels, types and settability (UIKIT-ANIMATOR-STATES,
/// UIKIT-CA-EXPLICIT, UIKIT-CA-TRANSACTION).
@Suite struct AnimationAPICompileTests {
    /// Settable as in UIKit.
    static var settable: [AnyKeyPath] { [
        \UIViewPropertyAnimator.fractionComplete as ReferenceWritableKeyPath<UIViewPropertyAnimator, CGFloat>,
        \UIViewPropertyAnimator.isReversed as ReferenceWritableKeyPath<UIViewPropertyAnimator, Bool>,
        \UIViewPropertyAnimator.isInterruptible as ReferenceWritableKeyPath<UIViewPropertyAnimator, Bool>,
        \UIViewPropertyAnimator.isUserInteractionEnabled as ReferenceWritableKeyPath<UIViewPropertyAnimator, Bool>,
        \UIViewPropertyAnimator.isManualHitTestingEnabled as ReferenceWritableKeyPath<UIViewPropertyAnimator, Bool>,
        \UIViewPropertyAnimator.scrubsLinearly as ReferenceWritableKeyPath<UIViewPropertyAnimator, Bool>,
        \UIViewPropertyAnimator.pausesOnCompletion as ReferenceWritableKeyPath<UIViewPropertyAnimator, Bool>,
        \CAAnimation.duration as ReferenceWritableKeyPath<CAAnimation, TimeInterval>,
        \CAAnimation.beginTime as ReferenceWritableKeyPath<CAAnimation, TimeInterval>,
        \CAAnimation.timingFunction as ReferenceWritableKeyPath<CAAnimation, CAMediaTimingFunction?>,
        \CAAnimation.repeatCount as ReferenceWritableKeyPath<CAAnimation, Float>,
        \CAAnimation.autoreverses as ReferenceWritableKeyPath<CAAnimation, Bool>,
        \CAAnimation.fillMode as ReferenceWritableKeyPath<CAAnimation, CAMediaTimingFillMode>,
        \CAAnimation.isRemovedOnCompletion as ReferenceWritableKeyPath<CAAnimation, Bool>,
        \CAPropertyAnimation.keyPath as ReferenceWritableKeyPath<CAPropertyAnimation, String?>,
        \CAPropertyAnimation.isAdditive as ReferenceWritableKeyPath<CAPropertyAnimation, Bool>,
        \CABasicAnimation.fromValue as ReferenceWritableKeyPath<CABasicAnimation, Any?>,
        \CABasicAnimation.toValue as ReferenceWritableKeyPath<CABasicAnimation, Any?>,
        \CABasicAnimation.byValue as ReferenceWritableKeyPath<CABasicAnimation, Any?>,
        \CAKeyframeAnimation.values as ReferenceWritableKeyPath<CAKeyframeAnimation, [Any]?>,
        \CAKeyframeAnimation.keyTimes as ReferenceWritableKeyPath<CAKeyframeAnimation, [NSNumber]?>,
        \CAKeyframeAnimation.timingFunctions as ReferenceWritableKeyPath<CAKeyframeAnimation, [CAMediaTimingFunction]?>,
        \CAKeyframeAnimation.calculationMode as ReferenceWritableKeyPath<CAKeyframeAnimation, CAAnimationCalculationMode>,
        \CAKeyframeAnimation.path as ReferenceWritableKeyPath<CAKeyframeAnimation, CGPath?>,
    ] }

    /// Read-only as in UIKit.
    static var readable: [AnyKeyPath] { [
        \UIViewPropertyAnimator.state as KeyPath<UIViewPropertyAnimator, UIViewAnimatingState>,
        \UIViewPropertyAnimator.isRunning as KeyPath<UIViewPropertyAnimator, Bool>,
        \UIViewPropertyAnimator.duration as KeyPath<UIViewPropertyAnimator, TimeInterval>,
        \UIViewPropertyAnimator.delay as KeyPath<UIViewPropertyAnimator, TimeInterval>,
        \UIViewPropertyAnimator.timingParameters as KeyPath<UIViewPropertyAnimator, UITimingCurveProvider?>,
        \UISpringTimingParameters.dampingRatio as KeyPath<UISpringTimingParameters, CGFloat>,
        \UISpringTimingParameters.initialVelocity as KeyPath<UISpringTimingParameters, CGVector>,
        \UICubicTimingParameters.controlPoint1 as KeyPath<UICubicTimingParameters, CGPoint>,
        \UICubicTimingParameters.animationCurve as KeyPath<UICubicTimingParameters, UIView.AnimationCurve>,
    ] }

    /// Methods and initializers, as function values of UIKit's types.
    static func methods(_ animator: UIViewPropertyAnimator, _ layer: CALayer) -> [Any] { [
        UIViewPropertyAnimator.init(duration:curve:animations:) as (TimeInterval, UIView.AnimationCurve, (() -> Void)?) -> UIViewPropertyAnimator,
        UIViewPropertyAnimator.init(duration:dampingRatio:animations:) as (TimeInterval, CGFloat, (() -> Void)?) -> UIViewPropertyAnimator,
        UIViewPropertyAnimator.init(duration:controlPoint1:controlPoint2:animations:)
            as (TimeInterval, CGPoint, CGPoint, (() -> Void)?) -> UIViewPropertyAnimator,
        UIViewPropertyAnimator.init(duration:timingParameters:) as (TimeInterval, UITimingCurveProvider) -> UIViewPropertyAnimator,
        UIViewPropertyAnimator.runningPropertyAnimator(withDuration:delay:options:animations:completion:)
            as (TimeInterval, TimeInterval, UIView.AnimationOptions, @escaping () -> Void, ((UIViewAnimatingPosition) -> Void)?) -> UIViewPropertyAnimator,
        animator.startAnimation as () -> Void,
        animator.startAnimation(afterDelay:) as (TimeInterval) -> Void,
        animator.pauseAnimation as () -> Void,
        animator.stopAnimation(_:) as (Bool) -> Void,
        animator.finishAnimation(at:) as (UIViewAnimatingPosition) -> Void,
        animator.addAnimations(_:) as (@escaping () -> Void) -> Void,
        animator.addAnimations(_:delayFactor:) as (@escaping () -> Void, CGFloat) -> Void,
        animator.addCompletion(_:) as (@escaping (UIViewAnimatingPosition) -> Void) -> Void,
        animator.continueAnimation(withTimingParameters:durationFactor:) as (UITimingCurveProvider?, CGFloat) -> Void,
        UISpringTimingParameters.init(dampingRatio:initialVelocity:) as (CGFloat, CGVector) -> UISpringTimingParameters,
        UISpringTimingParameters.init(dampingRatio:) as (CGFloat) -> UISpringTimingParameters,
        UICubicTimingParameters.init(animationCurve:) as (UIView.AnimationCurve) -> UICubicTimingParameters,
        UICubicTimingParameters.init(controlPoint1:controlPoint2:) as (CGPoint, CGPoint) -> UICubicTimingParameters,
        CAMediaTimingFunction.init(name:) as (CAMediaTimingFunctionName) -> CAMediaTimingFunction,
        CAMediaTimingFunction.init(controlPoints:_:_:_:) as (Float, Float, Float, Float) -> CAMediaTimingFunction,
        CABasicAnimation.init(keyPath:) as (String?) -> CABasicAnimation,
        CAKeyframeAnimation.init(keyPath:) as (String?) -> CAKeyframeAnimation,
        layer.add(_:forKey:) as (CAAnimation, String?) -> Void,
        layer.removeAnimation(forKey:) as (String) -> Void,
        layer.removeAllAnimations as () -> Void,
        layer.animation(forKey:) as (String) -> CAAnimation?,
        layer.animationKeys as () -> [String]?,
        layer.presentation as () -> CALayer?,
        layer.model as () -> CALayer,
        CATransaction.begin as () -> Void,
        CATransaction.commit as () -> Void,
        CATransaction.flush as () -> Void,
        CATransaction.setCompletionBlock(_:) as ((() -> Void)?) -> Void,
        CATransaction.completionBlock as () -> (() -> Void)?,
        CATransaction.setDisableActions(_:) as (Bool) -> Void,
        CATransaction.disableActions as () -> Bool,
        CATransaction.setAnimationDuration(_:) as (TimeInterval) -> Void,
        CATransaction.animationDuration as () -> TimeInterval,
        CATransaction.setAnimationTimingFunction(_:) as (CAMediaTimingFunction?) -> Void,
        CATransaction.animationTimingFunction as () -> CAMediaTimingFunction?,
    ] }

    /// Pins UIKIT-ANIMATOR-STATES: the listed declarations exist (this file compiles) and behave as
    /// values: the defaults UIKit documents.
    @Test func everyAddedAPIHasUIKitsSignatureAndDefaults() {
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeInOut)
        #expect(Self.settable.count == 24 && Self.readable.count == 9 && Self.methods(animator, CALayer()).count == 40)
        #expect(animator.state == .inactive && !animator.isRunning && !animator.isReversed && animator.isInterruptible)
        #expect(animator.isUserInteractionEnabled && animator.scrubsLinearly && !animator.pausesOnCompletion && !animator.isManualHitTestingEnabled)
        let basic = CABasicAnimation(keyPath: "opacity")
        #expect(basic.duration == 0 && basic.repeatCount == 0 && basic.isRemovedOnCompletion && basic.fillMode == .removed && basic.timingFunction == nil)
        #expect(CATransaction.animationDuration() == 0.25 && !CATransaction.disableActions())
        #expect(UIView.AnimationOptions.beginFromCurrentState.rawValue == 1 << 2)
        #expect(UIViewAnimatingState.stopped.rawValue == 2 && UIViewAnimatingPosition.current.rawValue == 2)
    }
}
