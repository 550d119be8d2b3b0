import TouchKit

/// One declarative view property: how its JSON is read into a `ViewSpec`, which kinds have it, and how
/// it is given to a live view. The same table reads scenes (`views[…]`) and run-time changes (`set`
/// actions of `act` and of a scene's `timeline`), so every property a scene can declare can also be
/// changed while a gesture runs.
struct ViewProperty: Sendable {
    /// The kinds that have it; nil: every kind.
    let kinds: Set<ViewSpec.Kind>?
    let read: @Sendable (inout ViewSpec, JSONWalker) throws(SceneError) -> Void
    /// Gives the spec's value to the view; `frame`, `variants` and `contentSize` are given by layout instead.
    let apply: @Sendable (ViewSpec, UIView) -> Void

    init(
        kinds: Set<ViewSpec.Kind>? = nil,
        read: @escaping @Sendable (inout ViewSpec, JSONWalker) throws(SceneError) -> Void,
        apply: @escaping @Sendable (ViewSpec, UIView) -> Void
    ) {
        self.kinds = kinds
        self.read = read
        self.apply = apply
    }

    /// A true/false property stored at `keyPath` and given to the view by `give`.
    static func flag(
        _ keyPath: WritableKeyPath<ViewSpec, Bool> & Sendable, kinds: Set<ViewSpec.Kind>? = nil,
        _ give: @escaping @Sendable (Bool, UIView) -> Void
    ) -> ViewProperty {
        ViewProperty(kinds: kinds, read: { spec, walker throws(SceneError) in spec[keyPath: keyPath] = try walker.bool() },
                     apply: { spec, view in give(spec[keyPath: keyPath], view) })
    }

    /// An optional true/false property of scroll views (unset keeps UIKit's default).
    static func scrollFlag(
        _ keyPath: WritableKeyPath<ViewSpec, Bool?> & Sendable, _ give: @escaping @Sendable (Bool, UIScrollView) -> Void
    ) -> ViewProperty {
        ViewProperty(kinds: [.scrollView], read: { spec, walker throws(SceneError) in spec[keyPath: keyPath] = try walker.bool() },
                     apply: { spec, view in
                         if let value = spec[keyPath: keyPath], let scrollView = view as? UIScrollView { give(value, scrollView) }
                     })
    }
}

