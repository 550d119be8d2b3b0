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
/// event log per inbound event. After the last message the app's remaining timers run out (at most
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
            frames.append(frame(line: line, transport.takeDeliveries(connection)))
        }
        return frames
    }

    private static func frame(line: Int, _ deliveries: [VirtualTransport.Delivery]) -> DecisionFrame {
        var frame = DecisionFrame(line: line)
        for case .message(let text) in deliveries {
            // Only `events` and `error` say what the app decided; renders (most of the bytes) are skipped
            // unread. The writer sorts keys, so `type` is the last one.
            if text.hasSuffix(#""type":"events"}"#), let (t, log) = events(text) {
                frame.entries += log
                frame.times += repeatElement(t, count: log.count)
            } else if text.hasSuffix(#""type":"error"}"#), case .error(let error)? = try? ServerMessage.decode(text) {
                frame.entries.append(LogEntry(kind: "error", text: "error \(error.code): \(error.message)", diagnostic: false))
                frame.times.append(frame.times.last ?? 0)
            }
        }
        return frame
    }

    /// An `events` message's time and log, read with the protocol's own parser and only the fields the
    /// comparison and the outcomes use: Foundation's `JSONDecoder` into `EventsMessage` cost four
    /// times the session's own work per frame (docs/performance.md, "What-if and flake").
    private static func events(_ text: String) -> (Double, [LogEntry])? {
        guard case .object(let message)? = try? JSONParser.parse(text), case .number(let t)? = message["t"],
              case .array(let items)? = message["log"] else { return nil }
        return (t, items.compactMap { item in
            guard case .object(let fields) = item, let kind = fields["kind"]?.stringValue, let text = fields["text"]?.stringValue,
                  case .bool(let diagnostic)? = fields["diagnostic"] else { return nil }
            var entry = LogEntry(kind: kind, text: text, diagnostic: diagnostic)
            entry.recognizer = fields["recognizer"]?.stringValue
            entry.to = fields["to"]?.stringValue
            entry.reason = fields["reason"]?.stringValue
            entry.responder = fields["responder"]?.stringValue
            entry.method = fields["method"]?.stringValue
            entry.forwardedFrom = fields["forwardedFrom"]?.stringValue
            entry.control = fields["control"]?.stringValue
            entry.event = fields["event"]?.stringValue
            entry.message = fields["message"]?.stringValue
            return entry
        })
    }
}
