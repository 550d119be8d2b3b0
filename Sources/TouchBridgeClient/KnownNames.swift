import TouchBridgeProtocol

/// Every name a session has seen — views and controls of the render tree, the recognizer list of full
/// renders, what the log and the client's own `act` additions named — so an expectation that names
/// something the scene does not have is an error, not a silent pass (a misspelled control under
/// `expectNo` would otherwise always pass).
struct KnownNames: Sendable {
    private(set) var recognizers: Set<String> = []
    private(set) var views: Set<String> = []
    private(set) var controls: Set<String> = []
    private(set) var responders: Set<String> = []

    /// `UIControl.Event` names the log uses (combined events are joined with `|`).
    static let controlEvents: Set<String> = [
        "touchDown", "touchDownRepeat", "touchDragInside", "touchDragOutside", "touchDragEnter", "touchDragExit",
        "touchUpInside", "touchUpOutside", "touchCancel", "valueChanged", "primaryActionTriggered",
        "menuActionTriggered", "editingDidBegin", "editingChanged", "editingDidEnd", "editingDidEndOnExit",
    ]
    /// The keys of a transition's `values` (docs/protocol.md §7).
    static let valueKeys: Set<String> = ["location", "numberOfTouches", "translation", "velocity", "scale", "rotation", "direction"]

    mutating func learn(_ render: RenderMessage) {
        for recognizer in render.recognizers ?? [] { recognizers.insert(recognizer.name) }
        for op in render.ops {
            switch op {
            case .create(_, _, _, _, let name, let props):
                views.insert(name)
                if case .value = props.control { controls.insert(name) }
            default:
                break
            }
        }
    }

    mutating func learn(_ entry: LogEntry) {
        if let recognizer = entry.recognizer { recognizers.insert(recognizer) }
        if let responder = entry.responder { responders.insert(responder) }
        if let control = entry.control { controls.insert(control) }
        if entry.kind == "hitTest" { views.formUnion(entry.path ?? []) }
    }

    /// Views and recognizers an `act` added (with their children).
    mutating func learn(actions: [JSONValue]) {
        for action in actions {
            guard case .object(let members) = action, case .object(let added)? = members["add"] else { continue }
            if case .object(let recognizer)? = added["recognizer"], case .string(let id)? = recognizer["id"] { recognizers.insert(id) }
            var pending = [added["view"]].compactMap { $0 }
            while let view = pending.popLast() {
                guard case .object(let fields) = view else { continue }
                if case .string(let id)? = fields["id"] { views.insert(id) }
                if case .array(let children)? = fields["children"] { pending += children }
            }
        }
    }

    /// Why `match` cannot be about this session (a name it has never seen), or nil.
    func complaint(about match: LogMatch) -> String? {
        if let name = match.fields["recognizer"], !recognizers.contains(name) { return Self.unknown("recognizer", name, recognizers) }
        for field in ["responder", "forwardedFrom"] {
            if let name = match.fields[field], !Self.isUnnamedResponder(name), !views.union(responders).contains(name) {
                return Self.unknown("responder", name, views.union(responders))
            }
        }
        if let name = match.fields["control"], !controls.contains(name) { return Self.unknown("control", name, controls) }
        if let event = match.event, match.kind == "controlEvent", !Self.controlEvents.contains(event) {
            return "\"\(event)\" is not a control event (\(Self.controlEvents.sorted().joined(separator: ", ")))"
        }
        if let view = match.hitView, !views.contains(view) { return Self.unknown("view", view, views) }
        if let key = match.values.keys.sorted().first(where: { !Self.valueKeys.contains($0) }) {
            return "\"\(key)\" is not a transition value (\(Self.valueKeys.sorted().joined(separator: ", ")))"
        }
        return nil
    }

    /// The scene's view controller and objects without a name (`Class#id`) are responders the render tree does not list.
    private static func isUnnamedResponder(_ name: String) -> Bool {
        name == "controller" || name.contains("#")
    }

    private static func unknown(_ what: String, _ name: String, _ known: Set<String>) -> String {
        "no \(what) named \"\(name)\" in this scene (\(what)s: \(known.isEmpty ? "none" : known.sorted().joined(separator: ", ")))"
    }
}
