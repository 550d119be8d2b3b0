import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Controls: tracking, control events, and the standard controls' exemption (docs/uikit-rules.md).
@Suite struct ControlTests {
    final class Target {
        var events: [String] = []
        func tapped(_ sender: UIButton) { events.append("tapped") }
    }

    /// Pins UIKIT-CONTROL-TRACKING.
    @Test func s54_buttonTracksWithTheExpandedInsideRegion() throws {
        let h = Harness()
        let b = h.add(UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 44)), "B")
        try h.down(1, 150, 120, at: 0)
        #expect(b.isHighlighted && b.isTracking)
        try h.move(1, 150, 190, at: 50)
        try h.up(1, 150, 190, at: 100)
        #expect(h.log(only: "B:") == ["B:touchDown", "B:touchDragInside", "B:touchUpInside", "B:primaryActionTriggered"])
        #expect(!b.isHighlighted)

        try h.down(2, 150, 120, at: 1000)
        try h.move(2, 150, 300, at: 1050)
        #expect(!b.isHighlighted)
        try h.move(2, 150, 310, at: 1060)
        try h.up(2, 150, 310, at: 1100)
        #expect(h.log(only: "B:") == ["B:touchDown", "B:touchDragExit", "B:touchDragOutside", "B:touchDragOutside", "B:touchUpOutside"])
    }

    /// Pins UIKIT-CONTROL-TRACKING.
    @Test func touchDownRepeatOnASecondTap() throws {
        let h = Harness()
        h.add(UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 44)), "B")
        try h.tap(1, 150, 120, at: 0)
        try h.tap(2, 150, 120, at: 200)
        #expect(h.log(only: "B:touchDown") == ["B:touchDown", "B:touchDown", "B:touchDownRepeat"])
    }

    /// Pins UIKIT-CONTROL-TRACKING.
    @Test func targetActionAndUIAction() throws {
        let h = Harness()
        let b = h.add(UIButton(type: .system), "B")
        b.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        let target = Target()
        b.addTarget(target, action: Target.tapped, for: .touchUpInside)
        var primary = 0
        b.addAction(UIAction { [unowned b] action in if action.sender === b { primary += 1 } }, for: .primaryActionTriggered)
        try h.tap(1, 50, 20, at: 0)
        #expect(target.events == ["tapped"])
        #expect(primary == 1)
        b.removeTarget(target, for: .touchUpInside)
        try h.tap(2, 50, 20, at: 1000)
        #expect(target.events == ["tapped"])
    }

    /// Pins UIKIT-CONTROL-KEEPS-ITS-GESTURE.
    @Test func s51_superviewTapDoesNotStealAButtonsTap() throws {
        let h = Harness()
        let container = h.add(UIView(0, 0, 400, 800), "Container")
        let tap = UITapGestureRecognizer(); tap.name = "T"; tap.addHandler { _ in }
        container.addGestureRecognizer(tap)
        h.add(UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 44)), "B", to: container)
        try h.tap(1, 150, 120, at: 0)
        let log = h.log()
        #expect(log.contains("B:touchUpInside"))
        #expect(!log.contains("act(T,ended)"))
        #expect(log.contains("T:possible→failed [B is a UIButton and keeps its single tap (iOS 6 rule)]"))
    }

    /// Pins UIKIT-CONTROL-KEEPS-ITS-GESTURE.
    @Test func s51_customControlGetsNoExemption() throws {
        final class Checkbox: UIControl {}
        let h = Harness()
        let container = h.add(UIView(0, 0, 400, 800), "Container")
        let tap = UITapGestureRecognizer(); tap.name = "T"; tap.addHandler { _ in }
        container.addGestureRecognizer(tap)
        h.add(Checkbox(frame: CGRect(x: 100, y: 100, width: 100, height: 44)), "C", to: container)
        try h.tap(1, 150, 120, at: 0)
        #expect(h.log(only: "C:", "act") == ["C:touchDown", "C:touchCancel", "act(T,ended)"])
    }

    /// Pins UIKIT-CONTROL-KEEPS-ITS-GESTURE.
    @Test func recognizerOnTheButtonItselfHasPriority() throws {
        let h = Harness()
        let b = h.add(UIButton(frame: CGRect(x: 100, y: 100, width: 100, height: 44)), "B")
        let tap = UITapGestureRecognizer(); tap.name = "T"; tap.addHandler { _ in }
        b.addGestureRecognizer(tap)
        try h.tap(1, 150, 120, at: 0)
        #expect(h.log(only: "B:", "act") == ["B:touchDown", "B:touchCancel", "act(T,ended)"])
    }

    /// Pins UIKIT-CONTROL-KEEPS-ITS-GESTURE.
    @Test func sliderDragsFromItsThumbAndKeepsParallelSwipes() throws {
        let h = Harness()
        let container = h.add(UIView(0, 0, 400, 800), "Container")
        let swipe = UISwipeGestureRecognizer(); swipe.name = "SW"; swipe.direction = [.left, .right]
        container.addGestureRecognizer(swipe)
        let slider = h.add(UISlider(frame: CGRect(x: 0, y: 100, width: 244, height: 40)), "S", to: container)
        var values: [Float] = []
        slider.addAction(UIAction { [unowned slider] _ in values.append(slider.value) }, for: .valueChanged)
        try h.down(1, 22, 120, at: 0)
        try h.move(1, 122, 120, at: 50)
        try h.move(1, 222, 120, at: 100)
        try h.up(1, 222, 120, at: 120)
        #expect(values == [0.5, 1.0])
        #expect(h.log(only: "SW:") == ["SW:possible→failed [S is a UISlider and keeps parallel swipes (iOS 6 rule)]"])

        try h.down(2, 150, 120, at: 1000)
        try h.move(2, 100, 120, at: 1050)
        try h.up(2, 100, 120, at: 1100)
        #expect(slider.value == 1.0, "a drag that does not start on the thumb does nothing")
    }

    /// Pins UIKIT-CONTROL-TRACKING.
    @Test func switchToggles() throws {
        let h = Harness()
        let s = h.add(UISwitch(frame: CGRect(x: 10, y: 10, width: 0, height: 0)), "SW")
        var changes = 0
        s.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        try h.tap(1, 20, 20, at: 0)
        #expect(s.isOn)
        try h.tap(2, 20, 20, at: 1000)
        #expect(!s.isOn)
        #expect(changes == 2)
    }
}
