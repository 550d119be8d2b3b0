import Foundation
import Testing
import TouchBridgeScenes
import TouchKit
import TouchKitTestSupport

/// The anchor-point scene: Apple's gesture sample on one image.
@Suite struct AnchorPointSceneTests {
    /// Pins UIKIT-LAYER-ANCHOR-POINT: a pinch off the image's middle moves the anchor point to the fingers,
    /// the image does not jump, and the content under the fingers stays under them while it doubles.
    @Test func aPinchOffTheMiddleScalesAboutTheFingers() throws {
        let h = Harness()
        let scene = TransformImageViewController(turnsAboutTheFingers: true)
        h.host(scene)
        let image = scene.imageView!
        let before = image.frame
        // The fingers' midpoint: a quarter of the way into the image from its top-left corner.
        let local = CGPoint(x: image.bounds.width / 4, y: image.bounds.height / 4)
        let mid = image.convert(local, to: nil)
        try h.frame([(.down, 1, mid.x - 20, mid.y), (.down, 2, mid.x + 20, mid.y)], at: 0)
        var frames: [CGRect] = []
        for step in 1...10 {
            let half = 20 + CGFloat(step) * 2
            try h.frame([(.move, 1, mid.x - half, mid.y), (.move, 2, mid.x + half, mid.y)], at: Double(step) * 16)
            frames.append(image.frame)
            let under = image.convert(local, to: nil)
            #expect(abs(under.x - mid.x) < 1e-9 && abs(under.y - mid.y) < 1e-9, "step \(step): the content under the fingers moved to \(under)")
        }
        #expect(abs(image.layer.anchorPoint.x - 0.25) < 1e-9 && abs(image.layer.anchorPoint.y - 0.25) < 1e-9)
        #expect(abs(image.center.x - mid.x) < 1e-9 && abs(image.center.y - mid.y) < 1e-9)
        // Scaled about the fingers: the corner nearer them moves less than the far one.
        let after = try #require(frames.last)
        #expect(abs(after.width / before.width - 2) < 1e-9)
        #expect(abs((mid.x - after.minX) - 2 * (mid.x - before.minX)) < 1e-9)
        #expect(abs((after.maxX - mid.x) - 2 * (before.maxX - mid.x)) < 1e-9)
        try h.frame([(.up, 1, mid.x - 40, mid.y), (.up, 2, mid.x + 40, mid.y)], at: 200)
        #expect(h.log().contains("act(pinch,ended)"))
    }
}
