import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// UIKIT-SCROLL-DRAGGABLE-AXES: a scroll view drags only along an axis with something to scroll, or
/// with `alwaysBounce…` (and `bounces`).
@Suite struct ScrollViewBounceTests {
    private func s71(alwaysBounceVertical: Bool, bounces: Bool = true) -> (Harness, UIScrollView, TouchView) {
        let h = Harness()
        let sv = h.add(UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 800)), "SV")
        sv.contentSize = CGSize(width: 400, height: 600)
        sv.delaysContentTouches = false
        sv.alwaysBounceVertical = alwaysBounceVertical
        sv.bounces = bounces
        let c = h.add(TouchView(0, 0, 400, 600), "C", to: sv)
        return (h, sv, c)
    }

    /// D(1,200), M +10 pt down every 16 ms to (200,600) — x stays 1 as in S71's first point, then 200.
    private func dragDown(_ h: Harness, from x: CGFloat = 200) throws -> [CGFloat] {
        var offsets: [CGFloat] = []
        try h.down(1, x, 200, at: 0)
        var y: CGFloat = 200, t = 0.0
        while y < 600 {
            y += 10
            t += 16
            try h.move(1, x, y, at: t)
            offsets.append((h.window.subviews.first as! UIScrollView).contentOffset.y)
        }
        try h.up(1, x, y, at: t + 16)
        return offsets
    }

    /// Pins UIKIT-SCROLL-DRAGGABLE-AXES.
    @Test func withoutAlwaysBounceNothingToScrollLeavesTheTouchToTheContent() throws {
        let (h, sv, c) = s71(alwaysBounceVertical: false)
        let offsets = try dragDown(h)
        #expect(offsets.allSatisfy { $0 == 0 })
        #expect(sv.contentOffset == .zero)
        #expect(c.received.first == "tb(1)" && c.received.last == "te(1)" && !c.received.contains("tc(1)"))
        #expect(c.received.count == 42)
        #expect(h.log(only: "SV.pan") == ["SV.pan:possible→failed [nothing to scroll vertically: content 400×600 in bounds 400×800, alwaysBounceVertical false, bounces true]"])
    }

    /// Pins UIKIT-SCROLL-DRAGGABLE-AXES.
    @Test func alwaysBounceVerticalDragsAndBouncesBack() throws {
        let (h, sv, c) = s71(alwaysBounceVertical: true)
        let offsets = try dragDown(h)
        #expect(offsets.contains { $0 < 0 })
        #expect(sv.contentOffset == .zero, "back to 0 after the bounce")
        #expect(c.received.contains("tc(1)"))
        #expect(h.log(only: "SV.pan").first == "SV.pan:possible→began")
    }

    /// Pins UIKIT-SCROLL-DRAGGABLE-AXES.
    @Test func alwaysBounceWithoutBouncesIsNotDraggable() throws {
        let (h, sv, c) = s71(alwaysBounceVertical: true, bounces: false)
        let offsets = try dragDown(h)
        #expect(offsets.allSatisfy { $0 == 0 })
        #expect(sv.contentOffset == .zero)
        #expect(!c.received.contains("tc(1)"))
    }

    /// Pins UIKIT-SCROLL-DRAGGABLE-AXES.
    @Test func aHorizontalDragNeverMovesANonDraggableAxis() throws {
        let (h, sv, _) = s71(alwaysBounceVertical: true)
        try h.down(1, 100, 300, at: 0)
        for step in 1...20 { try h.move(1, 100 + CGFloat(step) * 10, 300 + CGFloat(step), at: Double(step) * 16) }
        #expect(sv.contentOffset.x == 0)
        #expect(h.log(only: "SV.pan") == ["SV.pan:possible→failed [nothing to scroll horizontally: content 400×600 in bounds 400×800, alwaysBounceHorizontal false, bounces true]"])
    }

    /// Pins UIKIT-SCROLL-DRAGGABLE-AXES.
    @Test func contentInsetCountsAsScrollableContent() throws {
        let (h, sv, _) = s71(alwaysBounceVertical: false)
        sv.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 250, right: 0)
        try h.down(1, 200, 500, at: 0)
        for step in 1...10 { try h.move(1, 200, 500 - CGFloat(step) * 20, at: Double(step) * 16) }
        #expect(sv.contentOffset.y > 50, "past the end it rubber-bands")
        try h.up(1, 200, 300, at: 176)
        #expect(sv.contentOffset.y == 50, "600 + 250 − 800 = 50 pt to scroll")
    }

    /// Pins UIKIT-SCROLL-DRAGGABLE-AXES.
    @Test func indicatorsAndBounceFlagsHaveUIKitsDefaults() {
        let sv = UIScrollView(frame: .zero)
        #expect(!sv.alwaysBounceVertical && !sv.alwaysBounceHorizontal)
        #expect(sv.showsVerticalScrollIndicator && sv.showsHorizontalScrollIndicator)
        #expect(!sv.isDecelerating)
    }
}
