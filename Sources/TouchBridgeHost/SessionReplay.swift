import Foundation
import Logging
import TouchBridgeProtocol
import TouchBridgeServer

/// Re-runs a recording headlessly through a fresh `Hub` on a `VirtualTransport` (the executor every
/// transport shares): the recorded messages with their recorded receive times, the timer firings
/// where they happened, the recorded session id — so with the same engine every outbound message
/// comes out byte-identical, whatever the clock mode.
package enum SessionReplay {
    /// The scenes a replay of a recording with `header` builds: the built-in library plus the
    /// declarative scenes of `scenesDirectory` (default: the recording's), inline scenes as recorded.
    package static func catalog(for header: Recording.Header, scenesDirectory: String? = nil) throws -> any SceneCatalog {
        try LibraryCatalog(
            declarativeScenes: ServerHost.loadDeclarativeScenes(
                from: scenesDirectory ?? header.scenesDirectory, logger: Logger(label: "touchbridge.replay")),
            allowsInlineScenes: header.allowInlineScenes)
    }

    /// The first place where the replay and the recording disagree.
    package struct Difference: Sendable, Equatable, CustomStringConvertible {
        /// 1-based line of the recording whose inbound event caused it.
        package var line: Int
        /// That inbound event, as recorded.
        package var cause: String
        /// Which of the event's outbound messages (0-based).
        package var index: Int
        /// nil: the replay sent fewer messages / more messages.
        package var recorded: String?
        /// The message the replay sent at this point; nil: the replay sent fewer messages.
        package var replayed: String?
        /// What differs, when both messages exist: their types, the log lines one lacks, or the first differing JSON field.
        package var field: String?

        package var description: String {
            var text = "difference at line \(line) (\(cause)), outbound message \(index + 1):\n"
            text += "  recorded: \(recorded.map { Self.clip($0) } ?? "(nothing)")\n"
            text += "  replayed: \(replayed.map { Self.clip($0) } ?? "(nothing)")\n"
            if let field { text += "  what differs: \(field)\n" }
            return text
        }

        static func clip(_ text: String) -> String { text.count > 600 ? text.prefix(600) + "… (\(text.count) chars)" : text }
    }

    /// What a replay produced, and the first difference from the recording if any.
    package struct Result: Sendable {
        /// The event log and session events in the compact notation, one per line.
        package var trace: String
        /// Outbound messages the replay produced, in order.
        package var outbound: [String]
        /// Nil when every outbound message equals the recorded one.
        package var difference: Difference?
        /// How many received messages were replayed.
        package var inboundCount: Int
        /// Each replayed event (an inbound message, a timer firing, the open and the close) with its
        /// recording line and the `outbound` messages it produced, in order.
        package var events: [Event] = []
    }

    /// One replayed event: the recording's 1-based line and the range of `Result.outbound` it sent.
    package struct Event: Sendable, Equatable {
        /// The recording line of the event.
        package var line: Int
        /// Its messages in `Result.outbound`.
        package var outbound: Range<Int>
    }

    /// Replays `recording`. `catalog` overrides the scenes (default: the built-in library plus the
    /// declarative scenes of the recording's scenes directory, or `scenesDirectory`).
    package static func run(
        _ recording: Recording, catalog: (any SceneCatalog)? = nil, scenesDirectory: String? = nil, diagnostics: Bool = false
    ) throws -> Result {
        let header = recording.header
        let scenes = try catalog ?? Self.catalog(for: header, scenesDirectory: scenesDirectory)
        let hub = Hub(catalog: scenes, limits: header.limits, makeSessionID: { header.session })
        // What the recording server announced in its welcome (it was recording; its LAN address).
        let welcome = recording.entries.lazy.compactMap { entry -> Welcome? in
            guard case .output(let text) = entry, case .welcome(let welcome)? = try? ServerMessage.decode(text) else { return nil }
            return welcome
        }.first
        hub.isRecording = welcome?.recording ?? true
        hub.lanAddress = welcome?.lan
        let connection: ConnectionID = 1
        let transport = VirtualTransport(hub: hub)
        var trace = TraceWriter(diagnostics: diagnostics)
        trace.line("# session \(header.session) · scene \(header.scene) · \(header.clock.rawValue) clock"
                   + (header.recordedAt.map { " · recorded \($0)" } ?? ""))

        var outbound: [String] = []
        var difference: Difference?
        var inbound = 0
        var events: [Event] = []
        // The outbound messages of the latest inbound event: recorded ones still to compare, and
        // the replayed ones.
        var cause = (line: 1, text: "start")
        var replayed: [String] = []
        var recorded: [String] = []

        func settle() {
            guard difference == nil else { return }
            for index in 0..<max(replayed.count, recorded.count) {
                let a = index < recorded.count ? recorded[index] : nil
                let b = index < replayed.count ? replayed[index] : nil
                if a != b {
                    difference = Difference(line: cause.line, cause: cause.text, index: index, recorded: a, replayed: b,
                                            field: a.flatMap { a in b.flatMap { b in firstDifference(a, b) } })
                    return
                }
            }
        }

        func handle(_ input: SessionInput) {
            let first = outbound.count
            defer { events.append(Event(line: cause.line, outbound: first..<outbound.count)) }
            transport.deliver(input, on: connection)
            for delivery in transport.takeDeliveries(connection) {
                switch delivery {
                case .message(let text):
                    replayed.append(text)
                    outbound.append(text)
                    trace.message(text)
                case .close(let code, let reason):
                    replayed.append("close \(code) \(reason)")
                    trace.line("# the server closes the connection: \(code) \(reason)")
                }
            }
        }

        for (offset, entry) in recording.entries.enumerated() {
            let line = offset + 2
            func next(_ text: String) {
                settle()
                cause = (line, text)
                replayed = []
                recorded = []
            }
            switch entry {
            case .open(let subprotocol):
                next("open")
                handle(.opened(subprotocol: subprotocol))
            case .input(let text, let at):
                next(Difference.clip(text))
                inbound += 1
                let message = try? ClientMessage.decode(text, limits: header.limits)
                if case .mark(let mark)? = message {
                    trace.line("# mark: \(mark.note ?? "")")
                }
                // A client's act changed the app: its notes say what it did and what it answered, so they
                // show without --diagnostics (the app changing is not an explanation of a decision).
                if case .act? = message { trace.showsNotes = true }
                handle(.text(text, receivedAt: at))
                trace.showsNotes = false
            case .timer:
                next("timer")
                handle(.timerFired)
            case .close:
                next("close")
                handle(.closed)
            case .output(let text):
                recorded.append(text)
            case .closing(let code, let reason):
                recorded.append("close \(code) \(reason)")
            case .dropped(let reason):
                trace.line(TraceWriter.dropped(reason))
            }
        }
        settle()
        return Result(trace: trace.text, outbound: outbound, difference: difference, inboundCount: inbound, events: events)
    }

    /// What differs between two messages, as a reader wants it first: their types when those differ
    /// (`type: "render" vs "events"`), the event-log lines one has and the other lacks when both carry a
    /// log (`log lines — recorded only: card.tc(1)`), else the path of the first differing JSON field
    /// (`log[2].text: "a" vs "b"`).
    package static func firstDifference(_ a: String, _ b: String) -> String? {
        let decoder = JSONDecoder()
        guard let x = try? decoder.decode(JSONValue.self, from: Data(a.utf8)),
              let y = try? decoder.decode(JSONValue.self, from: Data(b.utf8)) else { return nil }
        if let recordedType = x["type"], let replayedType = y["type"], recordedType != replayedType {
            return "type: \(WireJSON.text(recordedType)) vs \(WireJSON.text(replayedType))"
        }
        if let lines = logLineDifference(x["log"], y["log"]) { return lines }
        return firstDifference(x, y, path: "")
    }

    /// The log lines (`text`) only one of two event logs has, each side in order; nil when they have the same.
    private static func logLineDifference(_ a: JSONValue?, _ b: JSONValue?) -> String? {
        guard case .array(let x)? = a, case .array(let y)? = b else { return nil }
        func texts(_ entries: [JSONValue]) -> [String] { entries.compactMap { $0["text"]?.stringValue } }
        let (recorded, replayed) = (texts(x), texts(y))
        let onlyRecorded = recorded.difference(from: replayed).compactMap { change -> String? in
            if case .insert(_, let line, _) = change { line } else { nil }
        }
        let onlyReplayed = replayed.difference(from: recorded).compactMap { change -> String? in
            if case .insert(_, let line, _) = change { line } else { nil }
        }
        guard !onlyRecorded.isEmpty || !onlyReplayed.isEmpty else { return nil }
        func list(_ lines: [String]) -> String { lines.isEmpty ? "none" : lines.joined(separator: ", ") }
        return "log lines — recorded only: \(list(onlyRecorded)); replayed only: \(list(onlyReplayed))"
    }

    private static func firstDifference(_ a: JSONValue, _ b: JSONValue, path: String) -> String? {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            for key in Set(x.keys).union(y.keys).sorted() {
                let child = path.isEmpty ? key : "\(path).\(key)"
                switch (x[key], y[key]) {
                case (let u?, let v?):
                    if let found = firstDifference(u, v, path: child) { return found }
                case (let u?, nil): return "\(child): \(WireJSON.text(u)) vs (absent)"
                case (nil, let v?): return "\(child): (absent) vs \(WireJSON.text(v))"
                case (nil, nil): break
                }
            }
            return nil
        case (.array(let x), .array(let y)):
            for index in 0..<max(x.count, y.count) {
                let child = "\(path)[\(index)]"
                guard index < x.count else { return "\(child): (absent) vs \(Difference.clip(WireJSON.text(y[index])))" }
                guard index < y.count else { return "\(child): \(Difference.clip(WireJSON.text(x[index]))) vs (absent)" }
                if let found = firstDifference(x[index], y[index], path: child) { return found }
            }
            return nil
        default:
            return a == b ? nil : "\(path): \(Difference.clip(WireJSON.text(a))) vs \(Difference.clip(WireJSON.text(b)))"
        }
    }
}

