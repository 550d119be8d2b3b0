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

    /// Pins UIKIT-CANCEL-STAYS-OVER: a pinch held while the app resigns active is cancelled; its
    /// fingers, still down when the app is active again, move and lift without delivering anything;
    /// the next pinch (one finger reusing its pointer id) is recognized from the start.
    @Test func fingersStillDownAfterResigningActiveDeliverNothingUntilTheyLift() throws {
        let h = Harness()
        let target = ActionLog()
        let pinch = UIPinchGestureRecognizer(target: target, action: ActionLog.any)
        let v = h.viewWith(pinch, named: "Z", multipleTouch: true)
        try h.frame([(.down, 1, 150, 400), (.down, 2, 250, 400)], at: 0)
        try h.frame([(.move, 1, 120, 400), (.move, 2, 280, 400)], at: 16)
        try h.frame([(.move, 1, 100, 400), (.move, 2, 300, 400)], at: 32)
        #expect(target.entries == ["Z:began", "Z:changed"])
        _ = h.log()
        try h.app.resignActive(at: 0.048)
        try h.app.becomeActive(at: 0.1)
        try h.frame([(.move, 1, 90, 400), (.move, 2, 310, 400)], at: 116)
        try h.frame([(.up, 2, 310, 400)], at: 132)
        try h.frame([(.move, 1, 80, 400)], at: 148)
        try h.up(1, 80, 400, at: 164)
        #expect(h.log(diagnostics: true) == [
            "note: application will resign active: the system cancels every touch",
            "Z:changed→cancelled [touches cancelled]", "act(Z,cancelled)", "Z:cancelled→possible [reset]",
            "note: application did become active",
        ])
        #expect(target.entries == ["Z:began", "Z:changed", "Z:cancelled"])
        #expect(v.received == ["tb(1,2)", "tc(1,2)"], "the pinch took the touches from the view when it began; nothing after")
        #expect(h.app.digitizer.activeTouches.isEmpty)

        try h.frame([(.down, 1, 150, 400), (.down, 3, 250, 400)], at: 300)
        try h.frame([(.move, 1, 120, 400), (.move, 3, 280, 400)], at: 316)
        try h.frame([(.move, 1, 100, 400), (.move, 3, 300, 400)], at: 332)
        try h.frame([(.up, 1, 100, 400), (.up, 3, 300, 400)], at: 348)
        #expect(target.entries == ["Z:began", "Z:changed", "Z:cancelled", "Z:began", "Z:changed", "Z:ended"])
        #expect(h.app.digitizer.activeTouches.isEmpty)
    }
}
