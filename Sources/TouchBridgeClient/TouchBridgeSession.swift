import Foundation
import Logging
import TouchBridgeProtocol
import TouchBridgeTransport

/// A device session on a TouchBridge server, for tests and scripts: performs synthesized gestures,
/// keeps a mirror of the view tree and the event log, and waits for and asserts on what the
/// engine did.
///
/// ```swift
/// let session = try await TouchBridgeSession.connect("ws://127.0.0.1:8080/ws", scene: "transform-image")
/// try await session.perform(.pinch(center: Point(200, 400), from: 100, to: 200))
/// try await session.expectTransition("pinch", to: .ended)
/// try await session.expectRender("image", "transform", [2, 0, 0, 2, 0, 0], tolerance: 0.05)
/// await session.close()
/// ```
///
/// **Time.** With the manual clock (the default) engine time moves only with the session's
/// messages: a gesture starts at `now` and leaves `now` at its end, so every run is exact. With
/// the client clock gestures play in real time and timers fire on the server's own.
///
/// **Expectations** look at the event log since the latest `perform` began (in any order; use
/// `expectSequence` for order). If what they look for has not happened yet they wait for it —
/// with the manual clock by advancing engine time in `waitStep` steps up to `within` ms — and
/// throw an `ExpectationFailure` that shows the log if it never does.
///
/// The transport's service thread runs beside your tasks; the session bridges it with a lock and
/// continuations, so every method is an ordinary `async` call. Use one session from one task at a
/// time.
public final class TouchBridgeSession: @unchecked Sendable {
    private let core: SessionCore
    private let client: TransportClient
    private let connection: ConnectionID
    private let started = ContinuousClock.now
    private let startTime: Double
    private let local = NSLock()
    let artefacts = FailureArtefacts()
    private var seq = 0
    private var pingID = 0
    private var pointerID = 0
    private var clockNow: Double
    private var cursor = 0
    private var isClosed = false

    /// The server's `welcome` (session id, scene, clock, thresholds, limits).
    public let welcome: Welcome
    /// The window size the session declared in `hello`.
    public let viewport: Viewport
    /// Who moves engine time: with `manual`, the session advances the clock itself and runs are
    /// deterministic.
    public let clock: ClockMode
    /// Default for `within` of expectations: ms of engine time (manual clock) or of real time (client).
    public var expectationTimeout: Double = 1000
    /// Manual clock: how far each step of an expectation's wait advances engine time, ms.
    public var waitStep: Double = 50
    /// Seconds to wait for the server's reply to one message.
    public var replyTimeout: Double = 10

    private init(core: SessionCore, client: TransportClient, connection: ConnectionID, welcome: Welcome,
                 viewport: Viewport, clock: ClockMode, startTime: Double) {
        self.core = core
        self.client = client
        self.connection = connection
        self.welcome = welcome
        self.viewport = viewport
        self.clock = clock
        self.startTime = startTime
        clockNow = startTime
    }

    deinit {
        client.requestStop()
    }

    // MARK: Connecting

    /// Opens a device session on the server at `url` (`ws://host:port/ws`) showing `scene` (a
    /// catalog name; nil: the server's default scene).
    public static func connect(
        _ url: String, scene: String? = nil, viewport: Viewport = Viewport(width: 400, height: 800, scale: 2),
        clock: ClockMode = .manual, startTime: Double = 0, timeout: Double = 10
    ) async throws -> TouchBridgeSession {
        try await connect(url, sceneRequest: scene.map(SceneRequest.named), viewport: viewport, clock: clock,
                          startTime: startTime, timeout: timeout)
    }

