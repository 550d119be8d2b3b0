import TouchBridgeProtocol
import TouchBridgeServer

/// A session cut into frames, rebuilt by replaying what its device sent through a fresh `Hub`:
/// the engine is deterministic, so the replay's messages are the ones the live session sent. The
/// replay can be extended (`append`), so pausing a live session again replays only what came since.
///
/// A frame is one inbound event (a message or a timer firing) that changed what the session shows:
/// it produced a `render` or an `events` message. Frame 0 is the `hello`. The state after frame N
/// is rebuilt from the nearest snapshot at or before N — a full render kept every
/// `snapshotInterval` frames and at every scene start — plus the diffs of the frames between, so a
/// step costs at most `snapshotInterval` diffs, whatever the length of the session.
public final class StepTimeline {
    /// One frame: what the session sent after one inbound event.
    public struct Frame: Sendable {
        /// Engine time after the frame, ms.
        public var t: Double
        /// The `render` messages the event produced, encoded.
        public var renders: [String]
        /// The `events` messages the event produced, encoded.
        public var events: [String]
        /// The fingers down after the frame (the device's pointers).
        public var pointers: [LivePointer]
        /// The frame started a scene (a full render): the inspector starts afresh there.
        public var startsScene: Bool
    }

    /// The state after one frame, as a `step` message carries it.
    public struct State: Sendable {
        /// The frame's index.
        public var frame: Int
        /// Engine time after the frame, ms.
        public var t: Double
        /// The nearest snapshot's full render, then the diffs up to the frame.
        public var renders: [String]
        /// The scene's `events` messages up to the frame, within `eventBudgetBytes`.
        public var events: [String]
        /// How many older `events` messages were left out.
        public var omitted: Int
        /// The fingers down after the frame.
        public var pointers: [LivePointer]

        /// The `step` message for this state, of a timeline of `frames` frames.
        public func message(frames: Int) -> String {
            StepMessage.text(frame: frame, frames: frames, t: t, renders: renders, events: events, pointers: pointers, omitted: omitted)
        }
    }

    /// Frames between kept full renders: a step replays at most this many diffs.
    public static let snapshotInterval = 64
    /// Most bytes of `events` messages one step carries (the newest ones; the inspector keeps the
    /// latest 2,000 entries and the last seconds of transitions anyway).
    public static let eventBudgetBytes = 131_072

    /// Every frame so far, in order.
    public private(set) var frames: [Frame] = []
    /// Inbound-side entries replayed so far (every entry handed to `append`).
    public private(set) var replayedCount = 0
    /// Full renders after frames: (frame, text), ascending.
    private var snapshots: [(frame: Int, render: String)] = []
    private let hub: Hub
    private let connection: ConnectionID = 1
    private var t = 0.0
    private var pointers: [LivePointer] = []

    /// An empty timeline for session `sessionID` of a hub serving `catalog` with `limits`.
    public init(sessionID: String, catalog: any SceneCatalog, limits: ProtocolLimits) {
        hub = Hub(catalog: catalog, limits: limits, makeSessionID: { sessionID })
    }

    /// The timeline of `entries` (a recording's; outbound entries are ignored).
    public convenience init(entries: [Recording.Entry], sessionID: String, catalog: any SceneCatalog, limits: ProtocolLimits) {
        self.init(sessionID: sessionID, catalog: catalog, limits: limits)
        append(entries)
    }

    /// Replays `entries`, the ones that follow what was replayed so far.
    public func append(_ entries: some Collection<Recording.Entry>) {
        replayedCount += entries.count
        for entry in entries {
            let input: SessionInput
            switch entry {
            case .open(let subprotocol): input = .opened(subprotocol: subprotocol)
            case .input(let text, let at): input = .text(text, receivedAt: at)
            case .timer: input = .timerFired
            case .output, .closing, .dropped, .close: continue
            }
            var renders: [String] = []
            var events: [String] = []
            var rendersFull = false
            for (target, effect) in hub.handle(input, on: connection) where target == connection {
                switch effect {
                case .render(let text, let full):
                    renders.append(text)
                    rendersFull = rendersFull || full
                case .events(let text): events.append(text)
                case .reply, .error, .armTimer, .cancelTimer, .close: break
                }
            }
            guard !renders.isEmpty || !events.isEmpty else { continue }
            for text in renders + events {
                guard case .object(let fields)? = try? JSONParser.parse(text) else { continue }
                if case .number(let time)? = fields["t"] { t = time }
                if case .array(let list)? = fields["pointers"] { pointers = list.compactMap(Self.pointer) }
            }
            // A full render starts a scene, unless it answers a `resync` (the same app, redrawn).
            let startsScene = rendersFull && Self.type(of: entry) != "resync"
            let index = frames.count
            frames.append(Frame(t: t, renders: renders, events: events, pointers: pointers, startsScene: startsScene))
            if startsScene || index % Self.snapshotInterval == 0, let full = hub.fullRender(for: connection) {
                snapshots.append((index, full))
            }
        }
    }

    /// The state after frame `index` (0 ..< frames.count).
    public func state(at index: Int) -> State {
        let snapshot = snapshots.last { $0.frame <= index } ?? (0, "")
        let renders = [snapshot.render] + frames[(snapshot.frame + 1)..<(index + 1)].flatMap(\.renders)
        let sceneStart = frames[...index].lastIndex { $0.startsScene } ?? 0
        var events: [String] = []
        var bytes = 0
        var omitted = 0
        for frame in frames[sceneStart...index].reversed() {
            for text in frame.events.reversed() {
                if omitted == 0, bytes + text.utf8.count <= Self.eventBudgetBytes {
                    events.append(text)
                    bytes += text.utf8.count
                } else {
                    omitted += 1
                }
            }
        }
        let frame = frames[index]
        return State(frame: index, t: frame.t, renders: renders, events: events.reversed(), omitted: omitted, pointers: frame.pointers)
    }

    private static func type(of entry: Recording.Entry) -> String? {
        guard case .input(let text, _) = entry, case .object(let fields)? = try? JSONParser.parse(text),
              case .string(let type)? = fields["type"] else { return nil }
        return type
    }

    private static func pointer(_ value: JSONValue) -> LivePointer? {
        guard case .object(let fields) = value, case .number(let id)? = fields["id"], case .number(let x)? = fields["x"],
              case .number(let y)? = fields["y"] else { return nil }
        return LivePointer(id: Int(id), x: x, y: y)
    }
}