/// The replay's printout: the event log in the compact notation with engine times, plus scene
/// switches, errors and marks.
struct TraceWriter {
    let diagnostics: Bool
    /// Set while the answer to a client's `act` is written: its notes (`note: act: …`) print even without
    /// `diagnostics`.
    var showsNotes = false
    private(set) var text = ""

    mutating func line(_ line: String) { text += line + "\n" }

    mutating func message(_ json: String) {
        guard let message = try? ServerMessage.decode(json) else { return }
        switch message {
        case .welcome(let welcome):
            line("# welcome: scene \(welcome.scene), \(welcome.clock.rawValue) clock")
        case .render(let render):
            if render.full, let scene = render.scene { line("# scene \(scene)") }
        case .events(let events):
            for entry in events.log where diagnostics || !entry.diagnostic || (showsNotes && entry.kind == "note") {
                line(Self.time(events.t) + "  " + entry.text)
            }
        case .error(let error):
            line("! error \(error.code)" + (error.seq.map { " (seq \($0))" } ?? "") + ": \(error.message)")
        case .pong:
            break
        }
    }

    /// A `{"dropped":REASON}` line in words: the recorder's own cuts, or a message the server refused
    /// before the session saw it (rate limit, engine-time share).
    static func dropped(_ reason: String) -> String {
        switch reason {
        case "recording-budget": "# not recorded: what came before hello was over 64 KiB (recording-budget)"
        case "recording-session-limit": "# the recording stops here: maxRecordingBytesPerSession reached (recording-session-limit)"
        case "recording-server-limit": "# the recording stops here: maxRecordingBytes reached (recording-server-limit)"
        default: "# refused before the session saw it: \(reason)"
        }
    }

    /// `t` ms right-aligned with one decimal: `   1016.3 ms`.
    static func time(_ t: Double) -> String {
        let tenths = Int((t * 10).rounded())
        let text = "\(tenths / 10).\(abs(tenths % 10)) ms"
        return String(repeating: " ", count: max(0, 12 - text.count)) + text
    }
}
