import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// `UIScreen.main` and `UIWindow(frame:)`: one screen per application, the main one while that
/// application's code runs (UIKIT-SCREEN-MAIN).
@Suite struct ScreenTests {
    /// An application made while a host builds with a screen takes it; `nativeBounds` is in pixels,
    /// portrait-up, whatever the orientation.
    /// Pins UIKIT-SCREEN-MAIN.
    @Test func anApplicationTakesTheScreenItIsBuiltWith() {
        let screen = UIScreen(size: CGSize(width: 844, height: 390), scale: 3)
        let application = screen.performAsMain { UIApplication() }
        #expect(application.screen === screen)
        #expect(screen.bounds == CGRect(x: 0, y: 0, width: 844, height: 390))
        #expect(screen.scale == 3 && screen.nativeScale == 3)
        #expect(screen.nativeBounds == CGRect(x: 0, y: 0, width: 1170, height: 2532))
        let other = screen.performAsMain { UIApplication() }
        #expect(other.screen !== screen)
    }

    /// While an application handles a touch, `UIScreen.main` is its screen, not another session's; outside
    /// any application it is a detached screen of zero size.
    /// Pins UIKIT-SCREEN-MAIN.
    @Test func mainIsTheScreenOfTheApplicationWhoseCodeRuns() throws {
        let first = Harness(), second = Harness()
        first.app.screen.update(size: CGSize(width: 400, height: 800), scale: 2)
        second.app.screen.update(size: CGSize(width: 320, height: 480), scale: 1)
        let seen = ScreenProbeView(0, 0, 400, 800)
        let seenToo = ScreenProbeView(0, 0, 320, 480)
        first.add(seen, "A")
        second.add(seenToo, "B")
        try first.tap(1, 10, 10, at: 0)
        try second.tap(1, 10, 10, at: 0)
        #expect(seen.screens == ["400.0×800.0 @2.0", "400.0×800.0 @2.0"])
        #expect(seenToo.screens == ["320.0×480.0 @1.0", "320.0×480.0 @1.0"])
        #expect(UIScreen.main.bounds == .zero && UIScreen.main.scale == 1)
        #expect(first.window.screen === first.app.screen)
    }

    /// The app-delegate idiom: `UIWindow(frame: UIScreen.main.bounds)` in `didFinishLaunching` makes a
    /// window of the application, and touches reach its root view.
    /// Pins UIKIT-SCREEN-MAIN.
    @Test func aWindowMadeWithFrameInLaunchJoinsTheApplication() throws {
        let delegate = WindowMakingDelegate()
        let screen = UIScreen(size: CGSize(width: 390, height: 844), scale: 3)
        let application = screen.performAsMain { UIApplication(delegate: delegate) }
        application.launch()
        let window = try #require(delegate.window)
        #expect(window.application === application)
        #expect(application.windows.count == 1 && application.windows.first === window)
        #expect(window.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        try application.digitizer.process([PointerChange(pointerID: 1, phase: .down, location: CGPoint(x: 20, y: 20), timestamp: 0)])
        try application.digitizer.process([PointerChange(pointerID: 1, phase: .up, location: CGPoint(x: 20, y: 20), timestamp: 0.05)])
        #expect(application.drainTrace().filter { !$0.isDiagnostic }.map(\.notation) == ["root.tb(1)", "root.te(1)"])
    }

    /// Outside any application's code `UIWindow(frame:)` is a window in no application, as before.
    /// Pins UIKIT-SCREEN-MAIN.
    @Test func aWindowMadeOutsideAnyApplicationJoinsNone() {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(window.application == nil)
        #expect(window.screen.bounds == .zero)
    }
}

/// Notes `UIScreen.main`'s size and scale at every touch it gets.
private final class ScreenProbeView: TouchView {
    var screens: [String] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note() }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note() }

    private func note() {
        let screen = UIScreen.main
        screens.append("\(screen.bounds.width)×\(screen.bounds.height) @\(screen.scale)")
    }
}

/// An app delegate as UIKit templates before scenes wrote it.
private final class WindowMakingDelegate: UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [String: String]?) -> Bool {
        let window = UIWindow(frame: UIScreen.main.bounds)
        let root = UIViewController()
        let probe = TouchView(0, 0, 100, 100)
        probe.accessibilityIdentifier = "root"
        root.view = probe
        window.rootViewController = root
        window.makeKeyAndVisible()
        self.window = window
        return true
    }
}
