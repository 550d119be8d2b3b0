import TouchKit

/// The declarative recognizer properties: one list reads scenes (`recognizers[…]`) and run-time
/// changes (`set` actions), and gives the values to live recognizers.
extension RecognizerSpec {
    /// Numeric properties each kind has, with their ranges.
    static let numericProperties: [Kind: [String: ClosedRange<Double>]] = [
        .tap: ["numberOfTapsRequired": 1...10, "numberOfTouchesRequired": 1...10, "allowableMovement": 0...10_000,
               "maximumTapDuration": 0...60, "maximumIntervalBetweenSuccessiveTaps": 0...60],
        .longPress: ["minimumPressDuration": 0...60, "allowableMovement": 0...10_000, "numberOfTouchesRequired": 1...10,
                     "numberOfTapsRequired": 0...10],
        .pan: ["minimumNumberOfTouches": 1...10, "maximumNumberOfTouches": 1...10, "hysteresis": 0...10_000],
        .screenEdgePan: ["minimumNumberOfTouches": 1...10, "maximumNumberOfTouches": 1...10, "hysteresis": 0...10_000,
                         "edgeBandWidth": 0...10_000],
        .swipe: ["numberOfTouchesRequired": 1...10, "maximumDuration": 0...60, "minimumPrimaryMovement": 0...10_000,
                 "maximumSecondaryMovement": 0...10_000],
        .pinch: ["hysteresis": 0...10_000],
        .rotation: ["hysteresis": 0...10_000],
    ]
    /// UIGestureRecognizer's flags, every kind.
    static let flagNames = ["cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded", "enabled"]
    /// What the scene makes of a recognizer (its action, delegate and a custom class's overrides): only
    /// declarative scenes have them.
    static let declarativeOnly: Set<String> = ["behaviour", "target", "delegate", "overrides"]

    /// Every property a recognizer of `kind` has besides `id`, `kind`, `view` and `class`.
    static func propertyNames(for kind: Kind) -> Set<String> {
        var names = declarativeOnly.union(flagNames).union(numericProperties[kind]?.keys.map { $0 } ?? [])
        if kind != .custom { names.remove("overrides") }
        if kind == .swipe { names.insert("direction") }
        if kind == .screenEdgePan { names.insert("edges") }
        return names
    }

    /// Reads property `key` (one of `propertyNames(for: kind)`) from `walker`.
    mutating func read(_ key: String, from walker: JSONWalker, viewKind: (String) -> ViewSpec.Kind?) throws(SceneError) {
        switch key {
        case "direction":
            direction = try walker.array(maxCount: 4).map { item throws(SceneError) in try item.oneOf(["right", "left", "up", "down"]) }
        case "edges":
            edges = try walker.array(maxCount: 4).map { item throws(SceneError) in try item.oneOf(["top", "left", "bottom", "right"]) }
        case "behaviour":
            behaviour = Behaviour(rawValue: try walker.oneOf(Behaviour.allCases.map(\.rawValue)))!
        case "target":
            let name = try walker.string()
            guard viewKind(name) != nil else { throw walker.error("no view with id '\(name)'") }
            target = name
        case "delegate":
            let fields = try walker.object(allowing: Set(["shouldBegin", "shouldReceiveInside", "shouldReceiveOutside", "shouldReceiveEvent"]
                + DelegateSpec.tableMethods))
            delegate = DelegateSpec(
                shouldBegin: try walker.field("shouldBegin", in: fields)?.bool(),
                receiveInside: try walker.field("shouldReceiveInside", in: fields)?.frame(),
                receiveOutside: try walker.field("shouldReceiveOutside", in: fields)?.frame(),
                receiveEventTouchesAtMost: try walker.field("shouldReceiveEvent", in: fields)?.eventAnswer(),
                tables: try walker.answerTables(DelegateSpec.tableMethods, in: fields))
        case "overrides":
            let fields = try walker.object(allowing: Set(RecognizerOverrides.methods))
            overrides = try walker.answerTables(RecognizerOverrides.methods, in: fields)
        case _ where Self.flagNames.contains(key):
            flags[key] = try walker.bool()
        default:
            guard let range = Self.numericProperties[kind]?[key] else {
                throw walker.error("unknown property (allowed: \(Self.propertyNames(for: kind).sorted().joined(separator: ", ")))")
            }
            properties[key] = try walker.number(in: range)
        }
    }

    /// `clearDrawing` needs a drawing view to clear.
    func checkTarget(viewKind: (String) -> ViewSpec.Kind?) throws(SceneError) {
        guard behaviour == .clearDrawing else { return }
        guard let target else { throw SceneError(path: "", message: "clearDrawing needs a target drawing view") }
        guard viewKind(target) == .drawing else { throw SceneError(path: "", message: "clearDrawing needs a view of kind drawing") }
    }