    /// Opens a device session with a scene request: a catalog name or an inline declarative scene.
    /// `log: .complete` also records each recognizer's own touch calls and every call's
    /// `allTouches` with their phases (docs/protocol.md §7).
    public static func connect(
        _ url: String, sceneRequest: SceneRequest?, viewport: Viewport = Viewport(width: 400, height: 800, scale: 2),
        clock: ClockMode = .manual, startTime: Double = 0, log: LogLevel = .standard, timeout: Double = 10
    ) async throws -> TouchBridgeSession {
        var hello = Hello(role: .device, scene: sceneRequest, viewport: viewport, clock: clock, t: startTime, client: "touchbridge-swift/1")
        hello.log = log == .standard ? nil : log
        let core = SessionCore(hello: ClientMessage.hello(hello).text)
        let client: TransportClient
        do {
            client = try TransportClient(logger: Logger(label: "touchbridge.client") { label in
                var handler = StreamLogHandler.standardError(label: label)
                handler.logLevel = .warning
                return handler
            })
        } catch {
            throw SessionError.cannotConnect("\(error)")
        }
        client.delegate = core
        do {
            _ = try client.connect(to: url)
        } catch {
            throw SessionError.cannotConnect("\(error)")
        }
        let thread = Thread { [client, core] in
            try? client.run()
            core.runReturned()
        }
        thread.name = "touchbridge-client"
        thread.start()
        do {
            try await core.wait(timeout: timeout, for: "welcome from \(url)") { state in
                (state.welcome != nil && state.fullRenders > 0) || !state.errors.isEmpty
            }
        } catch {
            client.requestStop()
            if case SessionError.closed(_, let reason) = error { throw SessionError.cannotConnect("\(url): \(reason)") }
            throw error
        }
        let (welcome, firstError, connection) = core.read { ($0.welcome, $0.errors.first, $0.connection) }
        guard let welcome, let connection else {
            client.requestStop()
            throw SessionError.server(firstError ?? ErrorMessage(code: "unknown", message: "no welcome"))
        }
        return TouchBridgeSession(core: core, client: client, connection: connection, welcome: welcome,
                                  viewport: viewport, clock: clock, startTime: startTime)
    }

    /// Closes the connection (the server ends the session) and stops the client's thread.
    public func close() async {
        let already = local.withLock { () -> Bool in
            defer { isClosed = true }
            return isClosed
        }
        guard !already else { return }
        let id = connection
        client.enqueueFromAnyThread { client in client.close(id, code: 1000, reason: "done") }
        try? await core.wait(timeout: 2, for: "close") { $0.closed != nil }
        client.requestStop()
        try? await core.wait(timeout: 5, for: "the client thread") { $0.runReturned }
    }

    // MARK: What the session knows

    /// The session id.
    public var sessionID: String { welcome.session }

    /// Saves each failed expectation's session as an HTML file in `directory` from now on (nil: none;
    /// the default is `TOUCHBRIDGE_HTML_ON_FAILURE`'s). docs/scripting.md §6.
    public func saveFailures(to directory: String?) { artefacts.save(to: directory) }

    /// Engine time now as this client sees it, ms: with the manual clock the time of the latest
    /// message sent; with the client clock the time elapsed on the client's clock.
    public var now: Double {
        switch clock {
        case .manual: local.withLock { clockNow }
        case .client: max(local.withLock { clockNow }, wallNow)
        }
    }

