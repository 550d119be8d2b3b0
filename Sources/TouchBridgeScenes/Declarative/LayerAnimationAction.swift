import TouchKit

/// A `CABasicAnimation` the app adds to a view's own layer (`act`/timeline verb `layerAnimation`,
/// docs/protocol.md §4.11): it changes what is drawn, never the model (UIKIT-CA-EXPLICIT).
struct LayerAnimationSpec: Equatable, Sendable {
    /// The key paths the action takes, with their number of components.
    static let keyPaths: [String: Int] = ["opacity": 1, "position": 2, "position.x": 1, "position.y": 1, "cornerRadius": 1, "borderWidth": 1]
    /// Timing function names (`CAMediaTimingFunctionName`).
    static let timings: [String: CAMediaTimingFunctionName] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]

    var keyPath: String
    /// nil: the model value (`fromValue`/`toValue` left nil).
    var from: [Double]?
    var to: [Double]?
    /// Seconds.
    var duration: Double
    var timing: String
    var key: String?

    /// The animation the spec describes.
    func animation() -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from.map(Self.value)
        animation.toValue = to.map(Self.value)
        animation.duration = duration
        animation.timingFunction = Self.timings[timing].map(CAMediaTimingFunction.init(name:))
        return animation
    }

    private static func value(_ numbers: [Double]) -> Any {
        numbers.count == 2 ? CGPoint(x: numbers[0], y: numbers[1]) : CGFloat(numbers[0])
    }
}

/// Logs the end of a `layerAnimation` action's animation as a note, as `animate`'s completion does.
final class LayerAnimationReporter: CAAnimationDelegate {
    private weak var application: UIApplication?
    private let name: String

    init(application: UIApplication, name: String) {
        self.application = application
        self.name = name
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        application?.logNote("layer animation of \(name) done(\(flag))")
    }
}

extension SceneActionReader {
    /// `{"layerAnimation": {"view", "keyPath", "from"?, "to"?, "duration" (ms), "timing"?, "key"?}}`.
    func readLayerAnimation(_ body: JSONWalker) throws(SceneError) -> NamedAction {
        let object = try body.object(allowing: ["view", "keyPath", "from", "to", "duration", "timing", "key"])
        let nameWalker = try body.required("view", in: object)
        let name = try nameWalker.string()
        guard view(name) != nil else { throw nameWalker.error("no view named \"\(name)\"") }
        let keyPath = try body.required("keyPath", in: object).oneOf(LayerAnimationSpec.keyPaths.keys.sorted())
        let count = LayerAnimationSpec.keyPaths[keyPath] ?? 1
        func values(_ key: String) throws(SceneError) -> [Double]? {
            guard let field = body.field(key, in: object) else { return nil }
            if count == 1 { return [try field.number()] }
            let parts = try field.array()
            guard parts.count == count else { throw field.error("expected [x, y] in points") }
            return [try parts[0].number(), try parts[1].number()]
        }
        let spec = LayerAnimationSpec(
            keyPath: keyPath, from: try values("from"), to: try values("to"),
            duration: try body.required("duration", in: object).number(in: 0...60_000) / 1000,
            timing: try body.field("timing", in: object)?.oneOf(LayerAnimationSpec.timings.keys.sorted()) ?? "linear",
            key: try body.field("key", in: object)?.string())
        func text(_ value: [Double]?) -> String { value.map { $0.map { JSONWalker.text($0) }.joined(separator: ",") } ?? "model" }
        return NamedAction(action: .layerAnimation(name, spec), description:
            "\(name).layer.add(CABasicAnimation \(keyPath) from \(text(spec.from)) to \(text(spec.to)) over \(Int((spec.duration * 1000).rounded())) ms, \(spec.timing))")
    }
}
