import Foundation
import Testing
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// Stepping rebuilds the state after any frame by replay: it must be exactly what the live session
/// showed right after that frame — the view tree, the recognizers' states, the event log, the fingers.
@Suite struct StepTimelineTests {
    /// What the live session showed after one inbound message that changed something.
    struct LiveFrame {
        var tree: RenderMirror
        var recognizers: [String: String]
        var events: [String]
        var pointers: [LivePointer]
    }

    /// A manual-clock session: a pinch on transform-image (with a ping and a resync in the middle,
    /// which are not frames and do not start a scene), then a switch to tap-recognition and a tap.
    static func session() -> [Recording.Entry] {
        var entries: [Recording.Entry] = [.open(subprotocol: ProtocolVersion.subprotocol)]
        var at = 0.0
        func send(_ text: String) {
            at += 0.01
            entries.append(.input(text, at: at))
        }
        send(#"{"type":"hello","protocol":1,"role":"device","scene":"transform-image","viewport":{"width":400,"height":800,"scale":2},"clock":"manual"}"#)
        var seq = 0
        func input(_ pointers: [(Int, String, Double, Double)], t: Double) {
            seq += 1
            let list = pointers.map { #"{"id":\#($0.0),"phase":"\#($0.1)","x":\#($0.2),"y":\#($0.3),"t":\#(t),"pointerType":"touch"}"# }
            send(#"{"type":"input","seq":\#(seq),"pointers":[\#(list.joined(separator: ","))]}"#)
        }
        input([(1, "down", 180, 300), (2, "down", 220, 300)], t: 0)
        for step in 1...80 {
            let spread = Double(step)
            input([(1, "move", 180 - spread, 300 - spread / 2), (2, "move", 220 + spread, 300 + spread / 2)], t: Double(step) * 8)
            if step == 10 { send(#"{"type":"ping","id":7}"#) }
            if step == 20 { send(#"{"type":"resync"}"#) }
        }
        input([(1, "up", 100, 260), (2, "up", 300, 340)], t: 660)
        send(#"{"type":"advance","seq":500,"t":900}"#)
        send(#"{"type":"scene","scene":"tap-recognition"}"#)
        input([(3, "down", 60, 700)], t: 1000)
        input([(3, "up", 60, 700)], t: 1080)
        send(#"{"type":"advance","seq":501,"t":1600}"#)
        return entries
    }

    /// Runs the session live, keeping what a client saw after every frame.
    static func live(_ entries: [Recording.Entry]) throws -> [LiveFrame] {
        let hub = Hub(catalog: LibraryCatalog(), makeSessionID: { "stepping-test" })
        var frames: [LiveFrame] = []
        var mirror = RenderMirror()
        var events: [String] = []
        var pointers: [LivePointer] = []
        for entry in entries {
            let input: SessionInput
            switch entry {
            case .open(let subprotocol): input = .opened(subprotocol: subprotocol)
            case .input(let text, let at): input = .text(text, receivedAt: at)
            default: continue
            }
            var changed = false
            for (_, effect) in hub.handle(input, on: 1) {
                guard let text = effect.message else { continue }
                switch try ServerMessage.decode(text) {
                case .render(let render):
                    // A full render answering resync redraws the same scene; only a new scene resets the log.
                    if render.full && !entry.isResync { events = [] }
                    try mirror.apply(render)
                    changed = true
                case .events(let message):
                    events.append(text)
                    if let list = message.pointers { pointers = list }
                    changed = true
                default:
                    break
                }
            }
            guard changed, let full = hub.fullRender(for: 1), case .render(let render)? = try? ServerMessage.decode(full) else { continue }
            let states = Dictionary(uniqueKeysWithValues: (render.recognizers ?? []).map { ($0.name, $0.state) })
            frames.append(LiveFrame(tree: mirror, recognizers: states, events: events, pointers: pointers))
        }
        return frames
    }

    /// Replays a step's messages as a client does: renders into a fresh mirror, recognizer states
    /// from the full render, then every transition of the events in order.
    static func shown(_ state: StepTimeline.State) throws -> (RenderMirror, [String: String]) {
        var mirror = RenderMirror()
        var recognizers: [String: String] = [:]
        for text in state.renders {
            guard case .render(let render) = try ServerMessage.decode(text) else { continue }
            try mirror.apply(render)
            for info in render.recognizers ?? [] { recognizers[info.name] = info.state }
        }
        for text in state.events {
            guard case .events(let message) = try ServerMessage.decode(text) else { continue }
            for entry in message.log where entry.kind == "transition" {
                if let name = entry.recognizer, let to = entry.to { recognizers[name] = to }
            }
        }
        return (mirror, recognizers)
    }

    @Test func theStateAfterEveryFrameIsTheLiveStateAfterThatFrame() throws {
        let entries = Self.session()
        let live = try Self.live(entries)
        let timeline = try StepTimeline(entries: entries, sessionID: "stepping-test", catalog: LibraryCatalog(), limits: ProtocolLimits())
        #expect(timeline.frames.count == live.count)
        #expect(live.count > StepTimeline.snapshotInterval, "the session spans more than one snapshot")
        for index in timeline.frames.indices {
            let state = timeline.state(at: index)
            let (tree, recognizers) = try Self.shown(state)
            #expect(tree == live[index].tree, "view tree after frame \(index)")
            #expect(recognizers == live[index].recognizers, "recognizer states after frame \(index)")
            #expect(state.events == live[index].events, "event log after frame \(index)")
            #expect(state.pointers == live[index].pointers, "fingers after frame \(index)")
            #expect(state.omitted == 0)
        }
    }

    @Test func stepsBackAndForthInAnyOrderGiveTheSameState() throws {
        let timeline = try StepTimeline(entries: Self.session(), sessionID: "stepping-test", catalog: LibraryCatalog(), limits: ProtocolLimits())
        let last = timeline.frames.count - 1
        let forward = timeline.state(at: last).message(frames: last + 1)
        _ = timeline.state(at: 3)
        _ = timeline.state(at: 70)
        #expect(timeline.state(at: last).message(frames: last + 1) == forward)
        let pinch = try Self.shown(timeline.state(at: 20)).1
        #expect(pinch["pinch"] == "changed", "mid-pinch, the pinch recognizer is changing: \(pinch)")
    }

    @Test func aTimelineExtendedInPartsIsTheTimelineBuiltAtOnce() throws {
        let entries = Self.session()
        let whole = try StepTimeline(entries: entries, sessionID: "stepping-test", catalog: LibraryCatalog(), limits: ProtocolLimits())
        let parts = StepTimeline(sessionID: "stepping-test", catalog: LibraryCatalog(), limits: ProtocolLimits())
        try parts.append(entries[..<30])
        let early = parts.frames.count
        try parts.append(entries[parts.replayedCount...])
        #expect(early < whole.frames.count && parts.replayedCount == entries.count)
        #expect(parts.frames.count == whole.frames.count)
        for index in whole.frames.indices {
            #expect(parts.state(at: index).message(frames: 0) == whole.state(at: index).message(frames: 0), "frame \(index)")
        }
    }

    @Test func aNewSceneStartsTheLogAfreshAndTheOldestEventsAreLeftOutPastTheBudget() throws {
        let timeline = try StepTimeline(entries: Self.session(), sessionID: "stepping-test", catalog: LibraryCatalog(), limits: ProtocolLimits())
        let last = timeline.state(at: timeline.frames.count - 1)
        #expect(last.events.allSatisfy { !$0.contains("pinch") }, "after the switch to tap-recognition, the pinch's log is gone")
        #expect(last.events.contains { $0.contains("tapCount") || $0.contains("\"to\":\"ended\"") })
        let sceneStarts = timeline.frames.indices.filter { timeline.frames[$0].startsScene }
        #expect(sceneStarts.count == 2, "hello and the scene switch start scenes; the resync does not: \(sceneStarts)")
    }

    /// The cost of stepping a 10 s recording at 120 Hz (a two-finger pinch): one replay to build the
    /// timeline, then each step. Printed for docs/protocol.md; checked only for the frame count.
    @Test func tenSecondsAt120HzCostsOneReplayThenLittlePerStep() throws {
        var entries: [Recording.Entry] = [.open(subprotocol: ProtocolVersion.subprotocol)]
        entries.append(.input(#"{"type":"hello","protocol":1,"role":"device","scene":"transform-image","viewport":{"width":400,"height":800,"scale":2},"clock":"manual"}"#, at: 0))
        let frames = 1200
        for index in 0..<frames {
            let t = Double(index) * 1000 / 120
            let phase = index == 0 ? "down" : index == frames - 1 ? "up" : "move"
            let spread = 40 + Double(index % 240) / 2
            entries.append(.input(#"{"type":"input","seq":\#(index + 1),"pointers":[{"id":1,"phase":"\#(phase)","x":\#(200 - spread),"y":300,"t":\#(t),"pointerType":"touch"},{"id":2,"phase":"\#(phase)","x":\#(200 + spread),"y":300,"t":\#(t),"pointerType":"touch"}]}"#, at: t / 1000))
        }
        let bytes = entries.reduce(0) { total, entry in
            if case .input(let text, _) = entry { return total + text.utf8.count }
            return total
        }
        let clock = ContinuousClock()
        var timeline: StepTimeline?
        let build = clock.measure {
            timeline = try? StepTimeline(entries: entries, sessionID: "bench", catalog: LibraryCatalog(), limits: ProtocolLimits())
        }
        let built = try #require(timeline)
        #expect(built.frames.count == frames + 1)
        var largest = 0
        let steps = clock.measure {
            for index in stride(from: frames, through: 0, by: -1) {
                largest = max(largest, built.state(at: index).message(frames: frames + 1).utf8.count)
            }
        }
        print("stepping 10 s at 120 Hz: \(bytes) bytes of input; timeline built in \(build); "
              + "\(frames + 1) steps back in \(steps) (\(steps / (frames + 1)) each); largest step message \(largest) bytes")
    }
}

extension Recording.Entry {
    var isResync: Bool {
        guard case .input(let text, _) = self else { return false }
        return text.contains(#""type":"resync""#)
    }
}
