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
package final class StepTimeline {
    /// One frame: what the session sent after one inbound event.
    package struct Frame: Sendable {
        /// Engine time after the frame, ms.
        package var t: Double
        /// The `render` messages the event produced, encoded.
        package var renders: [String]
        /// The `events` messages the event produced, encoded.
        package var events: [String]
        /// The fingers down after the frame (the device's pointers).
        package var pointers: [LivePointer]
        /// The frame started a scene (a full render): the inspector starts afresh there.
        package var startsScene: Bool
        /// Entries replayed up to and including this frame's (a live session's history cut there
        /// is the session as it stood at this frame: what a `what-if` from a paused session replays, and what an export up to the frame reads).
        package var replayed: Int

        /// What the frame holds, in bytes: its messages and fingers.
        var bytes: Int {
            renders.reduce(0) { $0 + $1.utf8.count } + events.reduce(0) { $0 + $1.utf8.count }
                + pointers.count * MemoryLayout<LivePointer>.stride + MemoryLayout<Frame>.stride
        }
    }

    /// The state after one frame, as a `step` message carries it.
    package struct State: Sendable {
        /// The frame's index.
        package var frame: Int
        /// Engine time after the frame, ms.
        package var t: Double
        /// The nearest snapshot's full render, then the diffs up to the frame.
        package var renders: [String]
        /// The scene's `events` messages up to the frame, within `eventBudgetBytes`.
        package var events: [String]
        /// How many older `events` messages were left out.
        package var omitted: Int
        /// The fingers down after the frame.
        package var pointers: [LivePointer]

        /// The `step` message for this state, of a timeline of `frames` frames.
        package func message(frames: Int) -> String {
            StepMessage.text(frame: frame, frames: frames, t: t, renders: renders, events: events, pointers: pointers, omitted: omitted)
        }
    }

    /// What one timeline may hold. A replay is paid for before anyone steps through it, and a 4 MiB
    /// recording can ask for a lot of it (thousands of `resync`s, each a full render kept as a frame;
    /// scene switches, each a scene build and a kept snapshot), so each is bounded.
    package struct Bounds: Sendable, Equatable {
        /// Most frames.
        package var maxFrames: Int
        /// Most full renders: scene starts (a scene build each) and `resync` answers.
        package var maxFullRenders: Int
        /// Most bytes of kept renders, events and snapshots (the timeline's memory, but for the replay
        /// app itself).
        package var maxBytes: Int

        /// Bounds of `maxFrames` frames, `maxFullRenders` full renders and `maxBytes` bytes.
        package init(maxFrames: Int, maxFullRenders: Int, maxBytes: Int) {
            self.maxFrames = maxFrames
            self.maxFullRenders = maxFullRenders
            self.maxBytes = maxBytes
        }

        /// 20,000 frames (almost 3 minutes of a finger at 120 Hz), 1,000 full renders, 32 MiB.
        package static let standard = Bounds(maxFrames: 20_000, maxFullRenders: 1_000, maxBytes: 32 * 1024 * 1024)
    }

    /// Frames between kept full renders: a step replays at most this many diffs.
    package static let snapshotInterval = 64
    /// Most bytes of `events` messages one step carries (the newest ones; the inspector keeps the
    /// latest 2,000 entries and the last seconds of transitions anyway).
    package static let eventBudgetBytes = 131_072

    /// Every frame so far, in order.
    package private(set) var frames: [Frame] = []
    /// Inbound-side entries replayed so far (every entry handed to `append`).
    package private(set) var replayedCount = 0
    /// Bytes of the kept renders, events and snapshots (`Bounds.maxBytes`).
    package private(set) var bytes = 0
    /// Full renders replayed so far (`Bounds.maxFullRenders`).
    package private(set) var fullRenderCount = 0
    /// Full renders after frames: (frame, text), ascending.
    private var snapshots: [(frame: Int, render: String)] = []
    private let hub: Hub
    private let connection: ConnectionID = 1
    private var t = 0.0
    private var pointers: [LivePointer] = []

    /// An empty timeline for session `sessionID` of a hub serving `catalog` with `limits`.
    package init(sessionID: String, catalog: any SceneCatalog, limits: ProtocolLimits) {
        hub = Hub(catalog: catalog, limits: limits, makeSessionID: { sessionID })
    }

    /// The timeline of `entries` (a recording's; outbound entries are ignored), within `bounds`.
    package convenience init(
        entries: [Recording.Entry], sessionID: String, catalog: any SceneCatalog, limits: ProtocolLimits, bounds: Bounds = .standard
    ) throws(ProtocolError) {
        self.init(sessionID: sessionID, catalog: catalog, limits: limits)
        try append(entries, bounds: bounds)
    }

    /// Replays `entries`, the ones that follow what was replayed so far; stops with `too-long` at the
    /// first entry past `bounds`.
    package func append(_ entries: some Collection<Recording.Entry>, bounds: Bounds = .standard) throws(ProtocolError) {
        for entry in entries { try append(entry, bounds: bounds) }
    }

    /// Replays one entry, the one that follows what was replayed so far. A frame past `maxFrames` is
    /// refused before it is replayed; the bytes and full renders an entry adds are only known once it
    /// ran, so the entry that passes `maxBytes` or `maxFullRenders` is the last one paid for (at most
    /// one message's work beyond the bound). After `too-long` the timeline is not to be used.
    package func append(_ entry: Recording.Entry, bounds: Bounds = .standard) throws(ProtocolError) {
        replayedCount += 1
        let input: SessionInput
        switch entry {
        case .open(let subprotocol): input = .opened(subprotocol: subprotocol)
        case .input(let text, let at): input = .text(text, receivedAt: at)
        case .timer: input = .timerFired
        case .output, .closing, .dropped, .close: return
        }
        guard frames.count < bounds.maxFrames else {
            throw ProtocolError(code: StepErrorCode.tooLong, message: "more than \(bounds.maxFrames) frames, the most one timeline holds")
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
            case .reply, .error, .step, .armTimer, .cancelTimer, .close: break
            }
        }
        guard !renders.isEmpty || !events.isEmpty else { return }
        for text in renders + events {
            guard case .object(let fields)? = try? JSONParser.parse(text) else { continue }
            if case .number(let time)? = fields["t"] { t = time }
            if case .array(let list)? = fields["pointers"] { pointers = list.compactMap(Self.pointer) }
        }
        // A full render starts a scene, unless it answers a `resync` (the same app, redrawn).
        let startsScene = rendersFull && Self.type(of: entry) != "resync"
        let index = frames.count
        let frame = Frame(t: t, renders: renders, events: events, pointers: pointers, startsScene: startsScene, replayed: replayedCount)
        frames.append(frame)
        bytes += frame.bytes
        if rendersFull { fullRenderCount += 1 }
        if startsScene || index % Self.snapshotInterval == 0, let full = hub.fullRender(for: connection) {
            snapshots.append((index, full))
            bytes += full.utf8.count
        }
        guard fullRenderCount <= bounds.maxFullRenders else {
            throw ProtocolError(code: StepErrorCode.tooLong,
                                message: "more than \(bounds.maxFullRenders) full renders (scene starts and resync answers), the most one timeline holds")
        }
        guard bytes <= bounds.maxBytes else {
            throw ProtocolError(code: StepErrorCode.tooLong, message: "more than \(bounds.maxBytes) bytes of renders and events, the most one timeline holds")
        }
    }

    /// The state after frame `index` (0 ..< frames.count).
    package func state(at index: Int) -> State {
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
        guard let id = Int(exactly: id) else { return nil }
        return LivePointer(id: id, x: x, y: y)
    }
}
