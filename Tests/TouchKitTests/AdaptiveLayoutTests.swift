import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// Layout (docs/uikit-rules.md, "Layout"): autoresizing, size classes, safe area, and the order of the
/// callbacks on a size change.
@Suite struct AdaptiveLayoutTests {
    /// S62: flexible margins.
    /// Pins UIKIT-LAYOUT-AUTORESIZING.
    @Test func s62_autoresizingDistributesTheSizeDifference() {
        let h = Harness(width: 400, height: 800)
        let root = h.add(UIView(0, 0, 400, 800), "R")
        root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let a = h.add(UIView(100, 50, 100, 40), "A", to: root)
        a.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        let b = h.add(UIView(20, 100, 360, 40), "B", to: root)
        b.autoresizingMask = [.flexibleWidth]
        let c = h.add(UIView(100, 200, 100, 40), "C", to: root)
        c.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
        let d = h.add(UIView(300, 300, 50, 50), "D", to: root)
        h.window.transition(to: CGSize(width: 844, height: 390), safeAreaInsets: .zero)
        #expect(root.frame == CGRect(x: 0, y: 0, width: 844, height: 390))
        #expect(a.frame == CGRect(x: 248, y: 50, width: 100, height: 40))
        #expect(b.frame == CGRect(x: 20, y: 100, width: 804, height: 40))
        #expect(c.frame == CGRect(x: 211, y: 200, width: 211, height: 40))
        #expect(d.frame == CGRect(x: 300, y: 300, width: 50, height: 50))
        h.window.transition(to: CGSize(width: 400, height: 800), safeAreaInsets: .zero)
        #expect(a.frame == CGRect(x: 100, y: 50, width: 100, height: 40))
        #expect(b.frame == CGRect(x: 20, y: 100, width: 360, height: 40))
        #expect(c.frame == CGRect(x: 100, y: 200, width: 100, height: 40))
    }

    /// Pins UIKIT-LAYOUT-AUTORESIZING.
    @Test func autoresizingChoices() {
        let parent = UIView(0, 0, 100, 100)
        let zeroMargins = UIView(0, 0, 100, 10)
        zeroMargins.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        parent.addSubview(zeroMargins)
        let rotated = UIView(10, 10, 20, 20)
        rotated.autoresizingMask = [.flexibleWidth]
        rotated.transform = CGAffineTransform(rotationAngle: 0.3)
        parent.addSubview(rotated)
        let before = rotated.frame
        let unmanaged = UIView(10, 10, 20, 20)
        unmanaged.autoresizingMask = [.flexibleWidth]
        let container = UIView(0, 0, 100, 100)
        container.autoresizesSubviews = false
        container.addSubview(unmanaged)
        parent.bounds.size = CGSize(width: 160, height: 100)
        container.bounds.size = CGSize(width: 160, height: 100)
        #expect(zeroMargins.frame.minX == 30, "margins of 0 share the difference equally")
        #expect(rotated.frame == before, "a transformed subview is left alone")
        #expect(unmanaged.frame.width == 20, "autoresizesSubviews false")
    }

    /// S64: size classes by window size.
    /// Pins UIKIT-LAYOUT-SIZE-CLASSES.
    @Test(arguments: [
        (375.0, 667.0, "wC hR"), (667, 375, "wC hC"), (390, 844, "wC hR"), (844, 390, "wC hC"), (414, 736, "wC hR"),
        (736, 414, "wR hC"), (430, 932, "wC hR"), (932, 430, "wR hC"), (820, 1180, "wR hR"), (1180, 820, "wR hR"),
    ])
    func s64_sizeClasses(width: Double, height: Double, traits: String) {
        let h = Harness(width: width, height: height)
        #expect(h.window.traitCollection.description == traits)
        #expect(UIView(0, 0, 1, 1).traitCollection.horizontalSizeClass == .unspecified)
    }

    final class InsetsController: UIViewController {}

