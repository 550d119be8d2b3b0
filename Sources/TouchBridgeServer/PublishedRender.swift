import TouchBridgeProtocol
import TouchKit

/// The render state every connection of a session holds, kept up to date from the engine's render
/// changes (`RenderChangeTracker`) rather than from a snapshot of every view per step.
///
/// A step that kept the tree's shape (almost every step) costs what changed: each noted view's
/// node is turned into wire values and compared with the published ones, and the `set` and
/// `display` ops come out in drawing order, exactly as `RenderDiff` orders them. A step that added,
/// removed or moved a view rebuilds the published snapshot from the placements, reusing the wire
/// values of every view not noted, and leaves the ops to `RenderDiff`. Either way the ops and the
/// snapshot are the ones a full snapshot and diff would give.
struct PublishedRender {
    /// What every connection has: full renders are made from it.
    private(set) var snapshot = RenderSnapshot()
    private let tracker: RenderChangeTracker
    /// Each view's position in `snapshot.nodes`.
    private var positions: [Int: Int] = [:]
    /// How many published views have running animations.
    private var animatingCount = 0

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
    mutating func update() -> [RenderOp] {
        let changes = tracker.collect()
        guard let placements = changes.placements else { return patch(changes.nodes) }
        let previous = snapshot
        rebuild(placements, nodes: changes.nodes)
        return RenderDiff.ops(from: previous, to: snapshot)
    }

    /// The same tree with new nodes for some views: their changed properties, in drawing order.
    private mutating func patch(_ nodes: [RenderNode]) -> [RenderOp] {
        var updates: [(position: Int, node: RenderSnapshot.Node)] = []
        for node in nodes {
            guard let position = positions[node.id] else { continue }
            let old = snapshot.nodes[position]
            if old.source == node { continue }
            updates.append((position, RenderSnapshot.Node(node, index: old.index)))
        }
        updates.sort { $0.position < $1.position }
        var ops: [RenderOp] = []
        for (position, node) in updates {
            let old = snapshot.nodes[position]
            let changed = node.props.changes(from: old.props)
            if !changed.isEmpty { ops.append(.set(id: node.id, props: changed)) }
            if node.displayList != old.displayList { ops.append(.display(id: node.id, displayList: node.displayList)) }
            animatingCount += (node.isAnimating ? 1 : 0) - (old.isAnimating ? 1 : 0)
            snapshot.nodes[position] = node
        }
        return ops
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
        for placement in placements {
            let index = childCounts[placement.parent, default: 0]
            childCounts[placement.parent] = index + 1
            let node: RenderSnapshot.Node
            if let engineNode = fresh[placement.id] {
                node = RenderSnapshot.Node(engineNode, index: index)
            } else if let position = positions[placement.id] {
                node = snapshot.nodes[position].placed(under: placement.parent, at: index)
            } else {
                preconditionFailure("view \(placement.id) is new to the render state but the engine gave no node for it")
            }
            if node.isAnimating { animatingCount += 1 }
            newPositions[placement.id] = rebuilt.nodes.count
            rebuilt.nodes.append(node)
        }
        snapshot = rebuilt
        positions = newPositions
    }
}
