import Foundation
import TouchBridgeProtocol
import TouchKit

/// The view tree as the wire shows it: every value already rounded and encoded, so comparing two
/// snapshots compares exactly what a client would see (a change below 0.001 pt is no change).
/// `PublishedRender` keeps one up to date from the engine's render changes.
struct RenderSnapshot: Equatable {
    struct Node: Equatable {
        var id: Int
        /// nil for a window.
        var parent: Int?
        /// Position among the parent's subviews (or among the windows).
        var index: Int
        var kind: String
        var name: String
        /// Every property, none nil.
        var props: RenderProps
        var displayList: [DisplayCommand]?
        /// The engine's node the wire values were made from (nil only in snapshots made by hand).
        var source: RenderNode?
    }

    /// Pre-order: parents before children, siblings back to front.
    var nodes: [Node] = []

    init() {}
}

extension RenderSnapshot.Node {
    /// The wire form of the engine's `node`, at `index` among its parent's subviews.
    init(_ node: RenderNode, index: Int) {
        self.init(
            id: node.id, parent: node.parent, index: index, kind: node.kind, name: node.name,
            props: WireGeometry.props(of: node), displayList: node.displayList.map(WireGeometry.displayList), source: node)
    }

    /// What refreshing a view changed on the wire, besides its patch.
    struct Refreshed {
        /// Whether the engine node changed at all (when not, nothing else is set).
        var changed: Bool
        var displayListChanged = false
        /// The engine node holds a NaN, so it was converted whole (`PublishedRender` reviews it every step).
        var holdsNaN = false
    }

    /// Brings this view to its engine view's state in place (issue 25): the engine node it was made
    /// from is refreshed property by property, and only the properties that changed are turned into
    /// wire values and compared with the published ones — no engine node is made or copied, and a
    /// view whose node did not change costs its comparisons only.
    ///
    /// Returns the properties whose wire values changed (a `set` op's patch) apart from the rest, so the
    /// caller moves the patch into its op: taken out of a struct that held it, the patch came with a
    /// copy of the whole struct and its destruction, ~420 instructions a refreshed view
    /// (docs/performance.md, "fourth pass").
    mutating func refresh(from view: NotedRenderView) -> (Refreshed, patch: RenderProps) {
        guard var engine = source.take() else { preconditionFailure("view \(id) was published without its engine node") }
        let changed = view.refresh(&engine)
        let refreshed = changed.isEmpty ? (Refreshed(changed: false), RenderProps()) : apply(changed, of: engine)
        source = consume engine
        return refreshed
    }

    /// Brings the wire values to `engine`, of which the `changed` properties differ from the engine
    /// node the view was made from.
    private mutating func apply(_ changed: RenderNode.Properties, of engine: borrowing RenderNode) -> (Refreshed, patch: RenderProps) {
        if changed.contains(.name) { name = engine.name }
        let holdsNaN = engine.containsNaN
        let patch: RenderProps
        if holdsNaN {
            // A NaN inside an array the engine shares between nodes (an animation's values) would look
            // unchanged to the per-property comparison: such a node is converted whole.
            let fresh = WireGeometry.props(of: engine)
            patch = fresh.changes(from: props)
            props = fresh
        } else {
            patch = WireGeometry.update(&props, to: engine, changed: changed)
        }
        var displayListChanged = false
        if holdsNaN || changed.contains(.displayList) {
            let list = engine.displayList.map(WireGeometry.displayList)
            displayListChanged = list != displayList
            displayList = list
        }
        return (Refreshed(changed: true, displayListChanged: displayListChanged, holdsNaN: holdsNaN), patch)
    }

    /// Whether the view's wire values were made from `node`. Compared in place: comparing `source`
    /// with `node` wrapped in an optional copied the node.
    func isMade(from node: borrowing RenderNode) -> Bool {
        switch source {
        case .some(let old): old == node
        case .none: false
        }
    }

    /// The same view with the same wire values, now under `parent` at `index`.
    func placed(under parent: Int?, at index: Int) -> Self {
        var moved = self
        moved.parent = parent
        moved.source?.parent = parent
        moved.index = index
        return moved
    }

    /// Whether the view has running animations.
    var isAnimating: Bool { props.animations?.isEmpty == false }
}

