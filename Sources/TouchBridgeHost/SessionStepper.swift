import TouchBridgeProtocol
import TouchBridgeServer

/// Pausing a live session and stepping through it, or through a recording (docs/protocol.md §4.12):
/// `HubBridge` hands it every message first, and every hub input afterwards.
///
/// It keeps each device connection's history (`SessionHistory`). A `pause` replays it into a
/// `StepTimeline`; an `open-recording` replays a file instead. While a session is paused its app
/// does not change: messages that would change it are refused with `paused` and never reach the
/// hub. Every `stepping`, `step` and `resumed` goes to the device and to every observer of its
/// session, so a class watching on a projector follows the teacher's steps. Pausing a live session
/// is a system interruption to its app (`SystemInterruption`): it resigns active first — touches in
/// progress are cancelled, fingers still down deliver nothing until they lift — and becomes active
/// again on `resume`. Used from the transport's service thread only, like the hub.
public final class SessionStepper {
    private struct Paused {
        var timeline: StepTimeline
        var frame: Int
        var announcement: String
        /// Whether pausing made the app resign active (so `resume` makes it active again).
        var interrupted: Bool
    }

    private struct Upload {
        var parts: Int
        var received: Int
        var text: String
    }

    private let catalog: any SceneCatalog
    private let limits: ProtocolLimits
    /// The largest recording opened, listed or uploaded, in bytes.
    public let maxRecordingBytes: Int
    private var library: RecordingLibrary?
    private var histories: [ConnectionID: SessionHistory] = [:]
    /// The message bytes all histories hold together.
    private var historyBytes = 0
    /// The replay of each device's history, kept after its first pause and extended at the next.
    private var liveTimelines: [ConnectionID: StepTimeline] = [:]
    private var paused: [ConnectionID: Paused] = [:]
    private var uploads: [ConnectionID: Upload] = [:]
    /// Observers by the session they watch.
    private var observers: [String: Set<ConnectionID>] = [:]
    private var watching: [ConnectionID: String] = [:]

    /// The bound on what all device histories hold together, in message bytes: past it the largest
    /// is dropped (that session answers `pause` with `too-long`), so the memory stepping costs does
    /// not grow with the number of sessions.
    public let historyBudgetBytes: Int

    /// The default bound on a recording's size: 4 MiB.
    public static let defaultMaxRecordingBytes = 4 * 1024 * 1024
    /// The default bound on all histories together: 32 MiB (16 sessions at their own 2 MiB bound).
    public static let defaultHistoryBudgetBytes = 32 * 1024 * 1024

    /// A stepper for sessions of `catalog`'s scenes under `limits`, opening recordings up to
    /// `maxRecordingBytes` and keeping up to `historyBudgetBytes` of live sessions' messages.
    public init(
        catalog: any SceneCatalog, limits: ProtocolLimits, maxRecordingBytes: Int = defaultMaxRecordingBytes,
        historyBudgetBytes: Int = defaultHistoryBudgetBytes
    ) {
        self.catalog = catalog
        self.limits = limits
        self.maxRecordingBytes = maxRecordingBytes
        self.historyBudgetBytes = historyBudgetBytes
    }

    /// Lists and opens the recordings `recorder` writes into `directory` (`serve --record`); until then
    /// none are listed. `shared` (`shareRecordings`): every device sees the directory's finished
    /// recordings, not only its own session's.
    func serveRecordings(from directory: RecordDirectory, of recorder: SessionRecorder, shared: Bool) {
        library = RecordingLibrary(directory: directory, maxBytes: maxRecordingBytes, shared: shared,
                                   ownFile: { [unowned recorder] in recorder.fileName(of: $0) })
    }

    /// Handles a decoded message if it is a stepping request, or a session change while paused; nil
    /// hands the message to the hub. Returns the messages to send, in order, with their connections.
    ///
    /// `system` runs a message the system sends the app as if its device had sent it (through the
    /// hub, the recorder and this stepper's `observe`, so every replay repeats it): the `act` that
    /// makes the app resign active as a live session pauses, and become active as it resumes.
    public func handle(
        _ message: InboundMessage, from id: ConnectionID, hub: Hub, system: (String) -> Void
    ) -> [(ConnectionID, SteppingOutput)]? {
        let request: StepRequest
        switch message {
        case .stepping(.success(let stepping)):
            request = stepping
        case .stepping(.failure(let error)):
            return [(id, Self.error(error))]
        case .session(let decoded):
            guard paused[id] != nil, case .success(let message) = decoded, message.changesSession else { return nil }
            return [(id, Self.error(ProtocolError(
                code: StepErrorCode.paused, message: "the session is paused: \(message.type) is not applied (send resume first)", seq: message.seq)))]
        }
        guard hub.role(of: id) == .device, let session = hub.sessionID(of: id) else {
            return [(id, Self.error(ProtocolError(
                code: ErrorCode.notAllowed, message: "only a session's device may pause, step or open recordings")))]
        }
        do throws(ProtocolError) {
            return try perform(request, from: id, session: session, hub: hub, system: system)
        } catch {
            return [(id, Self.error(error))]
        }
    }