    private var wallNow: Double {
        let elapsed = ContinuousClock.now - started
        return startTime + Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    /// The view tree as the server's renders built it.
    public var mirror: RenderMirror { core.read { $0.mirror } }

    /// A view's properties (defaults filled in), by its trace name.
    public func props(of view: String) -> RenderProps? {
        core.read { state in state.mirror.node(named: view).flatMap { state.mirror.resolvedProps(of: $0.id) } }
    }

    /// A view property as JSON (`transform`, `center`, `alpha`, `backgroundColor`, `text`, `control`, …).
    public func renderProperty(_ view: String, _ property: String) -> JSONValue? {
        props(of: view).flatMap { LogMatch.json($0)?[property] }
    }

    /// The whole event log of the session.
    public var log: [LoggedEntry] { core.read { $0.log } }

    /// The log since the latest `perform` began (what expectations look at).
    public var recentLog: [LogEntry] {
        let start = local.withLock { cursor }
        return core.read { Array($0.log[min(start, $0.log.count)...].map(\.entry)) }
    }

    /// Every `error` the server sent, except `overloaded` (see `overloadedCount`).
    public var errors: [ErrorMessage] { core.read { $0.errors } }

    /// Times the server paused reading this connection because its answers piled up (`error`
    /// `overloaded`, docs/protocol.md): nothing was dropped — what the client sent is read once they
    /// drain — so these are counted here and fail no step.
    public var overloadedCount: Int { core.read { $0.overloaded } }

    /// Every message received, as JSON text.
    public var received: [String] { core.read { $0.received } }

    /// Expectations from now on look only at what happens after this call.
    public func resetExpectations() {
        let end = core.read { $0.log.count }
        local.withLock { cursor = end }
    }

    // MARK: Input

    /// Performs a gesture: one `input` message per moment its fingers change, each acknowledged
    /// before the next is sent. Starts at `now`; afterwards `now` is the gesture's end.
    ///
    /// `resetExpectations: false` lets later expectations also see the gestures before this one.
    @discardableResult
    public func perform(_ gesture: Gesture, resetExpectations: Bool = true) async throws -> GestureResult {
        let timeline: Timeline
        do {
            timeline = try gesture.timeline(in: GestureContext(viewport: viewport))
        } catch {
            throw SessionError.gesture(error)
        }
        let start = now
        let logStart = core.read { $0.log.count }
        if resetExpectations { local.withLock { cursor = logStart } }
        var pointers: [Int: Int] = [:]
        let frames = timeline.frames
        let maxPointers = max(1, welcome.limits.maxPointersPerInput)
        for frame in frames {
            let t = Point.round3(start + frame.t)
            if clock == .client { try await sleep(until: t) }
            var changes: [Pointer] = []
            for event in frame.events {
                let id: Int
                if event.phase == .down {
                    id = local.withLock { () -> Int in
                        pointerID += 1
                        return pointerID
                    }
                    pointers[event.finger] = id
                } else {
                    guard let existing = pointers[event.finger] else {
                        throw SessionError.gesture(GestureError("finger \(event.finger) is not down"))
                    }
                    id = existing
                    if event.phase == .up || event.phase == .cancel { pointers[event.finger] = nil }
                }
                changes.append(Pointer(id: id, phase: event.phase, x: event.point.x, y: event.point.y, t: t,
                                       pointerType: event.pointerType, pressure: event.pressure, width: event.width, height: event.height))
            }
            for chunk in stride(from: 0, to: changes.count, by: maxPointers) {
                let part = Array(changes[chunk..<min(chunk + maxPointers, changes.count)])
                try await request { seq in .input(Input(seq: seq, pointers: part)) }
            }
            local.withLock { clockNow = max(clockNow, t) }
        }
        let end = Point.round3(start + timeline.duration)
        if end > now {
            switch clock {
            case .manual: try await advance(to: end)
            case .client: try await sleep(until: end)
            }
        }
        let entries = core.read { Array($0.log[logStart...].map(\.entry)) }
        return GestureResult(gesture: gesture.description, frames: frames.count, start: start, end: end, log: entries)
    }

    /// Performs gestures one after another; expectations then look at all of them.
    @discardableResult
    public func perform(_ gestures: [Gesture]) async throws -> GestureResult {
        try await perform(.sequence(gestures))
    }

    /// Lets `ms` milliseconds pass: manual clock, an `advance` (timers due by then fire); client
    /// clock, a real wait. Returns the log entries that arrived.
    @discardableResult
    public func advance(by ms: Double) async throws -> [LogEntry] {
        try await advance(to: Point.round3(now + ms))
    }

    /// Moves engine time to `t` ms (see `advance(by:)`).
    @discardableResult
    public func advance(to t: Double) async throws -> [LogEntry] {
        let logStart = core.read { $0.log.count }
        switch clock {
        case .manual:
            let target = max(t, now)
            try await request { seq in .advance(Advance(t: target, seq: seq)) }
            local.withLock { clockNow = max(clockNow, target) }
        case .client:
            try await sleep(until: t)
            try await sync()
        }
        return core.read { Array($0.log[logStart...].map(\.entry)) }
    }

    /// A shake: `motionBegan`, then after `duration` ms `motionEnded`.
    public func shake(duration: Double = 300) async throws {
        let start = now
        try await request { seq in .motion(Motion(phase: .began, t: start, seq: seq)) }
        local.withLock { clockNow = max(clockNow, start) }
        let end = Point.round3(start + duration)
        if clock == .client { try await sleep(until: end) }
        try await request { seq in .motion(Motion(phase: .ended, t: end, seq: seq)) }
        local.withLock { clockNow = max(clockNow, end) }
    }

    /// A remote-control command.
    public func remote(_ command: RemoteCommand) async throws {
        let t = now
        try await request { seq in .remote(Remote(command: command, t: t, seq: seq)) }
        local.withLock { clockNow = max(clockNow, t) }
    }

    /// Changes the app now, between gestures (the `act` message, docs/protocol.md §4.11): each action
    /// a JSON object such as `{"set": {"recognizer": "pan", "property": "enabled", "value": false}}`,
    /// the vocabulary a declarative scene's `timeline` uses too. An invalid action throws
    /// `SessionError.server` naming its field (`actions[1].set.view`), with nothing applied. Returns
    /// the log entries that arrived.
    @discardableResult
    public func act(_ actions: [JSONValue]) async throws -> [LogEntry] {
        let logStart = core.read { $0.log.count }
        let t = now
        try await request { seq in .act(AppActions(t: t, seq: seq, actions: actions)) }
        core.learnNames(from: actions)
        local.withLock { clockNow = max(clockNow, t) }
        return core.read { Array($0.log[logStart...].map(\.entry)) }
    }

    /// Switches to another scene (same session; fingers that were down are forgotten).
    public func switchScene(_ name: String) async throws {
        let renders = core.read { $0.fullRenders }
        let errors = core.read { $0.errors.count }
        transmit(ClientMessage.scene(SceneSwitch(scene: .named(name))).text)
        try await core.wait(timeout: replyTimeout, for: "the scene \(name)") { $0.fullRenders > renders || $0.errors.count > errors }
        if let error = core.read({ $0.errors.count > errors ? $0.errors[errors] : nil }) { throw SessionError.server(error) }
        resetExpectations()
    }

    /// Resizes the window.
    public func resize(to size: Viewport) async throws {
        transmit(ClientMessage.resize(size).text)
        try await sync()
    }

    /// Marks this moment in the server's recording (`touchbridge serve --record`).
    public func mark(_ note: String) async throws {
        transmit(ClientMessage.mark(Mark(note: note, t: now)).text)
        try await sync()
    }

    /// Waits until the server has handled everything sent so far (a `ping` round trip).
    public func sync() async throws {
        let id = local.withLock { () -> Int in
            pingID += 1
            return pingID
        }
        transmit(ClientMessage.ping(Ping(id: id)).text)
        try await core.wait(timeout: replyTimeout, for: "pong \(id)") { $0.pongs.contains(id) }
        try checkMirror()
    }

    /// Sends any message as it is (no waiting).
    public func sendRaw(_ text: String) {
        transmit(text)
    }

    // MARK: Expectations

    /// Waits for a log entry since the latest gesture that matches; returns it. A failure names the
    /// caller's file and line (`fileID`, `line`: leave them to their defaults).
    @discardableResult
    public func expect(_ match: LogMatch, within: Double? = nil, fileID: String = #fileID, line: Int = #line) async throws -> LogEntry {
        try await located(fileID, line) { try await self.expectEntry(match, within: within) }
    }

    private func expectEntry(_ match: LogMatch, within: Double?) async throws -> LogEntry {
        try requireKnownNames(match, "expected \(match)")
        let start = local.withLock { cursor }
        let found = try await waitFor(within: within) { state in
            state.log[min(start, state.log.count)...].first { match.matches($0.entry) }?.entry
        }
        if let found { return found }
        let recent = recentLog
        throw ExpectationFailure(
            expectation: "expected \(match)",
            detail: match.closest(in: recent).map { "closest: " + $0 } ?? "no such entry",
            log: recent)
    }

    /// Waits for a transition of `recognizer` into `state`.
    @discardableResult
    public func expectTransition(
        _ recognizer: String, to state: RecognizerState, from: RecognizerState? = nil,
        values: [String: ExpectedValue] = [:], reason: String? = nil, tolerance: Double = 0.001, within: Double? = nil,
        fileID: String = #fileID, line: Int = #line
    ) async throws -> LogEntry {
        try await expect(.transition(recognizer, to: state, from: from, values: values, reason: reason, tolerance: tolerance), within: within,
                         fileID: fileID, line: line)
    }

    /// Waits for `recognizer`'s action in `state`.
    @discardableResult
    public func expectAction(
        _ recognizer: String, _ state: RecognizerState, within: Double? = nil, fileID: String = #fileID, line: Int = #line
    ) async throws -> LogEntry {
        try await expect(.action(recognizer, state), within: within, fileID: fileID, line: line)
    }

    /// Waits for a responder call.
    @discardableResult
    public func expectResponder(
        _ responder: String, _ method: ResponderMethod, touches: Int? = nil, forwardedFrom: String? = nil, within: Double? = nil,
        fileID: String = #fileID, line: Int = #line
    ) async throws -> LogEntry {
        try await expect(.responder(responder, method, touches: touches, forwardedFrom: forwardedFrom), within: within,
                         fileID: fileID, line: line)
    }

    /// Waits for a control event.
    @discardableResult
    public func expectControlEvent(
        _ control: String, _ event: String, within: Double? = nil, fileID: String = #fileID, line: Int = #line
    ) async throws -> LogEntry {
        try await expect(.controlEvent(control, event), within: within, fileID: fileID, line: line)
    }

    /// Checks that nothing matching happened since the latest gesture — after letting `within` ms
    /// pass first (default 0: only what already happened).
    public func expectNo(_ match: LogMatch, within: Double = 0, fileID: String = #fileID, line: Int = #line) async throws {
        try await located(fileID, line) { try await self.expectNoEntry(match, within: within) }
    }

    private func expectNoEntry(_ match: LogMatch, within: Double) async throws {
        try requireKnownNames(match, "expected no \(match)")
        if within > 0 { try await advance(by: within) }
        if let entry = recentLog.first(where: match.matches) {
            throw ExpectationFailure(expectation: "expected no \(match)", detail: "found \(entry.text)", log: recentLog)
        }
    }

    /// Waits for log entries matching `matches` in this order (others may come between).
    @discardableResult
    public func expectSequence(_ matches: [LogMatch], within: Double? = nil, fileID: String = #fileID, line: Int = #line) async throws -> [LogEntry] {
        try await located(fileID, line) { try await self.expectEntries(matches, within: within) }
    }

    private func expectEntries(_ matches: [LogMatch], within: Double?) async throws -> [LogEntry] {
        for match in matches { try requireKnownNames(match, "expected \(match)") }
        let start = local.withLock { cursor }
        let found = try await waitFor(within: within) { state -> [LogEntry]? in
            var result: [LogEntry] = []
            var index = min(start, state.log.count)
            for match in matches {
                guard let hit = state.log[index...].firstIndex(where: { match.matches($0.entry) }) else { return nil }
                result.append(state.log[hit].entry)
                index = hit + 1
            }
            return result
        }
        if let found { return found }
        let recent = recentLog
        // Name the first one missing.
        var index = 0
        var detail = "not all of them, in that order"
        for (number, match) in matches.enumerated() {
            guard let hit = recent[index...].firstIndex(where: match.matches) else {
                let near = match.closest(in: Array(recent[index...]))
                detail = "found the first \(number), then no \(match)" + (number == 0 ? "" : " after \(recent[index - 1].text)")
                    + (near.map { " (closest: \($0))" } ?? "")
                break
            }
            index = hit + 1
        }
        throw ExpectationFailure(
            expectation: "expected in order: " + matches.map(\.description).joined(separator: ", then "),
            detail: detail, log: recent)
    }

    /// Waits until a view's render property matches `value` (numbers within `tolerance`).
    public func expectRender(
        _ view: String, _ property: String, _ value: ExpectedValue, tolerance: Double = 0.001, within: Double? = nil,
        fileID: String = #fileID, line: Int = #line
    ) async throws {
        try await located(fileID, line) { try await self.expectRenderValue(view, property, value, tolerance: tolerance, within: within) }
    }

    private func expectRenderValue(_ view: String, _ property: String, _ value: ExpectedValue, tolerance: Double, within: Double?) async throws {
        let matched = try await waitFor(within: within) { state -> Bool? in
            guard let node = state.mirror.node(named: view), let props = state.mirror.resolvedProps(of: node.id) else { return nil }
            return value.matches(LogMatch.json(props)?[property], tolerance: tolerance) ? true : nil
        }
        if matched != nil { return }
        let actual: String
        if props(of: view) == nil {
            actual = "there is no view named \"\(view)\""
        } else {
            actual = "it is " + (renderProperty(view, property).map(WireJSON.text) ?? "absent")
        }
        throw ExpectationFailure(
            expectation: "expected \(view).\(property) = \(value)" + (tolerance != 0.001 ? " ± \(Point.format(tolerance))" : ""),
            detail: actual, log: recentLog)
    }

    // MARK: Plumbing

    /// Runs an expectation; a failure gets the caller's place (the innermost call that has one keeps it).
    private func located<T>(_ fileID: String, _ line: Int, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch var failure as ExpectationFailure {
            if failure.location == nil { failure.location = "\(fileID):\(line)" }
            if failure.artefact == nil { failure.artefact = artefacts.write(failure, session: sessionID, received: received) }
            throw failure
        }
    }

    /// Throws when `match` names a recognizer, responder, control or view this session has never seen.
    private func requireKnownNames(_ match: LogMatch, _ expectation: String) throws {
        if let complaint = core.read({ $0.names.complaint(about: match) }) {
            throw ExpectationFailure(expectation: expectation, detail: complaint, log: recentLog)
        }
    }

    /// Sends a message that carries `seq` and waits for its `events` (or `error`). A message the
    /// server's rate limit dropped is sent again after a pause.
    @discardableResult
    private func request(_ make: (Int) -> ClientMessage) async throws -> Int {
        let seq = local.withLock { () -> Int in
            self.seq += 1
            return self.seq
        }
        let text = make(seq).text
        var attempts = 0
        while true {
            let dropped = core.read { $0.rateLimited }
            transmit(text)
            try await core.wait(timeout: replyTimeout, for: "the reply to seq \(seq)") { state in
                state.acked.contains(seq) || state.errorBySeq[seq] != nil || state.rateLimited > dropped
            }
            let (acked, error) = core.read { ($0.acked.contains(seq), $0.errorBySeq[seq]) }
            if let error { throw SessionError.server(error) }
            if acked {
                try checkMirror()
                return seq
            }
            attempts += 1
            guard attempts < 50 else { throw SessionError.timeout("seq \(seq): the server keeps rate-limiting") }
            try await Task.sleep(for: .milliseconds(20 * attempts))
        }
    }

    private func checkMirror() throws {
        if let error = core.read({ $0.mirrorError }) { throw SessionError.mirror(error) }
    }

    private func transmit(_ text: String) {
        let id = connection
        client.enqueueFromAnyThread { client in _ = client.send(text, to: id) }
    }

    private func sleep(until t: Double) async throws {
        let wait = t - wallNow
        if wait > 0 { try await Task.sleep(for: .microseconds(Int(wait * 1000))) }
        local.withLock { clockNow = max(clockNow, t) }
    }

    /// Polls `probe` until it gives a value: manual clock, advancing engine time step by step up
    /// to `within` ms; client clock, on every message for `within` ms of real time. Nil if never.
    private func waitFor<T>(within: Double?, _ probe: @escaping (SessionState) -> T?) async throws -> T? {
        let limit = within ?? expectationTimeout
        switch clock {
        case .manual:
            let deadline = now + limit
            while true {
                if let value = core.read(probe) { return value }
                let remaining = deadline - now
                guard remaining > 1e-9 else { return nil }
                try await advance(by: min(waitStep, remaining))
            }
        case .client:
            do {
                try await core.wait(timeout: limit / 1000, for: "an expectation") { probe($0) != nil }
            } catch SessionError.timeout {
                return nil
            }
            return core.read(probe)
        }
    }
}

/// What one `perform` did.
public struct GestureResult: Sendable {
    /// The gesture's description.
    public var gesture: String
    /// `input` messages sent.
    public var frames: Int
    /// Engine time at the start, ms.
    public var start: Double
    /// Engine time at the end, ms.
    public var end: Double
    /// The log entries the gesture's messages produced (including timers they ran).
    public var log: [LogEntry]

