import TouchBridgeProtocol
import TouchKit

/// The render state every connection of a session holds, kept up to date from the engine's render
/// changes (`RenderChangeTracker`) rather than from a snapshot of every view per step.
///
/// A step that kept the tree's shape (almost every step) costs what changed: of each noted view,
/// the properties whose engine values changed are turned into wire values and compared with the
/// published ones, and the `set` and `display` ops come out in drawing order, exactly as
/// `RenderDiff` orders them. A step that added,
/// removed or moved a view rebuilds the published snapshot from the placements, reusing the wire
/// values of every view not noted, and leaves the ops to `RenderDiff`. Either way the ops and the
/// snapshot are the ones a full snapshot and diff would give — even for a value that is NaN, which
/// is not equal to itself, so that a full snapshot and diff may re-send it on every step: the views
/// holding one are reviewed on every step, and a node equal to the published one keeps its wire
/// values, as the snapshot kept them.
struct PublishedRender {
    /// What every connection has: full renders are made from it.
    private(set) var snapshot = RenderSnapshot()
    private let tracker: RenderChangeTracker
    /// Each view's position in `snapshot.nodes`.
    private var positions: [Int: Int] = [:]
    /// How many published views have running animations.
    private var animatingCount = 0
    /// The published views whose engine values hold a NaN.
    private var unsettled: Set<Int> = []
    /// The snapshot place of each op of the step being published, kept between steps with its capacity.
    private var opPositions: [Int] = []

    /// The published state of `application` now (its whole tree).
    init(_ application: UIApplication) {
        tracker = RenderChangeTracker(application: application)
        let changes = tracker.collect()
        rebuild(changes.placements ?? [], nodes: changes.nodes)
    }

    /// Whether any view is animating (render messages then carry the engine time).
    var isAnimating: Bool { animatingCount > 0 }

    /// Publishes what changed since the last update; returns the ops that bring a client holding the
    /// previous state up to date (empty when nothing visible changed).
    ///
    /// A step that kept the tree's shape makes no engine node: each noted view's published node is
    /// refreshed in place (`RenderSnapshot.Node.refresh(from:)`).
    mutating func update() -> [RenderOp] {
        var ops: [RenderOp] = []
        opPositions.removeAll(keepingCapacity: true)
        let reshaped = tracker.collect(reviewing: unsettled) { view in
            guard let position = positions[view.id] else { return }
            let wasAnimating = snapshot.nodes[position].isAnimating
            let (refreshed, patch) = snapshot.nodes[position].refresh(from: view)
            guard refreshed.changed else { return }
            animatingCount += (snapshot.nodes[position].isAnimating ? 1 : 0) - (wasAnimating ? 1 : 0)
            if refreshed.holdsNaN {
                unsettled.insert(view.id)
            } else if !unsettled.isEmpty {
                unsettled.remove(view.id)
            }
            if !patch.isEmpty {
                // Moved into the op: a copy of the patch retained and released each of its values.
                ops.append(.set(id: view.id, props: consume patch))
                opPositions.append(position)
            }
            if refreshed.displayListChanged {
                ops.append(.display(id: view.id, displayList: snapshot.nodes[position].displayList))
                opPositions.append(position)
            }
        }
        if let reshaped {
            let previous = snapshot
            rebuild(reshaped.placements ?? [], nodes: reshaped.nodes)
            return RenderDiff.ops(from: previous, to: snapshot)
        }
        return inDrawingOrder(ops)
    }

    /// `ops` (made in the order the views were noted, each at `opPositions`'s place) in drawing order,
    /// a view's `set` before its `display`. Noted views come mostly in that order already: the ops
    /// are moved, not copied, unless they are not.
    private func inDrawingOrder(_ ops: [RenderOp]) -> [RenderOp] {
        guard opPositions.count > 1, zip(opPositions, opPositions.dropFirst()).contains(where: { $0 > $1 }) else { return ops }
        let order = opPositions.indices.sorted { (opPositions[$0], $0) < (opPositions[$1], $1) }
        return order.map { ops[$0] }
    }

