import TouchKit

/// Reads a list of actions against what the app has: every name must exist (or be added by an
/// earlier action of the list), every value must suit the property and the kind it is set on, so a
/// list is either read whole or rejected with the path of its first problem — nothing half-applied.
struct SceneActionReader {
    /// A view's current spec by name (declared, or derived from a live view of a Swift scene).
    let viewSpec: (String) -> ViewSpec?
    /// A recognizer's current spec by name.
    let recognizerSpec: (String) -> RecognizerSpec?
    /// Whether a view may move under another (not into itself or its subviews).
    let canMove: (String, String) -> Bool
    /// Whether the scene is declarative: adding views and recognizers, simultaneous recognition and
    /// behaviours need its builder and delegates.
    let isDeclarative: Bool
    /// The custom recognizer classes an added recognizer may name; nil: checked later, when the
    /// scene's classes are known (`SceneSpec.checkRecognizerClasses`).
    let recognizerClasses: RecognizerClasses?
    /// The scene's tree and counts, which every action read must keep within the scene limits
    /// (nil: a Swift scene, which actions cannot add to).
    private var shape: SceneShape?

    private var views: [String: ViewSpec] = [:]
    private var recognizers: [String: RecognizerSpec] = [:]

    init(
        viewSpec: @escaping (String) -> ViewSpec?, recognizerSpec: @escaping (String) -> RecognizerSpec?,
        canMove: @escaping (String, String) -> Bool = { _, _ in true }, isDeclarative: Bool,
        recognizerClasses: RecognizerClasses? = nil, shape: SceneShape? = nil
    ) {
        self.viewSpec = viewSpec
        self.recognizerSpec = recognizerSpec
        self.canMove = canMove
        self.isDeclarative = isDeclarative
        self.recognizerClasses = recognizerClasses
        self.shape = shape
    }

    func view(_ name: String) -> ViewSpec? { views[name] ?? viewSpec(name) }
    private func recognizer(_ name: String) -> RecognizerSpec? { recognizers[name] ?? recognizerSpec(name) }

    /// Reads every action of `walker` (an array of 1…`maximum`).
    mutating func read(_ walker: JSONWalker, maximum: Int) throws(SceneError) -> [NamedAction] {
        let items = try walker.array(maxCount: maximum)
        guard !items.isEmpty else { throw walker.error("expected 1–\(maximum) actions") }
        var actions: [NamedAction] = []
        for item in items {
            let action = try read(item)
            if let problem = shape?.apply(action.action) { throw item.error(problem) }
            actions.append(action)
        }
        return actions
    }

    private mutating func read(_ walker: JSONWalker) throws(SceneError) -> NamedAction {
        guard let object = walker.value as? [String: Any], object.count == 1, let verb = object.keys.first,
              let body = walker.field(verb, in: object) else {
            throw walker.error("expected an object with one of \(SceneAction.verbs.joined(separator: ", "))")
        }
        switch verb {
        case "set": return try readSet(body)
        case "add": return try readAdd(body)
        case "remove", "move": return try readRemoveOrMove(body, move: verb == "move")
        case "relate", "unrelate":
            let relationship = try SceneSpec.parseRelationship(body) { recognizer($0) }
            if case .simultaneous = relationship, !isDeclarative {
                throw body.error("simultaneous recognition needs recognizers of a declarative scene (their delegate)")
            }
            let undo = verb == "unrelate"
            let action: SceneAction = undo ? .unrelate(relationship) : .relate(relationship)
            switch relationship {
            case .requireToFail(let waiting, let other):
                return NamedAction(action: action, description: undo ? "\(waiting) no longer requires \(other) to fail" : "\(waiting).require(toFail: \(other))")
            case .simultaneous(let first, let second):
                return NamedAction(action: action, description: "\(first) recognizes \(undo ? "no longer " : "")simultaneously with \(second)")
            }
        case "becomeFirstResponder", "resignFirstResponder":
            let name = try body.string()
            guard name == "controller" || view(name) != nil else { throw body.error("no view named \"\(name)\" (or controller)") }
            let become = verb == "becomeFirstResponder"
            return NamedAction(action: .firstResponder(name, become: become), description: "\(name).\(verb)()")
        case "remoteControl":
            let mode = try body.oneOf(["begin", "end"])
            return NamedAction(action: .remoteControl(begin: mode == "begin"), description: "\(mode)ReceivingRemoteControlEvents")
        case "app":
            let event = try body.oneOf(["willResignActive", "didBecomeActive"])
            return NamedAction(action: event == "willResignActive" ? .resignActive : .becomeActive, description: "application \(event)")
        case "animate": return try readAnimate(body)
        case "layerAnimation": return try readLayerAnimation(body)
        case "report": return try readReport(body)
        case "removeAnimations":
            let name = try body.string()
            guard view(name) != nil else { throw body.error("no view named \"\(name)\"") }
            return NamedAction(action: .removeAnimations(name), description: "\(name).layer.removeAllAnimations()")
        default:
            throw walker.error("unknown action \"\(verb)\" (\(SceneAction.verbs.joined(separator: ", ")))")
        }
    }