    /// S65: safe area.
    /// Pins UIKIT-LAYOUT-SAFE-AREA.
    @Test func s65_safeAreaInsets() {
        let h = Harness(width: 390, height: 844)
        let controller = InsetsController()
        h.host(controller)
        h.window.transition(to: CGSize(width: 390, height: 844), safeAreaInsets: UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        let root: UIView = controller.view
        let x = h.add(UIView(0, 0, 390, 100), "X", to: root)
        let y = h.add(UIView(0, 200, 390, 100), "Y", to: root)
        let z = h.add(UIView(0, 800, 390, 44), "Z", to: root)
        #expect(root.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(x.safeAreaInsets == UIEdgeInsets(top: 59, left: 0, bottom: 0, right: 0))
        #expect(y.safeAreaInsets == .zero)
        #expect(z.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        #expect(UIView(0, 0, 100, 100).safeAreaInsets == .zero, "not in a window")
        #expect(root.safeAreaLayoutGuide.layoutFrame == CGRect(x: 0, y: 59, width: 390, height: 751))
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        #expect(root.safeAreaInsets.top == 69)
        #expect(x.safeAreaInsets.top == 69)
    }

    /// S63: the order of callbacks on a size change.
    final class LoggingController: UIViewController {
        var log: [String] = []
        override func loadView() { view = LoggingView(frame: .zero, controller: self) }
        override func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {
            log.append("willTransition(\(newCollection))")
            super.willTransition(to: newCollection, with: coordinator)
        }
        override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
            log.append("viewWillTransition(\(Int(size.width))×\(Int(size.height))) bounds \(Int(view.bounds.width))×\(Int(view.bounds.height))")
            coordinator.animate(alongsideTransition: { _ in self.log.append("alongside") }, completion: { _ in self.log.append("completion") })
            super.viewWillTransition(to: size, with: coordinator)
        }
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            log.append("traitCollectionDidChange(\(previousTraitCollection!))")
        }
        override func viewSafeAreaInsetsDidChange() { log.append("viewSafeAreaInsetsDidChange") }
        override func viewWillLayoutSubviews() { log.append("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { log.append("viewDidLayoutSubviews bounds \(Int(view.bounds.width))×\(Int(view.bounds.height))") }
    }

    final class LoggingView: UIView {
        unowned let controller: LoggingController
        init(frame: CGRect, controller: LoggingController) {
            self.controller = controller
            super.init(frame: frame)
        }

        required init?(coder: NSCoder) { nil }
        override func layoutSubviews() { controller.log.append("R.layoutSubviews") }
    }

    /// Pins UIKIT-LAYOUT-SIZE-CHANGE-ORDER.
    @Test func s63_sizeChangeOrder() {
        let h = Harness(width: 390, height: 844)
        let controller = LoggingController()
        h.host(controller)
        controller.log.removeAll()
        h.window.transition(to: CGSize(width: 844, height: 390), safeAreaInsets: .zero)
        #expect(controller.log == [
            "willTransition(wC hC)", "viewWillTransition(844×390) bounds 390×844", "alongside",
            "traitCollectionDidChange(wC hR)", "viewWillLayoutSubviews", "R.layoutSubviews",
            "viewDidLayoutSubviews bounds 844×390", "completion",
        ])

        let tablet = Harness(width: 820, height: 1180)
        let other = LoggingController()
        tablet.host(other)
        other.log.removeAll()
        tablet.window.transition(to: CGSize(width: 1180, height: 820), safeAreaInsets: .zero)
        #expect(other.log == [
            "viewWillTransition(1180×820) bounds 820×1180", "alongside",
            "viewWillLayoutSubviews", "R.layoutSubviews", "viewDidLayoutSubviews bounds 1180×820", "completion",
        ])
        other.log.removeAll()
        tablet.window.transition(to: CGSize(width: 1180, height: 820), safeAreaInsets: .zero)
        #expect(other.log.isEmpty, "the same size again: nothing")
        tablet.window.transition(to: CGSize(width: 1180, height: 820), safeAreaInsets: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        #expect(other.log == ["viewSafeAreaInsetsDidChange", "viewWillLayoutSubviews", "R.layoutSubviews", "viewDidLayoutSubviews bounds 1180×820"])
    }

    /// The coordinator lets go of its work once it ran: neither it nor what the work captured (here
    /// the controller) is kept alive by the transition (it was, in a cycle, before).
    @Test func aTransitionsCoordinatorIsFreedOnceItsWorkRan() {
        final class Keeper: UIViewController {
            weak var coordinator: UIViewControllerTransitionCoordinator?
            var ran: [String] = []
            override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                self.coordinator = coordinator
                coordinator.animate(alongsideTransition: { _ in self.ran.append("alongside") }, completion: { _ in self.ran.append("completion") })
                super.viewWillTransition(to: size, with: coordinator)
            }
        }
        let h = Harness(width: 390, height: 844)
        let keeper = Keeper()
        h.host(keeper)
        h.window.transition(to: CGSize(width: 844, height: 390), safeAreaInsets: .zero)
        #expect(keeper.ran == ["alongside", "completion"])
        #expect(keeper.coordinator == nil)
    }

    /// A rotation in the middle of a two-finger pinch, and a burst of resizes: the touches and the
    /// recognizer carry on in the new geometry.
    /// Pins UIKIT-LAYOUT-SIZE-CHANGE-ORDER.
    @Test func rotatingDuringALivePinchKeepsTouchesAndRecognizerState() throws {
        let h = Harness(width: 390, height: 844)
        let pinch = UIPinchGestureRecognizer()
        let v = h.viewWith(pinch, named: "PI", multipleTouch: true)
        v.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        try h.frame([(.down, 1, 100, 300), (.down, 2, 200, 300)], at: 0)
        try h.frame([(.move, 1, 80, 300), (.move, 2, 220, 300)], at: 16)
        #expect(pinch.state == .changed || pinch.state == .began)
        for (step, size) in [(844.0, 390.0), (390, 844), (844, 390), (600, 600), (844, 390)].enumerated() {
            h.window.transition(to: CGSize(width: size.0, height: size.1), safeAreaInsets: .zero)
            try h.frame([(.move, 1, 80 - CGFloat(step), 300), (.move, 2, 220 + CGFloat(step), 300)], at: 32 + Double(step) * 16)
        }
        #expect(pinch.state == .changed)
        #expect(h.app.digitizer.activeTouches.count == 2)
        #expect(v.bounds.size == CGSize(width: 844, height: 390))
        try h.frame([(.up, 1, 76, 300), (.up, 2, 224, 300)], at: 200)
        #expect(h.log(only: "PI:").last == "PI:changed→ended")
        #expect(abs(pinch.scale - 1) < 1e-9, "reset")
    }
}