    /// Follows one hub input of connection `id` (after the hub handled it): keeps device histories,
    /// learns who observes which session, and shows a paused session to an observer that joins it.
    public func observe(_ input: SessionInput, on id: ConnectionID, hub: Hub, now: Double) -> [(ConnectionID, SteppingOutput)] {
        if input == .closed {
            forget(id)
            return []
        }
        switch hub.role(of: id) {
        case .observer?:
            guard watching[id] == nil, let session = hub.sessionID(of: id) else { return [] }
            histories[id] = nil
            watching[id] = session
            observers[session, default: []].insert(id)
            guard let device = paused.keys.first(where: { hub.sessionID(of: $0) == session }), let state = paused[device] else { return [] }
            return [(id, .message(state.announcement)), (id, .step(state.timeline.state(at: state.frame).message(frames: state.timeline.frames.count)))]
        case .device?, nil:
            var history = histories.removeValue(forKey: id) ?? SessionHistory()
            historyBytes -= history.bytes
            history.append(input, at: now)
            historyBytes += history.bytes
            histories[id] = history
            if historyBytes > historyBudgetBytes { dropLargestHistory() }
            return []
        }
    }

    private func perform(
        _ request: StepRequest, from id: ConnectionID, session: String, hub: Hub, system: (String) -> Void
    ) throws(ProtocolError) -> [(ConnectionID, SteppingOutput)] {
        let audience = [id] + (observers[session] ?? []).sorted()
        switch request {
        case .pause:
            let interrupted = interrupt(id, hub: hub, system: system)
            let history = histories[id] ?? SessionHistory()
            guard !history.overflowed else {
                if interrupted { endInterruption(of: id, hub: hub, system: system) }
                liveTimelines[id] = nil
                throw ProtocolError(code: StepErrorCode.tooLong,
                                    message: "this session's history was dropped: it sent more than \(SessionHistory.maxBytes) bytes, or the server's \(historyBudgetBytes) bytes for all sessions' histories ran out (restart the scene)")
            }
            let timeline = liveTimelines[id] ?? StepTimeline(sessionID: session, catalog: catalog, limits: limits)
            liveTimelines[id] = timeline
            timeline.append(history.entries[timeline.replayedCount...])
            guard !timeline.frames.isEmpty else {
                throw ProtocolError(code: ErrorCode.notAllowed, message: "this session has no history to step through")
            }
            return start(timeline, source: "live", name: nil, frame: timeline.frames.count - 1, interrupted: interrupted, for: id, audience: audience)
        case .resume:
            if paused.removeValue(forKey: id)?.interrupted == true { endInterruption(of: id, hub: hub, system: system) }
            return audience.map { ($0, .message(ResumedMessage.text(render: hub.fullRender(for: id) ?? "null"))) }
        case .step(let frame):
            guard var current = paused[id] else {
                throw ProtocolError(code: ErrorCode.notAllowed, message: "the session is live: send pause (or open-recording) first")
            }
            let count = current.timeline.frames.count
            guard frame < count else {
                throw ProtocolError(code: StepErrorCode.unknownFrame, message: "frame: \(frame) is past the last frame \(count - 1)", path: "frame")
            }
            current.frame = frame
            paused[id] = current
            return audience.map { ($0, .step(current.timeline.state(at: frame).message(frames: count))) }
        case .listRecordings:
            let message = RecordingsMessage(recording: library != nil, files: library?.list(for: id) ?? [], maxBytes: maxRecordingBytes)
            return [(id, .message(message.text))]
        case .openRecording(let name):
            guard let library else {
                throw ProtocolError(code: StepErrorCode.notRecording,
                                    message: "this server does not record (touchbridge serve --record DIR), so it lists no recordings; upload the file instead")
            }
            return try open(library.read(name, for: id), name: name, for: id, hub: hub, system: system, audience: audience)
        case .uploadRecording(let part, let parts, let data, let name):
            var upload = uploads.removeValue(forKey: id) ?? Upload(parts: parts, received: 0, text: "")
            if part == 0 { upload = Upload(parts: parts, received: 0, text: "") }
            // The part just taken, sent again (its sender saw a rate-limited error that was not for it): taken once.
            if part > 0, part == upload.received - 1, parts == upload.parts {
                uploads[id] = upload
                return [(id, .message(UploadingMessage.text(received: upload.received, parts: parts)))]
            }
            guard part == upload.received, parts == upload.parts else {
                throw ProtocolError(code: ErrorCode.schema, message: "part: expected part \(upload.received) of \(upload.parts), got \(part) of \(parts)",
                                    path: "part")
            }
            upload.text += data
            upload.received += 1
            guard upload.text.utf8.count <= maxRecordingBytes else {
                throw ProtocolError(code: StepErrorCode.tooLarge, message: "the upload is over \(maxRecordingBytes) bytes, the largest recording the server opens",
                                    path: "data")
            }
            guard upload.received == upload.parts else {
                uploads[id] = upload
                return [(id, .message(UploadingMessage.text(received: upload.received, parts: upload.parts)))]
            }
            return try open(upload.text, name: name ?? "uploaded recording", for: id, hub: hub, system: system, audience: audience)
        }
    }