    private mutating func readSet(_ body: JSONWalker) throws(SceneError) -> NamedAction {
        let object = try body.object(allowing: ["view", "recognizer", "property", "value"])
        let key = try body.required("property", in: object).string()
        guard let value = body.field("value", in: object) else { throw SceneError(path: "\(body.path).value", message: "required") }
        let text = JSONWalker.text(value.value)
        if let nameWalker = body.field("view", in: object) {
            let name = try nameWalker.string()
            guard var spec = view(name) else { throw nameWalker.error("no view named \"\(name)\"") }
            guard ViewSpec.properties[key] != nil else {
                throw SceneError(path: "\(body.path).property", message: "expected one of \(ViewSpec.properties.keys.sorted().joined(separator: ", "))")
            }
            if let problem = spec.kindProblem(key) { throw SceneError(path: "\(body.path).property", message: problem) }
            if key == "responder", spec.responder == nil, !isDeclarative || ![.view, .button, .control].contains(spec.kind) {
                throw SceneError(path: "\(body.path).property", message: "responder changes only on a view whose class overrides the touch methods: declare it in the scene")
            }
            if key == "cancelsControlTouches", spec.cancelsControlTouches == nil {
                throw SceneError(path: "\(body.path).property", message: "cancelsControlTouches changes only on a scroll view that declares it (its touchesShouldCancel(in:) override)")
            }
            do {
                try spec.read(key, from: value)
            } catch {
                throw SceneError(path: "\(body.path).value", message: error.message)
            }
            views[name] = spec
            return NamedAction(action: .setView(name, property: key, spec), description: "set \(name).\(key) = \(text)")
        }
        let nameWalker = try body.required("recognizer", in: object)
        let name = try nameWalker.string()
        guard var spec = recognizer(name) else { throw nameWalker.error("no recognizer named \"\(name)\"") }
        let names = RecognizerSpec.propertyNames(for: spec.kind)
        guard names.contains(key) else {
            throw SceneError(path: "\(body.path).property", message: "expected one of \(names.sorted().joined(separator: ", ")) (a \(spec.kind.rawValue) recognizer)")
        }
        if !isDeclarative || !spec.isDeclared, RecognizerSpec.declarativeOnly.contains(key) {
            throw SceneError(path: "\(body.path).property", message: "\(key) is for recognizers a declarative scene declares")
        }
        do {
            let viewKind: (String) -> ViewSpec.Kind? = { self.view($0)?.kind }
            try spec.read(key, from: value, viewKind: viewKind)
            try spec.checkTarget(viewKind: viewKind)
        } catch {
            throw SceneError(path: "\(body.path).value", message: error.message)
        }
        recognizers[name] = spec
        return NamedAction(action: .setRecognizer(name, property: key, spec), description: "set \(name).\(key) = \(text)")
    }

    private mutating func readAdd(_ body: JSONWalker) throws(SceneError) -> NamedAction {
        guard isDeclarative else { throw body.error("adding views and recognizers needs a declarative scene") }
        let object = try body.object(allowing: ["view", "recognizer", "to"])
        if let viewWalker = body.field("view", in: object) {
            let parent = try body.field("to", in: object)?.string() ?? "root"
            guard view(parent) != nil else { throw SceneError(path: "\(body.path).to", message: "no view named \"\(parent)\"") }
            var ids: [String: ViewSpec.Kind] = [:]
            var count = 0
            let spec = try SceneSpec.parseView(viewWalker, depth: 1, limits: SceneSpec.Limits(), ids: &ids, count: &count)
            var added: [ViewSpec] = [spec]
            while let next = added.popLast() {
                guard view(next.id) == nil else { throw SceneError(path: "\(viewWalker.path)", message: "a view named \"\(next.id)\" exists") }
                views[next.id] = next
                added.append(contentsOf: next.children)
            }
            return NamedAction(action: .addView(spec, to: parent), description: "add view \(spec.id) to \(parent)")
        }
        guard object["to"] == nil else { throw SceneError(path: "\(body.path).to", message: "a recognizer names its view in its own \"view\" field") }
        let recognizerWalker = try body.required("recognizer", in: object)
        let spec = try SceneSpec.parseRecognizer(recognizerWalker) { name in
            ViewSpec.reservedIDs.contains(name) ? .view : self.view(name)?.kind
        }
        guard recognizer(spec.id) == nil else { throw SceneError(path: "\(recognizerWalker.path).id", message: "a recognizer named \"\(spec.id)\" exists") }
        if let classes = recognizerClasses, let name = spec.className, !classes.contains(name) {
            throw SceneError(path: "\(recognizerWalker.path).class", message: classes.unknownClassMessage(name))
        }
        recognizers[spec.id] = spec
        return NamedAction(action: .addRecognizer(spec), description: "add recognizer \(spec.id) (\(spec.kind.rawValue)) to \(spec.view)")
    }

