import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// The responder chain, touch binding and the first responder (docs/uikit-rules.md).
@Suite struct ResponderChainTests {
    final class LoggingController: UIViewController {
        var received: [String] = []
        var handlesTouches = true
        var acceptsFirstResponder = false
        override var canBecomeFirstResponder: Bool { acceptsFirstResponder }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            if handlesTouches { received.append("tb") } else { super.touchesBegan(touches, with: event) }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            if handlesTouches { received.append("te") } else { super.touchesEnded(touches, with: event) }
        }
        override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { received.append("motionBegan(\(motion))") }
        override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) { received.append("motionEnded(\(motion))") }
        override func remoteControlReceived(with event: UIEvent?) { received.append("remote(\(event?.subtype.rawValue ?? 0))") }
        override func viewDidAppear(_ animated: Bool) { becomeFirstResponder() }
    }

    /// Pins UIKIT-RESPONDER-NEXT.
    @Test func nextFollowsUIKitRules() {
        let app = UIApplication()
        let window = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        let controller = LoggingController()
        window.rootViewController = controller
        window.makeKeyAndVisible()
        let child = UIView(0, 0, 10, 10)
        controller.view.addSubview(child)
        #expect(child.next === controller.view)
        #expect(controller.view.next === controller)
        #expect(controller.next === window)
        #expect(window.next === app)
        #expect(app.next == nil)
    }

    final class DelegateResponder: UIResponder, UIApplicationDelegate {}

    /// Pins UIKIT-RESPONDER-NEXT.
    @Test func applicationForwardsToAResponderDelegateOnly() {
        let responderDelegate = DelegateResponder()
        #expect(UIApplication(delegate: responderDelegate).next === responderDelegate)
        final class PlainDelegate: UIApplicationDelegate {}
        #expect(UIApplication(delegate: PlainDelegate()).next == nil)
    }

    /// Pins UIKIT-RESPONDER-FORWARDING.
    @Test func s07_unhandledTouchesBubbleToTheController() throws {
        let h = Harness()
        let controller = LoggingController()
        controller.view.accessibilityIdentifier = "Root"
        h.window.rootViewController = controller
        h.window.makeKeyAndVisible()
        let s = UIView(0, 0, 100, 100)
        s.accessibilityIdentifier = "S"
        controller.view.addSubview(s)
        _ = h.log()
        try h.tap(1, 50, 50, at: 0)
        let name = controller.traceName
        #expect(h.log() == ["S.tb(1)", "Root.tb(1) via S", "\(name).tb(1) via Root",
                            "S.te(1)", "Root.te(1) via S", "\(name).te(1) via Root"])
        #expect(controller.received == ["tb", "te"])

        controller.handlesTouches = false
        try h.tap(2, 50, 50, at: 1000)
        #expect(h.log() == ["S.tb(2)", "Root.tb(2) via S", "\(name).tb(2) via Root", "Window.tb(2) via \(name)", "UIApplication#1.tb(2) via Window",
                            "S.te(2)", "Root.te(2) via S", "\(name).te(2) via Root", "Window.te(2) via \(name)", "UIApplication#1.te(2) via Window"])
    }

    /// Pins UIKIT-HIT-ONCE.
    @Test func s08_touchStaysBoundToItsView() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 100, 100), "V")
        h.add(TouchView(200, 200, 200, 200), "Other")
        var locations: [CGPoint] = []
        final class Recorder: TouchView {
            var onMove: ((UITouch) -> Void)?
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { onMove?(touches.first!) }
        }
        let r = h.add(Recorder(0, 0, 100, 100), "R", to: v)
        r.onMove = { [unowned r] in locations.append($0.location(in: r)) }
        try h.down(1, 50, 50, at: 0)
        try h.move(1, 300, 300, at: 16)
        try h.up(1, 300, 300, at: 32)
        #expect(h.log() == ["R.tb(1)", "R.tm(1)", "R.te(1)"])
        #expect(locations == [CGPoint(x: 300, y: 300)])
    }

    /// Pins UIKIT-RESPONDER-FIRST.
    @Test func s60_shakeGoesToTheFirstResponder() throws {
        let h = Harness()
        let controller = LoggingController()
        controller.acceptsFirstResponder = true
        h.window.rootViewController = controller
        h.window.makeKeyAndVisible()
        #expect(controller.isFirstResponder)
        _ = h.log()
        try h.app.sendMotion(.began, timestamp: 0)
        try h.app.sendMotion(.ended, timestamp: 0.4)
        #expect(controller.received == ["motionBegan(motionShake)", "motionEnded(motionShake)"])
        let name = controller.traceName
        #expect(h.log() == ["\(name).motionBegan(motionShake)", "\(name).motionEnded(motionShake)"])
    }

    /// Pins UIKIT-RESPONDER-FIRST.
    @Test func unhandledShakeWalksTheChainToTheApplication() throws {
        let h = Harness()
        let view = FirstResponderView(0, 0, 10, 10)
        h.add(view, "F")
        #expect(view.becomeFirstResponder())
        _ = h.log()
        try h.app.sendMotion(.began, timestamp: 0)
        #expect(h.log() == ["F.motionBegan(motionShake)", "Window.motionBegan(motionShake) via F",
                            "UIApplication#1.motionBegan(motionShake) via Window"])
    }

    final class FirstResponderView: UIView {
        override var canBecomeFirstResponder: Bool { true }
    }

    /// Pins UIKIT-RESPONDER-FIRST.
    @Test func becomeFirstResponderNeedsCanBecomeAndAWindow() {
        let h = Harness()
        let plain = h.add(UIView(0, 0, 10, 10), "P")
        #expect(!plain.becomeFirstResponder())
        let detached = FirstResponderView(0, 0, 10, 10)
        #expect(!detached.becomeFirstResponder())
        let inWindow = h.add(FirstResponderView(0, 0, 10, 10), "F")
        #expect(inWindow.becomeFirstResponder())
        #expect(inWindow.isFirstResponder)
        #expect(inWindow.resignFirstResponder())
        #expect(!inWindow.isFirstResponder)
    }

    /// Pins UIKIT-RESPONDER-REMOTE.
    @Test func remoteControlNeedsBeginReceiving() throws {
        let h = Harness()
        let controller = LoggingController()
        controller.acceptsFirstResponder = true
        h.window.rootViewController = controller
        h.window.makeKeyAndVisible()
        _ = h.log()
        try h.app.sendRemoteControl(.remoteControlPlay, timestamp: 0)
        #expect(controller.received.isEmpty)
        #expect(h.log(diagnostics: true) == ["note: remote control play dropped: beginReceivingRemoteControlEvents() was not called"])
        h.app.beginReceivingRemoteControlEvents()
        try h.app.sendRemoteControl(.remoteControlTogglePlayPause, timestamp: 1)
        try h.app.sendRemoteControl(.remoteControlEndSeekingForward, timestamp: 2)
        #expect(controller.received == ["remote(103)", "remote(109)"])
    }

    /// Pins UIKIT-RESPONDER-REMOTE.
    @Test func subtypeRawValuesMatchUIKit() {
        #expect(UIEvent.EventSubtype.motionShake.rawValue == 1)
        #expect(UIEvent.EventSubtype.remoteControlPlay.rawValue == 100)
        #expect(UIEvent.EventSubtype.remoteControlPreviousTrack.rawValue == 105)
        #expect(UIEvent.EventSubtype.remoteControlEndSeekingForward.rawValue == 109)
    }

    /// Source material: a view that hands double taps to its next responder.
    final class ForwardingView: TouchView {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            if touches.contains(where: { $0.tapCount == 2 }) {
                next?.touchesBegan(touches, with: event)
                return
            }
            super.touchesBegan(touches, with: event)
        }
    }

    /// Pins UIKIT-RESPONDER-FORWARDING.
    @Test func viewForwardsDoubleTapsToItsNextResponder() throws {
        let h = Harness()
        let parent = h.add(TouchView(0, 0, 300, 300), "Parent")
        let child = h.add(ForwardingView(0, 0, 100, 100), "Child", to: parent)
        try h.tap(1, 50, 50, at: 0)
        try h.tap(2, 50, 50, at: 200)
        #expect(child.received == ["tb(1)", "te(1)", "te(2)"])
        #expect(parent.received == ["tb(2)"])
    }
}