extension ViewSpec {
    /// Every property a declarative view has besides `id`, `kind` and `children`, by its JSON name.
    static let properties: [String: ViewProperty] = [
        "frame": ViewProperty(read: { spec, walker throws(SceneError) in spec.frame = try walker.frame() }, apply: { _, _ in }),
        "variants": ViewProperty(read: { spec, walker throws(SceneError) in spec.variants = try walker.frameVariants() }, apply: { _, _ in }),
        "color": ViewProperty(read: { spec, walker throws(SceneError) in spec.color = try walker.color() },
                              apply: { spec, view in view.backgroundColor = spec.color.flatMap { UIColor(hex: $0.hex) } }),
        "cornerRadius": ViewProperty(read: { spec, walker throws(SceneError) in spec.cornerRadius = try walker.number(in: 0...10_000) },
                                     apply: { spec, view in view.layer.cornerRadius = spec.cornerRadius }),
        "text": ViewProperty(kinds: [.label, .button], read: { spec, walker throws(SceneError) in spec.text = try walker.string() },
                             apply: { spec, view in
                                 (view as? UILabel)?.text = spec.text
                                 (view as? UIButton)?.setTitle(spec.text, for: .normal)
                             }),
        "image": ViewProperty(kinds: [.image], read: { spec, walker throws(SceneError) in spec.image = try walker.string() },
                              apply: { spec, view in
                                  (view as? UIImageView)?.image = UIImage(
                                      named: spec.image ?? spec.id, size: spec.frame.resolve(in: DeclarativeSceneViewController.designSize).size)
                              }),
        "userInteraction": ViewProperty(read: { spec, walker throws(SceneError) in spec.isUserInteractionEnabled = try walker.bool() },
                                        apply: { spec, view in
                                            // Unset keeps the class's default: labels and images ignore touches, as in UIKit
                                            // (UIKIT-HIT-INTERACTION-DEFAULTS).
                                            if let enabled = spec.isUserInteractionEnabled { view.isUserInteractionEnabled = enabled }
                                        }),
        "hidden": .flag(\.isHidden) { flag, view in view.isHidden = flag },
        "alpha": ViewProperty(read: { spec, walker throws(SceneError) in spec.alpha = try walker.number(in: 0...1) },
                              apply: { spec, view in view.alpha = spec.alpha }),
        "multipleTouch": .flag(\.isMultipleTouchEnabled) { flag, view in
            // A drawing view tracks every finger, whatever the JSON says.
            if !(view is DrawLinesView) { view.isMultipleTouchEnabled = flag }
        },
        "exclusiveTouch": .flag(\.isExclusiveTouch) { flag, view in view.isExclusiveTouch = flag },
        "clipsToBounds": .flag(\.clipsToBounds) { flag, view in view.clipsToBounds = flag },
        "autoresizing": ViewProperty(
            read: { spec, walker throws(SceneError) in
                spec.autoresizing = try walker.array(maxCount: 6).map { item throws(SceneError) in
                    try item.oneOf(ViewSpec.autoresizingNames.keys.sorted())
                }
            },
            apply: { spec, view in
                view.autoresizingMask = UIView.AutoresizingMask((spec.autoresizing ?? []).compactMap { ViewSpec.autoresizingNames[$0] })
            }),
        "autoresizesSubviews": .flag(\.autoresizesSubviews) { flag, view in view.autoresizesSubviews = flag },
        "tracking": ViewProperty(
            kinds: [.button, .switch, .slider, .control],
            read: { spec, walker throws(SceneError) in spec.tracking = try walker.tracking() },
            apply: { spec, view in (view as? TrackingOverriding)?.tracking = spec.tracking }),
        "responder": ViewProperty(
            read: { spec, walker throws(SceneError) in
                spec.responder = ViewSpec.Responder(rawValue: try walker.oneOf(ViewSpec.Responder.allCases.map(\.rawValue)))!
            },
            apply: { spec, view in (view as? TouchHandling)?.handlesTouches = spec.responder == .log }),
        "canBecomeFirstResponder": .flag(\.canBecomeFirstResponder, kinds: [.view]) { flag, view in
            (view as? SceneView)?.acceptsFirstResponder = flag
        },
        "hitShape": ViewProperty(
            kinds: [.view, .button, .control],
            read: { spec, walker throws(SceneError) in spec.hitShape = try walker.hitShape() },
            apply: { spec, view in (view as? HitShaped)?.hitShape = spec.hitShape }),
        "shape": ViewProperty(
            kinds: [.view],
            read: { spec, walker throws(SceneError) in spec.shape = try walker.shape() },
            apply: { spec, view in (view as? SceneView)?.shape = spec.shape }),
        "contentSize": ViewProperty(kinds: [.scrollView], read: { spec, walker throws(SceneError) in spec.contentSize = try walker.size() },
                                    apply: { _, _ in }),
        "delaysContentTouches": .scrollFlag(\.delaysContentTouches) { $1.delaysContentTouches = $0 },
        "canCancelContentTouches": .scrollFlag(\.canCancelContentTouches) { $1.canCancelContentTouches = $0 },
        "cancelsControlTouches": .scrollFlag(\.cancelsControlTouches) { ($1 as? SceneScrollView)?.cancelsControlTouches = $0 },
        "bounces": .scrollFlag(\.bounces) { $1.bounces = $0 },
        "alwaysBounceVertical": .scrollFlag(\.alwaysBounceVertical) { $1.alwaysBounceVertical = $0 },
        "alwaysBounceHorizontal": .scrollFlag(\.alwaysBounceHorizontal) { $1.alwaysBounceHorizontal = $0 },
    ].merging(layerGeometryProperties) { first, _ in first }.merging(contentModeProperties) { first, _ in first }

    static let autoresizingNames: [String: UIView.AutoresizingMask] = [
        "flexibleLeftMargin": .flexibleLeftMargin, "flexibleWidth": .flexibleWidth, "flexibleRightMargin": .flexibleRightMargin,
        "flexibleTopMargin": .flexibleTopMargin, "flexibleHeight": .flexibleHeight, "flexibleBottomMargin": .flexibleBottomMargin,
    ]

    /// Reads property `key` from `walker` into this spec, checking that this kind has it.
    mutating func read(_ key: String, from walker: JSONWalker) throws(SceneError) {
        guard let property = Self.properties[key] else {
            throw walker.error("unknown property (allowed: \(Self.properties.keys.sorted().joined(separator: ", ")))")
        }
        if let problem = kindProblem(key) { throw walker.error(problem) }
        try property.read(&self, walker)
    }

    /// Why this view's kind does not have property `key`, if it does not.
    func kindProblem(_ key: String) -> String? {
        guard let kinds = Self.properties[key]?.kinds, !kinds.contains(kind) else { return nil }
        let names = ViewSpec.Kind.allCases.filter(kinds.contains).map(\.rawValue)
        let list = names.count == 1 ? "kind \(names[0])" : "kinds \(names.dropLast().joined(separator: ", ")) and \(names.last!)"
        return "\(key) is for \(list)"
    }

    /// A spec with UIKit's defaults for every property.
    init(id: String, kind: Kind, frame: FrameSpec) {
        self.init(
            id: id, kind: kind, frame: frame, color: nil, cornerRadius: 0, text: nil, image: nil, isUserInteractionEnabled: nil,
            isHidden: false, alpha: 1, isMultipleTouchEnabled: false, isExclusiveTouch: false, clipsToBounds: false, autoresizing: nil,
            responder: nil, canBecomeFirstResponder: false, children: [], contentSize: nil, delaysContentTouches: nil,
            canCancelContentTouches: nil, cancelsControlTouches: nil, hitShape: nil, shape: nil, bounces: nil, alwaysBounceVertical: nil, alwaysBounceHorizontal: nil)
    }
}
