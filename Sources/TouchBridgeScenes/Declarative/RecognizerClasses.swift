import TouchKit

/// Gesture recognizer classes that declarative scenes attach by name
/// (`{"kind": "custom", "class": "checkmark", …}`): TouchBridge's own custom recognizers, and those a
/// program built on the `TouchBridge` library registers (`SceneServer.registerRecognizer`). A custom
/// recognizer is an ordinary `UIGestureRecognizer` subclass, so it may `ignore(_:for:)` touches.
public struct RecognizerClasses: Sendable {
    /// Makes a fresh recognizer for each scene that names the class.
    public typealias Factory = @Sendable () -> UIGestureRecognizer

    private var factories: [String: Factory]

    /// TouchBridge's own: `checkmark`, the source material's ✓ recognizer; `observer`, which never
    /// changes state (it only sees touches); `firstTouch`, which ignores every touch after its first
    /// and recognizes when the first lifts (`ignore(_:for:)`).
    public static let builtIn = RecognizerClasses([
        "checkmark": { CheckmarkGestureRecognizer() },
        "observer": { ObserverGestureRecognizer() },
        "firstTouch": { FirstTouchGestureRecognizer() },
    ])

    /// Classes by name.
    public init(_ factories: [String: Factory] = [:]) {
        self.factories = factories
    }

    /// Adds (or replaces) a class under `name`.
    public mutating func register(_ name: String, _ factory: @escaping Factory) {
        factories[name] = factory
    }

    /// The registered names, sorted.
    public var names: [String] { factories.keys.sorted() }

    func make(_ name: String) -> UIGestureRecognizer? { factories[name]?() }

    func contains(_ name: String) -> Bool { factories[name] != nil }
}

extension RecognizerClasses {
    func unknownClassMessage(_ name: String) -> String {
        "no recognizer class '\(name)' (\(names.isEmpty ? "none registered" : "classes: " + names.joined(separator: ", ")))"
    }
}

extension SceneSpec {
    /// The first custom recognizer — declared, or added by the timeline — whose class `classes` does
    /// not have, as an error with its path.
    public func checkRecognizerClasses(_ classes: RecognizerClasses) throws(SceneError) {
        for (index, recognizer) in recognizers.enumerated() {
            guard recognizer.kind == .custom, let name = recognizer.className else { continue }
            guard classes.contains(name) else { throw SceneError(path: "recognizers[\(index)].class", message: classes.unknownClassMessage(name)) }
            if recognizer.overrides != nil, let problem = RecognizerOverrides.classProblem(name, in: classes) {
                throw SceneError(path: "recognizers[\(index)].overrides", message: problem)
            }
        }
        for (entryIndex, entry) in timeline.enumerated() {
            for (index, named) in entry.actions.enumerated() {
                let path = "timeline[\(entryIndex)].actions[\(index)]"
                switch named.action {
                case .addRecognizer(let recognizer):
                    guard let name = recognizer.className else { continue }
                    guard classes.contains(name) else { throw SceneError(path: "\(path).add.recognizer.class", message: classes.unknownClassMessage(name)) }
                    if recognizer.overrides != nil, let problem = RecognizerOverrides.classProblem(name, in: classes) {
                        throw SceneError(path: "\(path).add.recognizer.overrides", message: problem)
                    }
                case .setRecognizer(_, "overrides", let recognizer):
                    if let name = recognizer.className, let problem = RecognizerOverrides.classProblem(name, in: classes) {
                        throw SceneError(path: "\(path).set.value", message: problem)
                    }
                default:
                    continue
                }
            }
        }
    }
}
