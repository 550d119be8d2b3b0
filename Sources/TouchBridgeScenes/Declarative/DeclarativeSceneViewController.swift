import TouchKit

/// Builds a `SceneSpec` into a running view hierarchy with its recognizers, relationships and
/// behaviours, and applies the app-side changes of its `timeline` and of `act` messages. Recognizers
/// get the spec's ids as names, views their ids as accessibility identifiers, so the event log reads
/// like the JSON; the controller itself is `controller` in the log.
package final class DeclarativeSceneViewController: UIViewController {
    /// The scene being shown.
    package let spec: SceneSpec
    /// The classes `custom` recognizers name.
    package let recognizerClasses: RecognizerClasses
    /// Every view and recognizer the scene declared or added, by id — removed ones too, so an action
    /// can put them back.
    private(set) var views: [String: UIView] = [:]
    private(set) var viewSpecs: [String: ViewSpec] = [:]
    private(set) var recognizers: [String: UIGestureRecognizer] = [:]
    private(set) var recognizerSpecs: [String: RecognizerSpec] = [:]
    private var behaviours: [String: SceneBehaviour] = [:]
    private var delegates: [SceneRecognizerDelegate] = []
    private var windowRecognizers: [UIGestureRecognizer] = []
    /// Views with an autoresizing mask already placed from their spec (UIKit resizes them since).
    private var autoresized: Set<ObjectIdentifier> = []

    /// `recognizerClasses` must have every class the spec's `custom` recognizers name
    /// (`SceneSpec.checkRecognizerClasses`); one it lacks is left out.
    package init(spec: SceneSpec, recognizerClasses: RecognizerClasses = .builtIn) {
        self.spec = spec
        self.recognizerClasses = recognizerClasses
        super.init()
    }

    package required init?(coder: NSCoder) {
        return nil
    }

    package override var traceName: String { "controller" }

    package override func viewDidLoad() {
        view.accessibilityIdentifier = "root"
        view.backgroundColor = spec.background.flatMap { UIColor(hex: $0.hex) } ?? .white
        for child in spec.views { view.addSubview(build(child)) }
        for recognizerSpec in spec.recognizers { install(recognizerSpec) }
        for relationship in spec.relationships { relate(relationship) }
    }

    /// Recognizers on the window join it once the scene is in one, and the timeline starts: each
    /// entry is an engine timer, so an input at its instant is handled first (`UIApplication.advance`).
    package override func viewDidAppear(_ animated: Bool) {
        for recognizer in windowRecognizers { view.window?.addGestureRecognizer(recognizer) }
        windowRecognizers.removeAll()
        guard let application = view.window?.application else { return }
        for entry in spec.timeline {
            application.schedule(after: entry.t / 1000) { [weak self, weak application] in
                guard let self, let application else { return }
                SceneActionPerformer(application: application, controller: self).perform(entry.actions, prefix: "timeline")
            }
        }
    }

    /// The size image placeholders are measured against (the portrait design the examples use).
    static let designSize = CGSize(width: 400, height: 800)

    /// Every scene view's frame from its spec (the variant for the window's size classes, if one matches)
    /// against its superview's bounds or safe area, top-down, so relative frames follow rotations, resizes,
    /// safe-area changes and moves; scroll views without a `contentSize` get their children's extent.
    package override func loadView() {
        view = spec.controller.logsLayout ? LayoutLoggingRootView(frame: .zero) : UIView(frame: .zero)
    }

    package override func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {
        layoutNote("willTransition(to: \(newCollection))")
        super.willTransition(to: newCollection, with: coordinator)
    }

    package override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        layoutNote("viewWillTransition(to: \(SceneReport.number(size.width))×\(SceneReport.number(size.height))) bounds \(SceneReport.text(view.bounds))")
        super.viewWillTransition(to: size, with: coordinator)
    }

    package override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        layoutNote("traitCollectionDidChange(previous: \(previousTraitCollection.map(\.description) ?? "nil"))")
    }

    package override func viewWillLayoutSubviews() {
        layoutNote("viewWillLayoutSubviews")
    }

    package override func viewDidLayoutSubviews() {
        layout(view)
        layoutNote("viewDidLayoutSubviews bounds \(SceneReport.text(view.bounds))")
    }

    private func layout(_ parent: UIView) {
        for child in parent.subviews {
            let spec = child.accessibilityIdentifier.flatMap { views[$0] === child ? viewSpecs[$0] : nil }
            if let spec, spec.autoresizing == nil || autoresized.insert(ObjectIdentifier(child)).inserted { Self.place(child, spec) }
            layout(child)
            if let spec, spec.contentSize == nil, let scrollView = child as? UIScrollView {
                scrollView.contentSize = scrollView.subviews.filter { $0.accessibilityIdentifier.flatMap { views[$0] } === $0 }
                    .map(\.frame).reduce(CGRect.zero) { $0.union($1) }.size
            }
        }
    }

    /// Gives `spec`'s frame (and content size) to `view`, against its superview's bounds.
    static func place(_ view: UIView, _ spec: ViewSpec) {
        var frame = spec.frame(for: view.traitCollection).resolve(in: view.superview)
        if view is UISwitch { frame.size = view.bounds.size }
        view.frame = frame
        if let position = spec.position { view.center = position }
        if let contentSize = spec.contentSize { (view as? UIScrollView)?.contentSize = contentSize }
    }

    // MARK: Views

    private func build(_ spec: ViewSpec) -> UIView {
        let view: UIView
        // A view whose class overrides nothing stays UIKit's class (the render names the class).
        let overrides = spec.responder != nil || spec.tracking != nil
        switch spec.kind {
        case .view: view = SceneView(frame: .zero)
        case .label:
            let label = overrides ? SceneLabel(frame: .zero) : UILabel(frame: .zero)
            label.numberOfLines = 0
            view = label
        case .image: view = overrides ? SceneImageView(image: nil) : UIImageView(image: nil)
        case .drawing: view = overrides ? SceneDrawingView(frame: .zero) : DrawLinesView(frame: .zero)
        case .button: view = SceneButton(type: .system)
        case .switch: view = overrides ? SceneSwitch(frame: .zero) : UISwitch(frame: .zero)
        case .slider: view = overrides ? SceneSlider(frame: .zero) : UISlider(frame: .zero)
        case .control: view = SceneControl(frame: .zero)
        case .scrollView:
            view = spec.cancelsControlTouches == nil && !overrides ? UIScrollView(frame: .zero) : SceneScrollView(frame: .zero)
        }
        view.accessibilityIdentifier = spec.id
        for (_, property) in ViewSpec.properties.sorted(by: { $0.key < $1.key }) { property.apply(spec, view) }
        views[spec.id] = view
        viewSpecs[spec.id] = spec
        for child in spec.children { view.addSubview(build(child)) }
        return view
    }

    /// Adds a view built from `spec` (with its children) under `parent`, laid out at once.
    func add(_ spec: ViewSpec, to parent: UIView) {
        let child = build(spec)
        parent.addSubview(child)
        Self.place(child, spec)
        layout(child)
    }

    /// Changes one property of a scene view (`ViewSpec.properties`), keeping its spec for layout.
    func set(_ key: String, of view: UIView, to spec: ViewSpec) {
        if views[spec.id] === view { viewSpecs[spec.id] = spec }
        if ViewSpec.placedProperties.contains(key) {
            ViewSpec.properties[key]?.apply(spec, view)
            Self.place(view, spec)
            layout(view)
        } else {
            ViewSpec.properties[key]?.apply(spec, view)
        }
    }

    // MARK: Recognizers

    /// Creates, configures and attaches a recognizer (to the window once the scene is in one).
    func install(_ spec: RecognizerSpec) {
        guard let recognizer = spec.makeRecognizer(classes: recognizerClasses) else { return }
        recognizer.name = spec.id
        for key in RecognizerSpec.propertyNames(for: spec.kind).sorted() { spec.apply(key, to: recognizer) }
        (recognizer as? OverridableGestureRecognizer)?.overrides = spec.overrides ?? [:]
        let behaviour = SceneBehaviour(kind: spec.behaviour, target: behaviourTarget(spec), coordinateSpace: view)
        recognizer.addHandler { behaviour.perform($0) }
        behaviours[spec.id] = behaviour
        recognizers[spec.id] = recognizer
        recognizerSpecs[spec.id] = spec
        if let delegateSpec = spec.delegate { configureDelegate(spec.id, delegateSpec) }
        if spec.view == "window" {
            if let window = view.window { window.addGestureRecognizer(recognizer) } else { windowRecognizers.append(recognizer) }
        } else {
            (spec.view == "root" ? view : views[spec.view])?.addGestureRecognizer(recognizer)
        }
    }

    /// Changes one property of a scene recognizer, its behaviour or its delegate's answers.
    func set(_ key: String, of recognizer: UIGestureRecognizer, to spec: RecognizerSpec) {
        recognizerSpecs[spec.id] = spec
        switch key {
        case "behaviour", "target":
            behaviours[spec.id]?.kind = spec.behaviour
            behaviours[spec.id]?.target = behaviourTarget(spec)
        case "delegate":
            if let delegateSpec = spec.delegate { configureDelegate(spec.id, delegateSpec) }
        case "overrides":
            (recognizer as? OverridableGestureRecognizer)?.overrides = spec.overrides ?? [:]
        default:
            spec.apply(key, to: recognizer)
        }
    }

    /// Makes a relationship between recognizers `lookup` finds by name (by default the scene's and
    /// its scroll views' own, `pager.pan`). Simultaneity is a delegate answer: a scroll view's own
    /// recognizers keep their scroll view as delegate, so only the scene's side answers.
    func relate(_ relationship: RelationshipSpec, lookup: ((String) -> UIGestureRecognizer?)? = nil) {
        let find = lookup ?? { [unowned self] name in recognizers[name] ?? RecognizerNames.find(name, in: view) }
        switch relationship {
        case .requireToFail(let waiting, let other):
            if let other = find(other) { find(waiting)?.require(toFail: other) }
        case .simultaneous(let first, let second):
            if recognizers[first] != nil { delegate(for: first).simultaneous.insert(second) }
            if recognizers[second] != nil { delegate(for: second).simultaneous.insert(first) }
        }
    }

    private func behaviourTarget(_ spec: RecognizerSpec) -> UIView? {
        spec.target.flatMap { views[$0] } ?? views[spec.view] ?? view
    }

    private func configureDelegate(_ id: String, _ spec: DelegateSpec) {
        let delegate = delegate(for: id)
        delegate.shouldBegin = spec.shouldBegin ?? true
        delegate.receiveInside = spec.receiveInside
        delegate.receiveOutside = spec.receiveOutside
        delegate.receiveEventTouchesAtMost = spec.receiveEventTouchesAtMost
        delegate.tables = spec.tables
    }

    private func delegate(for id: String) -> SceneRecognizerDelegate {
        if let existing = delegates.first(where: { $0.id == id }) { return existing }
        let delegate = SceneRecognizerDelegate(id: id)
        delegates.append(delegate)
        recognizers[id]?.delegate = delegate
        return delegate
    }

    // MARK: The controller as a responder (`controller.responder`)

    /// A controller that logs overrides every touch, motion and remote-control method without
    /// calling super, so events that bubble to it (UIKIT-RESPONDER-NEXT: a root view's next responder is its
    /// controller) stop there.
    private var handlesEvents: Bool { spec.controller.responder == .log }

    package override var canBecomeFirstResponder: Bool { spec.controller.canBecomeFirstResponder }

    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handlesEvents { super.touchesBegan(touches, with: event) }
    }

    package override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handlesEvents { super.touchesMoved(touches, with: event) }
    }

    package override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handlesEvents { super.touchesEnded(touches, with: event) }
    }

    package override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !handlesEvents { super.touchesCancelled(touches, with: event) }
    }

    package override func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if !handlesEvents { super.motionBegan(motion, with: event) }
    }

    package override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if !handlesEvents { super.motionEnded(motion, with: event) }
    }

    package override func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if !handlesEvents { super.motionCancelled(motion, with: event) }
    }

    package override func remoteControlReceived(with event: UIEvent?) {
        if !handlesEvents { super.remoteControlReceived(with: event) }
    }
}
