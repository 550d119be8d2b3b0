import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// UIKit's declarations, checked through key-path types: what UIKit declares `{ get set }` is
/// writable here with the same type and optionality, and what it declares `{ get }` is not
/// (UIKIT-API-SETTABILITY). This file is also a compile test of UIKit-shaped code.
@Suite struct UIKitShapedCodeTests {
    /// Compile test: each line compiles only if TouchKit declares the property settable from outside
    /// the module, with UIKit's type and optionality.
    static var settable: [AnyKeyPath] { [
        \UISlider.value as ReferenceWritableKeyPath<UISlider, Float>,
        \UISlider.minimumValue as ReferenceWritableKeyPath<UISlider, Float>,
        \UISlider.isContinuous as ReferenceWritableKeyPath<UISlider, Bool>,
        \UISwitch.isOn as ReferenceWritableKeyPath<UISwitch, Bool>,
        \UIScrollView.zoomScale as ReferenceWritableKeyPath<UIScrollView, CGFloat>,
        \UIScrollView.contentOffset as ReferenceWritableKeyPath<UIScrollView, CGPoint>,
        \UIScrollView.contentSize as ReferenceWritableKeyPath<UIScrollView, CGSize>,
        \UIScrollView.contentInset as ReferenceWritableKeyPath<UIScrollView, UIEdgeInsets>,
        \UIScrollView.alwaysBounceVertical as ReferenceWritableKeyPath<UIScrollView, Bool>,
        \UIScrollView.alwaysBounceHorizontal as ReferenceWritableKeyPath<UIScrollView, Bool>,
        \UIScrollView.showsVerticalScrollIndicator as ReferenceWritableKeyPath<UIScrollView, Bool>,
        \UIScrollView.showsHorizontalScrollIndicator as ReferenceWritableKeyPath<UIScrollView, Bool>,
        \UIScrollView.bounces as ReferenceWritableKeyPath<UIScrollView, Bool>,
        \UIScrollView.minimumZoomScale as ReferenceWritableKeyPath<UIScrollView, CGFloat>,
        \UIPinchGestureRecognizer.scale as ReferenceWritableKeyPath<UIPinchGestureRecognizer, CGFloat>,
        \UIRotationGestureRecognizer.rotation as ReferenceWritableKeyPath<UIRotationGestureRecognizer, CGFloat>,
        \UIControl.isEnabled as ReferenceWritableKeyPath<UIControl, Bool>,
        \UIControl.isSelected as ReferenceWritableKeyPath<UIControl, Bool>,
        \UIControl.isHighlighted as ReferenceWritableKeyPath<UIControl, Bool>,
        \UIView.frame as ReferenceWritableKeyPath<UIView, CGRect>,
        \UIView.bounds as ReferenceWritableKeyPath<UIView, CGRect>,
        \UIView.center as ReferenceWritableKeyPath<UIView, CGPoint>,
        \UIView.transform as ReferenceWritableKeyPath<UIView, CGAffineTransform>,
        \UIView.alpha as ReferenceWritableKeyPath<UIView, CGFloat>,
        \UIView.isHidden as ReferenceWritableKeyPath<UIView, Bool>,
        \UIView.backgroundColor as ReferenceWritableKeyPath<UIView, UIColor?>,
        \UIView.isUserInteractionEnabled as ReferenceWritableKeyPath<UIView, Bool>,
        \UIView.isMultipleTouchEnabled as ReferenceWritableKeyPath<UIView, Bool>,
        \UIView.isExclusiveTouch as ReferenceWritableKeyPath<UIView, Bool>,
        \UIView.gestureRecognizers as ReferenceWritableKeyPath<UIView, [UIGestureRecognizer]?>,
        \UIView.tag as ReferenceWritableKeyPath<UIView, Int>,
        \UIGestureRecognizer.isEnabled as ReferenceWritableKeyPath<UIGestureRecognizer, Bool>,
        \UIGestureRecognizer.cancelsTouchesInView as ReferenceWritableKeyPath<UIGestureRecognizer, Bool>,
        \UIGestureRecognizer.delaysTouchesBegan as ReferenceWritableKeyPath<UIGestureRecognizer, Bool>,
        \UIGestureRecognizer.delaysTouchesEnded as ReferenceWritableKeyPath<UIGestureRecognizer, Bool>,
        \UIGestureRecognizer.name as ReferenceWritableKeyPath<UIGestureRecognizer, String?>,
        \UITapGestureRecognizer.numberOfTapsRequired as ReferenceWritableKeyPath<UITapGestureRecognizer, Int>,
        \UITapGestureRecognizer.numberOfTouchesRequired as ReferenceWritableKeyPath<UITapGestureRecognizer, Int>,
        \UILongPressGestureRecognizer.minimumPressDuration as ReferenceWritableKeyPath<UILongPressGestureRecognizer, TimeInterval>,
        \UILongPressGestureRecognizer.allowableMovement as ReferenceWritableKeyPath<UILongPressGestureRecognizer, CGFloat>,
        \UIPanGestureRecognizer.maximumNumberOfTouches as ReferenceWritableKeyPath<UIPanGestureRecognizer, Int>,
        \UISwipeGestureRecognizer.direction as ReferenceWritableKeyPath<UISwipeGestureRecognizer, UISwipeGestureRecognizer.Direction>,
        \UIScreenEdgePanGestureRecognizer.edges as ReferenceWritableKeyPath<UIScreenEdgePanGestureRecognizer, UIRectEdge>,
        \UIWindow.rootViewController as ReferenceWritableKeyPath<UIWindow, UIViewController?>,
        \UIViewController.view as ReferenceWritableKeyPath<UIViewController, UIView?>,
        \UIViewController.title as ReferenceWritableKeyPath<UIViewController, String?>,
        \UILabel.text as ReferenceWritableKeyPath<UILabel, String?>,
    ] }

