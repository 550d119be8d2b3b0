import TouchKit

/// Applies read actions to a running app, each preceded by a note in the event log. Views and
/// recognizers are found by their log names in the windows, then among a declarative scene's
/// removed ones. What the app cannot do at that moment (a name gone, a view moving into its own
/// subview) is noted and skipped, as app code would check before acting.
struct SceneActionPerformer {
    let application: UIApplication
    /// The running declarative scene, if the scene is one.
    let controller: DeclarativeSceneViewController?

    /// The declarative scene `application` shows, if any.
    static func controller(of application: UIApplication) -> DeclarativeSceneViewController? {
        application.windows.lazy.compactMap { $0.rootViewController as? DeclarativeSceneViewController }.first
    }

    func view(_ name: String) -> UIView? {
        for window in application.windows {
            if let found = Self.find(name, in: window) { return found }
        }
        return controller?.views[name]
    }

    func recognizer(_ name: String) -> UIGestureRecognizer? {
        application.windows.lazy.compactMap { RecognizerNames.find(name, in: $0) }.first ?? controller?.recognizers[name]
    }

    private static func find(_ name: String, in view: UIView) -> UIView? {
        if view.traceName == name { return view }
        for subview in view.subviews {
            if let found = find(name, in: subview) { return found }
        }
        return nil
    }

    /// A reader that checks names and values against this app as it is now.
    func reader() -> SceneActionReader {
        SceneActionReader(
            viewSpec: { name in
                if let spec = controller?.viewSpecs[name] { return spec }
                guard let view = view(name) else { return nil }
                return ViewSpec(id: name, kind: ViewSpec.Kind(describing: view), frame: FrameSpec(view.frame))
            },
            recognizerSpec: { name in
                controller?.recognizerSpecs[name] ?? recognizer(name).map { RecognizerSpec(describing: $0, name: name) }
            },
            canMove: { name, target in
                guard let moving = view(name), let parent = view(target) else { return false }
                return !(moving is UIWindow) && !parent.isDescendant(of: moving)
            },
            isDeclarative: controller != nil, recognizerClasses: controller?.recognizerClasses,
            shape: controller.map { SceneShape(controller: $0) })
    }

    /// Performs `actions` in order, noting each as `prefix: description`. Only the system's
    /// cancellation of every touch (resigning active) can fail, on a bad time. An action that would
    /// take the scene past its limits (`SceneShape`: a timeline entry after `act` added views) is
    /// skipped with a note.
    func perform(_ actions: [NamedAction], prefix: String, at time: TimeInterval? = nil) {
        var shape = controller.map { SceneShape(controller: $0) }
        for named in actions {
            let note = "\(prefix): \(named.description)"
            if let problem = shape?.apply(named.action) ?? perform(named.action, at: time ?? application.currentTime, note: note) {
                application.logNote("\(note) skipped: \(problem)")
            }
        }
    }

