/// One moment of a declarative scene's `timeline`: at `t` ms of engine time after the scene
/// started, the app makes these changes (the `act` vocabulary). Each entry is an engine timer, so it
/// runs between input frames, deterministically under the manual clock, and an input at the same
/// instant is handled before it (the rule of every deadline, `UIApplication.advance(to:)`).
struct TimelineEntry: Equatable, Sendable {
    var t: Double
    var actions: [NamedAction]
}

extension SceneSpec {
    /// Reads `timeline`: entries in time order, whose actions name views and recognizers the scene
    /// declares (or an earlier entry adds), with values each property accepts, keeping the scene
    /// within `limits` as the entries change it.
    static func parseTimeline(_ walker: JSONWalker, spec: SceneSpec, limits: Limits) throws(SceneError) -> [TimelineEntry] {
        var views: [String: ViewSpec] = [:]
        var pending = spec.views
        while let next = pending.popLast() {
            views[next.id] = next
            pending += next.children
        }
        for id in ViewSpec.reservedIDs { views[id] = ViewSpec(id: id, kind: .view, frame: FrameSpec(.zero)) }
        let recognizers = Dictionary(spec.recognizers.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let recognizerSpec = { (name: String) in recognizers[name] ?? RecognizerNames.spec(name, viewKind: { views[$0]?.kind }) }
        var reader = SceneActionReader(viewSpec: { views[$0] }, recognizerSpec: recognizerSpec, isDeclarative: true,
                                       shape: SceneShape(spec: spec, limits: limits))
        var entries: [TimelineEntry] = []
        for item in try walker.array(maxCount: 1000) {
            let object = try item.object(allowing: ["t", "actions"])
            let time = try item.required("t", in: object)
            let t = try time.number(in: 0...86_400_000)
            if let previous = entries.last, t < previous.t {
                throw time.error("entries go in time order: \(t) ms is before the previous entry's \(previous.t) ms")
            }
            entries.append(TimelineEntry(t: t, actions: try reader.read(try item.required("actions", in: object), maximum: 64)))
        }
        return entries
    }
}
