import TouchKit

/// Builds a `SceneSpec` into a running view hierarchy with its recognizers, relationships and
/// behaviours. Recognizers get the spec's ids as names, views their ids as accessibility identifiers,
/// so the event log reads like the JSON.
public final class DeclarativeSceneViewController: UIViewController {
    /// The scene being shown.
    public let spec: SceneSpec
    /// The classes `custom` recognizers name.
    public let recognizerClasses: RecognizerClasses
    private(set) var views: [String: UIView] = [:]
    private(set) var recognizers: [String: UIGestureRecognizer] = [:]
    private var delegates: [SceneRecognizerDelegate] = []
    private var windowRecognizers: [UIGestureRecognizer] = []

    /// `recognizerClasses` must have every class the spec's `custom` recognizers name
    /// (`SceneSpec.checkRecognizerClasses`); one it lacks is left out.
    public init(spec: SceneSpec, recognizerClasses: RecognizerClasses = .builtIn) {
        self.spec = spec
        self.recognizerClasses = recognizerClasses
        super.init()
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    public override func viewDidLoad() {
        view.accessibilityIdentifier = "root"
        view.backgroundColor = spec.background.flatMap { UIColor(hex: $0.hex) } ?? .white
        for child in spec.views { view.addSubview(build(child)) }
        for recognizerSpec in spec.recognizers { install(recognizerSpec) }
        for relationship in spec.relationships {
            switch relationship {
            case .requireToFail(let waiting, let other):
                recognizers[waiting]?.require(toFail: recognizers[other]!)
            case .simultaneous(let first, let second):
                delegate(for: first).simultaneous.insert(second)
                delegate(for: second).simultaneous.insert(first)
            }
        }
    }

    /// The size image placeholders are measured against (the portrait design the examples use).
    static let designSize = CGSize(width: 400, height: 800)

    /// Every view's frame from its spec against its superview's bounds, top-down, so relative
    /// frames follow rotations and resizes; scroll views without a `contentSize` get their
    /// children's extent.
    public override func viewDidLayoutSubviews() {
        func apply(_ specs: [ViewSpec], in parent: UIView) {
            for spec in specs {
                guard let view = views[spec.id] else { continue }
                var frame = spec.frame.resolve(in: parent.bounds.size)
                if view is UISwitch { frame.size = view.bounds.size }
                view.frame = frame
                apply(spec.children, in: view)
                if let scrollView = view as? UIScrollView {
                    scrollView.contentSize = spec.contentSize ?? spec.children.compactMap { views[$0.id]?.frame }.reduce(CGRect.zero) { $0.union($1) }.size
                }
            }
        }
        apply(spec.views, in: view)
    }

    private func build(_ spec: ViewSpec) -> UIView {
        let view: UIView
        switch spec.kind {
        case .view:
            let sceneView = SceneView(frame: .zero)
            sceneView.handlesTouches = spec.responder == .log
            sceneView.hitShape = spec.hitShape
            view = sceneView
        case .label:
            let label = UILabel(frame: .zero)
            label.text = spec.text
            label.numberOfLines = 0
            view = label
        case .image:
            view = UIImageView(image: UIImage(named: spec.image ?? spec.id, size: spec.frame.resolve(in: Self.designSize).size))
        case .drawing:
            view = DrawLinesView(frame: .zero)
        case .button:
            let button = SceneButton(type: .system)
            button.hitShape = spec.hitShape
            button.setTitle(spec.text, for: .normal)
            view = button
        case .switch:
            view = UISwitch(frame: .zero)
        case .slider:
            view = UISlider(frame: .zero)
        case .control:
            let control = SceneControl(frame: .zero)
            control.hitShape = spec.hitShape
            view = control
        case .scrollView:
            let scrollView = UIScrollView(frame: .zero)
            if let value = spec.delaysContentTouches { scrollView.delaysContentTouches = value }
            if let value = spec.canCancelContentTouches { scrollView.canCancelContentTouches = value }
            if let value = spec.bounces { scrollView.bounces = value }
            if let value = spec.alwaysBounceVertical { scrollView.alwaysBounceVertical = value }
            if let value = spec.alwaysBounceHorizontal { scrollView.alwaysBounceHorizontal = value }
            view = scrollView
        }
        view.accessibilityIdentifier = spec.id
        if let color = spec.color { view.backgroundColor = UIColor(hex: color.hex) }
        view.layer.cornerRadius = spec.cornerRadius
        if let enabled = spec.isUserInteractionEnabled { view.isUserInteractionEnabled = enabled }
        if spec.kind == .label && spec.isUserInteractionEnabled == nil { view.isUserInteractionEnabled = false }
        view.isHidden = spec.isHidden
        view.alpha = spec.alpha
        if spec.kind != .drawing { view.isMultipleTouchEnabled = spec.isMultipleTouchEnabled }
        view.isExclusiveTouch = spec.isExclusiveTouch
        views[spec.id] = view
        for child in spec.children { view.addSubview(build(child)) }
        return view
    }

    private func install(_ spec: RecognizerSpec) {
        guard let recognizer = makeRecognizer(spec) else { return }
        recognizer.name = spec.id
        if let value = spec.flags["cancelsTouchesInView"] { recognizer.cancelsTouchesInView = value }
        if let value = spec.flags["delaysTouchesBegan"] { recognizer.delaysTouchesBegan = value }
        if let value = spec.flags["delaysTouchesEnded"] { recognizer.delaysTouchesEnded = value }
        if let value = spec.flags["enabled"] { recognizer.isEnabled = value }
        let target = spec.target.flatMap { views[$0] } ?? views[spec.view] ?? view
        let behaviour = SceneBehaviour(kind: spec.behaviour, target: target, coordinateSpace: view)
        recognizer.addHandler { behaviour.perform($0) }
        recognizers[spec.id] = recognizer
        if let delegateSpec = spec.delegate {
            let delegate = delegate(for: spec.id)
            delegate.shouldBegin = delegateSpec.shouldBegin ?? true
            delegate.receiveInside = delegateSpec.receiveInside
            delegate.receiveOutside = delegateSpec.receiveOutside
        }
        if spec.view == "window" {
            windowRecognizers.append(recognizer)
        } else {
            (spec.view == "root" ? view : views[spec.view])?.addGestureRecognizer(recognizer)
        }
    }

    /// Recognizers on the window join it once the scene is in one.
    public override func viewDidAppear(_ animated: Bool) {
        for recognizer in windowRecognizers { view.window?.addGestureRecognizer(recognizer) }
        windowRecognizers.removeAll()
    }

    private func makeRecognizer(_ spec: RecognizerSpec) -> UIGestureRecognizer? {
        func int(_ key: String) -> Int? { spec.properties[key].map { Int($0) } }
        func value(_ key: String) -> CGFloat? { spec.properties[key].map { CGFloat($0) } }
        switch spec.kind {
        case .tap:
            let tap = UITapGestureRecognizer()
            if let v = int("numberOfTapsRequired") { tap.numberOfTapsRequired = v }
            if let v = int("numberOfTouchesRequired") { tap.numberOfTouchesRequired = v }
            if let v = value("allowableMovement") { tap.allowableMovement = v }
            if let v = spec.properties["maximumTapDuration"] { tap.maximumTapDuration = v }
            if let v = spec.properties["maximumIntervalBetweenSuccessiveTaps"] { tap.maximumIntervalBetweenSuccessiveTaps = v }
            return tap
        case .longPress:
            let press = UILongPressGestureRecognizer()
            if let v = spec.properties["minimumPressDuration"] { press.minimumPressDuration = v }
            if let v = value("allowableMovement") { press.allowableMovement = v }
            if let v = int("numberOfTouchesRequired") { press.numberOfTouchesRequired = v }
            if let v = int("numberOfTapsRequired") { press.numberOfTapsRequired = v }
            return press
        case .pan, .screenEdgePan:
            let pan = spec.kind == .pan ? UIPanGestureRecognizer() : UIScreenEdgePanGestureRecognizer()
            if let v = int("minimumNumberOfTouches") { pan.minimumNumberOfTouches = v }
            if let v = int("maximumNumberOfTouches") { pan.maximumNumberOfTouches = v }
            if let v = value("hysteresis") { pan.hysteresis = v }
            if let edge = pan as? UIScreenEdgePanGestureRecognizer {
                if let v = value("edgeBandWidth") { edge.edgeBandWidth = v }
                let names: [String: UIRectEdge] = ["top": .top, "left": .left, "bottom": .bottom, "right": .right]
                edge.edges = UIRectEdge(spec.edges.compactMap { names[$0] })
            }
            return pan
        case .swipe:
            let swipe = UISwipeGestureRecognizer()
            if let v = int("numberOfTouchesRequired") { swipe.numberOfTouchesRequired = v }
            if let v = spec.properties["maximumDuration"] { swipe.maximumDuration = v }
            if let v = value("minimumPrimaryMovement") { swipe.minimumPrimaryMovement = v }
            if let v = value("maximumSecondaryMovement") { swipe.maximumSecondaryMovement = v }
            if !spec.direction.isEmpty {
                let names: [String: UISwipeGestureRecognizer.Direction] = ["right": .right, "left": .left, "up": .up, "down": .down]
                swipe.direction = UISwipeGestureRecognizer.Direction(spec.direction.compactMap { names[$0] })
            }
            return swipe
        case .pinch:
            let pinch = UIPinchGestureRecognizer()
            if let v = value("hysteresis") { pinch.hysteresis = v }
            return pinch
        case .rotation:
            let rotation = UIRotationGestureRecognizer()
            if let v = value("hysteresis") { rotation.hysteresis = v }
            return rotation
        case .custom:
            return spec.className.flatMap(recognizerClasses.make)
        }
    }

    private func delegate(for id: String) -> SceneRecognizerDelegate {
        if let existing = delegates.first(where: { $0.id == id }) { return existing }
        let delegate = SceneRecognizerDelegate(id: id)
        delegates.append(delegate)
        recognizers[id]?.delegate = delegate
        return delegate
    }
}

/// The delegate answers a declarative scene asks for.
final class SceneRecognizerDelegate: UIGestureRecognizerDelegate {
    let id: String
    var shouldBegin = true
    var receiveInside: FrameSpec?
    var receiveOutside: FrameSpec?
    var simultaneous: Set<String> = []

    init(id: String) { self.id = id }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { shouldBegin }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        let point = touch.location(in: gestureRecognizer.view)
        let bounds = gestureRecognizer.view?.bounds.size ?? .zero
        if let receiveInside, !receiveInside.resolve(in: bounds).contains(point) { return false }
        if let receiveOutside, receiveOutside.resolve(in: bounds).contains(point) { return false }
        return true
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        otherGestureRecognizer.name.map(simultaneous.contains) ?? false
    }
}

/// What a declarative recognizer does when it acts.
struct SceneBehaviour {
    let kind: RecognizerSpec.Behaviour
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
