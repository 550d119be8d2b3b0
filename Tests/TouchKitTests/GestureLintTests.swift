import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Each lint of docs/margins-and-lints.md on a scene that triggers it and on one that does not.
@Suite struct GestureLintTests {
    /// Hints a test sets by hand (what a declarative scene's specs would say).
    struct Hints: GestureLintHints {
        var consumers: Set<String> = []
        var excluded: Set<String> = []
        var wildcard: Set<String> = []
        var detachedRecognizers: [UIGestureRecognizer] = []

        func handlesTouches(_ view: UIView) -> Bool { consumers.contains(view.traceName) }
        func excludes(_ view: UIView, from recognizer: UIGestureRecognizer) -> Bool { excluded.contains(view.traceName) }
        func isSimultaneousWithEverything(_ recognizer: UIGestureRecognizer) -> Bool { wildcard.contains(recognizer.traceName) }
    }

    final class Simultaneous: UIGestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    }

    /// `id`'s lints as `severity: message | fix`.
    private func lints(_ h: Harness, _ id: String, hints: Hints = Hints()) -> [String] {
        GestureLinter.lint(h.window, hints: hints).filter { $0.id == id }.map { "\($0.severity.rawValue): \($0.message) | \($0.fix)" }
    }

    @discardableResult
    private func named<R: UIGestureRecognizer>(_ recognizer: R, _ name: String, on view: UIView, action: Bool = true) -> R {
        recognizer.name = name
        if action { recognizer.addHandler { _ in } }
        view.addGestureRecognizer(recognizer)
        return recognizer
    }

    private func root(_ h: Harness) -> UIView { h.add(UIView(frame: h.window.bounds), "root") }

    @Test func cancelsTouchesOverConsumer() {
        let h = Harness()
        let root = root(h)
        let tap = named(UITapGestureRecognizer(), "dismiss", on: root)
        h.add(UIView(frame: CGRect(x: 0, y: 100, width: 400, height: 60)), "row", to: root)
        h.add(UIButton(frame: CGRect(x: 0, y: 200, width: 100, height: 44)), "ok", to: root)
        #expect(lints(h, "TB-L01", hints: Hints(consumers: ["row"])) == [
            "warning: «dismiss» on «root» cancels the touches of «row» whenever it recognizes: «row» will get touchesCancelled instead of touchesEnded (a tap on it never completes). | set dismiss.cancelsTouchesInView = false, or exclude «row» with the delegate (shouldReceiveOutside: row.frame)",
        ])
        #expect(lints(h, "TB-L01").isEmpty, "a standard button keeps its tap")
        #expect(lints(h, "TB-L01", hints: Hints(consumers: ["row"], excluded: ["row"])).isEmpty)
        tap.cancelsTouchesInView = false
        #expect(lints(h, "TB-L01", hints: Hints(consumers: ["row"])).isEmpty)
    }

    @Test func tapLadderAndFailureWait() {
        let h = Harness()
        let root = root(h)
        let single = named(UITapGestureRecognizer(), "single", on: root)
        let double = named(UITapGestureRecognizer(), "double", on: root)
        double.numberOfTapsRequired = 2
        #expect(lints(h, "TB-L02") == ["warning: «single» (1 tap) will fire on the first tap of every «double» (2 taps). | relate requireToFail [single, double] — and accept a delay of maximumIntervalBetweenSuccessiveTaps on single (TB-L03)"])
        #expect(lints(h, "TB-L03").isEmpty)
        single.require(toFail: double)
        #expect(lints(h, "TB-L02").isEmpty)
        #expect(lints(h, "TB-L03") == ["info: «single» cannot act until «double» fails: every single single is delayed by ≥ 350 ms after the finger lifts. | accept it, restrict double to where it is needed (shouldReceiveInside), or shorten double.maximumIntervalBetweenSuccessiveTaps"])
    }

    @Test func delaysTouchesOverConsumer() {
        let h = Harness()
        let root = root(h)
        let press = named(UILongPressGestureRecognizer(), "press", on: root)
        press.delaysTouchesBegan = true
        h.add(UIControl(frame: CGRect(x: 0, y: 100, width: 100, height: 44)), "knob", to: root)
        #expect(lints(h, "TB-L04") == ["warning: «knob» receives touchesBegan up to 500 ms late because «press» delays touches (delaysTouchesBegan). | set press.delaysTouchesBegan = false, or keep press off «knob»"])
        press.delaysTouchesBegan = false
        #expect(lints(h, "TB-L04").isEmpty)
        let double = named(UITapGestureRecognizer(), "double", on: root)
        double.numberOfTapsRequired = 2
        #expect(lints(h, "TB-L04") == ["warning: «knob» receives touchesEnded up to 350 ms late because «double» delays touches (delaysTouchesEnded). | set double.delaysTouchesEnded = false, or keep double off «knob»"])
    }

    @Test func controlInScrollView() {
        let h = Harness()
        let scroll = h.add(UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 400)), "list")
        h.add(UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 44)), "buy", to: scroll)
        #expect(lints(h, "TB-L05").isEmpty, "a scroll view with nothing to scroll")
        scroll.contentSize = CGSize(width: 400, height: 1200)
        #expect(lints(h, "TB-L05") == ["info: «buy» in «list» highlights late on quick taps (delaysContentTouches: ~150 ms still, or at lift). | set list.delaysContentTouches = false together with cancelsControlTouches = true"])
        scroll.delaysContentTouches = false
        #expect(lints(h, "TB-L05") == ["warning: Drags that start on «buy» cannot scroll «list»: a control keeps its touch (touchesShouldCancel(in:) is false for controls). | set list.cancelsControlTouches = true"])
        for index in 1...4 { h.add(UISwitch(frame: CGRect(x: 0, y: 60 * CGFloat(index), width: 51, height: 31)), "s\(index)", to: scroll) }
        #expect(lints(h, "TB-L05") == ["warning: Drags that start on «buy», «s1», «s2» and 2 more cannot scroll «list»: a control keeps its touch (touchesShouldCancel(in:) is false for controls). | set list.cancelsControlTouches = true"])
        #expect(GestureLinter.lint(h.window).first { $0.id == "TB-L05" }?.subjects == ["list", "buy", "s1", "s2", "s3", "s4"])
    }

    @Test func panOverScrollView() {
        let h = Harness()
        let root = root(h)
        let pan = named(UIPanGestureRecognizer(), "menuPan", on: root)
        let scroll = h.add(UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 400)), "feed", to: root)
        #expect(lints(h, "TB-L06").isEmpty, "nothing to scroll")
        scroll.contentSize = CGSize(width: 400, height: 1200)
        #expect(lints(h, "TB-L06") == ["warning: «menuPan» and the scroll pan of «feed» compete for the same drags; whichever begins first wins and the other fails for the rest of the touch. | give menuPan a directional shouldBegin, or relate requireToFail / simultaneous with \(scroll.panGestureRecognizer.traceName) explicitly"])
        pan.require(toFail: scroll.panGestureRecognizer)
        #expect(lints(h, "TB-L06").isEmpty)
    }

    @Test func edgePanVersusHorizontalScroll() {
        let h = Harness()
        let root = root(h)
        let edge = named(UIScreenEdgePanGestureRecognizer(), "back", on: root)
        edge.edges = .left
        let pager = h.add(UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 400)), "pager", to: root)
        pager.contentSize = CGSize(width: 1200, height: 400)
        #expect(lints(h, "TB-L07") == ["warning: Edge swipes starting over «pager» go to «\(pager.panGestureRecognizer.traceName)»; «back» never begins there. | relate requireToFail [\(pager.panGestureRecognizer.traceName), back]"])
        pager.panGestureRecognizer.require(toFail: edge)
        #expect(lints(h, "TB-L07").isEmpty)
    }

    @Test func panOverControl() {
        let h = Harness()
        let root = root(h)
        named(UIPanGestureRecognizer(), "sheetPan", on: root)
        h.add(UISlider(frame: CGRect(x: 20, y: 100, width: 300, height: 44)), "volume", to: root)
        #expect(lints(h, "TB-L08") == ["warning: «sheetPan» can take drags that start on «volume» (the control gets touchCancel); UIKit's own veto protects only drags that start on the thumb. | exclude the control: sheetPan.delegate.shouldReceiveOutside = volume.frame (or the control vetoes with gestureRecognizerShouldBegin)"])
        #expect(lints(h, "TB-L08", hints: Hints(excluded: ["volume"])).isEmpty)
    }

    @Test func pinchAndRotationExclusive() {
        let h = Harness()
        let root = root(h)
        let pinch = named(UIPinchGestureRecognizer(), "pinch", on: root)
        named(UIRotationGestureRecognizer(), "rotation", on: root)
        #expect(lints(h, "TB-L09") == ["info: «pinch» and «rotation» exclude each other: a user who zooms while turning gets only one. | relate simultaneous [pinch, rotation] if both should apply"])
        let both = Simultaneous()
        pinch.delegate = both
        #expect(lints(h, "TB-L09").isEmpty)
    }

    @Test func multiFingerTapVersusPinch() {
        let h = Harness()
        let root = root(h)
        let tap = named(UITapGestureRecognizer(), "twoFingerTap", on: root)
        tap.numberOfTouchesRequired = 2
        let pinch = named(UIPinchGestureRecognizer(), "zoom", on: root)
        #expect(lints(h, "TB-L10") == ["warning: A short pinch or rotation can also complete «twoFingerTap» (2 fingers) alongside «zoom». | relate requireToFail [twoFingerTap, zoom]"])
        tap.require(toFail: pinch)
        #expect(lints(h, "TB-L10").isEmpty)
    }

    @Test func panAndSwipe() {
        let h = Harness()
        let root = root(h)
        let pan = named(UIPanGestureRecognizer(), "pan", on: root)
        let swipe = named(UISwipeGestureRecognizer(), "swipe", on: root)
        swipe.direction = .left
        #expect(lints(h, "TB-L11") == ["warning: «pan» begins after ~10 pt; «swipe» needs ~50 pt: the swipe almost never wins. | relate requireToFail [pan, swipe] (the pan then waits for the swipe to fail)"])
        pan.require(toFail: swipe)
        #expect(lints(h, "TB-L11").isEmpty)
    }

    /// A swipe that needs more fingers than the pan takes (TouchTracker's three-finger swipe beside a pan of at
    /// most two) never meets it: no TB-L11. One within the pan's range does.
    @Test func panAndSwipeOfDifferentFingerCounts() {
        let h = Harness()
        let root = root(h)
        let pan = named(UIPanGestureRecognizer(), "pan", on: root)
        pan.maximumNumberOfTouches = 2
        let swipe = named(UISwipeGestureRecognizer(), "swipe", on: root)
        swipe.numberOfTouchesRequired = 3
        #expect(lints(h, "TB-L11").isEmpty)
        swipe.numberOfTouchesRequired = 2
        #expect(lints(h, "TB-L11").count == 1)
        pan.minimumNumberOfTouches = 3
        pan.maximumNumberOfTouches = 4
        #expect(lints(h, "TB-L11").isEmpty, "the pan needs three fingers, the swipe two")
    }

    @Test func recognizerCannotAct() {
        let h = Harness()
        let root = root(h)
        let avatar = h.add(UIImageView(frame: CGRect(x: 20, y: 20, width: 80, height: 80)), "avatar", to: root)
        let tap = named(UITapGestureRecognizer(), "avatarTap", on: avatar)
        #expect(lints(h, "TB-L12") == ["error: «avatarTap» on «avatar» will never fire: it has userInteraction false (the default for UIImageView). | set userInteraction = true on the view named"])
        avatar.isUserInteractionEnabled = true
        #expect(lints(h, "TB-L12").isEmpty)
        root.isHidden = true
        #expect(lints(h, "TB-L12") == ["error: «avatarTap» on «avatar» will never fire: its superview «root» is hidden. | make the view named visible"])
        root.isHidden = false
        tap.isEnabled = false
        #expect(lints(h, "TB-L12") == ["error: «avatarTap» on «avatar» will never fire: it is disabled (isEnabled false). | set avatarTap.isEnabled = true"])
    }

    @Test func hitArea() {
        let h = Harness()
        let card = h.add(UIView(frame: CGRect(x: 40, y: 100, width: 310, height: 120)), "card")
        let close = h.add(UIButton(frame: CGRect(x: 280, y: -15, width: 44, height: 44)), "close", to: card)
        #expect(lints(h, "TB-L13") == ["warning: 55% of «close» lies outside «card» and cannot be touched. | move close inside card, or enlarge card.hitShape"])
        close.frame = CGRect(x: 200, y: 20, width: 24, height: 24)
        #expect(lints(h, "TB-L13") == ["info: «close» is 24×24 pt: below 44×44 pt. | hitShape {\"inset\": -10} on close, or make it at least 44×44 pt"])
        close.frame = CGRect(x: 200, y: 20, width: 44, height: 44)
        #expect(lints(h, "TB-L13").isEmpty)
    }

    /// Values a scene or an `act` may set — infinite frames, huge durations — are linted without trapping.
    @Test func extremeValuesNeverTrap() {
        let h = Harness()
        let root = root(h)
        let wide = h.add(UIButton(frame: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 50)), "wide", to: root)
        h.add(UIButton(frame: CGRect(x: -1e150, y: 0, width: 1e150, height: 1e150)), "huge", to: root)
        let single = named(UITapGestureRecognizer(), "single", on: wide)
        let double = named(UITapGestureRecognizer(), "double", on: root)
        double.numberOfTapsRequired = 2
        double.maximumIntervalBetweenSuccessiveTaps = 1e300
        single.require(toFail: double)
        #expect(lints(h, "TB-L03") == ["info: «single» cannot act until «double» fails: every single single is delayed by ≥ 1e+303 ms after the finger lifts. | accept it, restrict double to where it is needed (shouldReceiveInside), or shorten double.maximumIntervalBetweenSuccessiveTaps"])
        #expect(lints(h, "TB-L13") == ["warning: 100% of «huge» lies outside «root» and cannot be touched. | move huge inside root, or enlarge root.hitShape"])
    }

    @Test func immediateLongPress() {
        let h = Harness()
        let root = root(h)
        let press = named(UILongPressGestureRecognizer(), "press", on: root)
        press.minimumPressDuration = 0
        let child = h.add(UIView(frame: CGRect(x: 0, y: 100, width: 200, height: 100)), "child", to: root)
        named(UITapGestureRecognizer(), "childTap", on: child)
        #expect(lints(h, "TB-L14") == ["warning: «press» begins 0 ms after touch-down and blocks «childTap». | raise press.minimumPressDuration above a tap's duration (≥ 150 ms), relate simultaneous, or disable it"])
        press.minimumPressDuration = 0.5
        #expect(lints(h, "TB-L14").isEmpty)
    }

    @Test func simultaneousWildcard() {
        let h = Harness()
        let scroll = h.add(UIScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 400)), "outer")
        scroll.contentSize = CGSize(width: 400, height: 1200)
        let inner = h.add(UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 200)), "inner", to: scroll)
        named(UIPanGestureRecognizer(), "innerPan", on: inner)
        #expect(lints(h, "TB-L15", hints: Hints(wildcard: ["innerPan"])) == ["warning: «innerPan» runs together with every recognizer, including the pan of «outer»: both move. | list innerPan's simultaneous partners explicitly"])
        #expect(lints(h, "TB-L15").isEmpty)
    }

    @Test func recognizerWithoutAction() {
        let h = Harness()
        let root = root(h)
        let tap = named(UITapGestureRecognizer(), "silent", on: root, action: false)
        #expect(lints(h, "TB-L16") == ["warning: «silent» has no target or handler: when it recognizes, nothing runs (it still takes the gesture from others). | addTarget(_:action:) / a behaviour on silent, or remove it"])
        tap.addHandler { _ in }
        #expect(lints(h, "TB-L16").isEmpty)
    }

    @Test func failureCycle() {
        let h = Harness()
        let root = root(h)
        let a = named(UIPanGestureRecognizer(), "a", on: root)
        let b = named(UISwipeGestureRecognizer(), "b", on: root)
        a.require(toFail: b)
        #expect(lints(h, "TB-L17").isEmpty)
        b.require(toFail: a)
        #expect(lints(h, "TB-L17") == ["error: require(toFail:) forms a cycle: «a» waits for «b» waits for «a»; none of them can recognize while the others are undecided. | remove one requireToFail of the cycle (keep the one from the less likely gesture to the more likely one)"])
    }

    @Test func detachedRecognizer() {
        let h = Harness()
        let root = root(h)
        let lost = UIPanGestureRecognizer()
        lost.name = "lost"
        #expect(lints(h, "TB-L18", hints: Hints(detachedRecognizers: [lost])) == ["warning: «lost» is on no view: it never sees a touch (a recognizer belongs to one view; adding it to another moves it). | add lost to the view that should have it, or make one recognizer per view"])
        root.addGestureRecognizer(lost)
        #expect(lints(h, "TB-L18", hints: Hints(detachedRecognizers: [lost])).isEmpty)
    }

    /// Errors come first; a clean scene has no lint at all.
    @Test func orderAndCleanScene() {
        let h = Harness()
        let root = root(h)
        named(UITapGestureRecognizer(), "single", on: root)
        named(UITapGestureRecognizer(), "double", on: root).numberOfTapsRequired = 2
        let image = h.add(UIImageView(frame: CGRect(x: 0, y: 0, width: 100, height: 100)), "photo", to: root)
        named(UITapGestureRecognizer(), "photoTap", on: image)
        #expect(GestureLinter.lint(h.window).map(\.id) == ["TB-L12", "TB-L02", "TB-L02"], "photoTap and single both see the double tap's touches")

        let clean = Harness()
        named(UITapGestureRecognizer(), "tap", on: self.root(clean))
        #expect(GestureLinter.lint(clean.window).isEmpty)
    }
}
