import Foundation
import TouchKit

/// Lints a running scene the way every host does (server, `touchbridge lint`, the bench): a declarative
/// scene with what its specs know, a Swift scene from its window alone.
package enum SceneLinting {
    /// The lints of `window`'s scene.
    package static func lints(of window: UIWindow) -> [GestureLint] {
        if let scene = window.rootViewController as? DeclarativeSceneViewController { return scene.lints() }
        return GestureLinter.lint(window)
    }

    /// A key window of `size` showing `controller`, in a fresh application (no touch has happened).
    package static func window(showing controller: UIViewController, size: CGSize = CGSize(width: 390, height: 844)) -> UIWindow {
        let application = UIApplication()
        let window = UIWindow(application: application, frame: CGRect(origin: .zero, size: size))
        window.accessibilityIdentifier = "window"
        window.rootViewController = controller
        window.makeKeyAndVisible()
        _ = application.drainTrace()
        return window
    }
}
