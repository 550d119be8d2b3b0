import TouchKit

/// A Core Animation animation the app adds to a view's own layer or to its `shape` sublayer (`act`/timeline
/// verb `layerAnimation`, docs/protocol.md §4.11): a `CABasicAnimation` from `from` to `to`, or a
/// `CAKeyframeAnimation` through `values` at `keyTimes`, run `repeatCount` times (`autoreverses`: there
/// and back each time). It changes what is drawn, never the model (UIKIT-CA-EXPLICIT, UIKIT-CA-SUBLAYER-DRAWN).
struct LayerAnimationSpec: Equatable, Sendable {
    /// The key paths of a view's own layer, with their number of components.
    static let keyPaths: [String: Int] = ["opacity": 1, "position": 2, "position.x": 1, "position.y": 1, "cornerRadius": 1, "borderWidth": 1]
    /// The key paths of a view's `shape` sublayer (`"layer": "shape"`).
    static let shapeKeyPaths: [String: Int] = [
        "opacity": 1, "position": 2, "position.x": 1, "position.y": 1, "transform.scale": 1, "transform.rotation.z": 1,
        "strokeStart": 1, "strokeEnd": 1,
    ]
    /// Timing function names (`CAMediaTimingFunctionName`).
    static let timings: [String: CAMediaTimingFunctionName] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInEaseOut": .easeInEaseOut, "default": .default,
    ]
    /// Most keyframes an action may give.
    static let maximumKeyframes = 64

    /// The view's `shape` sublayer rather than its own layer.
    var onShape = false
    var keyPath: String
    /// nil: the model value (`fromValue`/`toValue` left nil).
    var from: [Double]?
    var to: [Double]?
    /// Keyframe values: a `CAKeyframeAnimation` instead of a basic one.
    var values: [[Double]]?
    /// When each keyframe is reached, 0…1; nil: evenly spaced.
    var keyTimes: [Double]?
    /// Seconds.
    var duration: Double
    var timing: String
    var key: String?
    /// Passes (0 and 1: one; `.infinity`: until removed).
    var repeatCount: Double = 0
    var autoreverses = false

    /// The animation the spec describes.
    func animation() -> CAPropertyAnimation {
        let animation: CAPropertyAnimation
        if let values {
            let keyframes = CAKeyframeAnimation(keyPath: keyPath)
            keyframes.values = values.map(Self.value)
            keyframes.keyTimes = keyTimes?.map { NSNumber(value: $0) }
            animation = keyframes
        } else {
            let basic = CABasicAnimation(keyPath: keyPath)
            basic.fromValue = from.map(Self.value)
            basic.toValue = to.map(Self.value)
            animation = basic
        }
        animation.duration = duration
        animation.timingFunction = Self.timings[timing].map(CAMediaTimingFunction.init(name:))
        animation.repeatCount = Float(repeatCount)
        animation.autoreverses = autoreverses
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
    /// `{"layerAnimation": {"view", "layer"?, "keyPath", "from"?, "to"?, "values"?, "keyTimes"?, "duration" (ms),
    /// "timing"?, "repeatCount"?, "autoreverses"?, "key"?}}`.
    func readLayerAnimation(_ body: JSONWalker) throws(SceneError) -> NamedAction {
        let object = try body.object(allowing: ["view", "layer", "keyPath", "from", "to", "values", "keyTimes", "duration", "timing",
                                                "repeatCount", "autoreverses", "key"])
        let nameWalker = try body.required("view", in: object)
        let name = try nameWalker.string()
        guard let target = view(name) else { throw nameWalker.error("no view named \"\(name)\"") }
        let onShape = try body.field("layer", in: object).map { walker throws(SceneError) in
            _ = try walker.oneOf(["shape"])
            guard target.shape != nil else { throw walker.error("\(name) has no shape layer (declare its shape)") }
            return true
        } ?? false
        let keyPaths = onShape ? LayerAnimationSpec.shapeKeyPaths : LayerAnimationSpec.keyPaths
        let keyPath = try body.required("keyPath", in: object).oneOf(keyPaths.keys.sorted())
        let count = keyPaths[keyPath] ?? 1
        func value(_ field: JSONWalker) throws(SceneError) -> [Double] {
            if count == 1 { return [try field.number()] }
            let parts = try field.array()
            guard parts.count == count else { throw field.error("expected [x, y] in points") }
            return [try parts[0].number(), try parts[1].number()]
        }
        var spec = LayerAnimationSpec(
            onShape: onShape, keyPath: keyPath, from: try body.field("from", in: object).map(value), to: try body.field("to", in: object).map(value),
            duration: try body.required("duration", in: object).number(in: 0...60_000) / 1000,
            timing: try body.field("timing", in: object)?.oneOf(LayerAnimationSpec.timings.keys.sorted()) ?? "linear",
            key: try body.field("key", in: object)?.string())
        if let walker = body.field("values", in: object) {
            guard spec.from == nil, spec.to == nil else { throw walker.error("values (keyframes) or from/to, not both") }
            let values = try walker.array(maxCount: LayerAnimationSpec.maximumKeyframes).map(value)
            guard !values.isEmpty else { throw walker.error("expected at least one keyframe") }
            spec.values = values
            if let times = body.field("keyTimes", in: object) {
                let keyTimes = try times.array(maxCount: LayerAnimationSpec.maximumKeyframes).map { time throws(SceneError) in try time.number(in: 0...1) }
                guard keyTimes.count == values.count else { throw times.error("expected one key time per value (\(values.count))") }
                spec.keyTimes = keyTimes
            }
        } else if let times = body.field("keyTimes", in: object) {
            throw times.error("keyTimes go with values")
        }
        if let walker = body.field("repeatCount", in: object) {
            spec.repeatCount = (walker.value as? String) == "infinity" ? .infinity : try walker.number(in: 0...10_000)
        }
        spec.autoreverses = try body.field("autoreverses", in: object)?.bool() ?? false
        return NamedAction(action: .layerAnimation(name, spec), description: Self.describe(name, spec))
    }

    private static func describe(_ name: String, _ spec: LayerAnimationSpec) -> String {
        func text(_ value: [Double]?) -> String { value.map { $0.map { JSONWalker.text($0) }.joined(separator: ",") } ?? "model" }
        let layer = spec.onShape ? "\(name).shape" : "\(name).layer"
        let what = spec.values.map { "CAKeyframeAnimation \(spec.keyPath) through \($0.map { text($0) }.joined(separator: "; "))" }
            ?? "CABasicAnimation \(spec.keyPath) from \(text(spec.from)) to \(text(spec.to))"
        let repeats = spec.repeatCount > 1 ? ", repeatCount \(spec.repeatCount.isInfinite ? "infinity" : JSONWalker.text(spec.repeatCount))" : ""
        return "\(layer).add(\(what) over \(Int((spec.duration * 1000).rounded())) ms, \(spec.timing)\(repeats)\(spec.autoreverses ? ", autoreverses" : ""))"
    }
}
