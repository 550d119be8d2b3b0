import Foundation

/// One animation a layer runs: the copy `add(_:forKey:)` made, when it began, and its timer.
final class AddedLayerAnimation {
    let key: String?
    let animation: CAAnimation
    let id: Int
    /// Engine time its active time begins (the add plus `beginTime`).
    let begin: TimeInterval
    /// Seconds of one pass (the transaction's duration when the animation's is 0).
    let duration: TimeInterval
    var token: TimerToken?
    var groups: [CATransaction.CompletionGroup]
    /// It ran its whole time (kept only with `isRemovedOnCompletion` false).
    var ended = false
    /// Made by a property change, not `add(_:forKey:)`: not logged.
    var isImplicit = false

    init(key: String?, animation: CAAnimation, id: Int, begin: TimeInterval, duration: TimeInterval, groups: [CATransaction.CompletionGroup]) {
        self.key = key
        self.animation = animation
        self.id = id
        self.begin = begin
        self.duration = duration
        self.groups = groups
    }

    var keyPath: String? { (animation as? CAPropertyAnimation)?.keyPath }
}

extension CALayer {
    /// The application whose clock runs this layer's animations: that of the view at the root of its
    /// superlayers; nil while it is in no window.
    var clock: UIApplication? {
        var layer = self
        while let parent = layer.superlayer { layer = parent }
        return layer.owner?.window?.application
    }

    /// The name the log gives this layer: its view's, else its `name`, else its class.
    var traceName: String { owner?.traceName ?? name ?? String(describing: type(of: self)) }

    /// Adds a copy of `anim` (UIKIT-CA-EXPLICIT): it changes what is drawn (`presentation()`), never the
    /// model; the same key replaces the animation running under it; at its end it is removed (the layer
    /// shows its model again) unless `isRemovedOnCompletion` is false, and the delegate hears
    /// `animationDidStop(_:finished: true)`.
    public func add(_ anim: CAAnimation, forKey key: String?) { add(anim, forKey: key, implicit: false) }

    func add(_ anim: CAAnimation, forKey key: String?, implicit: Bool) {
        let copy = anim.copy()
        if let key { removeAnimation(forKey: key) }
        let application = clock
        let duration = copy.duration > 0 ? copy.duration : CATransaction.animationDuration()
        let added = AddedLayerAnimation(
            key: key, animation: copy, id: application?.animator.numberAnimation() ?? 0,
            begin: (application?.currentTime ?? 0) + max(copy.beginTime.isFinite ? copy.beginTime : 0, 0),
            duration: duration.isFinite ? max(duration, 0) : 0, groups: CATransaction.noteAdded())
        added.isImplicit = implicit
        addedAnimations.append(added)
        if let application {
            if !implicit { application.record(.animation("layer animation \(added.id) began: \(traceName).\(added.keyPath ?? "?")"
                                          + (key.map { " key \($0)" } ?? "") + " over \(LogNumber.milliseconds(added.duration)) ms")) }
            if let active = copy.activeTime(duration: added.duration) {
                added.token = application.schedule(after: added.begin - application.currentTime + active) { [weak self, weak added] in
                    guard let self, let added else { return }
                    self.end(added, finished: true)
                }
            }
        }
        copy.delegate?.animationDidStart(copy)
    }

    /// Removes the animation under `key` at once: the delegate hears `finished: false`.
    public func removeAnimation(forKey key: String) {
        for added in addedAnimations where added.key == key { end(added, finished: false) }
    }

    /// The copy running under `key`; nil when none.
    public func animation(forKey key: String) -> CAAnimation? {
        addedAnimations.last { $0.key == key }?.animation
    }

