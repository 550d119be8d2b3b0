import TouchKit

/// A scene view's layer geometry (UIKIT-LAYER-ANCHOR-POINT): `anchorPoint` is the point of the view's box,
/// in unit coordinates, that `center` places and `transform` turns about; `position` (superview points)
/// puts that point somewhere. Layout keeps a scene's declared geometry as `frame`'s setter does: the
/// frame stays where `frame` says whatever the anchor point (as UIKit's `frame` setter keeps the anchor
/// point while it moves the layer), then a declared `position` moves the view so its anchor point sits
/// there. So changing either with `set` re-places the view, as a changed `frame` does.
extension ViewSpec {
    /// The JSON names of the geometry properties, merged into `ViewSpec.properties`.
    static let layerGeometryProperties: [String: ViewProperty] = [
        "anchorPoint": ViewProperty(
            read: { spec, walker throws(SceneError) in spec.anchorPoint = try walker.point(in: -10...10) },
            apply: { spec, view in view.layer.anchorPoint = spec.anchorPoint ?? CGPoint(x: 0.5, y: 0.5) }),
        "position": ViewProperty(
            read: { spec, walker throws(SceneError) in spec.position = try walker.point(in: -1e6...1e6) },
            apply: { _, _ in }),
    ]

    /// The properties layout gives (`DeclarativeSceneViewController.place`): a change re-places the view.
    static let placedProperties: Set<String> = ["frame", "variants", "contentSize", "anchorPoint", "position"]
}

extension JSONWalker {
    /// `[x, y]`, each in `range`.
    func point(in range: ClosedRange<Double>) throws(SceneError) -> CGPoint {
        let parts = try array()
        guard parts.count == 2 else { throw error("expected [x, y]") }
        return CGPoint(x: try parts[0].number(in: range), y: try parts[1].number(in: range))
    }
}
