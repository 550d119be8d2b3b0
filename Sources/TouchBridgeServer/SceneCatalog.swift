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
    /// zero); nil when the catalog has no such scene. Throws when the scene is known but cannot be
    /// built (its factory threw, or its registration was refused): the client gets the error, and
    /// the server keeps serving every other scene.
    func makeApplication(scene name: String, windowSize: CGSize) throws(SceneBuildError) -> UIApplication?
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
    /// The protocol error code the client receives (`unknown-scene` or `scene-failed`, docs/protocol.md §8).
    public var code: String
    /// What went wrong, for the client's `error.message`.
    public var message: String

    /// An error with the code and message the client will see.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}

/// A catalog made of registered builders.
public struct SceneRegistry: SceneCatalog, Sendable {
    /// One scene: how to describe it and how to build it.
    public struct Entry: Sendable {
        /// How the scene appears in `welcome.scenes`.
        public var info: SceneInfo
        /// Builds a fresh application for a window of the given size; a throw becomes `scene-failed` instead
        /// of taking the server down.
        public var build: @Sendable (CGSize) throws -> UIApplication

        /// An entry described by `info` and built by `build`.
        public init(_ info: SceneInfo, build: @escaping @Sendable (CGSize) throws -> UIApplication) {
            self.info = info
            self.build = build
        }

        /// The common shape: a fresh application whose key window shows `makeRoot()`'s view.
        public static func viewController(
            _ info: SceneInfo, _ makeRoot: @escaping @Sendable () throws -> UIViewController
        ) -> Entry {
            Entry(info) { size in
                // The application first, so a window the controller makes with `UIWindow(frame:)` joins it.
                let application = UIApplication()
                let root = try makeRoot()
                let window = UIWindow(application: application, frame: CGRect(origin: .zero, size: size))
                window.accessibilityIdentifier = "window"
                if root.view.accessibilityIdentifier == nil { root.view.accessibilityIdentifier = "root" }
                window.rootViewController = root
                window.makeKeyAndVisible()
                application.launch()
                return application
            }
        }
    }

    /// The scenes clients can open, in picker order.
    public private(set) var entries: [Entry]
    /// Registrations that were refused (an invalid or duplicated name), by name, with the reason.
    /// A client asking for one of these names gets the reason as its error.
    public private(set) var refused: [String: String]
    public var defaultScene: String

    /// `defaultScene` nil: the first entry. An entry whose name breaks `isValidName`, or is used
    /// by another entry, is not served but kept in `refused`. A duplicated name is refused for
    /// every entry using it: which scene a client meant by it cannot be known.
    public init(_ entries: [Entry], defaultScene: String? = nil) {
        var accepted: [Entry] = []
        var refused: [String: String] = [:]
        for entry in entries {
            let (name, title) = (entry.info.name, entry.info.title)
            if !Self.isValidName(name) {
                refused[name] = "scene name \"\(name)\" (\(title)) is not 1–64 letters, digits, - or _; rename it"
            } else if let first = accepted.firstIndex(where: { $0.info.name == name }) {
                refused[name] = "scene name \"\(name)\" is registered twice (\"\(accepted[first].info.title)\" and \"\(title)\"); rename one"
                accepted.remove(at: first)
            } else if refused[name] == nil {
                accepted.append(entry)
            }
        }
        self.entries = accepted
        self.refused = refused
        self.defaultScene = defaultScene ?? accepted.first?.info.name ?? ""
    }

    /// The scene name rule, the one of declarative scene names: 1–64 letters, digits, `-` or `_`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    public var scenes: [SceneInfo] { entries.map(\.info) }

    public func makeApplication(scene name: String, windowSize: CGSize) throws(SceneBuildError) -> UIApplication? {
        if let reason = refused[name] {
            throw SceneBuildError(code: ErrorCode.sceneFailed, message: reason)
        }
        guard let entry = entries.first(where: { $0.info.name == name }) else { return nil }
        do {
            return try entry.build(windowSize)
        } catch let error as SceneBuildError {
            throw error
        } catch {
            throw SceneBuildError(code: ErrorCode.sceneFailed, message: "scene \"\(name)\" could not be built: \(error)")
        }
    }
}
