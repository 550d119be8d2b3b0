import TouchBridgeProtocol
import TouchBridgeServer

/// What one inbound event of a replay made the app do: the event log entries of the timers that fell
/// due before it and of the event itself, and any `error` the session answered.
struct DecisionFrame: Sendable, Equatable {
    /// The event's 1-based line in the recording.
    var line: Int
    /// The entries, in order; an `error` reply is an entry of kind `error`.
    var entries: [LogEntry] = []
    /// Each entry's engine time, ms (its `events` message's `t`; a timer's entries have the timer's).
    var times: [Double] = []
}

/// Re-runs a `ReplayScript` through a fresh `Hub` on a `VirtualTransport`, firing the session's timer
/// whenever it falls due before the next message (as the live server's timer would), and keeps the
/// event log per inbound event. The hub writes no `welcome`, `render` or `events` (`Hub.writesMessages`):
/// the log comes through `Hub.logTap`, and errors are the only messages read. After the last message the app's remaining timers run out (at most
/// `settleFirings` firings within `settleSeconds`), so decisions that wait — a double tap's interval,
/// a long press — are made before the connection ends.
///
/// It runs one event per `next()`, so a live session's what-if can be done a slice at a time
/// (`LiveAnalysis`) while the command line runs it to the end (`run`).
final class DecisionReplay {
    static let settleSeconds = 60.0
    static let settleFirings = 64
    private static let connection: ConnectionID = 1

    private let script: ReplayScript
    private let transport: VirtualTransport
    private let log = LogCollector()
    private var settled = false
    /// The index of the next step to run.
    private(set) var position = 0

    /// A replay of `script` against the scenes of `catalog`, not started yet.
    init(_ script: ReplayScript, catalog: any SceneCatalog) {
        self.script = script
        let hub = Hub(catalog: catalog, limits: script.limits, makeSessionID: { script.session })
        hub.logTap = { [log] t, entries in log.add(t, entries) }
        // Only the log and the errors are read: the welcome, renders and `events` are left unwritten.
        hub.writesMessages = false
        transport = VirtualTransport(hub: hub, now: -Double.greatestFiniteMagnitude)
        transport.keepsTranscript = false
    }

    /// Whether every step has run.
    var isDone: Bool { position >= script.steps.count }

    /// Runs the next step and returns its frame; nil when every step has run.
    func next() -> DecisionFrame? {
        guard !isDone else { return nil }
        let (line, step) = script.steps[position]
        switch step {
        case .open(let subprotocol):
            transport.deliver(.opened(subprotocol: subprotocol), on: Self.connection)
        case .message(let message, let text, let at):
            transport.advance(to: at)
            let input: SessionInput = message.map { .decoded(.success($0), text: text, receivedAt: at) } ?? .text(text, receivedAt: at)
            transport.deliver(input, on: Self.connection)
        case .close:
            settle()
            transport.deliver(.closed, on: Self.connection)
        }
        position += 1
        if isDone { settle() }
        return Self.frame(line: line, log: log.take(), transport.takeDeliveries(Self.connection))
    }

    private func settle() {
        guard !settled else { return }
        settled = true
        transport.advance(to: script.lastTime + Self.settleSeconds, limit: Self.settleFirings)
    }

    /// One frame per step of `script`, in order (frames of two runs of one script line up).
    static func run(_ script: ReplayScript, catalog: any SceneCatalog) -> [DecisionFrame] {
        let replay = DecisionReplay(script, catalog: catalog)
        var frames: [DecisionFrame] = []
        frames.reserveCapacity(script.steps.count)
        while let frame = replay.next() { frames.append(frame) }
        return frames
    }

    private static func frame(line: Int, log: DecisionFrame, _ deliveries: [VirtualTransport.Delivery]) -> DecisionFrame {
        var frame = log
        frame.line = line
        // Errors are replies, not log: read from the messages (rare; every other message is skipped
        // unread — the writer sorts keys, so `type` is the last one).
        for case .message(let text) in deliveries where text.hasSuffix(#""type":"error"}"#) {
            guard case .error(let error)? = try? ServerMessage.decode(text) else { continue }
            frame.entries.append(LogEntry(kind: "error", text: "error \(error.code): \(error.message)", diagnostic: false))
            frame.times.append(frame.times.last ?? 0)
        }
        return frame
    }
}

/// The event logs a replay's session published since the last `take()` (`Hub.logTap`), taken as
/// they are, not parsed back from `events` texts: the parse cost more than the session's own work.
private final class LogCollector {
    private var pending = DecisionFrame(line: 0)

    func add(_ t: Double, _ entries: [LogEntry]) {
        pending.entries += entries
        pending.times += repeatElement(t, count: entries.count)
    }

    func take() -> DecisionFrame {
        defer { pending = DecisionFrame(line: 0) }
        return pending
    }
}