    private func open(
        _ text: String, name: String, for id: ConnectionID, hub: Hub, system: (String) -> Void, audience: [ConnectionID]
    ) throws(ProtocolError) -> [(ConnectionID, SteppingOutput)] {
        let recording: Recording
        do {
            recording = try Recording.parse(text)
        } catch {
            throw ProtocolError(code: StepErrorCode.notARecording, message: "\(name) is not a TouchBridge recording: \(error)")
        }
        let timeline = StepTimeline(entries: recording.entries, sessionID: recording.header.session, catalog: catalog, limits: recording.header.limits)
        guard !timeline.frames.isEmpty else {
            throw ProtocolError(code: StepErrorCode.notARecording,
                                message: "\(name) holds no device session this server can replay (scene \"\(recording.header.scene)\")")
        }
        let interrupted = interrupt(id, hub: hub, system: system)
        return start(timeline, source: "recording", name: name, frame: 0, interrupted: interrupted, for: id, audience: audience)
    }

    /// Makes the app of a live device session resign active as it is paused; whether it did (an
    /// app already paused keeps what its first pause did; one already inactive stays so).
    private func interrupt(_ id: ConnectionID, hub: Hub, system: (String) -> Void) -> Bool {
        if let state = paused[id] { return state.interrupted }
        guard let act = hub.interruptionMessage(.begins, for: id) else { return false }
        system(act)
        return true
    }

    private func endInterruption(of id: ConnectionID, hub: Hub, system: (String) -> Void) {
        if let act = hub.interruptionMessage(.ends, for: id) { system(act) }
    }

    private func start(
        _ timeline: StepTimeline, source: String, name: String?, frame: Int, interrupted: Bool, for id: ConnectionID, audience: [ConnectionID]
    ) -> [(ConnectionID, SteppingOutput)] {
        let announcement = SteppingMessage(source: source, name: name, frames: timeline.frames.count, times: timeline.frames.map(\.t)).text
        let state = Paused(timeline: timeline, frame: frame, announcement: announcement, interrupted: interrupted)
        paused[id] = state
        return show(state, to: audience)
    }

    private func show(_ state: Paused, to audience: [ConnectionID]) -> [(ConnectionID, SteppingOutput)] {
        let step = state.timeline.state(at: state.frame).message(frames: state.timeline.frames.count)
        return audience.flatMap { [($0, .message(state.announcement)), ($0, .step(step))] }
    }

    /// Drops the history holding the most bytes (LRU would favour a session someone just used; the
    /// largest frees the most and is the one most likely to be refused `too-long` soon anyway).
    private func dropLargestHistory() {
        guard let (id, largest) = histories.max(by: { $0.value.bytes < $1.value.bytes }), largest.bytes > 0 else { return }
        historyBytes -= largest.bytes
        histories[id]?.drop()
        liveTimelines[id] = nil
    }

    private func forget(_ id: ConnectionID) {
        historyBytes -= histories[id]?.bytes ?? 0
        histories[id] = nil
        liveTimelines[id] = nil
        paused[id] = nil
        uploads[id] = nil
        if let session = watching.removeValue(forKey: id) {
            observers[session]?.remove(id)
            if observers[session]?.isEmpty == true { observers[session] = nil }
        }
    }

    private static func error(_ error: ProtocolError) -> SteppingOutput { .message(ServerMessage.error(error.errorMessage).text) }
}
