import TouchBridgeProtocol

/// Computes the `render` ops that turn what a client has into what the engine shows.
///
/// The client algorithm is deliberately dumb (insert at index, remove from array; docs/protocol.md
/// §5.2), so the diff simulates the client's child lists while it walks the new tree in pre-order:
/// each view is put at its index unless the simulation says it is already there. After the walk
/// every surviving view sits at its place, and what is left over is removed — last, so a view
/// moved out of a removed parent is not destroyed with it.
enum RenderDiff {
    /// Key of the window list in the simulation (object ids start at 1).
    private static let windowsKey = 0

    /// Every view, for a client that has nothing.
    static func full(_ snapshot: RenderSnapshot) -> [RenderOp] {
        var ops: [RenderOp] = []
        for node in snapshot.nodes { appendCreate(node, to: &ops) }
        return ops
    }

    static func ops(from old: RenderSnapshot, to new: RenderSnapshot) -> [RenderOp] {
        if hasSameStructure(old, new) { return changedProperties(from: old, to: new) }
        var ops: [RenderOp] = []
        var before: [Int: RenderSnapshot.Node] = [:]
        var children: [Int: [Int]] = [:]
        var parentKey: [Int: Int] = [:]
        for node in old.nodes {
            before[node.id] = node
            children[node.parent ?? windowsKey, default: []].append(node.id)
            parentKey[node.id] = node.parent ?? windowsKey
        }
        let survivors = Set(new.nodes.map(\.id))

        for node in new.nodes {
            let key = node.parent ?? windowsKey
            guard let previous = before[node.id] else {
                children[key, default: []].insert(node.id, at: min(node.index, children[key, default: []].count))
                parentKey[node.id] = key
                appendCreate(node, to: &ops)
                continue
            }
            let position = parentKey[node.id] == key ? children[key, default: []].firstIndex(of: node.id) : nil
            if position != node.index {
                if let oldKey = parentKey[node.id] { children[oldKey]?.removeAll { $0 == node.id } }
                children[key, default: []].insert(node.id, at: min(node.index, children[key, default: []].count))
                parentKey[node.id] = key
                ops.append(.move(id: node.id, parent: node.parent, index: node.index))
            }
            let patch = node.props.changes(from: previous.props)
            if !patch.isEmpty { ops.append(.set(id: node.id, props: patch)) }
            if node.displayList != previous.displayList { ops.append(.display(id: node.id, displayList: node.displayList)) }
        }

        for node in old.nodes where !survivors.contains(node.id) {
            // A view whose parent is gone too goes with that parent.
            if let parent = node.parent, !survivors.contains(parent) { continue }
            ops.append(.remove(id: node.id))
        }
        return ops
    }

    /// The same views under the same parents at the same indices: no view is created, moved or
    /// removed, which is what almost every engine step looks like.
    private static func hasSameStructure(_ old: RenderSnapshot, _ new: RenderSnapshot) -> Bool {
        // By index, not by zipping: copying whole nodes out of the arrays costs more than the checks.
        old.nodes.count == new.nodes.count && new.nodes.indices.allSatisfy { i in
            old.nodes[i].id == new.nodes[i].id && old.nodes[i].parent == new.nodes[i].parent && old.nodes[i].index == new.nodes[i].index
        }
    }

    private static func changedProperties(from old: RenderSnapshot, to new: RenderSnapshot) -> [RenderOp] {
        var ops: [RenderOp] = []
        for i in new.nodes.indices {
            let id = new.nodes[i].id
            let patch = new.nodes[i].props.changes(from: old.nodes[i].props)
            if !patch.isEmpty { ops.append(.set(id: id, props: patch)) }
            if new.nodes[i].displayList != old.nodes[i].displayList { ops.append(.display(id: id, displayList: new.nodes[i].displayList)) }
        }
        return ops
    }

    private static func appendCreate(_ node: RenderSnapshot.Node, to ops: inout [RenderOp]) {
        ops.append(.create(
            id: node.id, parent: node.parent, index: node.index, kind: node.kind, name: node.name,
            props: node.props.changes(from: .defaults)))
        if let list = node.displayList { ops.append(.display(id: node.id, displayList: list)) }
    }
}
