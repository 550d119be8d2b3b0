import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// The last differences from Apple's documentation that issue 27 names, each with the exact ordered
/// log on the manual clock.
@Suite struct UIKitDifferencesTests {
    /// The log without resets (diagnostics kept: hit paths, skips, waits, withheld notes).
    private func log(_ h: Harness) -> [String] {
        h.log(diagnostics: true).filter { !$0.hasSuffix("→possible [reset]") }
    }

    /// A tap on an image view that keeps UIImageView's default: hit-testing passes it over, the log
    /// says why, and its recognizer never sees the touch; with interaction on, it recognizes.
    /// Pins UIKIT-HIT-INTERACTION-DEFAULTS.
    @Test func anImageViewIgnoresTouchesByDefaultAndTheLogSaysWhy() throws {
        let h = Harness()
        let root = h.add(TouchView(0, 0, 400, 800), "root")
        let avatar = UIImageView(frame: CGRect(x: 145, y: 200, width: 100, height: 100))
        avatar.accessibilityIdentifier = "avatar"
        root.addSubview(avatar)
        let tap = UITapGestureRecognizer(); tap.name = "avatarTap"; tap.addHandler { _ in }
        avatar.addGestureRecognizer(tap)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
        label.accessibilityIdentifier = "caption"
        root.addSubview(label)
        #expect(!avatar.isUserInteractionEnabled && !label.isUserInteractionEnabled)

        try h.tap(1, 195, 250, at: 0)
        #expect(log(h) == ["hit(1) Window>root",
                           "1@avatar: skipped by hit-testing: isUserInteractionEnabled false (UIImageView default); avatarTap cannot see the touch",
                           "root.tb(1)", "root.te(1)"])
        // A label with nothing that wants touches is passed over silently.
        try h.tap(2, 50, 50, at: 1000)
        #expect(log(h) == ["hit(2) Window>root", "root.tb(2)", "root.te(2)"])

        avatar.isUserInteractionEnabled = true
        try h.tap(3, 195, 250, at: 2000)
        #expect(log(h) == ["hit(3) Window>root>avatar", "avatar.tb(3)", "root.tb(3) via avatar", "avatarTap:possible→ended",
                           "avatar.tc(3)", "root.tc(3) via avatar", "act(avatarTap,ended)"])
    }

    /// A subclass that fails the press itself and then calls super: the built-in logic asks for
    /// nothing more, so no "illegal transition failed → failed" is blamed on the subclass.
    /// Pins UIKIT-STATE-SUBCLASS-DECIDES.
    @Test func aLongPressSubclassThatFailsBeforeSuperIsNotBlamed() throws {
        final class QuickLiftFails: UILongPressGestureRecognizer {
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
                if state == .possible { setState(.failed, reason: "subclass: lifted early") }
                super.touchesEnded(touches, with: event)
            }
        }
        let h = Harness()
        let press = QuickLiftFails(); press.name = "P"; press.addHandler { _ in }
        h.add(TouchView(0, 0, 400, 800), "V").addGestureRecognizer(press)
        try h.tap(1, 100, 100, at: 0)
        #expect(log(h) == ["hit(1) Window>V", "V.tb(1)", "P:possible→failed [subclass: lifted early]", "V.te(1)"])
    }

    /// A pan on the slider's superview that starts on the thumb and runs along the track: UISlider's
    /// own `gestureRecognizerShouldBegin` refuses it, the slider keeps tracking. Started off the thumb,
    /// or across the track, the pan begins.
    /// Pins UIKIT-CONTROL-SLIDER-VETO.
    @Test func aSliderVetoesAParallelPanStartingOnItsThumb() throws {
        let h = Harness()
        let panel = h.add(UIView(0, 0, 400, 800), "panel")
        let reveal = UIPanGestureRecognizer(); reveal.name = "revealPan"; reveal.addHandler { _ in }
        panel.addGestureRecognizer(reveal)
        let volume = h.add(UISlider(frame: CGRect(x: 0, y: 100, width: 244, height: 40)), "volume", to: panel)
        try h.drag(1, from: CGPoint(x: 22, y: 120), to: CGPoint(x: 122, y: 120), at: 0, steps: 5)
        #expect(h.log(only: "revealPan:", "volume:") == [
            "volume:touchDown",
            "revealPan:possible→failed [volume is a UISlider: its gestureRecognizerShouldBegin refuses a pan along the track that starts on its thumb]",
            "volume:valueChanged", "volume:touchDragInside", "volume:valueChanged", "volume:touchDragInside", "volume:valueChanged",
            "volume:touchDragInside", "volume:valueChanged", "volume:touchDragInside", "volume:valueChanged", "volume:touchDragInside",
            "volume:touchUpInside",
        ])
        #expect(volume.value == 0.5)

        try h.drag(2, from: CGPoint(x: 200, y: 120), to: CGPoint(x: 100, y: 120), at: 1000, steps: 5)
        let offThumb = h.log(only: "revealPan:", "volume:")
        #expect(offThumb.contains("revealPan:possible→began") && offThumb.contains("volume:touchCancel"))

        try h.drag(3, from: CGPoint(x: 122, y: 120), to: CGPoint(x: 122, y: 400), at: 2000, steps: 5)
        let across = h.log(only: "revealPan:", "volume:")
        #expect(across.contains("revealPan:possible→began") && across.contains("volume:touchCancel"), "a pan across the track is not vetoed")
    }

    /// Two pans crossing their hysteresis in the same frame: the one nearer the touched view gets the
    /// frame's touches first, begins, and the reason of the other says so.
    /// Pins UIKIT-GESTURE-FRAME-ORDER.
    @Test func twoPansReachingTheirBeginConditionInOneFrame() throws {
        let h = Harness()
        let outer = h.add(TouchView(0, 0, 400, 800), "outer")
        let inner = h.add(TouchView(0, 0, 400, 400), "inner", to: outer)
        let outerPan = UIPanGestureRecognizer(); outerPan.name = "outerPan"; outerPan.addHandler { _ in }
        let innerPan = UIPanGestureRecognizer(); innerPan.name = "innerPan"; innerPan.addHandler { _ in }
        outer.addGestureRecognizer(outerPan)
        inner.addGestureRecognizer(innerPan)
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 130, 100, at: 16)
        #expect(h.log() == [
            "inner.tb(1)", "innerPan:possible→began",
            "outerPan:possible→failed [prevented by innerPan, which began first in this frame: outerPan had not yet been given the frame's touches (they go to the recognizers nearest the touched view first, each view's in the order they were added)]",
            "inner.tc(1)", "act(innerPan,began)",
        ])
    }

    /// A view whose user interaction turns off while a finger is on it gets nothing more of that touch —
    /// no moves, no end, no cancel — while its recognizer keeps the touch; turning it back on does not
    /// resume the touch.
    /// Pins UIKIT-DELIVERY-INTERACTION-OFF.
    @Test func interactionTurnedOffMidTouchDropsTheViewsLaterPhases() throws {
        let h = Harness()
        let root = h.add(TouchView(0, 0, 400, 800), "root")
        let card = h.add(TouchView(100, 100, 200, 200), "card", to: root)
        let press = UILongPressGestureRecognizer(); press.name = "press"; press.addHandler { _ in }
        card.addGestureRecognizer(press)
        try h.down(1, 150, 150, at: 0)
        try h.move(1, 152, 150, at: 100)
        card.isUserInteractionEnabled = false
        try h.move(1, 154, 150, at: 200)
        card.isUserInteractionEnabled = true
        try h.advance(to: 600)
        try h.move(1, 156, 150, at: 700)
        try h.up(1, 156, 150, at: 800)
        #expect(log(h) == [
            "hit(1) Window>root>card", "card.tb(1)", "card.tm(1)",
            "1@card: not delivered: isUserInteractionEnabled turned false while the touch was down: events intended for the view are ignored (no touchesCancelled); its recognizers keep the touch",
            "press:possible→began", "act(press,began)", "press:began→changed", "act(press,changed)", "press:changed→ended", "act(press,ended)",
        ])
        #expect(card.received == ["tb(1)", "tm(1)"])
    }

    /// The custom recognizer of S85: it recognizes on the lift when the finger travelled less than
    /// 10 pt, and waits for a double tap to fail.
    final class ShortLift: UIGestureRecognizer {
        /// true: the portable form (`if !didRecognize { state = .failed }`); false: the idiom that reads `state`.
        let portable: Bool
        private var didRecognize = false
        private var start = CGPoint.zero
        init(portable: Bool) {
            self.portable = portable
            super.init()
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { start = touches.first!.location(in: nil) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            let end = touches.first!.location(in: nil)
            if hypot(end.x - start.x, end.y - start.y) < 10 {
                state = .ended
                didRecognize = true
            }
            readings.append(state)
            if portable ? !didRecognize : state == .possible { state = .failed }
        }
        override func reset() { didRecognize = false }
        var readings: [UIGestureRecognizer.State] = []
    }

    /// A recognizer that recognized but waits for a double tap to fail reads `.possible`; the idiom
    /// `if state == .possible { state = .failed }` then fails it (the subclass is the authority on its
    /// gesture), the portable `didRecognize` form lets the pending success through.
    /// Pins UIKIT-STATE-PENDING-READS-POSSIBLE.
    @Test(arguments: [false, true])
    func aPendingRecognizerReadsPossible(portable: Bool) throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        let doubleTap = UITapGestureRecognizer(); doubleTap.name = "DT"; doubleTap.numberOfTapsRequired = 2; doubleTap.addHandler { _ in }
        let g = ShortLift(portable: portable); g.name = "G"; g.addHandler { _ in }
        g.require(toFail: doubleTap)
        v.addGestureRecognizer(g)
        v.addGestureRecognizer(doubleTap)
        try h.tap(1, 100, 100, at: 0)
        try h.advance(to: 600)
        #expect(g.readings == [.possible])
        if portable {
            // The pending G holds the view's touchesEnded (delaysTouchesEnded); recognizing claims it.
            #expect(log(h) == ["hit(1) Window>V", "V.tb(1)", "G waits [waiting for failure of DT]",
                               "1@V: touchesEnded withheld: delaysTouchesEnded of G",
                               "DT:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]", "G:possible→ended", "V.tc(1)", "act(G,ended)"])
        } else {
            #expect(log(h) == ["hit(1) Window>V", "V.tb(1)", "G waits [waiting for failure of DT]",
                               "G:possible→failed [state set to failed by ShortLift]", "1@V: touchesEnded withheld: delaysTouchesEnded of DT",
                               "DT:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]", "V.te(1)"])
        }
    }
}
