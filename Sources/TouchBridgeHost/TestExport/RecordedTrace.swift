import Foundation
import TouchBridgeProtocol

/// A recording's finger trace, for the exports (`WebDriverActionsExport`, `ExportedSession`): its inbound
/// messages read into moments of pointer changes (same client time, in order), the scene and viewport in
/// force at the first touch, the time the session ran on to, and what a pointer trace cannot carry.
struct RecordedTrace {
    struct Moment {
        var t: Double
        var changes: [Pointer]
    }

    /// The limits messages are read under.
    let limits: ProtocolLimits
    /// The session's scene when no `hello` names one.
    let sessionScene: String
    var moments: [Moment] = []
    var notes: [String] = []
    /// Pointer id → its source's index, in order of first appearance.
    private(set) var pointerOrder: [Int: Int] = [:]
    /// Pointer id → the pointer type it first had.
    private(set) var pointerTypes: [Int: PointerType] = [:]
    /// An input's `seq` → the index of the moment its last change is in (for the decisions it caused).
    private(set) var momentOfInput: [Int: Int] = [:]
    /// The `seq`s of messages the trace leaves out (`act`, `motion`, `remote`): what they decided a test of the
    /// trace cannot expect.
    private(set) var uncarried = Set<Int>()
    /// The times of `act`s without a `seq` (the system's own: a pause's interruption), whose decisions are
    /// known by their time.
    private(set) var uncarriedTimes: [Double] = []
    private var latestViewport: Viewport?
    private var viewportAtFirstTouch: Viewport?
    private var latestScene: SceneRequest?
    private var sceneAtFirstTouch: SceneRequest?
    /// Client time the session joined at (hello's `t`), else the first touch's.
    var origin = 0.0
    var joined: Double?
    /// The client time the session lasted to: its last touch, or the last timer that fired after it.
    var end = 0.0
    /// Server receive time minus client time, at its least (the recording's clock offset estimate).
    var offset: Double?

    /// The trace of `recording`; throws when it has no touch.
    init(_ recording: Recording) throws {
        try self.init(recording.entries, limits: recording.header.limits, scene: recording.header.scene)
    }

    /// The trace of a session's `entries` (a recording's lines after the header, or a live session's
    /// history), read under `limits`; `scene` is the session's when no `hello` names one.
    init(_ entries: some Sequence<Recording.Entry>, limits: ProtocolLimits, scene: String) throws {
        self.limits = limits
        sessionScene = scene
        for (index, entry) in entries.enumerated() { read(entry, line: index + 2) }
        guard !moments.isEmpty, viewportAtFirstTouch != nil else { throw ExportError("the recording has no touch input to export") }
    }

    /// The viewport in force at the first touch.
    var viewport: Viewport { viewportAtFirstTouch! }
    /// The scene shown at the first touch.
    var scene: SceneRequest { sceneAtFirstTouch ?? .named(sessionScene) }

    private mutating func read(_ entry: Recording.Entry, line: Int) {
        switch entry {
        case .input(let text, let at):
            guard let message = try? ClientMessage.decode(text, limits: limits) else { return }
            read(message, receivedAt: at, line: line)
        case .timer(let at):
            if let offset, !moments.isEmpty { end = max(end, at * 1000 - offset) }
        default:
            break
        }
    }

    private mutating func read(_ message: ClientMessage, receivedAt: Double, line: Int) {
        switch message {
        case .hello(let hello):
            latestViewport = hello.viewport
            latestScene = hello.scene
            joined = hello.t
            if let t = hello.t { observe(t, receivedAt: receivedAt) }
        case .resize(let size):
            if moments.isEmpty { latestViewport = size } else { notes.append("line \(line): a resize after the first touch (actions cannot resize)") }
        case .input(let input):
            if moments.isEmpty {
                viewportAtFirstTouch = latestViewport
                sceneAtFirstTouch = latestScene
                origin = joined ?? input.pointers.first?.t ?? 0
            }
            for change in input.pointers {
                observe(change.t, receivedAt: receivedAt)
                if pointerOrder[change.id] == nil { pointerOrder[change.id] = pointerOrder.count }
                pointerTypes[change.id] = pointerTypes[change.id] ?? change.pointerType
                if change.coalesced?.isEmpty == false { notes.append("line \(line): coalesced samples (actions have none)") }
                if let last = moments.last, last.t == change.t {
                    moments[moments.count - 1].changes.append(change)
                } else {
                    moments.append(Moment(t: change.t, changes: [change]))
                }
                end = max(end, change.t)
            }
            if !input.pointers.isEmpty { momentOfInput[input.seq] = moments.count - 1 }
        case .advance(let advance):
            // Manual clock: time moved on without touches (timers due by then fired).
            if !moments.isEmpty { end = max(end, advance.t) }
        case .act, .scene, .motion, .remote:
            notes.append("line \(line): \(message.type) (actions carry pointers only)")
            if let seq = message.seq {
                uncarried.insert(seq)
            } else if case .act(let act) = message {
                uncarriedTimes.append(act.t)
            }
        default:
            break
        }
    }

    private mutating func observe(_ clientTime: Double, receivedAt: Double) {
        let sample = receivedAt * 1000 - clientTime
        offset = min(offset ?? sample, sample)
    }
}

/// Why a recording cannot be exported.
package struct ExportError: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
}
