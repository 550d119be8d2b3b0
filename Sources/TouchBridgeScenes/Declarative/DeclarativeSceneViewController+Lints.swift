import TouchKit

extension DeclarativeSceneViewController {
    /// The lints of the scene as it stands (docs/margins-and-lints.md): its window's recognizer graph,
    /// with what the spec says about its views and delegates.
    package func lints() -> [GestureLint] {
        guard let root = view.window ?? view else { return [] }
        return GestureLinter.lint(root, hints: DeclarativeLintHints(recognizers: Array(recognizers.values)))
    }
}

/// What a declarative scene's specs tell the linter: which views handle touches (`responder: log`, drawing
/// views), which frames a delegate excludes, hit shapes, a delegate that never lets its recognizer begin,
/// and recognizers on no view.
struct DeclarativeLintHints: GestureLintHints {
    /// Every recognizer the scene declared or added, attached or not.
    let recognizers: [UIGestureRecognizer]

    func handlesTouches(_ view: UIView) -> Bool {
        (view as? SceneView)?.handlesTouches == true || view is DrawLinesView
    }

    func excludes(_ view: UIView, from recognizer: UIGestureRecognizer) -> Bool {
        guard let delegate = recognizer.delegate as? SceneRecognizerDelegate, let owner = recognizer.view else { return false }
        let frame = owner.convert(view.bounds, from: view)
        if let outside = delegate.receiveOutside, outside.resolve(in: owner).contains(frame) { return true }
        if let inside = delegate.receiveInside, !inside.resolve(in: owner).intersects(frame) { return true }
        return false
    }

    func enlargesHitArea(_ view: UIView) -> Bool {
        (view as? HitShaped)?.hitShape != nil
    }

    func refusesToBegin(_ recognizer: UIGestureRecognizer) -> Bool {
        (recognizer.delegate as? SceneRecognizerDelegate)?.shouldBegin == false
    }

    var detachedRecognizers: [UIGestureRecognizer] {
        recognizers.filter { $0.view == nil }.sorted { $0.traceName < $1.traceName }
    }
}
