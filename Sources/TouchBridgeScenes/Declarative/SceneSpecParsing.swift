import Foundation

extension SceneSpec {
    /// Parses and validates a declarative scene. Errors name the offending field.
    public static func parse(_ data: Data, limits: Limits = Limits()) throws(SceneError) -> SceneSpec {
        let root = try JSONWalker.parse(data)
        let object = try root.object(allowing: ["name", "title", "description", "background", "views", "recognizers", "relationships", "$schema"])
        let name = try root.required("name", in: object).string()
        guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw SceneError(path: "name", message: "1–64 letters, digits, - or _")
        }
        var spec = SceneSpec(
            name: name,
            title: try root.field("title", in: object)?.string() ?? name,
            summary: try root.field("description", in: object)?.string() ?? "",
            background: try root.field("background", in: object)?.color(),
            views: [], recognizers: [], relationships: [])
        var viewIDs: [String: ViewSpec.Kind] = [:]
        var count = 0
        for walker in try root.required("views", in: object).array(maxCount: limits.maximumViews) {
            spec.views.append(try parseView(walker, depth: 1, limits: limits, ids: &viewIDs, count: &count))
        }
        var recognizerIDs = Set<String>()
        for walker in try root.field("recognizers", in: object)?.array(maxCount: limits.maximumRecognizers) ?? [] {
            let recognizer = try parseRecognizer(walker, viewIDs: viewIDs)
            guard recognizerIDs.insert(recognizer.id).inserted else {
                throw SceneError(path: "\(walker.path).id", message: "duplicate recognizer id '\(recognizer.id)'")
            }
            spec.recognizers.append(recognizer)
        }
        for walker in try root.field("relationships", in: object)?.array(maxCount: 1000) ?? [] {
            spec.relationships.append(try parseRelationship(walker, recognizerIDs: recognizerIDs))
        }
        return spec
    }

    private static func parseView(
        _ walker: JSONWalker, depth: Int, limits: Limits, ids: inout [String: ViewSpec.Kind], count: inout Int
    ) throws(SceneError) -> ViewSpec {
        guard depth <= limits.maximumDepth else { throw walker.error("views nest deeper than \(limits.maximumDepth)") }
        count += 1
        guard count <= limits.maximumViews else { throw walker.error("more than \(limits.maximumViews) views") }
        let object = try walker.object(allowing: [
            "id", "kind", "frame", "color", "cornerRadius", "text", "image", "userInteraction", "hidden", "alpha",
            "multipleTouch", "exclusiveTouch", "responder", "children", "contentSize", "delaysContentTouches", "canCancelContentTouches",
            "bounces", "alwaysBounceVertical", "alwaysBounceHorizontal", "hitShape",
        ])
        let id = try walker.required("id", in: object).string()
        guard !id.isEmpty, ids[id] == nil, !ViewSpec.reservedIDs.contains(id) else {
            let problem = id.isEmpty ? "must not be empty" : ViewSpec.reservedIDs.contains(id) ? "'\(id)' names the scene's own view" : "duplicate view id '\(id)'"
            throw SceneError(path: "\(walker.path).id", message: problem)
        }
        let kind = ViewSpec.Kind(rawValue: try walker.field("kind", in: object)?.oneOf(ViewSpec.Kind.allCases.map(\.rawValue)) ?? "view")!
        ids[id] = kind
        var view = ViewSpec(
            id: id, kind: kind,
            frame: try walker.required("frame", in: object).frame(),
            color: try walker.field("color", in: object)?.color(),
            cornerRadius: try walker.field("cornerRadius", in: object)?.number(in: 0...10_000) ?? 0,
            text: try walker.field("text", in: object)?.string(),
            image: try walker.field("image", in: object)?.string(),
            isUserInteractionEnabled: try walker.field("userInteraction", in: object)?.bool(),
            isHidden: try walker.field("hidden", in: object)?.bool() ?? false,
            alpha: try walker.field("alpha", in: object)?.number(in: 0...1) ?? 1,
            isMultipleTouchEnabled: try walker.field("multipleTouch", in: object)?.bool() ?? false,
            isExclusiveTouch: try walker.field("exclusiveTouch", in: object)?.bool() ?? false,
            responder: ViewSpec.Responder(rawValue: try walker.field("responder", in: object)?.oneOf(ViewSpec.Responder.allCases.map(\.rawValue)) ?? "forward")!,
            children: [],
            contentSize: try walker.field("contentSize", in: object)?.size(),
            delaysContentTouches: try walker.field("delaysContentTouches", in: object)?.bool(),
            canCancelContentTouches: try walker.field("canCancelContentTouches", in: object)?.bool(),
            hitShape: try walker.field("hitShape", in: object)?.hitShape(),
            bounces: try walker.field("bounces", in: object)?.bool(),
            alwaysBounceVertical: try walker.field("alwaysBounceVertical", in: object)?.bool(),
            alwaysBounceHorizontal: try walker.field("alwaysBounceHorizontal", in: object)?.bool())
        let scrollFlags = [view.delaysContentTouches, view.canCancelContentTouches, view.bounces,
                           view.alwaysBounceVertical, view.alwaysBounceHorizontal]
        if kind != .scrollView, view.contentSize != nil || scrollFlags.contains(where: { $0 != nil }) {
            throw walker.error("contentSize, delaysContentTouches, canCancelContentTouches, bounces and alwaysBounceVertical/Horizontal are for kind scrollView")
        }
        if view.hitShape != nil, ![.view, .button, .control].contains(kind) {
            throw SceneError(path: "\(walker.path).hitShape", message: "hitShape is for kinds view, button and control")
        }
        for child in try walker.field("children", in: object)?.array() ?? [] {
            view.children.append(try parseView(child, depth: depth + 1, limits: limits, ids: &ids, count: &count))
        }
        return view
    }

    /// Numeric properties each kind accepts, with their ranges.
    static let numericProperties: [RecognizerSpec.Kind: [String: ClosedRange<Double>]] = [
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
    static let flagNames = ["cancelsTouchesInView", "delaysTouchesBegan", "delaysTouchesEnded", "enabled"]

    private static func parseRecognizer(_ walker: JSONWalker, viewIDs: [String: ViewSpec.Kind]) throws(SceneError) -> RecognizerSpec {
        guard let raw = walker.value as? [String: Any] else { throw walker.error("expected an object") }
        let kindWalker = try walker.required("kind", in: raw)
        let kind = RecognizerSpec.Kind(rawValue: try kindWalker.oneOf(RecognizerSpec.Kind.allCases.map(\.rawValue)))!
        let numeric = numericProperties[kind] ?? [:]
        var allowed: Set<String> = ["id", "kind", "view", "behaviour", "target", "delegate"]
        allowed.formUnion(numeric.keys)
        allowed.formUnion(flagNames)
        if kind == .swipe { allowed.insert("direction") }
        if kind == .custom { allowed.insert("class") }
        if kind == .screenEdgePan { allowed.insert("edges") }
        let object = try walker.object(allowing: allowed)
        let view = try walker.required("view", in: object).string()
        guard viewIDs[view] != nil || ViewSpec.reservedIDs.contains(view) else {
            throw SceneError(path: "\(walker.path).view", message: "no view with id '\(view)' (or root, window)")
        }
        var spec = RecognizerSpec(
            id: try walker.required("id", in: object).string(), kind: kind,
            className: kind == .custom ? try walker.required("class", in: object).string() : nil, view: view,
            properties: [:], flags: [:], direction: [], edges: [],
            behaviour: RecognizerSpec.Behaviour(rawValue: try walker.field("behaviour", in: object)?.oneOf(RecognizerSpec.Behaviour.allCases.map(\.rawValue)) ?? "none")!,
            target: try walker.field("target", in: object)?.string(), delegate: nil)
        for (key, range) in numeric.sorted(by: { $0.key < $1.key }) {
            if let value = walker.field(key, in: object) { spec.properties[key] = try value.number(in: range) }
        }
        for key in flagNames {
            if let value = walker.field(key, in: object) { spec.flags[key] = try value.bool() }
        }
        if let direction = walker.field("direction", in: object) {
            spec.direction = try direction.array(maxCount: 4).map { walker throws(SceneError) in try walker.oneOf(["right", "left", "up", "down"]) }
        }
        if let edges = walker.field("edges", in: object) {
            spec.edges = try edges.array(maxCount: 4).map { walker throws(SceneError) in try walker.oneOf(["top", "left", "bottom", "right"]) }
        }
        if let target = spec.target {
            guard let targetKind = viewIDs[target] else { throw SceneError(path: "\(walker.path).target", message: "no view with id '\(target)'") }
            if spec.behaviour == .clearDrawing, targetKind != .drawing {
                throw SceneError(path: "\(walker.path).target", message: "clearDrawing needs a view of kind drawing")
            }
        } else if spec.behaviour == .clearDrawing {
            throw SceneError(path: "\(walker.path).target", message: "clearDrawing needs a target drawing view")
        }
        if let delegate = walker.field("delegate", in: object) {
            let fields = try delegate.object(allowing: ["shouldBegin", "shouldReceiveInside", "shouldReceiveOutside"])
            spec.delegate = DelegateSpec(
                shouldBegin: try delegate.field("shouldBegin", in: fields)?.bool(),
                receiveInside: try delegate.field("shouldReceiveInside", in: fields)?.frame(),
                receiveOutside: try delegate.field("shouldReceiveOutside", in: fields)?.frame())
        }
        return spec
    }

    private static func parseRelationship(_ walker: JSONWalker, recognizerIDs: Set<String>) throws(SceneError) -> RelationshipSpec {
        let object = try walker.object(allowing: ["requireToFail", "simultaneous"])
        guard object.count == 1, let key = object.keys.first, let pairWalker = walker.field(key, in: object) else {
            throw walker.error("expected exactly one of requireToFail, simultaneous")
        }
        let pair = try pairWalker.array()
        guard pair.count == 2 else { throw pairWalker.error("expected [recognizer, other]") }
        let first = try pair[0].string(), second = try pair[1].string()
        for (id, item) in [(first, pair[0]), (second, pair[1])] where !recognizerIDs.contains(id) {
            throw item.error("no recognizer with id '\(id)'")
        }
        guard first != second else { throw pairWalker.error("a recognizer cannot relate to itself") }
        return key == "requireToFail" ? .requireToFail(first, second) : .simultaneous(first, second)
    }
}
