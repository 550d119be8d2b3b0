import TouchKit

/// A `UIView.animate(withDuration:delay:options:animations:completion:)` call made by the app: the
/// new model values are set at once, the presentation follows on the engine clock (UIKIT-ANIM-MODEL-VALUES).
/// `nested` calls are made inside its block, after its own changes, in order: each inherits the
/// block's duration and curve unless its options override them (UIKIT-ANIM-NESTED).
struct AnimationSpec: Equatable, Sendable {
    /// Seconds.
    var duration: Double
    var delay: Double
    var options: [String]
    /// `centerX`, `centerY`, `alpha` (numbers) and `frame` ([x, y, w, h] points), in JSON order.
    var changes: [Change]
    /// The calls its block makes.
    var nested: [NestedAnimation] = []

    enum Change: Equatable, Sendable {
        case centerX(Double), centerY(Double), alpha(Double), frame(CGRect)
    }

    static let optionNames: [String: UIView.AnimationOptions] = [
        "allowUserInteraction": .allowUserInteraction, "beginFromCurrentState": .beginFromCurrentState,
        "curveEaseInOut": .curveEaseInOut, "curveEaseIn": .curveEaseIn, "curveEaseOut": .curveEaseOut,
        "curveLinear": .curveLinear, "layoutSubviews": .layoutSubviews,
        "overrideInheritedDuration": .overrideInheritedDuration, "overrideInheritedCurve": .overrideInheritedCurve,
        "overrideInheritedOptions": .overrideInheritedOptions,
    ]

    /// Most levels of calls in one `animate` action (the action's own call is the first).
    static let maximumDepth = 4
    /// Most calls in one `animate` action, nested ones included.
    static let maximumCalls = 16

    var animationOptions: UIView.AnimationOptions {
        UIView.AnimationOptions(options.compactMap { Self.optionNames[$0] })
    }
}

/// An `animate` call made inside another's block, on view `view`.
struct NestedAnimation: Equatable, Sendable {
    var view: String
    var spec: AnimationSpec
}

extension SceneActionReader {
    /// `{"animate": {"view", "duration" (ms), "delay"?, "options"?, "to", "nested"?: [{…the same…}]}}`.
    func readAnimate(_ body: JSONWalker) throws(SceneError) -> NamedAction {
        var calls = 0
        let (name, spec, description) = try readAnimation(body, depth: 1, calls: &calls)
        return NamedAction(action: .animate(name, spec), description: description)
    }

    /// One call and the calls nested in it, with the words the log notes them by; `calls` counts
    /// the action's calls so far (a bound on the work one action makes).
    private func readAnimation(_ body: JSONWalker, depth: Int, calls: inout Int) throws(SceneError) -> (String, AnimationSpec, String) {
        calls += 1
        guard calls <= AnimationSpec.maximumCalls else {
            throw body.error("an animate action makes at most \(AnimationSpec.maximumCalls) calls, nested ones included")
        }
        let object = try body.object(allowing: ["view", "duration", "delay", "options", "to", "nested"])
        let nameWalker = try body.required("view", in: object)
        let name = try nameWalker.string()
        guard view(name) != nil else { throw nameWalker.error("no view named \"\(name)\"") }
        var spec = AnimationSpec(
            duration: try body.required("duration", in: object).number(in: 0...60_000) / 1000,
            delay: (try body.field("delay", in: object)?.number(in: 0...60_000) ?? 0) / 1000,
            options: [], changes: [])
        for option in try body.field("options", in: object)?.array(maxCount: 16) ?? [] {
            spec.options.append(try option.oneOf(AnimationSpec.optionNames.keys.sorted()))
        }
        let toWalker = try body.required("to", in: object)
        let changes = try toWalker.object(allowing: ["centerX", "centerY", "alpha", "frame"])
        guard !changes.isEmpty else { throw toWalker.error("expected one or more of alpha, centerX, centerY, frame") }
        for key in changes.keys.sorted() {
            guard let field = toWalker.field(key, in: changes) else { continue }
            switch key {
            case "centerX": spec.changes.append(.centerX(try field.number()))
            case "centerY": spec.changes.append(.centerY(try field.number()))
            case "alpha": spec.changes.append(.alpha(try field.number(in: 0...1)))
            default:
                let parts = try field.array()
                guard parts.count == 4 else { throw field.error("expected [x, y, width, height] in points") }
                spec.changes.append(.frame(CGRect(x: try parts[0].number(), y: try parts[1].number(),
                                                  width: try parts[2].number(in: 0...1e6), height: try parts[3].number(in: 0...1e6))))
            }
        }
        let options = spec.options.isEmpty ? "" : " options [\(spec.options.joined(separator: ", "))]"
        var description = "animate \(name) to \(JSONWalker.text(toWalker.value)) over \(Int((spec.duration * 1000).rounded())) ms"
            + " after \(Int((spec.delay * 1000).rounded())) ms\(options)"
        if let nestedWalker = body.field("nested", in: object) {
            guard depth < AnimationSpec.maximumDepth else {
                throw nestedWalker.error("animate calls nest at most \(AnimationSpec.maximumDepth) deep")
            }
            var inner: [String] = []
            for item in try nestedWalker.array(maxCount: AnimationSpec.maximumCalls) {
                let (view, nested, text) = try readAnimation(item, depth: depth + 1, calls: &calls)
                spec.nested.append(NestedAnimation(view: view, spec: nested))
                inner.append(text)
            }
            description += " { \(inner.joined(separator: "; ")) }"
        }
        return (name, spec, description)
    }
}

extension SceneActionPerformer {
    /// Calls `UIView.animate` for `spec` on `view`, making its nested calls inside the block after its
    /// own changes; each completion notes `animation of V done(finished)`. A nested call whose view is
    /// gone by then is left out.
    func animate(_ view: UIView, name: String, _ spec: AnimationSpec) {
        UIView.animate(withDuration: spec.duration, delay: spec.delay, options: spec.animationOptions, animations: {
            for change in spec.changes {
                switch change {
                case .centerX(let x): view.center.x = x
                case .centerY(let y): view.center.y = y
                case .alpha(let alpha): view.alpha = alpha
                case .frame(let frame): view.frame = frame
                }
            }
            for nested in spec.nested {
                if let inner = self.view(nested.view) { animate(inner, name: nested.view, nested.spec) }
            }
        }, completion: { [weak application] finished in
            application?.logNote("animation of \(name) done(\(finished))")
        })
    }
}
