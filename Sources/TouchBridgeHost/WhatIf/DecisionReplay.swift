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
enum DecisionReplay {
    static let settleSeconds = 60.0
    static let settleFirings = 64
    private static let connection: ConnectionID = 1

    /// One frame per step of `script`, in order (frames of two runs of one script line up).
    static func run(_ script: ReplayScript, catalog: any SceneCatalog) -> [DecisionFrame] {
        let header = script.header
        let hub = Hub(catalog: catalog, limits: header.limits, makeSessionID: { header.session })
        let log = LogCollector()
        hub.logTap = { t, entries in log.add(t, entries) }
        // Only the log and the errors are read: the welcome, renders and `events` are left unwritten.
        hub.writesMessages = false
        let transport = VirtualTransport(hub: hub, now: -Double.greatestFiniteMagnitude)
        transport.keepsTranscript = false
        var frames: [DecisionFrame] = []
        frames.reserveCapacity(script.steps.count)
        var settled = false
        func settle() {
            guard !settled else { return }
            settled = true
            transport.advance(to: script.lastTime + settleSeconds, limit: settleFirings)
        }
        for (index, (line, step)) in script.steps.enumerated() {
            switch step {
            case .open(let subprotocol):
                transport.deliver(.opened(subprotocol: subprotocol), on: connection)
            case .message(let message, let text, let at):
                transport.advance(to: at)
                let input: SessionInput = message.map { .decoded(.success($0), text: text, receivedAt: at) } ?? .text(text, receivedAt: at)
                transport.deliver(input, on: connection)
            case .close:
                settle()
                transport.deliver(.closed, on: connection)
            }
            if index == script.steps.count - 1 { settle() }
            frames.append(frame(line: line, log: log.take(), transport.takeDeliveries(connection)))
        }
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
