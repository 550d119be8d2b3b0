import Foundation

/// One `animate` call in flight: what it changed, when, and how (UIKIT-ANIM-MODEL-VALUES).
final class ViewAnimation {
    struct Part {
        weak var view: UIView?
        let property: AnimatableProperty
        let from: [CGFloat]
        let to: [CGFloat]
    }

    let id: Int
    /// Engine time the movement starts (the call's time plus the delay).
    let begin: TimeInterval
    let duration: TimeInterval
    let curve: AnimationCurve
    let options: UIView.AnimationOptions
    let parts: [Part]
    var completion: ((Bool) -> Void)?
    var token: TimerToken?
    /// Views locked for hit-testing (no `.allowUserInteraction`).
    var locked: [Weak] = []
    /// The property animator whose fraction moves it; nil for an `animate` call, which runs on its own clock.
    var driver: UIViewPropertyAnimator?
    /// The driver's eased value when this block joined it: the block runs from there to the end
    /// (UIKIT-ANIMATOR-ADD).
    var joinedAt: Double = 0

    struct Weak { weak var view: UIView? }

    init(id: Int, begin: TimeInterval, duration: TimeInterval, curve: AnimationCurve, options: UIView.AnimationOptions,
         parts: [Part], completion: ((Bool) -> Void)?) {
        self.id = id
        self.begin = begin
        self.duration = duration
        self.curve = curve
        self.options = options
        self.parts = parts
        self.completion = completion
    }

    /// Fraction of the change reached at `time` before easing: 0 before `begin` (the presentation
    /// holds the old value during the delay), 1 at the end; `.autoreverse` goes back to 0 over a
    /// second duration, `.repeat` starts over.
    func progress(at time: TimeInterval) -> Double {
        let elapsed = time - begin
        guard elapsed > 0, duration > 0 else { return 0 }
        var x = elapsed / duration
        let autoreverse = options.contains(.autoreverse)
        if options.contains(.repeat) {
            x = autoreverse ? x.truncatingRemainder(dividingBy: 2) : x.truncatingRemainder(dividingBy: 1)
        }
        if autoreverse { x = x <= 1 ? x : 2 - x }
        return min(max(x, 0), 1)
    }

    /// The eased fraction of the change drawn at `time`: the curve at `progress`, or the part of its
    /// driver's value past `joinedAt`.
    func eased(at time: TimeInterval) -> Double {
        guard let driver else { return curve.value(at: progress(at: time)) }
        guard joinedAt < 1 else { return 1 }
        return min(max((driver.segment.value(at: time) - joinedAt) / (1 - joinedAt), 0), 1)
    }

    /// How long after `begin` it ends by itself; nil with `.repeat`.
    var length: TimeInterval? {
        options.contains(.repeat) ? nil : duration * (options.contains(.autoreverse) ? 2 : 1)
    }
}

/// The animations of one application: starts them, ends them on the engine clock, and answers
/// presentation values and the interaction lock.
final class ViewAnimator {
    private unowned let application: UIApplication
    private(set) var active: [ViewAnimation] = []

    /// A property animator and its blocks hold each other while it is active (its blocks, their driver); an
    /// application that goes away with one still paused or running lets its blocks go of the driver, so
    /// neither outlives it.
    deinit {
        for animation in active { animation.driver = nil }
    }
    private var nextID = 1
    private var nextAnimatorID = 1

    init(application: UIApplication) { self.application = application }

    /// Runs `animations` as one `animate` call. Called inside another call's block (nested), it takes
    /// that block's duration and curve unless `options` override them (UIKIT-ANIM-NESTED).
    static func run(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, curve: AnimationCurve,
                    animations: () -> Void, completion: ((Bool) -> Void)?) {
        let outer = AnimationTransaction.current?.timing
        var inherited: [String] = []
        var duration = duration, curve = curve
        if let outer, !options.contains(.overrideInheritedDuration) {
            duration = outer.duration
            inherited.append("duration")
        }
        if let outer, !options.contains(.overrideInheritedCurve) {
            curve = outer.curve
            inherited.append("curve")
        }
        let transaction = AnimationTransaction(timing: AnimationTransaction.Timing(duration: duration, curve: curve))
        AnimationTransaction.$current.withValue(transaction) { animations() }
        let parts = transaction.changes.compactMap { change -> ViewAnimation.Part? in
            let to = change.property.value(of: change.view)
            return to == change.from ? nil : ViewAnimation.Part(view: change.view, property: change.property, from: change.from, to: to)
        }
        let views = transaction.changes.map(\.view)
        guard let application = views.lazy.compactMap({ $0.window?.application }).first else {
            completion?(true)
            return
        }
        application.animator.start(parts: parts, duration: duration, delay: delay, options: options, curve: curve,
                                   inherited: inherited, completion: completion)
    }

    /// Runs `animations` for a property animator: the parts it changed join `driver` at its value
    /// `joinedAt`; nil when it changed nothing animatable in an application.
    static func join(_ driver: UIViewPropertyAnimator, joinedAt: Double, animations: () -> Void) -> ViewAnimation? {
        let transaction = AnimationTransaction(timing: nil)
        AnimationTransaction.$current.withValue(transaction) { animations() }
        let parts = transaction.changes.compactMap { change -> ViewAnimation.Part? in
            let to = change.property.value(of: change.view)
            return to == change.from ? nil : ViewAnimation.Part(view: change.view, property: change.property, from: change.from, to: to)
        }
        guard !parts.isEmpty, let application = parts.lazy.compactMap({ $0.view?.window?.application }).first else { return nil }
        return application.animator.add(parts: parts, driver: driver, joinedAt: joinedAt)
    }