    /// Ends `added`: removed unless it finished and is kept, then the delegate and the transactions hear of it.
    func end(_ added: AddedLayerAnimation, finished: Bool) {
        guard addedAnimations.contains(where: { $0 === added }), !added.ended else { return }
        if let token = added.token { clock?.cancelScheduled(token) }
        added.token = nil
        if !finished || added.animation.isRemovedOnCompletion {
            addedAnimations.removeAll { $0 === added }
        } else {
            added.ended = true
            noteRenderChange()
        }
        if !added.isImplicit { clock?.record(.animation("layer animation \(added.id) " + (finished ? "ended" : "removed") + " (finished \(finished))")) }
        added.animation.delegate?.animationDidStop(added.animation, finished: finished)
        let groups = added.groups
        added.groups = []
        for group in groups { group.finishOne() }
    }

    /// Every layer animation ends, unfinished.
    func removeAddedAnimations() {
        for added in addedAnimations { end(added, finished: false) }
        addedAnimations.removeAll()
    }

    /// `copy`'s values with every added animation applied at `time`, in the order added: a
    /// non-additive one replaces the value so far, an additive one adds to it.
    func applyAddedAnimations(to copy: CALayer, at time: TimeInterval) {
        for added in addedAnimations {
            guard let keyPath = added.keyPath, let current = LayerKeyPath.value(keyPath, of: copy),
                  let model = LayerKeyPath.value(keyPath, of: self),
                  let value = added.value(model: model, current: current, at: time) else { continue }
            LayerKeyPath.set(keyPath, value, on: copy)
        }
    }

    /// This standalone layer's model values on `copy` (a view's layer copies its view's presentation instead).
    func copyModel(to copy: CALayer) {
        copy.bounds = bounds
        copy.position = position
        copy.anchorPoint = anchorPoint
        copy.opacity = opacity
        copy.isHidden = isHidden
        copy.masksToBounds = masksToBounds
        copy.backgroundColor = backgroundColor
        copy.transform = transform
        copy.cornerRadius = cornerRadius
        copy.borderWidth = borderWidth
        copy.borderColor = borderColor
        copy.name = name
        guard let shape = self as? CAShapeLayer, let copyShape = copy as? CAShapeLayer else { return }
        copyShape.path = shape.path
        copyShape.fillColor = shape.fillColor
        copyShape.strokeColor = shape.strokeColor
        copyShape.lineWidth = shape.lineWidth
        copyShape.lineCap = shape.lineCap
        copyShape.lineJoin = shape.lineJoin
        copyShape.fillRule = shape.fillRule
        copyShape.strokeStart = shape.strokeStart
        copyShape.strokeEnd = shape.strokeEnd
    }

    /// The view-layer animations the page can draw: basic and keyframe animations of `position`,
    /// `opacity`, `bounds`, `transform` and `backgroundColor`, once, for a number of passes or for ever.
    var renderLayerAnimations: [RenderAnimation] {
        addedAnimations.compactMap { added in
            guard let keyPath = added.keyPath, let property = LayerKeyPath.viewProperty(keyPath),
                  let model = LayerKeyPath.value(keyPath, of: self) else { return nil }
            return added.render(property: property.rawValue, model: model)
        }
    }
}

extension AddedLayerAnimation {
    /// The value at `time` given the layer's model value and the value so far; nil when it shows nothing then.
    func value(model: [CGFloat], current: [CGFloat], at time: TimeInterval) -> [CGFloat]? {
        guard let fraction = animation.fraction(atElapsed: time - begin, duration: duration) else { return nil }
        var value: [CGFloat]
        if let keyframes = animation as? CAKeyframeAnimation {
            guard let v = keyframes.value(at: fraction, count: model.count) else { return nil }
            value = v
        } else {
            let (from, to) = ends(model: model, current: current)
            value = zip(from, to).map { $0 + ($1 - $0) * CGFloat(fraction) }
        }
        guard value.count == current.count else { return nil }
        if (animation as? CAPropertyAnimation)?.isAdditive == true { value = zip(current, value).map { $0 + $1 } }
        return value
    }

