import Foundation

/// Every message a client may send (docs/protocol.md §4).
public enum ClientMessage: Equatable, Sendable {
    /// Joins as a device or an observer; must be first (docs/protocol.md §4.1).
    case hello(Hello)
    /// One frame of pointer changes (§4.2).
    case input(Input)
    /// Moves the manual clock (§4.3).
    case advance(Advance)
    /// A shake phase (§4.4).
    case motion(Motion)
    /// A remote-control command (§4.5).
    case remote(Remote)
    /// The window changed size; the scene lays itself out again (§4.6).
    case resize(Viewport)
    /// Replaces the running scene (§4.7).
    case scene(SceneSwitch)
    /// Asks for a `pong` (§4.8).
    case ping(Ping)
    /// Asks for a full render, after a client lost track of the tree (§4.9).
    case resync
    /// Marks a moment in the server's recording (docs/protocol.md §4.10); no effect on the session.
    case mark(Mark)
    /// App-side changes at an engine time, between input frames (docs/protocol.md §4.11).
    case act(AppActions)

    /// The `type` field of each message.
    public var type: String {
        switch self {
        case .hello: "hello"
        case .input: "input"
        case .advance: "advance"
        case .motion: "motion"
        case .remote: "remote"
        case .resize: "resize"
        case .scene: "scene"
        case .ping: "ping"
        case .resync: "resync"
        case .mark: "mark"
        case .act: "act"
        }
    }

    /// The client's `seq`, for messages that carry one.
    public var seq: Int? {
        switch self {
        case .input(let input): input.seq
        case .advance(let advance): advance.seq
        case .motion(let motion): motion.seq
        case .remote(let remote): remote.seq
        case .act(let act): act.seq
        default: nil
        }
    }

    /// Whether the message changes the session (and so is not allowed from observers).
    public var changesSession: Bool {
        switch self {
        case .hello, .ping, .resync, .mark: false
        case .input, .advance, .motion, .remote, .resize, .scene, .act: true
        }
    }

    /// The compact JSON text of the message (what a client sends).
    public var text: String { WireJSON.text(TypedEnvelope(message: self)) }
}

/// Encodes a client message as one object with its `type` first-class among the fields.
private struct TypedEnvelope: Encodable {
    let message: ClientMessage

    enum TypeKey: String, CodingKey { case type }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: TypeKey.self)
        try container.encode(message.type, forKey: .type)
        switch message {
        case .hello(let body): try body.encode(to: encoder)
        case .input(let body): try body.encode(to: encoder)
        case .advance(let body): try body.encode(to: encoder)
        case .motion(let body): try body.encode(to: encoder)
        case .remote(let body): try body.encode(to: encoder)
        case .resize(let body): try body.encode(to: encoder)
        case .scene(let body): try body.encode(to: encoder)
        case .ping(let body): try body.encode(to: encoder)
        case .resync: break
        case .mark(let body): try body.encode(to: encoder)
        case .act(let body): try body.encode(to: encoder)
        }
    }
}
