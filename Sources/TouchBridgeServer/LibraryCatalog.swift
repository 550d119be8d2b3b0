import Foundation
import TouchBridgeProtocol
import TouchBridgeScenes
import TouchKit

/// The server's catalog: the Swift scenes of `SceneLibrary`, then the declarative scenes from
/// `config/scenes/`, and — when allowed — inline declarative scenes sent by clients.
public struct LibraryCatalog: SceneCatalog {
    private var registry: SceneRegistry
    /// Whether `hello`/`scene` may carry an inline scene object.
    public var allowsInlineScenes: Bool
    /// Bounds for inline scenes (their size in bytes is a protocol limit).
    public var inlineLimits: SceneSpec.Limits

    public init(declarativeScenes: [SceneSpec] = [], allowsInlineScenes: Bool = true, inlineLimits: SceneSpec.Limits = SceneSpec.Limits()) {
        var entries = SceneLibrary.all.map { descriptor in
            SceneRegistry.Entry.viewController(
                SceneInfo(name: descriptor.name, title: descriptor.title, description: descriptor.summary), descriptor.make)
        }
        for spec in declarativeScenes where !entries.contains(where: { $0.info.name == spec.name }) {
            entries.append(.viewController(SceneInfo(name: spec.name, title: spec.title, description: spec.summary)) {
                DeclarativeSceneViewController(spec: spec)
            })
        }
        registry = SceneRegistry(entries, defaultScene: SceneLibrary.defaultSceneName)
        self.allowsInlineScenes = allowsInlineScenes
        self.inlineLimits = inlineLimits
    }

    public var scenes: [SceneInfo] { registry.scenes }
    public var defaultScene: String { registry.defaultScene }

    public func makeApplication(scene name: String, windowSize: CGSize) -> UIApplication? {
        registry.makeApplication(scene: name, windowSize: windowSize)
    }

    public func makeApplication(inlineScene: JSONValue, windowSize: CGSize) throws(SceneBuildError) -> UIApplication {
        guard allowsInlineScenes else {
            throw SceneBuildError(code: ErrorCode.unknownScene, message: "inline scenes are disabled on this server")
        }
        let spec: SceneSpec
        do {
            // The hand-written writer, not JSONEncoder: same bytes, a fraction of the time (a 114 KB
            // scene spent about a quarter of its build in JSONEncoder, on the thread every client shares).
            spec = try SceneSpec.parse(Data(WireJSON.text(inlineScene).utf8), limits: inlineLimits)
        } catch {
            throw SceneBuildError(code: ErrorCode.schema, message: "inline scene: \(error.description)")
        }
        let entry = SceneRegistry.Entry.viewController(SceneInfo(name: spec.name, title: spec.title, description: spec.summary)) {
            DeclarativeSceneViewController(spec: spec)
        }
        return entry.build(windowSize)
    }
}
