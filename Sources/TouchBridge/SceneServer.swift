import Foundation
import TouchBridgeHost
import TouchBridgeProtocol
import TouchBridgeScenes
import TouchBridgeServer
import TouchKit

/// A TouchBridge server with your own view controllers: the program `touchbridge serve` is, with
/// the same flags, configuration file, `TOUCHBRIDGE_*` environment variables, `--help`, page,
/// recording, observers and metrics (docs/your-own-code.md).
///
/// ```swift
/// import TouchBridge
///
/// var server = SceneServer()
/// server.register("knob", title: "Knob", description: "Turn it with one finger.") { KnobViewController() }
/// await server.main()
/// ```
///
/// A scene whose factory throws, or whose name is invalid or registered twice, is not fatal: the
/// client asking for it gets an `error` (`scene-failed`) saying why, and every other scene is
/// served as usual.
public struct SceneServer: Sendable {
    /// Your scenes, in registration order.
    private var userScenes: [SceneRegistry.Entry] = []
    /// Whether TouchBridge's own scenes are served too, after yours.
    public var includesBuiltInScenes: Bool
    /// The scene a page opens when it names none; nil: your first scene, or without any, the
    /// built-in welcome scene.
    public var defaultScene: String?

    /// `includingBuiltInScenes`: also serve TouchBridge's own scenes (after yours in the picker).
    public init(includingBuiltInScenes: Bool = true) {
        includesBuiltInScenes = includingBuiltInScenes
    }

    /// Adds a scene: a fresh view controller from `makeViewController` for every session that
    /// opens `name` (1–64 letters, digits, `-` or `_`; the page takes it as `?scene=name`).
    /// A factory that throws, or a name that is invalid or already used, fails only this scene,
    /// when a client opens it.
    public mutating func register(
        _ name: String, title: String, description: String,
        _ makeViewController: @escaping @Sendable () throws -> UIViewController
    ) {
        userScenes.append(.viewController(SceneInfo(name: name, title: title, description: description), makeViewController))
    }

    /// Registers a gesture recognizer class that declarative scenes — files in the scenes directory
    /// and inline scenes clients send — attach by name: `{"kind": "custom", "class": name, …}`.
    /// TouchBridge's own (`checkmark`, `observer`, `firstTouch`) are there too. A class that subclasses
    /// `OverridableGestureRecognizer` takes a scene's `overrides` (its `canPrevent(_:)`, `canBePrevented(by:)`,
    /// `shouldRequireFailure(of:)` and `shouldBeRequiredToFail(by:)` answers as data); others refuse them.
    public mutating func registerRecognizer(_ name: String, _ makeRecognizer: @escaping @Sendable () -> UIGestureRecognizer) {
        recognizerClasses.register(name, makeRecognizer)
    }

    /// The recognizer classes declarative scenes may name.
    private(set) var recognizerClasses = RecognizerClasses.builtIn

    /// Every registration served, in picker order (refused ones included: the server says why).
    var entries: [SceneRegistry.Entry] {
        userScenes + (includesBuiltInScenes ? LibraryCatalog.builtInScenes : [])
    }

    /// The scenes `lint` checks when it is given none: yours, or TouchBridge's own when you register
    /// none (`touchbridge lint`); its demonstrations of conflicts are not yours to fix.
    var lintedEntries: [SceneRegistry.Entry] {
        userScenes.isEmpty ? LibraryCatalog.builtInScenes : userScenes
    }

    /// The default scene in force.
    var effectiveDefaultScene: String? {
        defaultScene ?? userScenes.first?.info.name ?? (includesBuiltInScenes ? SceneLibrary.defaultSceneName : nil)
    }

    /// Serves these scenes on a free loopback port on a background thread, for tests that drive
    /// them with `TouchBridgeClient` over a real socket (`url`; `stop()` when done).
    public func startInProcess() throws -> InProcessServer {
        try InProcessServer(swiftScenes: entries, defaultScene: effectiveDefaultScene, recognizerClasses: recognizerClasses)
    }

    /// Parses the command line as `touchbridge serve` does and serves until SIGINT or SIGTERM;
    /// exits with a message on a bad flag or setting (`--help` lists them). `PROGRAM lint` lints
    /// these scenes instead, with an exit status for CI (`LintCommand`).
    public func main() async -> Never {
        SceneServer.current = self
        await SceneServerCommand.main(Array(CommandLine.arguments.dropFirst()))
        exit(0)
    }

    private static let storage = Storage()

    /// The scenes `ServeCommand` serves: TouchBridge's own until `main()` sets yours.
    static var current: SceneServer {
        get { storage.lock.withLock { storage.server } }
        set { storage.lock.withLock { storage.server = newValue } }
    }

    private final class Storage: @unchecked Sendable {
        let lock = NSLock()
        var server = SceneServer()
    }
}