    private func add(parts: [ViewAnimation.Part], driver: UIViewPropertyAnimator, joinedAt: Double) -> ViewAnimation {
        driver.meet(application)
        let animation = ViewAnimation(id: nextID, begin: application.currentTime, duration: driver.duration, curve: driver.segment.curve,
                                      options: driver.isUserInteractionEnabled ? .allowUserInteraction : [], parts: parts, completion: nil)
        animation.driver = driver
        animation.joinedAt = joinedAt
        nextID += 1
        active.append(animation)
        attach(animation)
        application.record(.animation("animation \(animation.id) joined animator \(driver.id): " + propertyList(animation)))
        return animation
    }

    /// A new layer animation's number: it shares the `animate` calls' numbering (the page tells them apart by it).
    func numberAnimation() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// A new property animator's number, for the log.
    func numberAnimator() -> Int {
        defer { nextAnimatorID += 1 }
        return nextAnimatorID
    }

    /// Presents `animation`'s parts on their views' layers and locks the views without `.allowUserInteraction`.
    private func attach(_ animation: ViewAnimation) {
        var seen: [ObjectIdentifier] = []
        for part in animation.parts {
            guard let view = part.view else { continue }
            view.layer.propertyAnimations.append(PropertyAnimation(animation: animation, part: part))
            if !animation.options.contains(.allowUserInteraction), !seen.contains(ObjectIdentifier(view)) {
                seen.append(ObjectIdentifier(view))
                view.animationLocks += 1
                animation.locked.append(ViewAnimation.Weak(view: view))
            }
        }
    }

    private func propertyList(_ animation: ViewAnimation) -> String {
        animation.parts.compactMap { part in part.view.map { "\($0.traceName).\(part.property.rawValue)" } }.joined(separator: ", ")
    }

    private func start(parts: [ViewAnimation.Part], duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
                       curve: AnimationCurve, inherited: [String], completion: ((Bool) -> Void)?) {
        guard duration > 0, duration.isFinite, !parts.isEmpty else {
            if let completion { application.schedule(after: 0) { completion(true) } }
            return
        }
        let animation = ViewAnimation(id: nextID, begin: application.currentTime + max(delay.isFinite ? delay : 0, 0), duration: duration,
                                      curve: curve, options: options, parts: parts, completion: completion)
        nextID += 1
        active.append(animation)
        attach(animation)
        application.record(.animation(startText(animation) + (inherited.isEmpty ? "" : ", nested: inherits its \(inherited.joined(separator: " and "))")))
        if let length = animation.length {
            animation.token = application.schedule(after: animation.begin - application.currentTime + length) { [weak self, weak animation] in
                guard let self, let animation else { return }
                self.finish(animation, finished: true, reason: nil)
            }
        }
    }

    private func startText(_ animation: ViewAnimation) -> String {
        var flags = [animation.curve.name]
        if animation.options.contains(.repeat) { flags.append("repeat") }
        if animation.options.contains(.autoreverse) { flags.append("autoreverse") }
        flags.append(animation.options.contains(.allowUserInteraction) ? "interaction allowed" : "interaction off")
        let delay = Int(((animation.begin - application.currentTime) * 1000).rounded())
        return "animation \(animation.id) began: \(propertyList(animation)) over \(Int((animation.duration * 1000).rounded())) ms"
            + (delay > 0 ? " after \(delay) ms" : "") + ", " + flags.joined(separator: ", ")
    }

    /// Ends `animation`: views stop presenting it and are unlocked, the log says why, then its
    /// completion runs with `finished`.
    func finish(_ animation: ViewAnimation, finished: Bool, reason: String?) {
        guard let index = active.firstIndex(where: { $0 === animation }) else { return }
        active.remove(at: index)
        if let token = animation.token, !finished { application.cancelScheduled(token) }
        for part in animation.parts {
            part.view?.layer.propertyAnimations.removeAll { $0.animation === animation || $0.animation == nil }
        }
        for entry in animation.locked { entry.view?.animationLocks -= 1 }
        application.record(.animation("animation \(animation.id) " + (finished ? "ended" : "interrupted: \(reason ?? "removed")")
                                      + " (finished \(finished))"))
        let completion = animation.completion
        animation.completion = nil
        completion?(finished)
    }

    /// `layer.removeAllAnimations()`: every animation involving `view` ends at once, unfinished.
    func removeAnimations(of view: UIView) {
        for animation in active where animation.parts.contains(where: { $0.view === view }) {
            finish(animation, finished: false, reason: "removeAllAnimations on \(view.traceName)")
        }
    }

    /// Views under `root` are leaving their window: their animations end, unfinished.
    func viewsLeftWindow(_ root: UIView) {
        for animation in active {
            guard let part = animation.parts.first(where: { $0.view?.isDescendant(of: root) == true }), let view = part.view else { continue }
            finish(animation, finished: false, reason: "\(view.traceName) left the window")
        }
    }

    /// The animation that locks `view` for touches, for the log.
    func lockingAnimation(of view: UIView) -> ViewAnimation? {
        active.first { animation in animation.locked.contains { $0.view === view } }
    }
}

/// One property of one view in one animation, as the view's layer keeps it.
struct PropertyAnimation {
    weak var animation: ViewAnimation?
    let part: ViewAnimation.Part
}
