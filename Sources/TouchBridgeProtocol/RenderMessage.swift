/// `render`: how the client's mirror of the view tree must change.
public struct RenderMessage: Codable, Equatable, Sendable {
    /// true: replace everything the client has with what `ops` build.
    public var full: Bool
    /// With full renders: the running scene.
    public var scene: String?
    /// The tree operations, to apply in order.
    public var ops: [RenderOp]
    /// With full renders: every recognizer of the scene with its state, so an inspector lists them
    /// from the start (later changes arrive as `events` transitions).
    public var recognizers: [RecognizerInfo]?
    /// Engine time (ms) of the tree, sent when a view animates: the client's anchor for
    /// interpolating `animations` (their `begin` is engine time).
    public var t: Double?
    /// With full renders: the scene's lints (docs/margins-and-lints.md), nil when it has none.
    public var lints: [WireLint]?

    /// A render message; `recognizers` and `scene` belong to full renders only.
    public init(full: Bool, scene: String? = nil, ops: [RenderOp], recognizers: [RecognizerInfo]? = nil, t: Double? = nil) {
        self.full = full
        self.scene = scene
        self.ops = ops
        self.recognizers = recognizers
        self.t = t
    }
}

/// A recognizer as a full render lists it.
public struct RecognizerInfo: Codable, Equatable, Sendable {
    /// The name the event log uses for it.
    public var name: String
    /// Its class, e.g. `UITapGestureRecognizer`.
    public var kind: String
    /// The name of the view it is attached to.
    public var view: String
    /// Its current state (`possible`, `began`, …).
    public var state: String

    /// A recognizer listing entry.
    public init(name: String, kind: String, view: String, state: String) {
        self.name = name
        self.kind = kind
        self.view = view
        self.state = state
    }
}

/// One tree operation, applied in order (docs/protocol.md §5.2).
public enum RenderOp: Codable, Equatable, Sendable {
    /// A new view; `parent` nil for a window; `index` among the parent's subviews.
    case create(id: Int, parent: Int?, index: Int, kind: String, name: String, props: RenderProps)
    /// The view and its subtree are gone.
    case remove(id: Int)
    /// The view (with its subtree) moved to `parent` at `index`.
    case move(id: Int, parent: Int?, index: Int)
    /// Changed properties.
    case set(id: Int, props: RenderProps)
    /// A new display list (nil: none).
    case display(id: Int, displayList: [DisplayCommand]?)

    enum CodingKeys: String, CodingKey { case op, id, parent, index, kind, name, props, displayList }

    /// The id of the view the operation applies to.
    public var id: Int {
        switch self {
        case .create(let id, _, _, _, _, _), .remove(let id), .move(let id, _, _), .set(let id, _), .display(let id, _): id
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        switch self {
        case .create(_, let parent, let index, let kind, let name, let props):
            try c.encode("create", forKey: .op)
            try c.encodeNullable(parent, forKey: .parent)
            try c.encode(index, forKey: .index)
            try c.encode(kind, forKey: .kind)
            try c.encode(name, forKey: .name)
            try c.encode(props, forKey: .props)
        case .remove:
            try c.encode("remove", forKey: .op)
        case .move(_, let parent, let index):
            try c.encode("move", forKey: .op)
            try c.encodeNullable(parent, forKey: .parent)
            try c.encode(index, forKey: .index)
        case .set(_, let props):
            try c.encode("set", forKey: .op)
            try c.encode(props, forKey: .props)
        case .display(_, let list):
            try c.encode("display", forKey: .op)
            try c.encodeNullable(list, forKey: .displayList)
        }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(Int.self, forKey: .id)
        switch try c.decode(String.self, forKey: .op) {
        case "create":
            self = .create(
                id: id, parent: try c.decodeIfPresent(Int.self, forKey: .parent), index: try c.decode(Int.self, forKey: .index),
                kind: try c.decode(String.self, forKey: .kind), name: try c.decode(String.self, forKey: .name),
                props: try c.decode(RenderProps.self, forKey: .props))
        case "remove":
            self = .remove(id: id)
        case "move":
            self = .move(id: id, parent: try c.decodeIfPresent(Int.self, forKey: .parent), index: try c.decode(Int.self, forKey: .index))
        case "set":
            self = .set(id: id, props: try c.decode(RenderProps.self, forKey: .props))
        case "display":
            self = .display(id: id, displayList: try c.decodeIfPresent([DisplayCommand].self, forKey: .displayList))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .op, in: c, debugDescription: "unknown render op \(other)")
        }
    }
}

extension KeyedEncodingContainer {
    /// Writes `null` for nil (`encodeIfPresent` would leave the key out, and these keys are required).
    mutating func encodeNullable<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}