    /// Gives property `key` to `recognizer` (numbers, flags, directions, edges; the scene applies the rest).
    func apply(_ key: String, to recognizer: UIGestureRecognizer) {
        if let flag = flags[key] {
            switch key {
            case "cancelsTouchesInView": recognizer.cancelsTouchesInView = flag
            case "delaysTouchesBegan": recognizer.delaysTouchesBegan = flag
            case "delaysTouchesEnded": recognizer.delaysTouchesEnded = flag
            default: recognizer.isEnabled = flag
            }
            return
        }
        let number = properties[key]
        switch recognizer {
        case let tap as UITapGestureRecognizer:
            switch key {
            case "numberOfTapsRequired": number.map { tap.numberOfTapsRequired = Int($0) }
            case "numberOfTouchesRequired": number.map { tap.numberOfTouchesRequired = Int($0) }
            case "allowableMovement": number.map { tap.allowableMovement = CGFloat($0) }
            case "maximumTapDuration": number.map { tap.maximumTapDuration = $0 }
            case "maximumIntervalBetweenSuccessiveTaps": number.map { tap.maximumIntervalBetweenSuccessiveTaps = $0 }
            default: break
            }
        case let press as UILongPressGestureRecognizer:
            switch key {
            case "minimumPressDuration": number.map { press.minimumPressDuration = $0 }
            case "allowableMovement": number.map { press.allowableMovement = CGFloat($0) }
            case "numberOfTouchesRequired": number.map { press.numberOfTouchesRequired = Int($0) }
            case "numberOfTapsRequired": number.map { press.numberOfTapsRequired = Int($0) }
            default: break
            }
        case let pan as UIPanGestureRecognizer:
            switch key {
            case "minimumNumberOfTouches": number.map { pan.minimumNumberOfTouches = Int($0) }
            case "maximumNumberOfTouches": number.map { pan.maximumNumberOfTouches = Int($0) }
            case "hysteresis": number.map { pan.hysteresis = CGFloat($0) }
            case "edgeBandWidth": number.map { (pan as? UIScreenEdgePanGestureRecognizer)?.edgeBandWidth = CGFloat($0) }
            case "edges":
                let names: [String: UIRectEdge] = ["top": .top, "left": .left, "bottom": .bottom, "right": .right]
                (pan as? UIScreenEdgePanGestureRecognizer)?.edges = UIRectEdge(edges.compactMap { names[$0] })
            default: break
            }
        case let swipe as UISwipeGestureRecognizer:
            switch key {
            case "numberOfTouchesRequired": number.map { swipe.numberOfTouchesRequired = Int($0) }
            case "maximumDuration": number.map { swipe.maximumDuration = $0 }
            case "minimumPrimaryMovement": number.map { swipe.minimumPrimaryMovement = CGFloat($0) }
            case "maximumSecondaryMovement": number.map { swipe.maximumSecondaryMovement = CGFloat($0) }
            case "direction" where !direction.isEmpty:
                let names: [String: UISwipeGestureRecognizer.Direction] = ["right": .right, "left": .left, "up": .up, "down": .down]
                swipe.direction = UISwipeGestureRecognizer.Direction(direction.compactMap { names[$0] })
            default: break
            }
        case let pinch as UIPinchGestureRecognizer:
            if key == "hysteresis" { number.map { pinch.hysteresis = CGFloat($0) } }
        case let rotation as UIRotationGestureRecognizer:
            if key == "hysteresis" { number.map { rotation.hysteresis = CGFloat($0) } }
        default:
            break
        }
    }

    /// A new recognizer of this spec's kind (custom ones from `classes`), before its properties.
    func makeRecognizer(classes: RecognizerClasses) -> UIGestureRecognizer? {
        switch kind {
        case .tap: UITapGestureRecognizer()
        case .longPress: UILongPressGestureRecognizer()
        case .pan: UIPanGestureRecognizer()
        case .screenEdgePan: UIScreenEdgePanGestureRecognizer()
        case .swipe: UISwipeGestureRecognizer()
        case .pinch: UIPinchGestureRecognizer()
        case .rotation: UIRotationGestureRecognizer()
        case .custom: className.flatMap(classes.make)
        }
    }

    /// The spec of a live recognizer a Swift scene made: its kind, no values.
    init(describing recognizer: UIGestureRecognizer, name: String) {
        let kind: Kind = switch recognizer {
        case is UITapGestureRecognizer: .tap
        case is UILongPressGestureRecognizer: .longPress
        case is UIScreenEdgePanGestureRecognizer: .screenEdgePan
        case is UIPanGestureRecognizer: .pan
        case is UISwipeGestureRecognizer: .swipe
        case is UIPinchGestureRecognizer: .pinch
        case is UIRotationGestureRecognizer: .rotation
        default: .custom
        }
        self.init(id: name, kind: kind, className: nil, view: recognizer.view?.traceName ?? "", properties: [:], flags: [:],
                  direction: [], edges: [], behaviour: .none, target: nil, delegate: nil, isDeclared: false)
    }
}

extension ViewSpec.Kind {
    /// The declarative kind a live view of a Swift scene corresponds to.
    init(describing view: UIView) {
        self = switch view {
        case is UIScrollView: .scrollView
        case is UIButton: .button
        case is UISwitch: .switch
        case is UISlider: .slider
        case is UIControl: .control
        case is UILabel: .label
        case is UIImageView: .image
        case is DrawLinesView: .drawing
        default: .view
        }
    }
}
