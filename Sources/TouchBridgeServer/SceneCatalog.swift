import Foundation
import TouchBridgeProtocol
import TouchKit

/// Where sessions get their apps. Injectable: the server uses `LibraryCatalog` (the scenes module's
/// scenes and declarative scenes); tests supply small catalogs of their own.
public protocol SceneCatalog {
    /// The scenes clients may ask for, in picker order.
    var scenes: [SceneInfo] { get }
    /// The scene of a `hello` that names none.
    var defaultScene: String { get }
    /// A launched application showing scene `name` in a key window of `windowSize` (points, origin
    /// zero); nil when the catalog has no such scene.
    func makeApplication(scene name: String, windowSize: CGSize) -> UIApplication?
    /// An application for an inline (declarative) scene; the format belongs to the scenes module.
    func makeApplication(inlineScene: JSONValue, windowSize: CGSize) throws(SceneBuildError) -> UIApplication
}

extension SceneCatalog {
    public func makeApplication(inlineScene: JSONValue, windowSize: CGSize) throws(SceneBuildError) -> UIApplication {
        throw SceneBuildError(code: ErrorCode.unknownScene, message: "this server cannot build inline scenes yet")
    }
}

/// Why a scene could not be built; becomes an `error` reply with this code.
public struct SceneBuildError: Error, Equatable, Sendable {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// A catalog made of registered builders.
public struct SceneRegistry: SceneCatalog, Sendable {
    /// One scene: how to describe it and how to build it.
    public struct Entry: Sendable {
        public var info: SceneInfo
        public var build: @Sendable (CGSize) -> UIApplication

        public init(_ info: SceneInfo, build: @escaping @Sendable (CGSize) -> UIApplication) {
            self.info = info
            self.build = build
        }

        /// The common shape: a fresh application whose key window shows `makeRoot()`'s view.
        public static func viewController(
            _ info: SceneInfo, _ makeRoot: @escaping @Sendable () -> UIViewController
        ) -> Entry {
            Entry(info) { size in
                let application = UIApplication()
                let window = UIWindow(application: application, frame: CGRect(origin: .zero, size: size))
                window.accessibilityIdentifier = "window"
                let root = makeRoot()
                if root.view.accessibilityIdentifier == nil { root.view.accessibilityIdentifier = "root" }
                window.rootViewController = root
                window.makeKeyAndVisible()
                application.launch()
                return application
            }
        }
    }

    public private(set) var entries: [Entry]
    public var defaultScene: String

    /// `defaultScene` nil: the first entry.
    public init(_ entries: [Entry], defaultScene: String? = nil) {
        self.entries = entries
        self.defaultScene = defaultScene ?? entries.first?.info.name ?? ""
    }

    /// Adds a scene, replacing one with the same name.
    public mutating func register(_ entry: Entry) {
        entries.removeAll { $0.info.name == entry.info.name }
        entries.append(entry)
        if defaultScene.isEmpty { defaultScene = entry.info.name }
    }

    public var scenes: [SceneInfo] { entries.map(\.info) }

    public func makeApplication(scene name: String, windowSize: CGSize) -> UIApplication? {
        entries.first { $0.info.name == name }?.build(windowSize)
    }
}
