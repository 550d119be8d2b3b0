import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// UIKIT-CANCEL-RESIGN-ACTIVE: when the app resigns active the system cancels every touch.
@Suite struct AppLifecycleTests {
    final class Delegate: UIApplicationLifecycleDelegate {
        var calls: [String] = []
        func applicationWillResignActive(_ application: UIApplication) { calls.append("willResignActive") }
        func applicationDidBecomeActive(_ application: UIApplication) { calls.append("didBecomeActive") }
    }

    /// Pins UIKIT-CANCEL-RESIGN-ACTIVE.
    @Test func resigningActiveCancelsEveryTouchAndRecognizer() throws {
        let h = Harness()
        let delegate = Delegate()
        h.app.delegate = delegate
        let a = h.add(TouchView(0, 0, 200, 400), "A")
        let b = h.add(TouchView(200, 0, 200, 400), "B")
        let pan = UIPanGestureRecognizer()
        pan.name = "P"
        pan.cancelsTouchesInView = false
        pan.addHandler { _ in }
        a.addGestureRecognizer(pan)
        try h.frame([(.down, 1, 50, 50), (.down, 2, 300, 50)], at: 0)
        try h.move(1, 100, 50, at: 16)
        _ = h.log()
        try h.app.resignActive(at: 0.032)
        #expect(h.log(diagnostics: true) == [
            "note: application will resign active: the system cancels every touch",
            "P:began→cancelled [touches cancelled]", "act(P,cancelled)", "P:cancelled→possible [reset]", "A.tc(1)", "B.tc(2)",
        ])
        #expect(a.received.last == "tc(1)" && b.received.last == "tc(2)")
        #expect(h.app.applicationState == .inactive)
        #expect(h.app.digitizer.activeTouches.isEmpty)
        try h.app.becomeActive(at: 0.05)
        #expect(h.app.applicationState == .active)
        #expect(delegate.calls == ["willResignActive", "didBecomeActive"])
    }
}