    /// A basic animation's two ends: nil `fromValue` is the value so far, nil `toValue` the model;
    /// `byValue` is relative to whichever end is set (UIKIT-CA-EXPLICIT).
    func ends(model: [CGFloat], current: [CGFloat]) -> ([CGFloat], [CGFloat]) {
        guard let basic = animation as? CABasicAnimation else { return (model, model) }
        let from = LayerKeyPath.decode(basic.fromValue).flatMap { $0.count == model.count ? $0 : nil }
        let to = LayerKeyPath.decode(basic.toValue).flatMap { $0.count == model.count ? $0 : nil }
        let by = LayerKeyPath.decode(basic.byValue).flatMap { $0.count == model.count ? $0 : nil }
        func plus(_ a: [CGFloat], _ b: [CGFloat]) -> [CGFloat] { zip(a, b).map { $0 + $1 } }
        func minus(_ a: [CGFloat], _ b: [CGFloat]) -> [CGFloat] { zip(a, b).map { $0 - $1 } }
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, plus(f, b))
        case (nil, let t?, let b?): return (minus(t, b), t)
        case (let f?, nil, nil): return (f, model)
        case (nil, let t?, nil): return (current, t)
        case (nil, nil, let b?): return (current, plus(current, b))
        case (nil, nil, nil): return (current, model)
        }
    }
}

extension CAKeyframeAnimation {
    /// The value at eased time `fraction`: the segment between the key times around it, paced by its
    /// timing function; `discrete` holds each value until the next key time; a `path` is followed by length.
    func value(at fraction: Double, count: Int) -> [CGFloat]? {
        let frames = frames(count: count)
        guard let first = frames.first else { return nil }
        guard frames.count > 1 else { return first }
        let times = keyTimes(count: frames.count, frames: frames)
        let index = min(max((times.lastIndex { $0 <= fraction } ?? 0), 0), frames.count - 2)
        if calculationMode == .discrete { return fraction >= 1 ? frames[frames.count - 1] : frames[index] }
        let span = times[index + 1] - times[index]
        var local = span > 0 ? min(max((fraction - times[index]) / span, 0), 1) : 1
        if let functions = timingFunctions, index < functions.count { local = functions[index].value(at: local) }
        return zip(frames[index], frames[index + 1]).map { $0 + ($1 - $0) * CGFloat(local) }
    }

    /// `keyTimes` when they fit, else evenly spaced (by length along a `path`).
    func keyTimes(count: Int, frames: [[CGFloat]]) -> [Double] {
        if path == nil, let keyTimes, keyTimes.count == count { return keyTimes.map(\.doubleValue) }
        if path != nil {
            var lengths = [0.0]
            for i in 1..<frames.count {
                lengths.append(lengths[i - 1] + Double(hypot(frames[i][0] - frames[i - 1][0], frames[i][1] - frames[i - 1][1])))
            }
            if let total = lengths.last, total > 0 { return lengths.map { $0 / total } }
        }
        return (0..<count).map { Double($0) / Double(count - 1) }
    }
}

extension CALayer {
    /// A standalone layer's animatable property changed (UIKIT-CA-IMPLICIT): in a window and unless the
    /// transaction disables actions, it animates from what was drawn to the new model value over the
    /// transaction's duration (0.25 s) with its timing function (`default`'s curve when none), under
    /// the key path as key. A view's own layer never animates by itself (its view answers no action
    /// outside an animation block). Implicit animations are not logged.
    func implicitAction(_ keyPath: String, from old: Any) {
        guard owner == nil, let application = clock, !CATransaction.disableActions(),
              let oldModel = LayerKeyPath.decode(old), let model = LayerKeyPath.value(keyPath, of: self), oldModel != model else { return }
        var drawn = oldModel
        for added in addedAnimations where added.keyPath == keyPath {
            if let value = added.value(model: oldModel, current: drawn, at: application.currentTime) { drawn = value }
        }
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = drawn
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        add(animation, forKey: keyPath, implicit: true)
    }
}
