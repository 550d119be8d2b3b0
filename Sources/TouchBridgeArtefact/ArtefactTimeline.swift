import TouchBridgeProtocol

/// A session cut into frames from what its server sent, for a saved failure (`FailureArtefact`): no
/// engine is needed, so the command line's replay, `drive` and the Swift client build it alike from
/// the messages they received. A frame is one event's `render` and `events` messages (the replay
/// knows the event; a client groups what it received by engine time, `grouped(received:)`).
///
/// It holds at most `maxBytes` of messages, `maxFrames` frames and `maxFullRenders` full renders (the page
/// rebuilds a step from the latest one): past any of them `append` refuses with `ArtefactError.tooLarge`
/// before keeping the frame, so what a hostile or endless session costs is bounded before it is paid. The
/// defaults are the bounds of one stepping timeline on the server (`StepTimeline.Bounds.standard`).
package struct ArtefactTimeline: Sendable {
    /// One frame: what the server sent after one event.
    package struct Frame: Sendable, Equatable {
        /// Engine time after the frame, ms.
        package var t: Double
        /// The `render` messages, as sent.
        package var renders: [String]
        /// The `events` messages, as sent.
        package var events: [String]
        /// The fingers down after the frame: the latest `events.pointers`, as JSON.
        package var pointers: String
        /// The frame started a scene (a full render that carries the scene's lints; a resync's leaves them out).
        package var startsScene: Bool
        /// Where the frame came from: the recording's line, or the index of its first received message.
        package var source: Int
    }

    /// The default bound on the messages one artefact holds: 32 MiB, what a replay of the largest recording
    /// (`maxRecordingBytes`, 4 MiB) may send at the server's bound of 8 bytes out per byte in.
    package static let defaultMaxBytes = 32 * 1024 * 1024
    /// The default bound on frames: 20,000 (almost 3 minutes of a finger at 120 Hz).
    package static let defaultMaxFrames = 20_000
    /// The default bound on full renders (scene starts and resync answers): 1,000.
    package static let defaultMaxFullRenders = 1_000

    /// The server's `welcome`, as sent; nil until one came.
    package private(set) var welcome: String?
    /// Every frame so far, in order.
    package private(set) var frames: [Frame] = []
    /// Bytes of the kept messages.
    package private(set) var bytes = 0
    /// Full renders kept.
    package private(set) var fullRenderCount = 0
    /// The most bytes of messages kept.
    package let maxBytes: Int
    /// The most frames kept.
    package let maxFrames: Int
    /// The most full renders kept.
    package let maxFullRenders: Int
    private var pointers = "[]"

    /// An empty timeline holding at most `maxBytes` of messages, `maxFrames` frames and `maxFullRenders` full renders.
    package init(maxBytes: Int = defaultMaxBytes, maxFrames: Int = defaultMaxFrames, maxFullRenders: Int = defaultMaxFullRenders) {
        self.maxBytes = maxBytes
        self.maxFrames = maxFrames
        self.maxFullRenders = maxFullRenders
    }

    /// Takes the messages the server sent after one event (`source`: its recording line or received
    /// index): a frame when they hold a `render` or an `events` message. Other messages are left out,
    /// but for the first `welcome`. Text that is not a JSON object is not the server's and is left out.
    package mutating func append(_ messages: some Sequence<String>, source: Int) throws(ArtefactError) {
        var renders: [String] = []
        var events: [String] = []
        var t = frames.last?.t ?? 0
        var startsScene = false
        var fullRenders = 0
        var added = 0
        for text in messages {
            guard case .object(let fields)? = try? JSONParser.parse(text), case .string(let type)? = fields["type"] else { continue }
            switch type {
            case "welcome" where welcome == nil:
                welcome = text
                added += text.utf8.count
            case "render":
                renders.append(text)
                if fields["full"] == .bool(true) {
                    fullRenders += 1
                    if fields["lints"] != nil { startsScene = true }
                }
            case "events":
                events.append(text)
                if case .array(let list)? = fields["pointers"] { pointers = WireJSON.text(JSONValue.array(list)) }
            default:
                continue
            }
            if type != "welcome" { added += text.utf8.count }
            if case .number(let time)? = fields["t"] { t = time }
        }
        guard bytes + added <= maxBytes else { throw .tooLarge("more than \(maxBytes) bytes") }
        guard fullRenderCount + fullRenders <= maxFullRenders else { throw .tooLarge("more than \(maxFullRenders) full renders") }
        guard !renders.isEmpty || !events.isEmpty else {
            bytes += added
            return
        }
        guard frames.count < maxFrames else { throw .tooLarge("more than \(maxFrames) frames") }
        bytes += added
        fullRenderCount += fullRenders
        frames.append(Frame(t: t, renders: renders, events: events, pointers: pointers, startsScene: startsScene, source: source))
    }

    /// Messages a client received, in order, cut into the groups one event sent: a new group starts where
    /// the engine time changes (every message one event causes carries the same `t`; one without a time stays
    /// with the group before it). Each group comes with
    /// the index of its first message.
    package static func grouped(received: [String]) -> [(source: Int, messages: ArraySlice<String>)] {
        var groups: [(source: Int, messages: ArraySlice<String>)] = []
        var start = 0
        var groupTime: Double?
        for (index, text) in received.enumerated() {
            let time: Double? = if case .object(let fields)? = try? JSONParser.parse(text), case .number(let t)? = fields["t"] { t } else { nil }
            if index > start, let time, let groupTime, time != groupTime {
                groups.append((start, received[start..<index]))
                start = index
            }
            if let time { groupTime = time }
        }
        if start < received.count { groups.append((start, received[start...])) }
        return groups
    }

    /// The last frame whose source is at or before `source` (the frame where something that happened at
    /// `source` was decided); nil when none is.
    package func frame(atOrBefore source: Int) -> Int? {
        frames.lastIndex { $0.source <= source }
    }
}

/// Why a saved failure could not be written.
package enum ArtefactError: Error, Equatable, CustomStringConvertible {
    /// The session sent more than the artefact holds: which bound it passed.
    case tooLarge(String)
    /// The session has no frame to show (no `welcome`, or nothing rendered).
    case empty
    /// The page's files are not where they were looked for, or not as the bundler expects.
    case page(String)
    /// The file could not be written.
    case cannotWrite(path: String, why: String)

    package var description: String {
        switch self {
        case .tooLarge(let bound): "the session sent \(bound), the most a saved failure holds"
        case .empty: "the session has nothing to show (no welcome or no frame)"
        case .page(let why): "cannot bundle the page: \(why)"
        case .cannotWrite(let path, let why): "cannot write \(path): \(why)"
        }
    }
}
