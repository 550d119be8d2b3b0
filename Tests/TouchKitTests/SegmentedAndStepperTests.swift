import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// `UISegmentedControl` and `UIStepper`: their tracking, value changes and render state.
@Suite struct SegmentedAndStepperTests {
    /// Pins UIKIT-EVERYDAY-SEGMENTED.
    @Test func aLiftOverAnotherSegmentSelectsItAndSendsValueChanged() throws {
        let h = Harness()
        let control = h.add(UISegmentedControl(items: ["Red", "Green", "Blue"]), "seg")
        control.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
        control.selectedSegmentIndex = 0
        _ = h.log()
        try h.down(1, 150, 16, at: 0)
        #expect(h.app.renderTree().node(named: "seg")?.control?.highlightedSegment == 1)
        try h.move(1, 250, 16, at: 50)
        #expect(h.app.renderTree().node(named: "seg")?.control?.highlightedSegment == 2)
        try h.up(1, 250, 16, at: 100)
        #expect(h.log(only: "seg:") == ["seg:touchDown", "seg:touchDragInside", "seg:valueChanged", "seg:touchUpInside"])
        #expect(control.selectedSegmentIndex == 2)
        let node = h.app.renderTree().node(named: "seg")?.control
        #expect(node?.segments == ["Red", "Green", "Blue"] && node?.selectedSegment == 2 && node?.highlightedSegment == nil)

        // The selected segment again: no value change; a disabled segment cannot be chosen.
        try h.tap(2, 250, 16, at: 1000)
        control.setEnabled(false, forSegmentAt: 0)
        try h.tap(3, 50, 16, at: 2000)
        #expect(h.log(only: "seg:valueChanged").isEmpty && control.selectedSegmentIndex == 2)
        // A lift outside the bounds chooses nothing.
        try h.down(4, 150, 16, at: 3000)
        try h.up(4, 150, 60, at: 3100)
        #expect(h.log(only: "seg:valueChanged").isEmpty && control.selectedSegmentIndex == 2)
    }

    /// Pins UIKIT-EVERYDAY-SEGMENTED.
    @Test func momentarySegmentsSendEveryLiftAndKeepNoSelection() throws {
        let h = Harness()
        let control = h.add(UISegmentedControl(items: ["A", "B"]), "seg")
        control.frame = CGRect(x: 0, y: 0, width: 200, height: 32)
        control.isMomentary = true
        var chosen: [Int] = []
        control.addAction(UIAction { [unowned control] _ in chosen.append(control.selectedSegmentIndex) }, for: .valueChanged)
        try h.tap(1, 150, 16, at: 0)
        try h.tap(2, 150, 16, at: 1000)
        #expect(chosen == [1, 1] && control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.insertSegment(withTitle: "Z", at: 0, animated: false)
        control.removeSegment(at: 1, animated: false)
        #expect((0..<control.numberOfSegments).map { control.titleForSegment(at: $0) } == ["Z", "B"])
        control.selectedSegmentIndex = 5
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
    }

    /// Pins UIKIT-EVERYDAY-STEPPER.
    @Test func stepperStepsOnTouchDownAndRepeatsWhileHeld() throws {
        let h = Harness()
        let stepper = h.add(UIStepper(frame: CGRect(x: 0, y: 0, width: 300, height: 300)), "st")
        #expect(stepper.bounds.size == CGSize(width: 94, height: 32))
        stepper.maximumValue = 3
        var values: [Double] = []
        stepper.addAction(UIAction { [unowned stepper] _ in values.append(stepper.value) }, for: .valueChanged)
        try h.down(1, 70, 16, at: 0)
        #expect(values == [1] && h.app.renderTree().node(named: "st")?.control?.stepper?.pressed == "plus")
        // Held: the first repeat 500 ms later, then every 100 ms, up to the maximum.
        try h.advance(to: 499)
        #expect(values == [1])
        try h.advance(to: 750)
        #expect(values == [1, 2, 3])
        let node = h.app.renderTree().node(named: "st")?.control
        #expect(node?.stepper?.canIncrement == false && node?.stepper?.canDecrement == true && node?.value == 3)
        try h.up(1, 70, 16, at: 800)
        #expect(h.log(only: "st:") == ["st:touchDown", "st:valueChanged", "st:valueChanged", "st:valueChanged", "st:touchUpInside"])
        #expect(h.app.nextDeadline == nil)

        // The − half; a finger that slides off it stops the repeats.
        try h.down(2, 20, 16, at: 1000)
        try h.move(2, 20, 100, at: 1100)
        try h.advance(to: 2000)
        try h.up(2, 20, 100, at: 2000)
        #expect(values == [1, 2, 3, 2])
    }

    /// Pins UIKIT-EVERYDAY-STEPPER.
    @Test func aNonContinuousStepperSendsOneValueChangedAtTheEndAndWrapsWhenAsked() throws {
        let h = Harness()
        let stepper = h.add(UIStepper(frame: .zero), "st")
        stepper.isContinuous = false
        stepper.wraps = true
        stepper.maximumValue = 2
        stepper.stepValue = 1
        try h.down(1, 20, 16, at: 0)
        #expect(stepper.value == 2)
        try h.advance(to: 550)
        #expect(stepper.value == 1)
        try h.up(1, 20, 16, at: 560)
        #expect(h.log(only: "st:") == ["st:touchDown", "st:valueChanged", "st:touchUpInside"])
        stepper.value = 9
        #expect(stepper.value == 2)
    }

    /// Pins UIKIT-CONTROL-KEEPS-ITS-GESTURE: a superview's single tap does not take a segmented
    /// control's or a stepper's tap.
    @Test func superviewTapLeavesTheNewControlsTheirTaps() throws {
        let h = Harness()
        let panel = h.add(UIView(0, 0, 400, 400), "panel")
        let tap = UITapGestureRecognizer { _ in }
        tap.name = "panelTap"
        panel.addGestureRecognizer(tap)
        let control = h.add(UISegmentedControl(items: ["A", "B"]), "seg", to: panel)
        control.frame = CGRect(x: 0, y: 0, width: 200, height: 32)
        h.add(UIStepper(frame: CGRect(x: 0, y: 100, width: 0, height: 0)), "st", to: panel)
        try h.tap(1, 150, 16, at: 0)
        try h.tap(2, 70, 116, at: 1000)
        #expect(h.log(only: "seg:valueChanged", "st:valueChanged", "panelTap:possible→ended") == ["seg:valueChanged", "st:valueChanged"])
    }
}
