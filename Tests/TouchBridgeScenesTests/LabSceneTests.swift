import Foundation
import Testing
import TouchBridgeScenes
import TouchKit
import TouchKitTestSupport

/// The lab scenes: delivery, hit-testing, responder chain, controls, scroll view, welcome.
@Suite struct LabSceneTests {
    /// The middle of the view called `name` in window points, wherever it sits (the switches and the scene
    /// buttons are in scrolling panels).
    private func centre(of name: String, in h: Harness) throws -> CGPoint {
        func find(_ view: UIView) -> UIView? {
            if view.accessibilityIdentifier == name { return view }
            return view.subviews.lazy.compactMap(find).first
        }
        let target = try #require(find(h.window))
        return target.convert(CGPoint(x: target.bounds.midX, y: target.bounds.midY), to: nil)
    }

    private func flip(_ name: String, in h: Harness, at ms: Double) throws {
        let point = try centre(of: name, in: h)
        try h.tap(900, point.x, point.y, at: ms)
    }

    /// Pins UIKIT-DELIVERY-DELAYS-ENDED.
    @Test func deliveryLabShowsTheSourceMaterialsTable() throws {
        let h = Harness()
        let scene = DeliveryLabViewController()
        h.host(scene)
        try h.tap(1, 200, 200, at: 0)
        try h.tap(2, 200, 200, at: 200)
        #expect(scene.messagesLabel.text == "double tap → touchesBegan, touchesBegan, touchesCancelled, touchesCancelled")
        try flip("delaysTouchesEnded", in: h, at: 1000)
        #expect(scene.doubleTap.delaysTouchesEnded == false)
        try h.tap(3, 200, 200, at: 2000)
        try h.tap(4, 200, 200, at: 2200)
        #expect(scene.messagesLabel.text == "double tap → touchesBegan, touchesEnded, touchesBegan, touchesCancelled")
    }

    /// Pins UIKIT-HIT-FRONT-FIRST.
    @Test func hitTestLabShowsPathsAndTheSwitchesChangeThem() throws {
        let h = Harness()
        let scene = HitTestLabViewController()
        h.host(scene)
        try h.tap(1, 200 + 20, 200 + 80 + 60, at: 0)       // inside E (and C)
        #expect(scene.pathLabel.text == "hit path: A → C → E")
        try h.tap(2, 20 + 40 + 240, 80 + 60 + 240, at: 1000)  // E's corner outside C
        #expect(scene.pathLabel.text == "hit path: A")
        try flip("eHidden", in: h, at: 2000)
        try h.tap(3, 220, 340, at: 3000)
        #expect(scene.pathLabel.text == "hit path: A → C")
        try flip("eHidden", in: h, at: 4000)
        try flip("eEnlarged", in: h, at: 5000)
        try h.tap(4, 20 + 40 + 140 - 20, 80 + 60 + 140 - 20, at: 6000)   // 20 pt outside E, inside the enlargement
        #expect(scene.pathLabel.text == "hit path: A → C → E")
    }

    /// Pins UIKIT-RESPONDER-FORWARDING.
    @Test func responderChainSceneHandlesForwardedTapsShakeAndRemote() throws {
        let h = Harness()
        let scene = ResponderChainViewController()
        h.host(scene)
        #expect(scene.isFirstResponder)
        try h.tap(1, 200, 200, at: 0)
        try h.tap(2, 200, 200, at: 200)
        try h.app.sendMotion(.began, timestamp: 1)
        try h.app.sendMotion(.ended, timestamp: 1.5)
        try h.app.sendRemoteControl(.remoteControlPause, timestamp: 2)
        #expect(scene.entries == ["forwarding view handled a single tap", "controller got the forwarded double tap",
                                  "controller: motionBegan(motionShake)", "controller: motionEnded(motionShake)",
                                  "controller: remoteControlReceived(pause)"])
    }

    /// Pins UIKIT-CONTROL-KEEPS-ITS-GESTURE.
    @Test func controlsSceneShowsTheIOS6Rule() throws {
        let h = Harness()
        let scene = ControlsViewController()
        h.host(scene)
        func centre(_ control: UIControl) -> CGPoint { control.convert(CGPoint(x: control.bounds.midX, y: control.bounds.midY), to: nil) }
        try h.tap(1, centre(scene.button).x, centre(scene.button).y, at: 0)
        #expect(scene.containerTaps == 0)
        #expect(scene.eventsLabel.text == "button touchDown\nbutton touchUpInside")
        try h.tap(2, centre(scene.custom).x, centre(scene.custom).y, at: 1000)
        #expect(scene.containerTaps == 1, "a custom UIControl gets no exemption")
        #expect(scene.eventsLabel.text?.hasSuffix("customControl touchDown\ncustomControl touchCancel\ncontainer tap recognizer fired") == true)
        try h.tap(3, centre(scene.toggle).x, centre(scene.toggle).y, at: 2000)
        #expect(scene.toggle.isOn)
        #expect(scene.containerTaps == 1)
        // A segmented control and a stepper keep their taps too.
        let rightSegment = scene.segmented.convert(CGPoint(x: scene.segmented.bounds.width * 5 / 6, y: scene.segmented.bounds.midY), to: nil)
        try h.tap(4, rightSegment.x, rightSegment.y, at: 3000)
        let plus = scene.stepper.convert(CGPoint(x: scene.stepper.bounds.width * 3 / 4, y: scene.stepper.bounds.midY), to: nil)
        try h.tap(5, plus.x, plus.y, at: 4000)
        #expect(scene.segmented.selectedSegmentIndex == 2 && scene.stepper.value == 1 && scene.containerTaps == 1)
        #expect(scene.eventsLabel.text?.hasSuffix("stepper touchDown\nstepper valueChanged value 1\nstepper touchUpInside") == true)
    }

    /// Pins UIKIT-SCROLL-CONTENT-TOUCHES.
    @Test func scrollViewSceneScrollsAndTapsButtons() throws {
        let h = Harness()
        let scene = ScrollViewSceneController()
        h.host(scene)
        try h.tap(1, 200, 120 + 100, at: 0)
        #expect(scene.taps == ["button1"])
        try h.drag(2, from: CGPoint(x: 200, y: 600), to: CGPoint(x: 200, y: 300), at: 1000, steps: 6)
        #expect(scene.scrollView.contentOffset.y == 300)
        #expect(scene.taps == ["button1"])
    }

    @Test func welcomeLinksToEveryOtherScene() throws {
        let h = Harness()
        let scene = WelcomeViewController()
        h.host(scene)
        let origin = try centre(of: "open-draw-lines", in: h)
        try h.tap(1, origin.x, origin.y, at: 0)
        #expect(h.app.drainOpenRequests().map(\.absoluteString) == ["touchbridge:scene/draw-lines"])
        #expect(SceneLibrary.all.filter { $0.name != "welcome" }.allSatisfy { h.app.renderTree().node(named: "open-\($0.name)") != nil })
    }
}
