import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Setting `frame` on a transformed view follows `CALayer.frame`'s setter (UIView.frame).
@Suite struct FrameTransformTests {
    @Test func setThenGetReturnsTheRectangleUnderAScale() {
        let v = UIView(0, 0, 10, 10)
        v.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        v.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        #expect(v.frame == CGRect(x: 0, y: 0, width: 100, height: 100))
        #expect(v.bounds.size == CGSize(width: 200, height: 200))
        #expect(v.center == CGPoint(x: 50, y: 50))
    }

    @Test func setThenGetReturnsTheRectangleUnderScaleTranslationAndMirroring() {
        let v = UIView(0, 0, 10, 10)
        v.transform = CGAffineTransform(a: -2, b: 0, c: 0, d: 4, tx: 30, ty: -20)
        v.frame = CGRect(x: 10, y: 20, width: 100, height: 80)
        #expect(v.frame == CGRect(x: 10, y: 20, width: 100, height: 80))
        #expect(v.bounds.size == CGSize(width: 50, height: 20))
        #expect(v.center == CGPoint(x: 30, y: 80))
    }

    @Test func convertAndHitTestingAgreeWithTheFrame() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 10, 10), "V")
        v.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        v.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        #expect(v.convert(CGPoint(x: 0, y: 0), to: nil) == CGPoint(x: 100, y: 100))
        #expect(v.convert(CGPoint(x: 200, y: 200), to: nil) == CGPoint(x: 200, y: 200))
        #expect(h.window.hitTest(CGPoint(x: 101, y: 101), with: nil) === v)
        #expect(h.window.hitTest(CGPoint(x: 199, y: 199), with: nil) === v)
        #expect(h.window.hitTest(CGPoint(x: 201, y: 150), with: nil) !== v)
        try h.tap(1, 199, 199, at: 0)
        #expect(v.received == ["tb(1)", "te(1)"])
    }

    /// UIKit calls the value undefined with rotation; TouchKit's documented choice.
    @Test func withRotationTheRectangleGivesCenterAndUntransformedSize() {
        let v = UIView(0, 0, 10, 10)
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        v.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        #expect(v.bounds.size == CGSize(width: 100, height: 50))
        #expect(v.center == CGPoint(x: 50, y: 25))
        let frame = v.frame
        #expect(abs(frame.width - 50) < 1e-9 && abs(frame.height - 100) < 1e-9)
    }
}
