import Foundation

/// An animated sublayer of a view's layer as the page redraws it (UIKIT-CA-SUBLAYER-DRAWN): the sublayer is
/// drawn into the view's display list at its model values (commands `firstCommand` ..< `firstCommand +
/// commandCount`, its own sublayers included), and the page moves those commands by the change from the
/// model to the presentation — p' = parent(position' + T'(T⁻¹(parent⁻¹(p) − position))) — scales their
/// opacity by opacity'/`opacity`, and trims the stroke `strokeCommand` again along `strokePath` for an
/// animated `strokeStart`/`strokeEnd`. The same animations drive `presentation()` in the engine.
public struct RenderSublayer: Equatable, Sendable {
    /// The first display-list command the sublayer drew.
    public var firstCommand: Int
    /// How many commands it drew (its sublayers' included).
    public var commandCount: Int
    /// Its superlayer's coordinates to the view's bounds (a b c d tx ty).
    public var parent: [CGFloat]
    /// The model `position`, in the superlayer's coordinates.
    public var position: [CGFloat]
    /// The model `transform`'s affine part (a b c d tx ty).
    public var transform: [CGFloat]
    /// The layer's own opacity its commands were drawn with (its model opacity, or 1 when that is 0 and an
    /// opacity animation runs, so there is something to fade in).
    public var opacity: CGFloat
    /// A shape layer's model `strokeStart` and `strokeEnd` when one of them animates.
    public var stroke: [CGFloat]?
    /// The display-list index of the stroke to trim again; nil when the trim does not animate.
    public var strokeCommand: Int?
    /// The untrimmed stroke, in the view's coordinates at the model values.
    public var strokePath: [PathElement]?
}

extension AddedLayerAnimation {
    /// This animation as the page draws it for a property whose model value is `model`; nil when the
    /// page cannot (an additive keyframe animation, an animation of no known kind, keyframes that decode
    /// to nothing). A finite `repeatCount` above 1 gives `passes`.
    func render(property: String, model: [CGFloat]) -> RenderAnimation? {
        let curve = animation.timingFunction?.curve ?? .linear
        let repeatCount = animation.repeatCount
        var render: RenderAnimation
        if let keyframes = animation as? CAKeyframeAnimation {
            let frames = keyframes.frames(count: model.count)
            guard !keyframes.isAdditive, let first = frames.first, let last = frames.last else { return nil }
            render = RenderAnimation(id: id, property: property, from: first, to: last, begin: begin, duration: duration, curve: curve,
                                     autoreverses: animation.autoreverses, repeats: repeatCount.isInfinite)
            render.keyframes = frames
            render.keyTimes = keyframes.keyTimes(count: frames.count, frames: frames)
            render.discrete = keyframes.calculationMode == .discrete
            render.segmentCurves = keyframes.timingFunctions.map { functions in
                functions.prefix(frames.count - 1).map { function in
                    let p = function.curve.controlPoints ?? (0, 0, 1, 1)
                    return [p.x1, p.y1, p.x2, p.y2]
                }
            }
            render.absolute = true
        } else if let basic = animation as? CABasicAnimation {
            let (from, to) = ends(model: model, current: model)
            render = RenderAnimation(id: id, property: property, from: from, to: to, begin: begin, duration: duration, curve: curve,
                                     autoreverses: basic.autoreverses, repeats: repeatCount.isInfinite)
            render.absolute = !basic.isAdditive
        } else {
            return nil
        }
        if repeatCount > 1, repeatCount.isFinite { render.passes = Double(repeatCount) }
        return render
    }
}

extension CAKeyframeAnimation {
    /// The keyframes as numbers of `count` components: a `path`'s points (flattened), else the `values`
    /// that decode to that many.
    func frames(count: Int) -> [[CGFloat]] {
        if let path { return path.polygons().flatMap { $0.points.map { [$0.x, $0.y] } } }
        return (values ?? []).compactMap(LayerKeyPath.decode).filter { $0.count == count }
    }
}

