import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// UIKit rules that independent checks found TouchKit breaking: pinch's neutral scale, tapCount per
/// view, a custom recognizer failing after it began, and manual forwarding in the log.
@Suite struct FidelityFixTests {
    /// Pins UIKIT-PINCH.
    @Test func pinchScaleIsOneUntilAPinchMovesIt() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 400, 800), "V")
        v.isMultipleTouchEnabled = true
        let pinch = UIPinchGestureRecognizer()
        pinch.name = "PI"
        var scales: [CGFloat] = []
        pinch.addHandler { scales.append(($0 as! UIPinchGestureRecognizer).scale) }
        v.addGestureRecognizer(pinch)
        #expect(pinch.scale == 1, "a new recognizer")
        try h.down(1, 100, 400, at: 0)
        #expect(pinch.scale == 1, "one touch tracked")
        try h.down(2, 200, 400, at: 10)
        #expect(pinch.scale == 1, "two touches, not moved")
        try h.move(2, 300, 400, at: 26)
        try h.frame([(.up, 1, 100, 400), (.up, 2, 300, 400)], at: 42)
        #expect(scales == [2, 2])
        #expect(pinch.scale == 1, "after reset")
        pinch.scale = 3
        #expect(pinch.scale == 3, "set while no touches are tracked reads back")
    }

    /// Event Handling Guide: a multiple tap only when the touches are associated with the same view.
    /// Pins UIKIT-TOUCH-TAP-COUNT.
    @Test func tapCountCountsOnlyTapsOnTheSameView() throws {
        let h = Harness()
        _ = h.add(TouchView(100, 100, 100, 100), "A")
        _ = h.add(TouchView(220, 100, 100, 100), "B")
        try h.tap(1, 190, 150, at: 0)
        try h.tap(2, 230, 150, at: 150)
        try h.tap(3, 230, 150, at: 300)
        #expect(h.log() == ["A.tb(1)", "A.te(1)", "B.tb(2)", "B.te(2)", "B.tb(3×2)", "B.te(3×2)"])
    }

    /// Pins UIKIT-TOUCH-TAP-COUNT.
    @Test func tapCountStillCountsOnTheSameView() throws {
        let h = Harness()
        _ = h.add(TouchView(100, 100, 200, 100), "A")
        try h.tap(1, 190, 150, at: 0)
        try h.tap(2, 210, 150, at: 150)
        #expect(h.log() == ["A.tb(1)", "A.te(1)", "A.tb(2×2)", "A.te(2×2)"])
    }

    /// A checkbox-style recognizer: recognizes on touch-down, fails when released outside the box.
    final class CheckboxRecognizer: UIGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { state = .began }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { state = .changed }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            let inside = view.map { $0.bounds.contains(touches.first!.location(in: $0)) } ?? false
            state = inside ? .ended : .failed
        }
    }

    /// Pins UIKIT-STATE-TRANSITIONS.
    @Test func failedAfterBeganStopsTheGestureAndTellsTheTarget() throws {
        let h = Harness()
        let box = h.add(TouchView(100, 100, 50, 50), "Box")
        let recognizer = CheckboxRecognizer()
        recognizer.name = "C"
        var states: [UIGestureRecognizer.State] = []
        var toggles = 0
        recognizer.addHandler {
            states.append($0.state)
            if $0.state == .ended { toggles += 1 }
        }
        box.addGestureRecognizer(recognizer)
        try h.down(1, 120, 120, at: 0)
        try h.move(1, 300, 300, at: 16)
        try h.up(1, 300, 300, at: 32)
        #expect(h.log() == [
            "C:possible→began", "act(C,began)",
            "C:began→changed", "act(C,changed)",
            "C:changed→failed [state set to failed by CheckboxRecognizer after it began: the gesture stops without being recognized]",
            "act(C,failed)",
        ])
        #expect(states == [.began, .changed, .failed])
        #expect(toggles == 0)
        #expect(recognizer.state == .possible, "reset after the failure")
        try h.tap(2, 120, 120, at: 500)
        #expect(toggles == 1, "released inside: recognized")
    }

    /// A view that forwards its touches by hand, as the source material's examples do.
    final class ManualForwarder: UIView {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }
    }

    final class Controller: UIViewController {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
    }

    private func forwardingScene(_ child: UIView) throws -> (Harness, String) {
        let h = Harness()
        let controller = Controller()
        controller.view.accessibilityIdentifier = "Root"
        h.host(controller)
        child.accessibilityIdentifier = "S"
        controller.view.addSubview(child)
        _ = h.log()
        try h.tap(1, 50, 50, at: 0)
        return (h, controller.traceName)
    }

    /// Pins UIKIT-RESPONDER-FORWARDING.
    @Test func manualForwardingLogsEveryHopLikeAutomaticForwarding() throws {
        let (manual, name) = try forwardingScene(ManualForwarder(0, 0, 100, 100))
        let (automatic, _) = try forwardingScene(UIView(0, 0, 100, 100))
        let expected = ["S.tb(1)", "Root.tb(1) via S", "\(name).tb(1) via Root", "S.te(1)", "Root.te(1) via S", "\(name).te(1) via Root"]
        #expect(manual.log() == expected)
        #expect(automatic.log() == expected)
    }
}