/// TouchKit values → wire values (docs/protocol.md §2 and §5.2).
enum WireGeometry {
    static func number(_ value: CGFloat) -> Double { WireJSON.rounded(Double(value)) }
    static func point(_ p: CGPoint) -> [Double] { [number(p.x), number(p.y)] }
    static func rect(_ r: CGRect) -> [Double] { [number(r.origin.x), number(r.origin.y), number(r.size.width), number(r.size.height)] }
    static func transform(_ t: CGAffineTransform) -> [Double] { [t.a, t.b, t.c, t.d, t.tx, t.ty].map(number) }
    static func colour(_ c: CGColor) -> String { c.hexString }

    /// Every property of `node` in wire values.
    static func props(of node: RenderNode) -> RenderProps {
        var props = RenderProps()
        update(&props, to: node, changed: .all)
        return props
    }

    /// Brings `props` to the engine's `node`, of which the `changed` properties differ from the node
    /// the props were made from: those are turned into wire values again, straight from the engine
    /// values, and the others cost nothing. Returns the properties whose wire values changed (a `set`
    /// op's patch).
    @discardableResult
    static func update(_ props: inout RenderProps, to node: borrowing RenderNode, changed: RenderNode.Properties) -> RenderProps {
        var patch = RenderProps()
        func assign<T: Equatable>(_ field: inout T?, _ patched: inout T?, _ value: T) {
            guard field != value else { return }
            field = value
            patched = value
        }
        if changed.contains(.center) { assign(&props.center, &patch.center, point(node.center)) }
        if changed.contains(.bounds) { assign(&props.bounds, &patch.bounds, rect(node.bounds)) }
        if changed.contains(.transform) { assign(&props.transform, &patch.transform, transform(node.transform)) }
        if changed.contains(.anchorPoint) { assign(&props.anchorPoint, &patch.anchorPoint, point(node.anchorPoint)) }
        if changed.contains(.alpha) { assign(&props.alpha, &patch.alpha, number(node.alpha)) }
        if changed.contains(.isHidden) { assign(&props.hidden, &patch.hidden, node.isHidden) }
        if changed.contains(.isUserInteractionEnabled) {
            assign(&props.userInteractionEnabled, &patch.userInteractionEnabled, node.isUserInteractionEnabled)
        }
        if changed.contains(.clipsToBounds) { assign(&props.clipsToBounds, &patch.clipsToBounds, node.clipsToBounds) }
        if changed.contains(.backgroundColor) { assign(&props.backgroundColor, &patch.backgroundColor, Nullable(node.backgroundColor.map(colour))) }
        if changed.contains(.cornerRadius) { assign(&props.cornerRadius, &patch.cornerRadius, number(node.cornerRadius)) }
        if changed.contains(.borderWidth) { assign(&props.borderWidth, &patch.borderWidth, number(node.borderWidth)) }
        if changed.contains(.borderColor) { assign(&props.borderColor, &patch.borderColor, Nullable(node.borderColor.map(colour))) }
        if changed.contains(.text) { assign(&props.text, &patch.text, Nullable(node.text)) }
        if changed.contains(.textColor) { assign(&props.textColor, &patch.textColor, Nullable(node.textColor.map(colour))) }
        if changed.contains(.fontSize) { assign(&props.fontSize, &patch.fontSize, Nullable(node.fontSize.map(number))) }
        if changed.contains(.fontBold) { assign(&props.fontBold, &patch.fontBold, Nullable(node.fontBold)) }
        if changed.contains(.textAlignment) { assign(&props.textAlignment, &patch.textAlignment, Nullable(node.textAlignment.map(alignment))) }
        if changed.contains(.image) { assign(&props.image, &patch.image, Nullable(node.image)) }
        if changed.contains(.contentMode) { assign(&props.contentMode, &patch.contentMode, Nullable(node.contentMode)) }
        if changed.contains(.contentSize) {
            assign(&props.contentSize, &patch.contentSize, Nullable(node.contentSize.map { [number($0.width), number($0.height)] }))
        }
        if changed.contains(.control) { assign(&props.control, &patch.control, Nullable(node.control.map(control))) }
        if changed.contains(.animations) { assign(&props.animations, &patch.animations, node.animations.map(animation)) }
        if changed.contains(.shadow) {
            assign(&props.shadow, &patch.shadow, Nullable(node.shadow.map { shadow in
                ShadowProps(color: colour(shadow.color), opacity: number(shadow.opacity),
                            offset: [number(shadow.offset.width), number(shadow.offset.height)], radius: number(shadow.radius))
            }))
        }
        return patch
    }