extension CALayer {
    /// The key paths of a sublayer the page animates, by the name it draws them under.
    static let sublayerKeyPaths: [String: String] = [
        "position": "position", "position.x": "position.x", "position.y": "position.y", "opacity": "opacity",
        "transform": "transform", "transform.scale": "transform.scale", "transform.rotation": "transform.rotation.z",
        "transform.rotation.z": "transform.rotation.z", "strokeStart": "strokeStart", "strokeEnd": "strokeEnd",
    ]

    /// This standalone layer's animations the page can draw, in the order added.
    private var drawableAnimations: [(AddedLayerAnimation, String, [CGFloat])] {
        addedAnimations.compactMap { added in
            guard let keyPath = added.keyPath, let name = Self.sublayerKeyPaths[keyPath],
                  let model = LayerKeyPath.value(keyPath, of: self) else { return nil }
            return (added, name, model)
        }
    }

    /// Whether an opacity animation runs, so the layer is drawn even at model opacity 0.
    var fadesIn: Bool { drawableAnimations.contains { $0.1 == "opacity" } }

    /// Whether the shape's trim animates (and the page can trim it: a solid stroke).
    var trimAnimates: Bool { drawableAnimations.contains { $0.1 == "strokeStart" || $0.1 == "strokeEnd" } }

    /// Records this sublayer's drawable animations in `context` for the commands from `first` on, which it
    /// has just drawn with `parent` (its superlayer's coordinates to the view's) and own opacity `opacity`;
    /// `only` keeps those of some key paths (a view's own layer: its trim, the rest are the view's properties).
    func recordAnimations(in context: CGContext, from first: Int, parent: CGAffineTransform, opacity: CGFloat,
                          stroke: (index: Int, path: [PathElement])?, only: Set<String>? = nil) {
        let drawable = drawableAnimations.filter { only?.contains($0.1) ?? true }
        guard !drawable.isEmpty else { return }
        let t = owner == nil ? CATransform3DGetAffineTransform(transform) : .identity
        let shape = self as? CAShapeLayer
        let group = RenderSublayer(
            firstCommand: first, commandCount: context.commandCount - first, parent: [parent.a, parent.b, parent.c, parent.d, parent.tx, parent.ty],
            position: owner == nil ? [position.x, position.y] : [0, 0], transform: [t.a, t.b, t.c, t.d, t.tx, t.ty], opacity: opacity,
            stroke: stroke == nil ? nil : shape.map { [$0.strokeStart, $0.strokeEnd] },
            strokeCommand: stroke?.index, strokePath: stroke?.path)
        for (added, name, model) in drawable {
            guard var render = added.render(property: name, model: model), render.absolute else { continue }
            render.sublayer = group
            context.sublayerAnimations.append(render)
        }
    }
}

extension UIView {
    /// The display list the page paints — what `draw(_:)` drew, then the layer's shapes and sublayers —
    /// and the animations of those sublayers, their commands counted in that list.
    var renderedDrawing: (displayList: [DrawCommand]?, sublayerAnimations: [RenderAnimation]) {
        let (layered, animations) = layer.renderCommands()
        guard !layered.isEmpty else { return (displayList, []) }
        let offset = displayList?.count ?? 0
        return ((displayList ?? []) + layered, animations.map { animation in
            var moved = animation
            moved.sublayer?.firstCommand += offset
            moved.sublayer?.strokeCommand? += offset
            return moved
        })
    }
}

extension [PathPolygon] {
    /// The polygons as display-list path elements: a move, lines, and a close for a closed one.
    var drawElements: [PathElement] {
        flatMap { polygon -> [PathElement] in
            guard let first = polygon.points.first else { return [] }
            return [.move(first)] + polygon.points.dropFirst().map { .line($0) } + (polygon.closed ? [.close] : [])
        }
    }
}