    /// The transitions, in the log's notation (`pinch:possible→began`).
    public var transitions: [String] { log.filter { $0.kind == "transition" }.map(\.text) }
}

/// An expectation that was not met, with the log it looked at.
public struct ExpectationFailure: Error, CustomStringConvertible {
    /// The expectation, as written in a report.
    public var expectation: String
    /// Why it was not met.
    public var detail: String
    /// The non-diagnostic entries since the latest gesture.
    public var log: [LogEntry]
    /// Where the failed expectation was written (`Module/File.swift:42`), when a caller's place is known.
    public var location: String?
    /// The HTML file of the session up to the failure, when one was asked for (`TOUCHBRIDGE_HTML_ON_FAILURE`).
    public var artefact: String?

    /// A failure of `expectation` because of `detail`, with the `log` it looked at.
    public init(expectation: String, detail: String, log: [LogEntry]) {
        self.expectation = expectation
        self.detail = detail
        self.log = log
    }

    public var description: String {
        let lines = log.filter { !$0.diagnostic }.map(\.text)
        let shown = lines.count > 40 ? Array(lines.prefix(40)) + ["… \(lines.count - 40) more"] : lines
        return (location.map { "\($0): " } ?? "") + "\(expectation): \(detail)\n  log since the gesture: " + (shown.isEmpty ? "(empty)" : shown.joined(separator: " · "))
            + (artefact.map { "\n  step through it in a browser: \($0)" } ?? "")
    }
}
