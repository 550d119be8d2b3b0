import TouchBridgeProtocol
import TouchBridgeServer

/// Pausing a live session and stepping through it, or through a recording (docs/protocol.md §4.12): the
/// `Hub`'s `SteppingHandler`, which routes it the stepping requests and the session changes of a session
/// it holds; it keeps each device's history from what the hub's journal reports (`keep`).
///
/// It keeps each device connection's history (`SessionHistory`). A `pause` replays it into a
/// `StepTimeline`; an `open-recording` reads and replays a file instead, a slice per service turn
/// (`continueReplay`), within bounds on the timeline and on what all of them hold. While a session is paused its app
/// does not change: messages that would change it are refused with `paused` (`refusal(of:from:)`, which
/// the hub asks) and never reach the session. Every `stepping`, `step` and `resumed` goes to the device and to every observer of its
/// session (the hub's observers), so a class watching on a projector follows the teacher's steps.
/// Its replies are effects (`.step`, `.reply`, `.error`) the hub returns (a replay slice's, which
/// `HubBridge` runs on a transport timer, it hands to the `EffectExecutor` itself): they leave through the
/// same door as the sessions' own. `export-test`, `what-if` and `flake` are given to it as one value
/// (`SteppingAnalyses`). Pausing a live session
/// is a system interruption to its app (`SystemInterruption`): it resigns active first — touches in
/// progress are cancelled, fingers still down deliver nothing until they lift — and becomes active
/// again on `resume`. Used from the transport's service thread only, like the hub.
package final class SessionStepper: SteppingHandler {
    private struct Paused {
        var timeline: StepTimeline
        var frame: Int
        var announcement: String
        /// Whether pausing made the app resign active (so `resume` makes it active again).
        var interrupted: Bool
        /// Whether the timeline is the connection's own live session's history (not an opened recording):
        /// `export-test`, `what-if` and `flake` read it.
        var live: Bool
    }

    /// A recording, or a live session's history, being replayed into its timeline, a slice per
    /// service turn (`continueReplay`).
    private struct Replay {
        /// Where the entries come from: a recording's lines, read as the replay reaches them, or the
        /// part of a live session's history its kept timeline has not replayed yet.
        enum Source {
            case recording(RecordingReader)
            case history([Recording.Entry])
        }

        var timeline: StepTimeline
        var source: Source
        /// The next entry to read and replay.
        var next: Int
        /// The recording's name; nil for a live session's history.
        var name: String?
        /// The recording's size: held until the replay ends, it counts against `uploadBudgetBytes`.
        var textBytes: Int
        /// Whether starting it made the app resign active (so an error or `resume` makes it active again).
        var interrupted: Bool

        var count: Int {
            switch source {
            case .recording(let reader): reader.count
            case .history(let entries): entries.count
            }
        }

        /// Entry `next`, read and checked; the error names the recording's line or the history.
        mutating func nextEntry() throws(ProtocolError) -> Recording.Entry {
            switch source {
            case .history(let entries):
                return entries[next]
            case .recording(var reader):
                defer { source = .recording(reader) }
                do throws(RecordingError) {
                    return try reader.entry(next)
                } catch {
                    throw ProtocolError(code: StepErrorCode.notARecording, message: "\(name ?? "") is not a TouchBridge recording: \(error)")
                }
            }
        }

        /// Where a bound was passed, for its error: the recording's line, or the history.
        var place: String { name.map { "\($0), line \(next + 2)" } ?? "this session's history" }
    }

    private let catalog: any SceneCatalog
    private let limits: ProtocolLimits
    /// The largest recording opened, listed or uploaded, in bytes.
    package let maxRecordingBytes: Int
    @exclusivity(unchecked) private var library: RecordingLibrary?
    @exclusivity(unchecked) private var histories: [ConnectionID: SessionHistory] = [:]
    /// The message bytes all histories hold together.
    @exclusivity(unchecked) private var historyBytes = 0
    /// The replay of each device's history, kept after its first pause and extended at the next.
    @exclusivity(unchecked) private var liveTimelines: [ConnectionID: StepTimeline] = [:]
    @exclusivity(unchecked) private var paused: [ConnectionID: Paused] = [:]
    @exclusivity(unchecked) private var uploads: RecordingUploads
    @exclusivity(unchecked) private var replays: [ConnectionID: Replay] = [:]
    /// Each connection's `what-if` or `flake` in progress (one at a time).
    @exclusivity(unchecked) private var runningAnalyses: [ConnectionID: any SlicedAnalysis] = [:]
    /// What runs `export-test`, `what-if` and `flake` (or refuses them).
    private let analyses: any SteppingAnalyses
    /// Reads the monotonic clock, in seconds: a replay stops its slice `replaySliceSeconds` after it started.
    private let clock: () -> Double

    /// `what-if` and `flake` requests in progress at once on this server (shard), all connections
    /// together: each holds two apps or one, and past this a request is `server-busy`.
    package static let maximumAnalyses = 4

    /// The bound on what all device histories hold together, in message bytes: past it the largest
    /// is dropped (that session answers `pause` with `too-long`), so the memory stepping costs does
    /// not grow with the number of sessions.
    package let historyBudgetBytes: Int

    /// The bound on what all timelines together hold (paused ones, replays in progress and the
    /// replays kept for the next `pause`), in bytes (`StepTimeline.bytes`): each is bounded by
    /// `timelineBounds`, this bounds their number's cost. Kept replays of live sessions are dropped
    /// first; past it a replay stops with `server-busy`.
    package let timelineBudgetBytes: Int
    /// What one timeline may hold (its bytes also within what `timelineBudgetBytes` leaves).
    package let timelineBounds: StepTimeline.Bounds

    /// The default bound on a recording's size: 4 MiB.
    package static let defaultMaxRecordingBytes = 4 * 1024 * 1024
    /// The default bound on all histories together: 32 MiB (16 sessions at their own 2 MiB bound).
    package static let defaultHistoryBudgetBytes = 32 * 1024 * 1024
    /// The default bound on all unfinished uploads together: 64 MiB (16 uploads at their 4 MiB bound).
    package static let defaultUploadBudgetBytes = 64 * 1024 * 1024
    /// The default bound on all timelines together: 128 MiB (4 timelines at their 32 MiB bound).
    package static let defaultTimelineBudgetBytes = 128 * 1024 * 1024
    /// The longest one slice of a replay runs before the service thread turns to other connections:
    /// a replay never holds the thread longer than this plus one message's work.
    package static let replaySliceSeconds = 0.005

    /// A stepper for sessions of `catalog`'s scenes under `limits`, reading time from `clock` and
    /// running `export-test`, `what-if` and `flake` with `analyses`, opening recordings up to
    /// `maxRecordingBytes`, keeping up to `historyBudgetBytes` of live sessions' messages, holding up
    /// to `uploadBudgetBytes` of recordings being uploaded or replayed and `timelineBudgetBytes` of timelines.
    package init(
        catalog: any SceneCatalog, limits: ProtocolLimits, clock: @escaping () -> Double, analyses: any SteppingAnalyses,
        maxRecordingBytes: Int = defaultMaxRecordingBytes,
        historyBudgetBytes: Int = defaultHistoryBudgetBytes, uploadBudgetBytes: Int = defaultUploadBudgetBytes,
        timelineBudgetBytes: Int = defaultTimelineBudgetBytes, timelineBounds: StepTimeline.Bounds = .standard
    ) {
        self.catalog = catalog
        self.limits = limits
        self.clock = clock
        self.analyses = analyses
        self.maxRecordingBytes = maxRecordingBytes
        self.historyBudgetBytes = historyBudgetBytes
        self.timelineBudgetBytes = timelineBudgetBytes
        self.timelineBounds = timelineBounds
        uploads = RecordingUploads(maxBytes: maxRecordingBytes, budgetBytes: uploadBudgetBytes)
    }

    /// Bytes of unfinished uploads held now.
    package var uploadBytes: Int { uploads.bytes }

    /// Whether connection `id` has a recording still being replayed: call `continueReplay` on a later
    /// service turn.
    package func isReplaying(_ id: ConnectionID) -> Bool { replays[id] != nil || analyzing(id) }

    /// Whether connection `id`'s replay in progress is a recording's, whose slices wait for the
    /// connection's engine share; a `pause` replays work the live session already paid for, so its
    /// slices only give other connections their turns in between.
    package func replayWaitsForEngineShare(_ id: ConnectionID) -> Bool { replays[id].map { $0.name != nil } ?? analyzing(id) }

    /// Whether connection `id` has a `what-if` or `flake` in progress.
    private func analyzing(_ id: ConnectionID) -> Bool { runningAnalyses[id] != nil }

    /// Lists and opens the recordings written into `directory` (`serve --record`); until then none are
    /// listed. `ownFile` names the file a connection's own session is recorded to (the recorder's);
    /// `shared` (`shareRecordings`): every device sees the directory's finished recordings, not only its own.
    func serveRecordings(from directory: RecordDirectory, ownFile: @escaping (ConnectionID) -> String?, shared: Bool) {
        library = RecordingLibrary(directory: directory, maxBytes: maxRecordingBytes, shared: shared, ownFile: ownFile)
    }

    /// Answers a stepping request of connection `id` (or the error of its bad field): the messages to
    /// send, in order, with their connections. Only a session's device may step.
    ///
    /// `system` runs a message the system sends the app as if its device had sent it (through the
    /// hub, whose journal reports it to `keep`, so every replay repeats it): the `act` that makes the
    /// app resign active as a live session pauses, and become active as it resumes.
    package func handle(
        _ decoded: Result<StepRequest, ProtocolError>, from id: ConnectionID, hub: Hub, system: (String) -> Void
    ) -> [(connection: ConnectionID, effect: SessionEffect)] {
        let request: StepRequest
        switch decoded {
        case .success(let stepping): request = stepping
        case .failure(let error): return [(id, Self.error(error))]
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

    /// The `paused` error for a message that would change the session of connection `id` while it is
    /// paused (or a `pause` is still being replayed: that already holds the session where it was).
    package func refusal(of message: ClientMessage, from id: ConnectionID) -> ProtocolError? {
        guard paused[id] != nil || (replays[id].map { $0.name == nil } ?? false) else { return nil }
        return ProtocolError(code: StepErrorCode.paused, message: "the session is paused: \(message.type) is not applied (send resume first)",
                             seq: message.seq)
    }

    /// Replays the next slice of connection `id`'s recording: `stepping` and `step` when it is done,
    /// its error when it stopped at a bound (the app, if starting the replay interrupted it, becomes
    /// active again through `system`), nothing while more remains (`isReplaying`). With no replay in
    /// progress, runs the next slice of its `what-if` or `flake` instead.
    package func continueReplay(for id: ConnectionID, hub: Hub, system: (String) -> Void) -> [(connection: ConnectionID, effect: SessionEffect)] {
        guard let replay = replays.removeValue(forKey: id) else { return continueAnalysis(for: id, hub: hub) }
        let replies = replaySlice(replay, for: id, hub: hub)
        if replay.interrupted, replays[id] == nil, paused[id] == nil { endInterruption(of: id, hub: hub, system: system) }
        return replies
    }

    private func replaySlice(_ replay: Replay, for id: ConnectionID, hub: Hub) -> [(connection: ConnectionID, effect: SessionEffect)] {
        var replay = replay
        let deadline = clock() + Self.replaySliceSeconds
        var bounds = timelineBounds
        bounds.maxBytes = min(bounds.maxBytes, timelineBudgetBytes - heldTimelineBytes(besides: replay.timeline))
        guard bounds.maxBytes > replay.timeline.bytes else {
            return [(id, Self.error(ProtocolError(
                code: StepErrorCode.serverBusy,
                message: "the server's \(timelineBudgetBytes) bytes for stepping are in use by other paused sessions: try again later")))]
        }
        do throws(ProtocolError) {
            while replay.next < replay.count {
                let entry = try replay.nextEntry()
                do throws(ProtocolError) {
                    try replay.timeline.append(entry, bounds: bounds)
                } catch {
                    throw ProtocolError(code: error.code, message: "\(replay.place): \(error.message)")
                }
                replay.next += 1
                if replay.next < replay.count, clock() >= deadline {
                    replays[id] = replay
                    return []
                }
            }
            switch (replay.source, replay.timeline.frames.isEmpty) {
            case (.recording(let reader), true):
                throw ProtocolError(code: StepErrorCode.notARecording,
                                    message: "\(replay.name ?? "") holds no device session this server can replay (scene \"\(reader.header.scene)\")")
            case (.history, true):
                throw ProtocolError(code: ErrorCode.notAllowed, message: "this session has no history to step through")
            case (.recording, false), (.history, false):
                break
            }
        } catch {
            if error.code == StepErrorCode.tooLong, replay.timeline.bytes > bounds.maxBytes, bounds.maxBytes < timelineBounds.maxBytes {
                return [(id, Self.error(ProtocolError(
                    code: StepErrorCode.serverBusy,
                    message: "the server's \(timelineBudgetBytes) bytes for stepping are in use by other paused sessions; \(error.message)")))]
            }
            return [(id, Self.error(error))]
        }
        let audience = [id] + hub.observers(of: id)
        guard let name = replay.name else {
            liveTimelines[id] = replay.timeline
            return start(replay.timeline, source: "live", name: nil, frame: replay.timeline.frames.count - 1, interrupted: replay.interrupted,
                         for: id, audience: audience)
        }
        return start(replay.timeline, source: "recording", name: name, frame: 0, interrupted: replay.interrupted, for: id, audience: audience)
    }

    /// Keeps one input of connection `id` the hub applied (its journal reports it, `HubBridge`), at
    /// server time `now`: a device's goes into its history; an observer keeps none; a closed
    /// connection's stepping is forgotten.
    package func keep(_ input: SessionInput, on id: ConnectionID, hub: Hub, now: Double) {
        if input == .closed { return forget(id) }
        switch hub.role(of: id) {
        case .observer?:
            // The input that made it an observer is the first it sends in that role: until then it had
            // no role and a history like any connection, which a watcher does not keep.
            historyBytes -= histories.removeValue(forKey: id)?.bytes ?? 0
        case .device?, nil:
            var history = histories.removeValue(forKey: id) ?? SessionHistory()
            historyBytes -= history.bytes
            history.append(input, at: now)
            historyBytes += history.bytes
            histories[id] = history
            if historyBytes > historyBudgetBytes { dropLargestHistory() }
        }
    }

    /// A paused session's `stepping` and `step` for an observer that just joined it. Who observes
    /// which session is the hub's to know (`Hub.observers(of:)`), not this stepper's.
    package func observerJoined(_ observer: ConnectionID, hub: Hub) -> [SessionEffect] {
        guard let session = hub.sessionID(of: observer), let device = paused.keys.first(where: { hub.sessionID(of: $0) == session }),
              let state = paused[device] else { return [] }
        return [.reply(state.announcement), .step(state.timeline.state(at: state.frame).message(frames: state.timeline.frames.count))]
    }

    private func perform(
        _ request: StepRequest, from id: ConnectionID, session: String, hub: Hub, system: (String) -> Void
    ) throws(ProtocolError) -> [(connection: ConnectionID, effect: SessionEffect)] {
        let audience = [id] + hub.observers(of: id)
        // A replay still in progress is dropped by a request that starts another or resumes; whether it
        // interrupted the app goes on with what replaces it.
        var droppedInterruption = false
        switch request {
        case .step, .listRecordings, .exportTest, .whatIf, .flake: break
        case .pause, .resume, .openRecording, .uploadRecording: droppedInterruption = replays.removeValue(forKey: id)?.interrupted ?? false
        }
        // A dropped replay's interruption that nothing took over (a part of an upload, a recording
        // refused before its replay started) ends here: the app never stays inactive with nothing paused.
        defer {
            if droppedInterruption, replays[id] == nil, paused[id] == nil { endInterruption(of: id, hub: hub, system: system) }
        }
        switch request {
        case .pause:
            let interrupted = droppedInterruption || interrupt(id, hub: hub, system: system)
            let history = histories[id] ?? SessionHistory()
            guard !history.overflowed else {
                if interrupted { endInterruption(of: id, hub: hub, system: system) }
                droppedInterruption = false
                liveTimelines[id] = nil
                throw ProtocolError(code: StepErrorCode.tooLong,
                                    message: "this session's history was dropped: it sent more than \(SessionHistory.maxBytes) bytes, or the server's \(historyBudgetBytes) bytes for all sessions' histories ran out (restart the scene)")
            }
            // The kept timeline replays only what came since the last pause; it is kept again when done.
            let timeline = liveTimelines.removeValue(forKey: id) ?? StepTimeline(sessionID: session, catalog: catalog, limits: limits)
            let entries = Array(history.entries[timeline.replayedCount...])
            replays[id] = Replay(timeline: timeline, source: .history(entries), next: 0, name: nil, textBytes: 0,
                                 interrupted: interrupted)
            return continueReplay(for: id, hub: hub, system: system)
        case .resume:
            if paused.removeValue(forKey: id)?.interrupted == true || droppedInterruption { endInterruption(of: id, hub: hub, system: system) }
            droppedInterruption = false
            return audience.map { ($0, .reply(ResumedMessage.text(render: hub.fullRender(for: id) ?? "null"))) }
        case .step(let frame):
            guard var current = paused[id] else {
                let reason = replays[id] == nil ? "the session is live" : "the recording is still being replayed (stepping comes when it is ready)"
                throw ProtocolError(code: ErrorCode.notAllowed, message: "\(reason): send pause (or open-recording) first")
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
            return [(id, .reply(message.text))]
        case .openRecording(let name):
            guard let library else {
                throw ProtocolError(code: StepErrorCode.notRecording,
                                    message: "this server does not record (touchbridge serve --record DIR), so it lists no recordings; upload the file instead")
            }
            return try open(library.read(name, for: id), name: name, for: id, session: session, hub: hub, system: system,
                            interrupted: droppedInterruption)
        case .exportTest(let format):
            guard let current = paused[id], current.live, let history = histories[id], !history.overflowed else {
                throw ProtocolError(code: ErrorCode.notAllowed,
                                    message: "export-test writes your paused live session up to the frame shown: send pause first")
            }
            return [(id, .reply(try analyses.exportTest(format, upTo: current.frame, of: current.timeline, history: history.entries,
                                                         limits: limits, scene: catalog.defaultScene)))]
        case .whatIf(let request):
            let (entries, frame) = try history(of: id, upToShownFrame: true)
            let frameEnds = paused[id].flatMap { $0.live ? $0.timeline.frames.map(\.replayed) : nil }
            return try startAnalysis(for: id, hub: hub) { () throws(ProtocolError) in
                try analyses.whatIf(request, entries: entries, frame: frame, frameEnds: frameEnds, session: session, limits: limits,
                                    catalog: catalog)
            }
        case .flake(let request):
            let (entries, _) = try history(of: id, upToShownFrame: false)
            return try startAnalysis(for: id, hub: hub) { () throws(ProtocolError) in
                try analyses.flake(request, entries: entries, session: session, limits: limits, catalog: catalog)
            }
        case .uploadRecording(let part, let parts, let data, let name):
            switch try uploads.take(part: part, of: parts, data: data, from: id) {
            case .partial(let received, let parts):
                return [(id, .reply(UploadingMessage.text(received: received, parts: parts)))]
            case .complete(let text):
                return try open(text, name: name ?? "uploaded recording", for: id, session: session, hub: hub, system: system,
                                interrupted: droppedInterruption)
            }
        }
    }

    /// The device's history to analyse, and the frame it stops at: the whole of it, or with
    /// `upToShownFrame` while paused on it, up to the frame shown. Paused on an opened recording,
    /// the recording is the command line's to analyse.
    private func history(of id: ConnectionID, upToShownFrame: Bool) throws(ProtocolError) -> ([Recording.Entry], Int?) {
        if let state = paused[id], !state.live {
            throw ProtocolError(code: ErrorCode.notAllowed,
                                message: "paused on an opened recording: resume first, or run touchbridge replay FILE --what-if / touchbridge flake FILE on it")
        }
        let history = histories[id] ?? SessionHistory()
        guard !history.overflowed else {
            throw ProtocolError(code: StepErrorCode.tooLong,
                                message: "this session's history was dropped: it sent more than \(SessionHistory.maxBytes) bytes, or the server's \(historyBudgetBytes) bytes for all sessions' histories ran out (restart the scene)")
        }
        guard upToShownFrame, let state = paused[id] else { return (history.entries, nil) }
        let end = min(history.entries.count, state.timeline.frames[state.frame].replayed)
        return (Array(history.entries[..<end]), state.frame)
    }

    /// Starts `analysis` for connection `id`, one at a time per connection and `maximumAnalyses` on
    /// the server, and runs its first slice.
    private func startAnalysis(
        for id: ConnectionID, hub: Hub, _ analysis: () throws(ProtocolError) -> any SlicedAnalysis
    ) throws(ProtocolError) -> [(connection: ConnectionID, effect: SessionEffect)] {
        guard runningAnalyses[id] == nil else {
            throw ProtocolError(code: StepErrorCode.busy, message: "this connection's what-if or flake sweep still runs: wait for its answer")
        }
        guard runningAnalyses.count < Self.maximumAnalyses else {
            throw ProtocolError(code: StepErrorCode.serverBusy,
                                message: "the server runs \(Self.maximumAnalyses) what-ifs and flake sweeps already: try again later")
        }
        runningAnalyses[id] = try analysis()
        return continueAnalysis(for: id, hub: hub)
    }

    /// Runs the next slice of connection `id`'s `what-if` or `flake`: its answer to the device and
    /// every observer of its session when done, its error to the device, nothing while more remains.
    private func continueAnalysis(for id: ConnectionID, hub: Hub) -> [(connection: ConnectionID, effect: SessionEffect)] {
        guard let analysis = runningAnalyses[id], let answer = analysis.slice(until: clock() + Self.replaySliceSeconds, now: clock) else {
            return []
        }
        runningAnalyses[id] = nil
        switch answer {
        case .success(let text): return ([id] + hub.observers(of: id)).map { ($0, .reply(text)) }
        case .failure(let error): return [(id, Self.error(error))]
        }
    }

    /// Reads a recording's header, then reads, checks and replays its lines a slice at a time
    /// (`continueReplay`; the first slice now). Opened while the session is live, it interrupts the app
    /// as `pause` does; `interrupted`: a replay it replaces already had.
    private func open(
        _ text: String, name: String, for id: ConnectionID, session: String, hub: Hub, system: (String) -> Void, interrupted: Bool
    ) throws(ProtocolError) -> [(connection: ConnectionID, effect: SessionEffect)] {
        let textBytes = text.utf8.count
        let held = uploads.bytes + replays.values.reduce(0) { $0 + $1.textBytes }
        guard held + textBytes <= uploads.budgetBytes else {
            throw ProtocolError(
                code: StepErrorCode.serverBusy,
                message: "the server holds \(held) bytes of recordings being uploaded or replayed and takes at most \(uploads.budgetBytes) (maxUploadBytesInFlight): open it again later")
        }
        let reader: RecordingReader
        do {
            reader = try RecordingReader(text)
        } catch {
            throw ProtocolError(code: StepErrorCode.notARecording, message: "\(name) is not a TouchBridge recording: \(error)")
        }
        // The header's limits are the recording's word, not this server's: it may lower them, never raise them.
        let header = reader.header
        let timeline = StepTimeline(sessionID: header.session, catalog: catalog, limits: header.limits.within(limits))
        let interrupted = interrupted || interrupt(id, hub: hub, system: system)
        replays[id] = Replay(timeline: timeline, source: .recording(reader), next: 0, name: name, textBytes: textBytes,
                             interrupted: interrupted)
        return continueReplay(for: id, hub: hub, system: system)
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

    /// Bytes of every timeline held (paused, being replayed, kept for the next pause) but `timeline`;
    /// drops kept replays of sessions that are not paused on them when that is over the budget.
    private func heldTimelineBytes(besides timeline: StepTimeline) -> Int {
        func held() -> Int {
            var seen: Set<ObjectIdentifier> = [ObjectIdentifier(timeline)]
            let all = paused.values.map(\.timeline) + replays.values.map(\.timeline) + liveTimelines.values
            return all.reduce(0) { sum, other in seen.insert(ObjectIdentifier(other)).inserted ? sum + other.bytes : sum }
        }
        let bytes = held()
        guard bytes > timelineBudgetBytes - timelineBounds.maxBytes else { return bytes }
        for (id, kept) in liveTimelines where paused[id]?.timeline !== kept { liveTimelines[id] = nil }
        return held()
    }

    private func start(
        _ timeline: StepTimeline, source: String, name: String?, frame: Int, interrupted: Bool, for id: ConnectionID, audience: [ConnectionID]
    ) -> [(connection: ConnectionID, effect: SessionEffect)] {
        let announcement = SteppingMessage(source: source, name: name, frames: timeline.frames.count, times: timeline.frames.map(\.t)).text
        let state = Paused(timeline: timeline, frame: frame, announcement: announcement, interrupted: interrupted, live: name == nil)
        paused[id] = state
        return show(state, to: audience)
    }

    private func show(_ state: Paused, to audience: [ConnectionID]) -> [(connection: ConnectionID, effect: SessionEffect)] {
        let step = state.timeline.state(at: state.frame).message(frames: state.timeline.frames.count)
        return audience.flatMap { [($0, .reply(state.announcement)), ($0, .step(step))] }
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
        uploads.forget(id)
        replays[id] = nil
        runningAnalyses[id] = nil
    }

    private static func error(_ error: ProtocolError) -> SessionEffect { .error(ServerMessage.error(error.errorMessage).text) }
}
