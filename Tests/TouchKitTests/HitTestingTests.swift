import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Hit-testing (docs/uikit-rules.md, "Hit-testing").
@Suite struct HitTestingTests {
    /// Pins UIKIT-HIT-FRONT-FIRST.
    @Test func s01_laterSiblingIsHitFirst() throws {
        let h = Harness()
        let a = h.add(TouchView(0, 0, 200, 200), "A")
        let b = h.add(TouchView(100, 100, 200, 200), "B")
        try h.tap(1, 150, 150, at: 0, duration: 50)
        #expect(h.log() == ["B.tb(1)", "B.te(1)"])
        #expect(b.received == ["tb(1)", "te(1)"])
        #expect(a.received.isEmpty)
    }

    /// Pins UIKIT-HIT-SKIPPED-VIEWS.
    @Test func s02_hiddenFrontViewIsSkipped() throws {
        let h = Harness()
        h.add(TouchView(0, 0, 200, 200), "A")
        h.add(TouchView(100, 100, 200, 200), "B").isHidden = true
        try h.tap(1, 150, 150, at: 0, duration: 50)
        #expect(h.log() == ["A.tb(1)", "A.te(1)"])
    }

    /// Pins UIKIT-HIT-SKIPPED-VIEWS.
    @Test func alphaBelowOneHundredthIsSkippedButExactlyOneHundredthIsHit() throws {
        let h = Harness()
        h.add(TouchView(0, 0, 200, 200), "A")
        let b = h.add(TouchView(100, 100, 200, 200), "B")
        b.alpha = 0.009
        try h.tap(1, 150, 150, at: 0)
        #expect(h.log() == ["A.tb(1)", "A.te(1)"])
        b.alpha = 0.01
        try h.tap(2, 150, 150, at: 1000)
        #expect(h.log() == ["B.tb(2)", "B.te(2)"])
    }

    /// Pins UIKIT-HIT-SKIPPED-VIEWS.
    @Test func s04_interactionDisabledAncestorHidesItsSubtree() throws {
        let h = Harness()
        let root = h.add(TouchView(0, 0, 400, 800), "Root")
        let p = h.add(TouchView(0, 0, 300, 300), "P", to: root)
        p.isUserInteractionEnabled = false
        h.add(TouchView(0, 0, 300, 300), "C", to: p)
        try h.tap(1, 50, 50, at: 0)
        #expect(h.log() == ["Root.tb(1)", "Root.te(1)"])
    }

    /// Pins UIKIT-HIT-POINT-INSIDE.
    @Test func s05_pointOutsideParentNeverReachesChild() throws {
        let h = Harness()
        let root = h.add(TouchView(0, 0, 400, 800), "Root")
        let p = h.add(TouchView(0, 0, 100, 100), "P", to: root)
        h.add(TouchView(80, 80, 100, 100), "C", to: p)
        try h.tap(1, 150, 150, at: 0)
        #expect(h.log() == ["Root.tb(1)", "Root.te(1)"])
        try h.tap(2, 90, 90, at: 1000)
        #expect(h.log() == ["C.tb(2)", "C.te(2)"])
    }

    final class EnlargedView: TouchView {
        override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
            bounds.insetBy(dx: -20, dy: -20).contains(point)
        }
    }

    /// Pins UIKIT-HIT-POINT-INSIDE.
    @Test func s06_pointInsideOverrideEnlargesTheTarget() throws {
        let h = Harness()
        h.add(EnlargedView(100, 100, 20, 20), "V")
        try h.tap(1, 95, 95, at: 0)
        #expect(h.log() == ["V.tb(1)", "V.te(1)"])
    }

    /// Pins UIKIT-HIT-FRONT-FIRST.
    @Test func hitTestingFollowsTransforms() throws {
        let h = Harness()
        let v = h.add(TouchView(100, 100, 100, 100), "V")
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        try h.tap(1, 60, 60, at: 0)
        #expect(h.log() == ["V.tb(1)", "V.te(1)"])
        v.transform = CGAffineTransform(rotationAngle: .pi / 4)
        // The square's corner region is outside the rotated diamond …
        try h.tap(2, 105, 105, at: 1000)
        #expect(h.log() == ["Window.tb(2)", "UIApplication#1.tb(2) via Window", "Window.te(2)", "UIApplication#1.te(2) via Window"])
        // … while a point beyond the unrotated edge but inside the diamond's tip hits it.
        try h.tap(3, 150, 82, at: 2000)
        #expect(h.log() == ["V.tb(3)", "V.te(3)"])
    }

    /// Pins UIKIT-HIT-ONCE.
    @Test func hitPathIsLogged() throws {
        let h = Harness()
        let a = h.add(TouchView(0, 0, 300, 300), "A")
        let c = h.add(TouchView(10, 10, 200, 200), "C", to: a)
        h.add(TouchView(10, 10, 50, 50), "E", to: c)
        try h.down(1, 30, 30, at: 0)
        #expect(h.log(only: "hit") == ["hit(1) Window>A>C>E"])
    }
}
