/// A client's copy of the view tree, built by applying `render` messages — the algorithm of
/// docs/protocol.md §5.2 in Swift, for Swift clients (the CLI's drive/replay) and for tests that
/// check that diffs rebuild exactly what a full render shows.
public struct RenderMirror: Equatable, Sendable {
    /// One view as the client knows it: what `create` said, patched by every later `set`, `move` and
    /// `display`.
    public struct Node: Equatable, Sendable {
        /// The view's id, unique within the session's current scene.
        public var id: Int
        /// The superview's id; nil for a window.
        public var parent: Int?
        /// The view's class (`UIView`, `UIButton`, or an app-defined class name).
        public var kind: String
        /// The stable name the event log uses for the view.
        public var name: String
        /// Only the properties that differ from `RenderProps.defaults` (see
        /// `RenderMirror.resolvedProps(of:)`).
        public var props: RenderProps
        /// What the view's `draw(_:)` drew; nil when it draws nothing.
        public var displayList: [DisplayCommand]?
        /// Subview ids, back to front.
        public var children: [Int] = []
    }

    /// Every view of the scene by id.
    public private(set) var nodes: [Int: Node] = [:]
    /// Window ids, back to front.
    public private(set) var windows: [Int] = []
    /// The running scene's name, from the last full render.
    public private(set) var scene: String?

    /// An empty mirror, waiting for its first full render.
    public init() {}

    /// Applies one render message; an op naming an unknown id is an error (the mirror is out of sync).
    public mutating func apply(_ message: RenderMessage) throws(MirrorError) {
        if message.full {
            nodes.removeAll()
            windows.removeAll()
            scene = message.scene
        }
        for op in message.ops { try apply(op) }
    }

    /// The view the event log calls `name`, so a test can go from a log entry to what was drawn.
    public func node(named name: String) -> Node? { nodes.values.first { $0.name == name } }

    /// The node's properties with defaults filled in.
    public func resolvedProps(of id: Int) -> RenderProps? {
        nodes[id].map { RenderProps.defaults.applying($0.props) }
    }

    private mutating func apply(_ op: RenderOp) throws(MirrorError) {
        switch op {
        case .create(let id, let parent, let index, let kind, let name, let props):
            guard nodes[id] == nil else { throw .duplicate(id) }
            nodes[id] = Node(id: id, parent: parent, kind: kind, name: name, props: RenderProps.defaults.applying(props))
            try insert(id, parent: parent, index: index)
        case .remove(let id):
            guard nodes[id] != nil else { throw .unknown(id) }
            detach(id)
            removeSubtree(id)
        case .move(let id, let parent, let index):
            guard nodes[id] != nil else { throw .unknown(id) }
            detach(id)
            nodes[id]?.parent = parent
            try insert(id, parent: parent, index: index)
        case .set(let id, let props):
            guard let node = nodes[id] else { throw .unknown(id) }
            nodes[id]?.props = node.props.applying(props)
        case .display(let id, let list):
            guard nodes[id] != nil else { throw .unknown(id) }
            nodes[id]?.displayList = list
        }
    }

    private mutating func insert(_ id: Int, parent: Int?, index: Int) throws(MirrorError) {
        if let parent {
            guard var node = nodes[parent] else { throw .unknown(parent) }
            node.children.insert(id, at: min(max(index, 0), node.children.count))
            nodes[parent] = node
        } else {
            windows.insert(id, at: min(max(index, 0), windows.count))
        }
    }

    private mutating func detach(_ id: Int) {
        guard let node = nodes[id] else { return }
        if let parent = node.parent {
            nodes[parent]?.children.removeAll { $0 == id }
        } else {
            windows.removeAll { $0 == id }
        }
    }

    private mutating func removeSubtree(_ id: Int) {
        guard let node = nodes.removeValue(forKey: id) else { return }
        for child in node.children { removeSubtree(child) }
    }
}

/// The mirror and the server disagree.
public enum MirrorError: Error, Equatable, Sendable {
    /// An op named a view id the mirror does not have.
    case unknown(Int)
    /// A `create` reused an id the mirror already has.
    case duplicate(Int)
}
