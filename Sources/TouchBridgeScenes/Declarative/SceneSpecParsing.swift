import Foundation

extension SceneSpec {
    /// Parses and validates a declarative scene. Errors name the offending field.
    public static func parse(_ data: Data, limits: Limits = Limits()) throws(SceneError) -> SceneSpec {
        try parse(root: JSONWalker.parse(data), limits: limits)
    }

    /// Validates a declarative scene already parsed into Foundation values (as `JSONSerialization`
    /// returns them): an inline scene arrives parsed with its message, and turning it back into text
    /// to parse it again cost most of its check, on the thread every client shares.
    public static func parse(foundationObject: Any, limits: Limits = Limits()) throws(SceneError) -> SceneSpec {
        try parse(root: JSONWalker(value: foundationObject, path: ""), limits: limits)
    }

    private static func parse(root: JSONWalker, limits: Limits) throws(SceneError) -> SceneSpec {
        let object = try root.object(allowing: ["name", "title", "description", "background", "views", "recognizers", "relationships", "timeline", "controller", "$schema"])
        let name = try root.required("name", in: object).string()
        guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw SceneError(path: "name", message: "1–64 letters, digits, - or _")
        }
        var spec = SceneSpec(
            name: name,
            title: try root.field("title", in: object)?.string() ?? name,
            summary: try root.field("description", in: object)?.string() ?? "",
            background: try root.field("background", in: object)?.color(),
            views: [], recognizers: [], relationships: [], timeline: [], controller: ControllerSpec())
        var viewIDs: [String: ViewSpec.Kind] = [:]
        var count = 0
        for walker in try root.required("views", in: object).array(maxCount: limits.maximumViews) {
            spec.views.append(try parseView(walker, depth: 1, limits: limits, ids: &viewIDs, count: &count))
        }
        var recognizers: [String: RecognizerSpec] = [:]
        for walker in try root.field("recognizers", in: object)?.array(maxCount: limits.maximumRecognizers) ?? [] {
            let recognizer = try parseRecognizer(walker) { viewIDs[$0] }
            guard recognizers[recognizer.id] == nil, RecognizerNames.spec(recognizer.id, viewKind: { viewIDs[$0] }) == nil else {
                let problem = recognizers[recognizer.id] == nil ? "names a scroll view's own pan" : "duplicate recognizer id"
                throw SceneError(path: "\(walker.path).id", message: "\(problem) '\(recognizer.id)'")
            }
            recognizers[recognizer.id] = recognizer
            spec.recognizers.append(recognizer)
        }
        for walker in try root.field("relationships", in: object)?.array(maxCount: 1000) ?? [] {
            spec.relationships.append(try parseRelationship(walker) { id in
                recognizers[id] ?? RecognizerNames.spec(id, viewKind: { viewIDs[$0] })
            })
        }
        for (index, recognizer) in spec.recognizers.enumerated() {
            try recognizer.checkAnswerNames(delegatePath: "recognizers[\(index)].delegate", overridesPath: "recognizers[\(index)].overrides") { id in
                recognizers[id] != nil || RecognizerNames.spec(id, viewKind: { viewIDs[$0] }) != nil
            }
        }
        if let controller = root.field("controller", in: object) {
            let fields = try controller.object(allowing: ["responder", "canBecomeFirstResponder", "logsLayout"])
            spec.controller.logsLayout = try controller.field("logsLayout", in: fields)?.bool() ?? false
            if let responder = controller.field("responder", in: fields) {
                spec.controller.responder = ViewSpec.Responder(rawValue: try responder.oneOf(ViewSpec.Responder.allCases.map(\.rawValue)))!
            }
            spec.controller.canBecomeFirstResponder = try controller.field("canBecomeFirstResponder", in: fields)?.bool() ?? false
        }
        if let timeline = root.field("timeline", in: object) {
            spec.timeline = try parseTimeline(timeline, spec: spec, limits: limits)
        }
        return spec
    }

    static func parseView(
        _ walker: JSONWalker, depth: Int, limits: Limits, ids: inout [String: ViewSpec.Kind], count: inout Int
    ) throws(SceneError) -> ViewSpec {
        guard depth <= limits.maximumDepth else { throw walker.error("views nest deeper than \(limits.maximumDepth)") }
        count += 1
        guard count <= limits.maximumViews else { throw walker.error("more than \(limits.maximumViews) views") }
        let object = try walker.object(allowing: Set(ViewSpec.properties.keys).union(["id", "kind", "children"]))
        let id = try walker.required("id", in: object).string()
        guard !id.isEmpty, ids[id] == nil, !ViewSpec.reservedIDs.contains(id) else {
            let problem = id.isEmpty ? "must not be empty" : ViewSpec.reservedIDs.contains(id) ? "'\(id)' names the scene's own view" : "duplicate view id '\(id)'"
            throw SceneError(path: "\(walker.path).id", message: problem)
        }
        let kind = ViewSpec.Kind(rawValue: try walker.field("kind", in: object)?.oneOf(ViewSpec.Kind.allCases.map(\.rawValue)) ?? "view")!
        ids[id] = kind
        var view = ViewSpec(id: id, kind: kind, frame: try walker.required("frame", in: object).frame())
        for key in object.keys.sorted() where ViewSpec.properties[key] != nil {
            if let field = walker.field(key, in: object) { try view.read(key, from: field) }
        }
        for child in try walker.field("children", in: object)?.array() ?? [] {
            view.children.append(try parseView(child, depth: depth + 1, limits: limits, ids: &ids, count: &count))
        }
        return view
    }

    /// `viewKind` tells the kind of a view by id (nil: no such view).
    static func parseRecognizer(_ walker: JSONWalker, viewKind: (String) -> ViewSpec.Kind?) throws(SceneError) -> RecognizerSpec {
        guard let raw = walker.value as? [String: Any] else { throw walker.error("expected an object") }
        let kindWalker = try walker.required("kind", in: raw)
        let kind = RecognizerSpec.Kind(rawValue: try kindWalker.oneOf(RecognizerSpec.Kind.allCases.map(\.rawValue)))!
        let object = try walker.object(allowing: RecognizerSpec.propertyNames(for: kind).union(["id", "kind", "view", "class"].filter { $0 != "class" || kind == .custom }))
        let view = try walker.required("view", in: object).string()
        guard viewKind(view) != nil || ViewSpec.reservedIDs.contains(view) else {
            throw SceneError(path: "\(walker.path).view", message: "no view with id '\(view)' (or root, window)")
        }
        var spec = RecognizerSpec(
            id: try walker.required("id", in: object).string(), kind: kind,
            className: kind == .custom ? try walker.required("class", in: object).string() : nil, view: view,
            properties: [:], flags: [:], direction: [], edges: [], behaviour: .none, target: nil, delegate: nil)
        for key in object.keys.sorted() where RecognizerSpec.propertyNames(for: kind).contains(key) {
            if let field = walker.field(key, in: object) { try spec.read(key, from: field, viewKind: viewKind) }
        }
        do {
            try spec.checkTarget(viewKind: viewKind)
        } catch {
            throw SceneError(path: "\(walker.path).target", message: error.message)
        }
        return spec
    }

    /// `recognizer` gives the spec of the recognizer a name names (nil: none). A scroll view's own
    /// recognizers (`pager.pan`) keep their scroll view as delegate, so simultaneity needs a declared
    /// recognizer on one side, whose delegate answers.
    static func parseRelationship(_ walker: JSONWalker, recognizer: (String) -> RecognizerSpec?) throws(SceneError) -> RelationshipSpec {
        let object = try walker.object(allowing: ["requireToFail", "simultaneous"])
        guard object.count == 1, let key = object.keys.first, let pairWalker = walker.field(key, in: object) else {
            throw walker.error("expected exactly one of requireToFail, simultaneous")
        }
        let pair = try pairWalker.array()
        guard pair.count == 2 else { throw pairWalker.error("expected [recognizer, other]") }
        let first = try pair[0].string(), second = try pair[1].string()
        var specs: [RecognizerSpec] = []
        for (id, item) in [(first, pair[0]), (second, pair[1])] {
            guard let spec = recognizer(id) else { throw item.error(RecognizerNames.unknown(id)) }
            specs.append(spec)
        }
        guard first != second else { throw pairWalker.error("a recognizer cannot relate to itself") }
        if key == "simultaneous", !specs.contains(where: \.isDeclared) {
            throw pairWalker.error("\(first) and \(second) keep their own delegates (a scroll view's own recognizers answer to their scroll view): one of them must be a recognizer the scene declares")
        }
        return key == "requireToFail" ? .requireToFail(first, second) : .simultaneous(first, second)
    }
}