    private mutating func readRemoveOrMove(_ body: JSONWalker, move: Bool) throws(SceneError) -> NamedAction {
        let object = try body.object(allowing: move ? ["view", "recognizer", "to"] : ["view", "recognizer"])
        var target = ""
        if move {
            let toWalker = try body.required("to", in: object)
            target = try toWalker.string()
            guard view(target) != nil else { throw toWalker.error("no view named \"\(target)\"") }
        }
        if let nameWalker = body.field("view", in: object) {
            let name = try nameWalker.string()
            guard view(name) != nil else { throw nameWalker.error("no view named \"\(name)\"") }
            guard !ViewSpec.reservedIDs.contains(name) else { throw nameWalker.error("the scene's root view and window stay") }
            if move {
                guard canMove(name, target) else { throw SceneError(path: "\(body.path).to", message: "a view cannot move into itself or its subviews") }
                return NamedAction(action: .moveView(name, to: target), description: "move view \(name) to \(target)")
            }
            return NamedAction(action: .removeView(name), description: "remove view \(name)")
        }
        let nameWalker = try body.required("recognizer", in: object)
        let name = try nameWalker.string()
        guard recognizer(name) != nil else { throw nameWalker.error("no recognizer named \"\(name)\"") }
        if move { return NamedAction(action: .moveRecognizer(name, to: target), description: "move recognizer \(name) to \(target)") }
        return NamedAction(action: .removeRecognizer(name), description: "remove recognizer \(name)")
    }

    private func readReport(_ body: JSONWalker) throws(SceneError) -> NamedAction {
        let object = try body.object(allowing: ["view", "recognizer", "property"])
        let propertyWalker = try body.required("property", in: object)
        if let nameWalker = body.field("view", in: object) {
            let name = try nameWalker.string()
            guard view(name) != nil else { throw nameWalker.error("no view named \"\(name)\"") }
            let property = try propertyWalker.oneOf(SceneReport.viewProperties)
            return NamedAction(action: .report(name, recognizer: false, property: property), description: "\(name).\(property)")
        }
        let nameWalker = try body.required("recognizer", in: object)
        let name = try nameWalker.string()
        guard recognizer(name) != nil else { throw nameWalker.error("no recognizer named \"\(name)\"") }
        let property = try propertyWalker.oneOf(SceneReport.recognizerProperties)
        return NamedAction(action: .report(name, recognizer: true, property: property), description: "\(name).\(property)")
    }

    private func readAnimate(_ body: JSONWalker) throws(SceneError) -> NamedAction {
        let object = try body.object(allowing: ["view", "duration", "delay", "options", "to"])
        let nameWalker = try body.required("view", in: object)
        let name = try nameWalker.string()
        guard view(name) != nil else { throw nameWalker.error("no view named \"\(name)\"") }
        var spec = AnimationSpec(
            duration: try body.required("duration", in: object).number(in: 0...60_000) / 1000,
            delay: (try body.field("delay", in: object)?.number(in: 0...60_000) ?? 0) / 1000,
            options: [], changes: [])
        for option in try body.field("options", in: object)?.array(maxCount: 16) ?? [] {
            spec.options.append(try option.oneOf(AnimationSpec.optionNames.keys.sorted()))
        }
        let toWalker = try body.required("to", in: object)
        let changes = try toWalker.object(allowing: ["centerX", "centerY", "alpha", "frame"])
        guard !changes.isEmpty else { throw toWalker.error("expected one or more of alpha, centerX, centerY, frame") }
        for key in changes.keys.sorted() {
            guard let field = toWalker.field(key, in: changes) else { continue }
            switch key {
            case "centerX": spec.changes.append(.centerX(try field.number()))
            case "centerY": spec.changes.append(.centerY(try field.number()))
            case "alpha": spec.changes.append(.alpha(try field.number(in: 0...1)))
            default:
                let parts = try field.array()
                guard parts.count == 4 else { throw field.error("expected [x, y, width, height] in points") }
                spec.changes.append(.frame(CGRect(x: try parts[0].number(), y: try parts[1].number(),
                                                  width: try parts[2].number(in: 0...1e6), height: try parts[3].number(in: 0...1e6))))
            }
        }
        let options = spec.options.isEmpty ? "" : " options [\(spec.options.joined(separator: ", "))]"
        return NamedAction(action: .animate(name, spec), description:
            "animate \(name) to \(JSONWalker.text(toWalker.value)) over \(Int((spec.duration * 1000).rounded())) ms after \(Int((spec.delay * 1000).rounded())) ms\(options)")
    }
}
