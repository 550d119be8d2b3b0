import TouchKit

/// The delegate answers a declarative scene asks for: its `delegate` object (the answer tables by
/// the other recognizer's name, `DelegateSpec.tableMethods`) and its `simultaneous` relationships.
final class SceneRecognizerDelegate: UIGestureRecognizerDelegate {
    let id: String
    var shouldBegin = true
    var receiveInside: FrameSpec?
    var receiveOutside: FrameSpec?
    /// nil: every event; else events with at most this many touches (UIKIT-GESTURE-SHOULD-RECEIVE-EVENT).
    var receiveEventTouchesAtMost: Int?
    var simultaneous: Set<String> = []
    var tables: [String: AnswerTable] = [:]

    init(id: String) { self.id = id }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        let point = touch.location(in: gestureRecognizer.view)
        let view = gestureRecognizer.view
        if let receiveInside, !receiveInside.resolve(in: view).contains(point) { return false }
        if let receiveOutside, receiveOutside.resolve(in: view).contains(point) { return false }
        return true
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive event: UIEvent) -> Bool {
        guard let limit = receiveEventTouchesAtMost else { return true }
        return (event.allTouches?.count ?? 0) <= limit
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        simultaneous.contains(otherGestureRecognizer.traceName)
            || tables["shouldRecognizeSimultaneouslyWith"]?.answer(about: otherGestureRecognizer) == true
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        tables["shouldRequireFailureOf"]?.answer(about: otherGestureRecognizer) == true
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        tables["shouldBeRequiredToFailBy"]?.answer(about: otherGestureRecognizer) == true
    }
}

/// What a declarative recognizer does when it acts (a `set` action may change it).
final class SceneBehaviour {
    var kind: RecognizerSpec.Behaviour
    weak var target: UIView?
    weak var coordinateSpace: UIView?

    init(kind: RecognizerSpec.Behaviour, target: UIView?, coordinateSpace: UIView?) {
        self.kind = kind
        self.target = target
        self.coordinateSpace = coordinateSpace
    }

    func perform(_ recognizer: UIGestureRecognizer) {
        guard let target else { return }
        switch kind {
        case .none:
            break
        case .translate:
            guard let pan = recognizer as? UIPanGestureRecognizer else { return }
            let translation = pan.translation(in: target.superview)
            target.center = CGPoint(x: target.center.x + translation.x, y: target.center.y + translation.y)
            pan.setTranslation(.zero, in: target.superview)
        case .scale:
            guard let pinch = recognizer as? UIPinchGestureRecognizer else { return }
            target.transform = target.transform.scaledBy(x: pinch.scale, y: pinch.scale)
            pinch.scale = 1
        case .rotate:
            guard let rotation = recognizer as? UIRotationGestureRecognizer else { return }
            target.transform = target.transform.rotated(by: rotation.rotation)
            rotation.rotation = 0
        case .moveTo:
            target.center = recognizer.location(in: target.superview)
        case .alphaWhileActive:
            target.alpha = recognizer.state == .began || recognizer.state == .changed ? 0.5 : 1
        case .clearDrawing:
            (target as? DrawLinesView)?.clearAll()
        }
    }
}