    /// Compile test of UIKit's get-only properties' types and optionality. (`private(set)` and
    /// `internal(set)` properties are get-only here at compile time; at run time their key paths
    /// still report a setter, so only the computed ones are checked below.)
    static var getOnly: [AnyKeyPath] { [
        \UIView.superview as KeyPath<UIView, UIView?>,
        \UIView.subviews as KeyPath<UIView, [UIView]>,
        \UIView.window as KeyPath<UIView, UIWindow?>,
        \UIControl.isTracking as KeyPath<UIControl, Bool>,
        \UIControl.isTouchInside as KeyPath<UIControl, Bool>,
        \UIScrollView.isDragging as KeyPath<UIScrollView, Bool>,
        \UIScrollView.isDecelerating as KeyPath<UIScrollView, Bool>,
        \UIScrollView.isZooming as KeyPath<UIScrollView, Bool>,
        \UIScrollView.panGestureRecognizer as KeyPath<UIScrollView, UIPanGestureRecognizer>,
        \UIScrollView.pinchGestureRecognizer as KeyPath<UIScrollView, UIPinchGestureRecognizer?>,
        \UITouch.phase as KeyPath<UITouch, UITouch.Phase>,
        \UITouch.timestamp as KeyPath<UITouch, TimeInterval>,
        \UITouch.tapCount as KeyPath<UITouch, Int>,
        \UITouch.view as KeyPath<UITouch, UIView?>,
        \UITouch.window as KeyPath<UITouch, UIWindow?>,
        \UITouch.force as KeyPath<UITouch, CGFloat>,
        \UITouch.majorRadius as KeyPath<UITouch, CGFloat>,
        \UITouch.type as KeyPath<UITouch, UITouch.TouchType>,
        \UITouch.gestureRecognizers as KeyPath<UITouch, [UIGestureRecognizer]?>,
        \UIGestureRecognizer.view as KeyPath<UIGestureRecognizer, UIView?>,
        \UIGestureRecognizer.numberOfTouches as KeyPath<UIGestureRecognizer, Int>,
        \UIPinchGestureRecognizer.velocity as KeyPath<UIPinchGestureRecognizer, CGFloat>,
        \UIRotationGestureRecognizer.velocity as KeyPath<UIRotationGestureRecognizer, CGFloat>,
        \UIEvent.type as KeyPath<UIEvent, UIEvent.EventType>,
        \UIEvent.timestamp as KeyPath<UIEvent, TimeInterval>,
        \UIEvent.allTouches as KeyPath<UIEvent, Set<UITouch>?>,
        \UIWindow.isKeyWindow as KeyPath<UIWindow, Bool>,
        \UIApplication.windows as KeyPath<UIApplication, [UIWindow]>,
        \UIApplication.keyWindow as KeyPath<UIApplication, UIWindow?>,
        \UIViewController.isViewLoaded as KeyPath<UIViewController, Bool>,
        \UIViewController.viewIfLoaded as KeyPath<UIViewController, UIView?>,
        \UIViewController.parent as KeyPath<UIViewController, UIViewController?>,
        \UIButton.currentTitle as KeyPath<UIButton, String?>,
        \UIResponder.next as KeyPath<UIResponder, UIResponder?>,
        \UIResponder.isFirstResponder as KeyPath<UIResponder, Bool>,
    ] }

    /// Pins UIKIT-API-SETTABILITY.
    @Test func computedGetOnlyPropertiesHaveNoSetter() {
        let computed: [AnyKeyPath] = [
            \UIView.window, \UIScrollView.isDecelerating, \UIScrollView.pinchGestureRecognizer, \UITouch.gestureRecognizers,
            \UIGestureRecognizer.numberOfTouches, \UIEvent.allTouches, \UIViewController.isViewLoaded,
            \UIViewController.viewIfLoaded, \UIButton.currentTitle, \UIResponder.next, \UIResponder.isFirstResponder,
        ]
        #expect(computed.filter { Self.isWritable($0) }.map { "\($0)" } == [])
    }

    private static func isWritable(_ path: AnyKeyPath) -> Bool {
        String(describing: type(of: path)).hasPrefix("ReferenceWritableKeyPath")
    }

    /// Ordinary UIKit code: a settings panel that restores its controls' state.
    final class SettingsController: UIViewController {
        let volume = UISlider(frame: CGRect(x: 20, y: 20, width: 200, height: 40))
        let mute = UISwitch(frame: CGRect(x: 20, y: 80, width: 0, height: 0))
        let preview = UIScrollView(frame: CGRect(x: 0, y: 140, width: 300, height: 300))

        override func viewDidLoad() {
            super.viewDidLoad()
            volume.maximumValue = 10
            volume.value = 12
            mute.isOn = true
            preview.maximumZoomScale = 4
            preview.zoomScale = 2
            preview.alwaysBounceVertical = true
            preview.showsHorizontalScrollIndicator = false
            for control in [volume, mute, preview] as [UIView] { view.addSubview(control) }
        }
    }

    /// Pins UIKIT-API-SETTABILITY.
    @Test func uiKitShapedCodeRunsAsInUIKit() {
        let controller = SettingsController()
        _ = controller.view
        #expect(controller.volume.value == 10, "clamped to maximumValue, as UIKit does")
        #expect(controller.mute.isOn)
        #expect(controller.preview.zoomScale == 1, "no view for zooming: the scale stays (UIKit needs viewForZooming)")
    }
}
