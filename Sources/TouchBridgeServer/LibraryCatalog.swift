import Foundation
import TouchBridgeProtocol
import TouchBridgeScenes
import TouchKit

/// The server's catalog: Swift scenes (by default `SceneLibrary`'s), then the declarative scenes
/// from `config/scenes/`, and — when allowed — inline declarative scenes sent by clients.
public struct LibraryCatalog: SceneCatalog {
    private var registry: SceneRegistry
    /// Whether `hello`/`scene` may carry an inline scene object.
    public var allowsInlineScenes: Bool
    /// Bounds for inline scenes (their size in bytes is a protocol limit).
    public var inlineLimits: SceneSpec.Limits
    /// The recognizer classes declarative scenes' `custom` recognizers may name.
    public var recognizerClasses: RecognizerClasses

    /// `swiftScenes` come first in the picker; a declarative scene whose name a Swift scene uses is
    /// left out. `defaultScene` falls back to the first scene when no scene has that name.
    public init(
        swiftScenes: [SceneRegistry.Entry] = LibraryCatalog.builtInScenes, defaultScene: String? = SceneLibrary.defaultSceneName,
        declarativeScenes: [SceneSpec] = [], allowsInlineScenes: Bool = true, inlineLimits: SceneSpec.Limits = SceneSpec.Limits(),
        recognizerClasses: RecognizerClasses = .builtIn
    ) {
        var entries = swiftScenes
        for spec in declarativeScenes where !entries.contains(where: { $0.info.name == spec.name }) {
            entries.append(.viewController(SceneInfo(name: spec.name, title: spec.title, description: spec.summary)) {
                try spec.checkRecognizerClasses(recognizerClasses)
                return DeclarativeSceneViewController(spec: spec, recognizerClasses: recognizerClasses)
            })
        }
        self.recognizerClasses = recognizerClasses
        registry = SceneRegistry(entries)
        if let defaultScene, registry.entries.contains(where: { $0.info.name == defaultScene }) {
            registry.defaultScene = defaultScene
        }
        self.allowsInlineScenes = allowsInlineScenes
        self.inlineLimits = inlineLimits
    }

    /// Every scene of `SceneLibrary`, in its order.
    public static var builtInScenes: [SceneRegistry.Entry] {
        SceneLibrary.all.map { descriptor in
            SceneRegistry.Entry.viewController(
                SceneInfo(name: descriptor.name, title: descriptor.title, description: descriptor.summary), descriptor.make)
        }
    }

    public var scenes: [SceneInfo] { registry.scenes }
    public var defaultScene: String { registry.defaultScene }
    /// Registrations refused for their name, with the reason (`SceneRegistry.refused`).
    public var refused: [String: String] { registry.refused }

    public func makeApplication(scene name: String, windowSize: CGSize) throws(SceneBuildError) -> UIApplication? {
        try registry.makeApplication(scene: name, windowSize: windowSize)
    }

    public func makeApplication(inlineScene: JSONValue, windowSize: CGSize) throws(SceneBuildError) -> UIApplication {
        guard allowsInlineScenes else {
            throw SceneBuildError(code: ErrorCode.unknownScene, message: "inline scenes are disabled on this server")
        }
        let spec: SceneSpec
        do {
            spec = try SceneSpec.parse(foundationObject: inlineScene.foundationObject, limits: inlineLimits)
            try spec.checkRecognizerClasses(recognizerClasses)
        } catch {
            throw SceneBuildError(code: ErrorCode.schema, message: "inline scene: \(error.description)")
        }
        let classes = recognizerClasses
        let entry = SceneRegistry.Entry.viewController(SceneInfo(name: spec.name, title: spec.title, description: spec.summary)) {
            DeclarativeSceneViewController(spec: spec, recognizerClasses: classes)
        }
        do {
            return try entry.build(windowSize)
        } catch {
            throw SceneBuildError(code: ErrorCode.sceneFailed, message: "inline scene: \(error)")
        }
    }
}
