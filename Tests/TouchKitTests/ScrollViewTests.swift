import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Scroll views: their own recognizers and their content's touches (docs/uikit-rules.md).
@Suite struct ScrollViewTests {
    private func scene(delays: Bool = true) -> (Harness, UIScrollView, UIButton) {
        let h = Harness()
        let sv = h.add(UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 800)), "SV")
        sv.contentSize = CGSize(width: 400, height: 2000)
        sv.delaysContentTouches = delays
        let b = h.add(UIButton(frame: CGRect(x: 100, y: 100, width: 200, height: 60)), "B", to: sv)
        return (h, sv, b)
    }

    /// Pins UIKIT-SCROLL-CONTENT-TOUCHES.
    @Test func s56_quickDragOverAButtonScrollsAndTheButtonSeesNothing() throws {
        let (h, sv, _) = scene()
        try h.down(1, 200, 300, at: 0)
        try h.move(1, 200, 270, at: 60)
        try h.move(1, 200, 200, at: 150)
        try h.up(1, 200, 200, at: 160)
        let log = h.log()
        #expect(!log.contains { $0.hasPrefix("B:") })
        #expect(sv.contentOffset == CGPoint(x: 0, y: 100))
    }

    /// Pins UIKIT-SCROLL-CONTENT-TOUCHES.
    @Test func buttonTapInsideAScrollViewStillWorks() throws {
        let (h, _, _) = scene()
        try h.tap(1, 200, 130, at: 0)
        #expect(h.log(only: "B:") == ["B:touchDown", "B:touchUpInside", "B:primaryActionTriggered"])
    }

    /// Pins UIKIT-SCROLL-CONTENT-TOUCHES.
    @Test func s57_pressHoldThenDragKeepsTheButton() throws {
        let (h, sv, _) = scene()
        try h.down(1, 200, 130, at: 0)
        try h.advance(to: 149)
        #expect(h.log(only: "B:").isEmpty)
        try h.advance(to: 150)
        #expect(h.log(only: "B:") == ["B:touchDown"], "content gets the touch after the 150 ms delay")
        try h.move(1, 200, 100, at: 250)
        try h.move(1, 200, 30, at: 300)
        #expect(sv.contentOffset == .zero, "touchesShouldCancel is false for controls")
        #expect(h.log(only: "SV.pan").contains("SV.pan:possible→failed [SV.gestureRecognizerShouldBegin returned false]"))
    }

    /// Pins UIKIT-SCROLL-CONTENT-TOUCHES.
    @Test func s59_withoutDelayTheButtonGetsTheTouchAtOnceAndKeepsIt() throws {
        let (h, sv, _) = scene(delays: false)
        try h.down(1, 200, 130, at: 0)
        #expect(h.log(only: "B:") == ["B:touchDown"])
        try h.move(1, 200, 100, at: 60)
        try h.move(1, 200, 30, at: 150)
        #expect(sv.contentOffset == .zero)
    }

    final class Cancelling: UIScrollView {
        override func touchesShouldCancel(in view: UIView) -> Bool { true }
    }

    /// Pins UIKIT-SCROLL-CONTENT-TOUCHES.
    @Test func s59_overridingTouchesShouldCancelLetsTheScrollWin() throws {
        let h = Harness()
        let sv = h.add(Cancelling(frame: CGRect(x: 0, y: 0, width: 400, height: 800)), "SV")
        sv.contentSize = CGSize(width: 400, height: 2000)
        sv.delaysContentTouches = false
        h.add(UIButton(frame: CGRect(x: 100, y: 100, width: 200, height: 60)), "B", to: sv)
        try h.down(1, 200, 130, at: 0)
        try h.move(1, 200, 100, at: 60)
        try h.move(1, 200, 30, at: 150)
        #expect(h.log(only: "B:") == ["B:touchDown", "B:touchCancel"])
        #expect(sv.contentOffset == CGPoint(x: 0, y: 100))
    }

    /// Pins UIKIT-SCROLL-OWN-RECOGNIZERS.
    @Test func offsetIsClampedAfterBouncing() throws {
        let (h, sv, _) = scene()
        try h.down(1, 200, 300, at: 0)
        try h.move(1, 200, 400, at: 50)
        #expect(sv.contentOffset.y == -50, "past the edge the content follows half as fast")
        try h.up(1, 200, 400, at: 60)
        #expect(sv.contentOffset == .zero)
    }

    final class ZoomDelegate: UIScrollViewDelegate {
        let view: UIView
        init(_ view: UIView) { self.view = view }
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { view }
    }

    /// Pins UIKIT-SCROLL-OWN-RECOGNIZERS.
    @Test func pinchZoomsTheViewForZooming() throws {
        let h = Harness()
        let sv = h.add(UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 800)), "SV")
        sv.isMultipleTouchEnabled = true
        let content = h.add(UIView(0, 0, 400, 800), "Content", to: sv)
        let delegate = ZoomDelegate(content)
        sv.delegate = delegate
        sv.minimumZoomScale = 1
        sv.maximumZoomScale = 3
        #expect(sv.pinchGestureRecognizer != nil)
        try h.frame([(.down, 1, 150, 400), (.down, 2, 250, 400)], at: 0)
        try h.frame([(.move, 1, 100, 400), (.move, 2, 300, 400)], at: 50)
        try h.frame([(.up, 1, 100, 400), (.up, 2, 300, 400)], at: 60)
        #expect(sv.zoomScale == 2)
        #expect(sv.contentSize == CGSize(width: 800, height: 1600))
    }
}