    /// The snapshot of a tree of a new shape: `nodes` for the views they describe, the published
    /// wire values for every other view.
    private mutating func rebuild(_ placements: [RenderPlacement], nodes: [RenderNode]) {
        var fresh: [Int: RenderNode] = [:]
        fresh.reserveCapacity(nodes.count)
        for node in nodes { fresh[node.id] = node }
        var childCounts: [Int?: Int] = [:]
        var rebuilt = RenderSnapshot()
        rebuilt.nodes.reserveCapacity(placements.count)
        var newPositions: [Int: Int] = [:]
        newPositions.reserveCapacity(placements.count)
        animatingCount = 0
        var newUnsettled: Set<Int> = []
        for placement in placements {
            let index = childCounts[placement.parent, default: 0]
            childCounts[placement.parent] = index + 1
            let node: RenderSnapshot.Node
            let position = positions[placement.id]
            if let engineNode = fresh[placement.id], position != rebuilt.nodes.count || !snapshot.nodes[rebuilt.nodes.count].isMade(from: engineNode) {
                node = RenderSnapshot.Node(engineNode, index: index)
            } else if let position {
                // Not noted, or noted but equal to what was published at the same place: the
                // published wire values stay.
                node = snapshot.nodes[position].placed(under: placement.parent, at: index)
            } else {
                preconditionFailure("view \(placement.id) is new to the render state but the engine gave no node for it")
            }
            if node.isAnimating { animatingCount += 1 }
            if node.source?.containsNaN == true { newUnsettled.insert(placement.id) }
            newPositions[placement.id] = rebuilt.nodes.count
            rebuilt.nodes.append(node)
        }
        snapshot = rebuilt
        positions = newPositions
        unsettled = newUnsettled
    }
}

extension RenderNode {
    /// Whether a value the wire carries as a number is NaN (app code divided by a zero size, say).
    var containsNaN: Bool {
        if center.x.isNaN || center.y.isNaN || bounds.origin.x.isNaN || bounds.origin.y.isNaN || bounds.width.isNaN || bounds.height.isNaN
            || transform.a.isNaN || transform.b.isNaN || transform.c.isNaN || transform.d.isNaN || transform.tx.isNaN || transform.ty.isNaN
            || anchorPoint.x.isNaN || anchorPoint.y.isNaN
            || alpha.isNaN || cornerRadius.isNaN || borderWidth.isNaN || fontSize?.isNaN == true
            || contentSize.map({ $0.width.isNaN || $0.height.isNaN }) == true {
            return true
        }
        if let control, control.value?.isNaN == true || control.minimumValue?.isNaN == true || control.maximumValue?.isNaN == true { return true }
        if let shadow, shadow.opacity.isNaN || shadow.offset.width.isNaN || shadow.offset.height.isNaN || shadow.radius.isNaN { return true }
        for animation in animations where animation.from.contains(where: \.isNaN) || animation.to.contains(where: \.isNaN)
            || animation.begin.isNaN || animation.duration.isNaN || animation.damping?.isNaN == true || animation.velocity?.isNaN == true
            || animation.controlPoints?.contains(where: \.isNaN) == true || animation.startValue.isNaN || animation.endValue.isNaN
            || animation.joinedAt.isNaN || animation.keyframes?.contains(where: { $0.contains(where: \.isNaN) }) == true
            || animation.keyTimes?.contains(where: \.isNaN) == true || animation.passes?.isNaN == true
            || animation.segmentCurves?.contains(where: { $0.contains(where: \.isNaN) }) == true
            || animation.sublayer?.containsNaN == true {
            return true
        }
        return displayList?.contains(where: \.containsNaN) == true
    }
}

extension RenderSublayer {
    var containsNaN: Bool {
        (parent + position + transform + (stroke ?? [])).contains(where: \.isNaN) || opacity.isNaN
            || strokePath?.contains(where: \.containsNaN) == true
    }
}

extension DrawCommand {
    var containsNaN: Bool {
        switch self {
        case .stroke(let path, _, let lineWidth, _, _): lineWidth.isNaN || path.contains(where: \.containsNaN)
        case .fill(let path, _, _): path.contains(where: \.containsNaN)
        case .text(_, let at, let fontSize, _): at.x.isNaN || at.y.isNaN || fontSize.isNaN
        }
    }
}

extension PathElement {
    var containsNaN: Bool {
        switch self {
        case .move(let p), .line(let p): p.x.isNaN || p.y.isNaN
        case .rect(let r), .ellipse(let r): r.origin.x.isNaN || r.origin.y.isNaN || r.width.isNaN || r.height.isNaN
        case .close: false
        }
    }
}