    static func animation(_ a: RenderAnimation) -> WireAnimation {
        var wire = WireAnimation(
            id: a.id, property: a.property, from: a.from.map(number), to: a.to.map(number), begin: WireJSON.rounded(a.begin * 1000),
            duration: WireJSON.rounded(a.duration * 1000), curve: a.curve, damping: a.damping.map(WireJSON.rounded),
            velocity: a.velocity.map(WireJSON.rounded), autoreverses: a.autoreverses, repeats: a.repeats,
            controlPoints: a.controlPoints.map { $0.map(WireJSON.rounded) },
            startValue: a.startValue == 0 ? nil : WireJSON.rounded(a.startValue), endValue: a.endValue == 1 ? nil : WireJSON.rounded(a.endValue),
            joinedAt: a.joinedAt == 0 ? nil : WireJSON.rounded(a.joinedAt), absolute: a.absolute ? true : nil)
        wire.keyframes = a.keyframes.map { $0.map { $0.map(number) } }
        wire.keyTimes = a.keyTimes.map { $0.map(WireJSON.rounded) }
        wire.discrete = a.discrete ? true : nil
        wire.segmentCurves = a.segmentCurves.map { $0.map { $0.map(WireJSON.rounded) } }
        wire.passes = a.passes.map(WireJSON.rounded)
        wire.sublayer = a.sublayer.map { layer in
            WireSublayer(
                commands: [layer.firstCommand, layer.commandCount], parent: layer.parent.map(number), position: layer.position.map(number),
                transform: layer.transform.map(number), opacity: number(layer.opacity), stroke: layer.stroke.map { $0.map(number) },
                strokeCommand: layer.strokeCommand, strokePath: layer.strokePath.map { $0.map(element) })
        }
        return wire
    }

    static func alignment(_ alignment: NSTextAlignment) -> String {
        switch alignment {
        case .left: "left"
        case .center: "center"
        case .right: "right"
        }
    }

    static func control(_ state: ControlRenderState) -> ControlProps {
        ControlProps(
            highlighted: state.isHighlighted, enabled: state.isEnabled, selected: state.isSelected,
            value: state.value.map(WireJSON.rounded), minimumValue: state.minimumValue.map(WireJSON.rounded),
            maximumValue: state.maximumValue.map(WireJSON.rounded), on: state.isOn, title: state.title, tint: state.tint?.hexString,
            segments: state.segments, selectedSegment: state.selectedSegment, highlightedSegment: state.highlightedSegment,
            stepper: state.stepper.map { StepperProps(pressed: $0.pressed, canDecrement: $0.canDecrement, canIncrement: $0.canIncrement) })
    }

    static func displayList(_ commands: [DrawCommand]) -> [DisplayCommand] {
        commands.map { command in
            switch command {
            case .stroke(let path, let color, let lineWidth, let lineCap, let lineJoin):
                .stroke(path: path.map(element), color: colour(color), lineWidth: number(lineWidth), lineCap: cap(lineCap), lineJoin: join(lineJoin))
            case .fill(let path, let color, let evenOdd):
                .fill(path: path.map(element), color: colour(color), rule: evenOdd ? "evenodd" : nil)
            case .text(let text, let at, let fontSize, let color):
                .text(text, at: point(at), fontSize: number(fontSize), color: colour(color))
            }
        }
    }

    static func element(_ element: PathElement) -> DisplayPathElement {
        switch element {
        case .move(let p): .move(x: number(p.x), y: number(p.y))
        case .line(let p): .line(x: number(p.x), y: number(p.y))
        case .rect(let r): .rect(x: number(r.origin.x), y: number(r.origin.y), width: number(r.size.width), height: number(r.size.height))
        case .ellipse(let r): .ellipse(x: number(r.origin.x), y: number(r.origin.y), width: number(r.size.width), height: number(r.size.height))
        case .close: .close
        }
    }

    /// nil for miter, the default the wire leaves out.
    static func join(_ join: CGLineJoin) -> String? {
        switch join {
        case .miter: nil
        case .round: "round"
        case .bevel: "bevel"
        }
    }

    static func cap(_ cap: CGLineCap) -> String {
        switch cap {
        case .butt: "butt"
        case .round: "round"
        case .square: "square"
        }
    }
}
