import TouchBridgeProtocol
import TouchBridgeServer
import TouchKit

/// The scenes of `base`, each built with the what-if changes applied before the first message reaches
/// it: "the same app, changed". Every scene the replay builds (the first one, a `scene` switch, a
/// restart) gets the changes; each one is noted in the log as `what-if: …` (the comparison leaves
/// those notes out). A change that does not fit a scene (it names a recognizer another scene has) is
/// noted as skipped there and listed in `skipped`.
final class ChangedAppCatalog: SceneCatalog {
    /// The prefix of the log notes the changes write.
    static let notePrefix = "what-if"

    private let base: any SceneCatalog
    private let changes: [AppChange]
    /// Changes applied, as `scene: change`, in the order the scenes were built.
    private(set) var applied: [String] = []
    /// Changes that did not fit a scene, as `scene: change: why`.
    private(set) var skipped: [String] = []
    /// What the changes installed that must live as long as their app (a relationship removal's
    /// delegate wrappers), per app; an app that went away lets its objects go at the next build.
    private var keptAlive: [(application: Weak, objects: [AnyObject])] = []

    private struct Weak {
        weak var application: UIApplication?
    }

    init(_ base: any SceneCatalog, changes: [AppChange]) {
        self.base = base
        self.changes = changes
    }

    var scenes: [SceneInfo] { base.scenes }
    var defaultScene: String { base.defaultScene }

    func makeApplication(scene name: String, windowSize: CGSize) throws(SceneBuildError) -> UIApplication? {
        try base.makeApplication(scene: name, windowSize: windowSize).map { change($0, scene: name) }
    }

    func makeApplication(inlineScene: JSONValue, windowSize: CGSize) throws(SceneBuildError) -> UIApplication {
        change(try base.makeApplication(inlineScene: inlineScene, windowSize: windowSize), scene: "inline")
    }

    private func change(_ application: UIApplication, scene: String) -> UIApplication {
        keptAlive.removeAll { $0.application.application == nil }
        var objects: [AnyObject] = []
        defer { if !objects.isEmpty { keptAlive.append((Weak(application: application), objects)) } }
        for change in changes {
            do {
                objects += try change.apply(to: application, prefix: Self.notePrefix)
                applied.append("\(scene): \(change)")
            } catch {
                application.logNote("\(Self.notePrefix): \(change) skipped in scene \(scene): \(error)")
                skipped.append("\(scene): \(change): \(error)")
            }
        }
        return application
    }
}