    /// Performs one action; returns why it could not be, or nil.
    private func perform(_ action: SceneAction, at time: TimeInterval, note: String) -> String? {
        switch action {
        case .firstResponder(let name, let become):
            guard let responder: UIResponder = name == "controller" ? controller ?? application.windows.first?.rootViewController : view(name) else {
                return "no \(name)"
            }
            let accepted = become ? responder.becomeFirstResponder() : responder.resignFirstResponder()
            application.logNote("\(note) → \(accepted)")
            return nil
        case .report(let name, let isRecognizer, let property):
            let value: String? = isRecognizer
                ? recognizer(name).map { SceneReport.value(of: property, of: $0) }
                : view(name).map { SceneReport.value(of: property, of: $0) }
            guard let value else { return "no \(name)" }
            application.logNote("\(note) = \(value)")
            return nil
        default:
            application.logNote(note)
        }
        switch action {
        case .setView(let name, let key, let spec):
            guard let view = view(name) else { return "no view \(name)" }
            if let controller { controller.set(key, of: view, to: spec) } else { setSwiftView(view, key, spec) }
        case .setRecognizer(let name, let key, let spec):
            guard let recognizer = recognizer(name) else { return "no recognizer \(name)" }
            if let controller, controller.recognizers[name] === recognizer {
                controller.set(key, of: recognizer, to: spec)
            } else {
                spec.apply(key, to: recognizer)
            }
        case .addView(let spec, let parentName):
            guard let controller, let parent = view(parentName) else { return "no view \(parentName)" }
            controller.add(spec, to: parent)
        case .addRecognizer(let spec):
            controller?.install(spec)
        case .removeView(let name):
            view(name)?.removeFromSuperview()
        case .moveView(let name, let target):
            guard let moving = view(name), let parent = view(target), !parent.isDescendant(of: moving) else {
                return "a view cannot move into itself or its subviews"
            }
            parent.addSubview(moving)
        case .removeRecognizer(let name):
            guard let recognizer = recognizer(name) else { return "no recognizer \(name)" }
            recognizer.view?.removeGestureRecognizer(recognizer)
        case .moveRecognizer(let name, let target):
            guard let recognizer = recognizer(name), let view = view(target) else { return "no recognizer \(name) or view \(target)" }
            view.addGestureRecognizer(recognizer)
        case .relate(let relationship):
            if let controller {
                controller.relate(relationship, lookup: recognizer)
            } else if case .requireToFail(let waiting, let other) = relationship, let other = recognizer(other) {
                recognizer(waiting)?.require(toFail: other)
            }
        case .unrelate(let relationship):
            let undone = controller?.unrelate(relationship, lookup: recognizer) ?? Self.unrelate(relationship, lookup: recognizer)
            if !undone { return "there is no such relationship" }
        case .remoteControl(let begin):
            if begin { application.beginReceivingRemoteControlEvents() } else { application.endReceivingRemoteControlEvents() }
        case .resignActive:
            do { try application.resignActive(at: time) } catch { return "\(error)" }
        case .becomeActive:
            do { try application.becomeActive(at: time) } catch { return "\(error)" }
        case .animate(let name, let spec):
            guard let view = view(name) else { return "no view \(name)" }
            animate(view, name: name, spec)
        case .removeAnimations(let name):
            view(name)?.layer.removeAllAnimations()
        case .layerAnimation(let name, let spec):
            guard let view = view(name) else { return "no view \(name)" }
            let animation = spec.animation()
            animation.delegate = LayerAnimationReporter(application: application, name: name)
            view.layer.add(animation, forKey: spec.key)
        case .firstResponder, .report:
            break
        }
        return nil
    }

    /// Takes back a Swift scene's `require(toFail:)`; whether there was one.
    private static func unrelate(_ relationship: RelationshipSpec, lookup: (String) -> UIGestureRecognizer?) -> Bool {
        guard case .requireToFail(let waiting, let other) = relationship, let other = lookup(other) else { return false }
        return lookup(waiting)?.removeFailureRequirement(other) ?? false
    }

    /// A view of a Swift scene has no spec to keep: the value goes straight to the view.
    private func setSwiftView(_ view: UIView, _ key: String, _ spec: ViewSpec) {
        if key == "frame" || key == "contentSize" {
            DeclarativeSceneViewController.place(view, spec)
        } else {
            ViewSpec.properties[key]?.apply(spec, view)
        }
    }

    private func animate(_ view: UIView, name: String, _ spec: AnimationSpec) {
        UIView.animate(withDuration: spec.duration, delay: spec.delay, options: spec.animationOptions, animations: {
            for change in spec.changes {
                switch change {
                case .centerX(let x): view.center.x = x
                case .centerY(let y): view.center.y = y
                case .alpha(let alpha): view.alpha = alpha
                case .frame(let frame): view.frame = frame
                }
            }
        }, completion: { [weak application] finished in
            application?.logNote("animation of \(name) done(\(finished))")
        })
    }
}
