import Foundation
import Testing
import TouchKit

/// Compile test of the anchor-point, coalesced-touch and screen API with UIKit's declarations (the same
/// form as `UIKitShapedCodeTests`): each line compiles only if TouchKit declares the symbol with UIKit's
/// signature, and the settable ones are writable from outside the module (UIKIT-API-SETTABILITY).
@Suite struct UIKitShapedGeometryTests {
    /// `{ get set }` in UIKit.
    static var settable: [AnyKeyPath] { [
        \CALayer.anchorPoint as ReferenceWritableKeyPath<CALayer, CGPoint>,
        \CALayer.position as ReferenceWritableKeyPath<CALayer, CGPoint>,
        \UIView.center as ReferenceWritableKeyPath<UIView, CGPoint>,
    ] }

    /// `{ get }` in UIKit.
    static var getOnly: [AnyKeyPath] { [
        \UIScreen.bounds as KeyPath<UIScreen, CGRect>,
        \UIScreen.scale as KeyPath<UIScreen, CGFloat>,
        \UIScreen.nativeBounds as KeyPath<UIScreen, CGRect>,
        \UIScreen.nativeScale as KeyPath<UIScreen, CGFloat>,
        \UITouch.estimatedProperties as KeyPath<UITouch, UITouch.Properties>,
        \UITouch.estimatedPropertiesExpectingUpdates as KeyPath<UITouch, UITouch.Properties>,
        \UITouch.estimationUpdateIndex as KeyPath<UITouch, NSNumber?>,
    ] }

    /// Methods and initializers, as UIKit spells them.
    static var methods: [Any] { [
        UIEvent.coalescedTouches(for:) as (UIEvent) -> (UITouch) -> [UITouch]?,
        UIEvent.predictedTouches(for:) as (UIEvent) -> (UITouch) -> [UITouch]?,
        UITouch.preciseLocation(in:) as (UITouch) -> (UIView?) -> CGPoint,
        UITouch.precisePreviousLocation(in:) as (UITouch) -> (UIView?) -> CGPoint,
        UIResponder.touchesEstimatedPropertiesUpdated(_:) as (UIResponder) -> (Set<UITouch>) -> Void,
        UIWindow.init(frame:) as (CGRect) -> UIWindow,
        { UIScreen.main } as () -> UIScreen,
        { UITouch.Properties([.force, .azimuth, .altitude, .location, .roll]) } as () -> UITouch.Properties,
    ] }

    /// Pins UIKIT-API-SETTABILITY.
    @Test func theGeometryAPIHasUIKitsSettability() {
        #expect(Self.settable.allSatisfy(Self.isWritable))
        // Stored `private(set)` properties still make writable key-path objects at run time: only the
        // computed ones can be checked here (as `UIKitShapedCodeTests` does).
        let computed: [AnyKeyPath] = [
            \UIScreen.nativeBounds, \UIScreen.nativeScale, \UITouch.estimatedProperties,
            \UITouch.estimatedPropertiesExpectingUpdates, \UITouch.estimationUpdateIndex,
        ]
        #expect(computed.filter(Self.isWritable).map { "\($0)" } == [])
        #expect(Self.getOnly.count == 7)
        #expect(Self.methods.count == 8)
    }

    private static func isWritable(_ path: AnyKeyPath) -> Bool {
        String(describing: type(of: path)).hasPrefix("ReferenceWritableKeyPath")
    }

    /// Drawing code in the form of Apple's "Getting high-fidelity input with coalesced touches", and the
    /// app-delegate window of UIKit's templates: it compiles and runs unchanged.
    final class Canvas: UIView {
        var points: [CGPoint] = []

        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            guard let touch = touches.first else { return }
            if let coalesced = event?.coalescedTouches(for: touch) {
                for sample in coalesced { points.append(sample.preciseLocation(in: self)) }
            }
            if let predicted = event?.predictedTouches(for: touch), let last = predicted.last {
                points.append(last.preciseLocation(in: self))
            }
        }

        override func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}
    }

    /// Pins UIKIT-TOUCH-COALESCED.
    @Test func appleShapedDrawingCodeGetsEverySample() throws {
        let screen = UIScreen(size: CGSize(width: 300, height: 300), scale: 2)
        let application = screen.performAsMain { UIApplication() }
        let window = screen.performAsMain { UIWindow(frame: UIScreen.main.bounds) }
        let canvas = Canvas(frame: window.bounds)
        window.addSubview(canvas)
        window.makeKeyAndVisible()
        try application.digitizer.process([PointerChange(pointerID: 1, phase: .down, location: CGPoint(x: 10, y: 10), timestamp: 0)])
        try application.digitizer.process([
            PointerChange(pointerID: 1, phase: .move, location: CGPoint(x: 12, y: 10), timestamp: 0.004),
            PointerChange(pointerID: 1, phase: .move, location: CGPoint(x: 15, y: 11), timestamp: 0.008),
        ])
        #expect(canvas.points == [CGPoint(x: 12, y: 10), CGPoint(x: 15, y: 11)])
    }
}
