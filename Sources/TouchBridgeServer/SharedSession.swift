import Foundation
import TouchBridgeProtocol
import TouchKit

/// What a device connection and its observers share: the running app, its clock, and the render
/// state every one of them has.
///
/// Every connection of a session holds exactly `published` between messages (joiners get it as a
/// full render; afterwards everyone gets the same diffs), so one diff per engine step serves all
/// of them and their bytes are identical.
final class SharedSession {
    let id: String
    let environment: SessionEnvironment
    private(set) var application: UIApplication
    private(set) var sceneName: String
    private(set) var viewport: Viewport
    /// What the device's `hello.log` asked the event log to record, for every app of the session.
    let logDetail: LogDetail
    // `@exclusivity(unchecked)` (issue 25: a run-time check each per message): `published` is modified
    // across `update()`, which calls into the app's views but never back into the session (the app
    // holds no reference to it); `clock` and `observers` are read or written by code that calls out to
    // nothing while the access lasts. So no access overlaps another.
    @exclusivity(unchecked) private(set) var published: PublishedRender
    @exclusivity(unchecked) var clock: SessionClock
    /// Observer connections, in joining order (the order they are sent to).
    @exclusivity(unchecked) private(set) var observers: [ConnectionID] = []
    /// The device left; the session is over.
    private(set) var isEnded = false

    /// The session's views go with it, whatever app code did to them: a view moved into a view it
    /// holds (an `act` `move`) would otherwise keep both alive (`DepartedSubtrees`). A scene switch
    /// does the same for the app it replaces.
    deinit {
        application.takeViewTreesApart()
    }

    /// Builds the session's first app. Also returns the log of building it (often empty).
    init(id: String, hello: Hello, receivedAt: Double, environment: SessionEnvironment) throws(ProtocolError) {
        self.id = id
        self.environment = environment
        viewport = hello.viewport
        clock = SessionClock(mode: hello.clock)
        logDetail = hello.log == .complete ? .complete : .standard
        let (application, sceneName) = try Self.build(hello.scene, viewport: hello.viewport, logDetail: logDetail, environment: environment)
        if let t = hello.t { try? application.advance(to: t / 1000) }
        self.application = application
        self.sceneName = sceneName
        published = PublishedRender(application)
        if let t = hello.t { clock.observe(clientTime: t / 1000, receivedAt: receivedAt) }
    }

    /// Engine time in ms, as messages carry it.
    var engineMs: Double { WireJSON.rounded(application.currentTime * 1000) }

    // MARK: Messages for one connection

    func welcome(role: Role) -> String {
        var welcome = Welcome(
            session: id, role: role, scenes: environment.catalog.scenes, scene: sceneName, clock: clock.mode,
            thresholds: .engineDefaults(maximumTouches: environment.limits.maxTouches), limits: environment.limits)
        welcome.recording = environment.isRecording
        welcome.lan = environment.lanAddress
        welcome.lints = SceneLints.wire(application)
        return ServerMessage.welcome(welcome).text
    }

    /// Everything, for a client that has nothing (or lost track), with every recognizer listed.
    /// `withLints`: the scene's lints too (`[]` for none) — for a client that starts the scene; a resync
    /// or a slow client's catch-up leaves them out, as they have not changed since (`act` reports every
    /// change), and a client repeating resyncs would otherwise make the server lint the scene each time.
    func fullRender(withLints: Bool = true) -> String {
        var render = RenderMessage(
            full: true, scene: sceneName, ops: RenderDiff.full(published.snapshot),
            recognizers: RecognizerListing.recognizers(of: application), t: published.isAnimating ? engineMs : nil)
        if withLints { render.lints = SceneLints.wire(application) ?? [] }
        return render.text
    }

    /// What a joining connection gets: the `welcome` and a full render with the lints.
    func greeting(role: Role) -> [SessionEffect] {
        guard environment.writesMessages else {
            // The welcome's lints name recognizers before the full render lists them (`nameAsWritingWould`).
            _ = SceneLints.lints(application)
            return fullRenderEffects(withLints: true)
        }
        return [.reply(welcome(role: role))] + fullRenderEffects(withLints: true)
    }

    /// A full render as an effect, or none in a session that writes no messages.
    func fullRenderEffects(withLints: Bool) -> [SessionEffect] {
        guard environment.writesMessages else {
            nameAsWritingWould(lint: withLints)
            return []
        }
        return [.render(fullRender(withLints: withLints), full: true)]
    }

    /// What writing a full render does to the app besides the text: listing the recognizers and linting
    /// give unnamed ones their ids (`traceName`), in this order, from the counter later views and
    /// recognizers take theirs from. A session that writes nothing still does it, so its log names
    /// everything as one that writes does.
    private func nameAsWritingWould(lint: Bool) {
        _ = RecognizerListing.recognizers(of: application)
        if lint { _ = SceneLints.lints(application) }
    }

    // MARK: Engine steps (messages for every connection of the session)

    /// Runs one engine step and returns what changed: a `render` if anything visible changed, and
    /// an `events` if the log is not empty or `alwaysReport` (input-like messages acknowledge their
    /// `seq` even when nothing was logged). A step that throws changed nothing and returns nothing.
    ///
    /// `reportsPointers` (input): the `events` also lists the pointers still down, for observers.
    /// `reportsLints` (act): the `events` also carries the scene's lints as the step left them.
    func step(
        seq: Int?, alwaysReport: Bool, reportsPointers: Bool = false, reportsLints: Bool = false,
        _ body: (UIApplication) throws(InputError) -> Void
    ) throws(InputError) -> [SessionEffect] {
        try body(application)
        var messages = publish(seq: seq, alwaysReport: alwaysReport, reportsPointers: reportsPointers, reportsLints: reportsLints)
        if let name = application.drainOpenRequests().compactMap(Self.sceneName(in:)).last,
           let switched = try? switchScene(to: .named(name)) {
            messages += switched
        }
        return messages
    }

    /// `touchbridge:scene/NAME`: app code asking to open another scene (the welcome scene's links).
    static func sceneName(in url: URL) -> String? {
        guard url.scheme == "touchbridge" else { return nil }
        let path = url.absoluteString.dropFirst("touchbridge:".count)
        guard path.hasPrefix("scene/") else { return nil }
        let name = String(path.dropFirst("scene/".count))
        return name.isEmpty ? nil : name
    }

    private func publish(seq: Int?, alwaysReport: Bool, reportsPointers: Bool = false, reportsLints: Bool = false) -> [SessionEffect] {
        let ops = published.update()
        let log = application.drainTrace()
        // `LogEntry`s only for a tap that reads them: `events` is written from the engine's log (TraceWriting).
        if let logTap = environment.logTap, !log.isEmpty { logTap(engineMs, log.map(TraceEncoding.entry)) }
        guard environment.writesMessages else {
            // The `events` lints would name recognizers (`nameAsWritingWould`).
            if reportsLints { _ = SceneLints.lints(application) }
            return []
        }
        var messages: [SessionEffect] = []
        // A render and an events, in one allocation: growing from one to two allocated twice.
        messages.reserveCapacity(2)
        if !ops.isEmpty {
            messages.append(.render(RenderMessage(full: false, ops: ops, t: published.isAnimating ? engineMs : nil).text, full: false))
        }
        if alwaysReport || !log.isEmpty {
            let pointers = reportsPointers ? application.digitizer.activeTouches.map {
                LivePointer(id: $0.pointerID, x: WireJSON.rounded($0.location(in: nil).x), y: WireJSON.rounded($0.location(in: nil).y))
            } : nil
            let lints = reportsLints ? SceneLints.wire(application) ?? [] : nil
            messages.append(.events(TraceEncoding.eventsText(seq: seq, t: engineMs, log: log, pointers: pointers, lints: lints)))
        }
        return messages
    }

    /// The window takes the new size and safe area as a rotation does on iOS (`UIWindow.transition`):
    /// controllers are told, views autoresize and lay out again; touches in flight carry on.
    func resize(to viewport: Viewport) -> [SessionEffect] {
        self.viewport = viewport
        application.screen.update(size: CGSize(width: viewport.width, height: viewport.height), scale: viewport.scale)
        for window in application.windows {
            window.transition(to: CGSize(width: viewport.width, height: viewport.height), safeAreaInsets: viewport.safeAreaInsets)
        }
        return publish(seq: nil, alwaysReport: false)
    }

    /// A fresh app for another scene; engine time carries over so the client's clock still holds.
    func switchScene(to request: SceneRequest) throws(ProtocolError) -> [SessionEffect] {
        let (newApplication, name) = try Self.build(request, viewport: viewport, logDetail: logDetail, environment: environment)
        try? newApplication.advance(to: application.currentTime)
        let retired = application
        application = newApplication
        retired.takeViewTreesApart()
        sceneName = name
        published = PublishedRender(application)
        return fullRenderEffects(withLints: true) + publish(seq: nil, alwaysReport: false)
    }

    /// The device left: touches still down are cancelled (the log shows it to observers).
    func end() -> [SessionEffect] {
        guard !isEnded else { return [] }
        isEnded = true
        let messages = (try? step(seq: nil, alwaysReport: false) { application throws(InputError) in
            try application.digitizer.cancelAllTouches(at: application.currentTime)
        }) ?? []
        return messages
    }

    /// The setup log of a new app (building a scene may log notes), as `events`.
    func setupMessages() -> [SessionEffect] {
        publish(seq: nil, alwaysReport: false)
    }

    // MARK: Observers

    func addObserver(_ connection: ConnectionID) throws(ProtocolError) {
        guard observers.count < environment.limits.maxObserversPerSession else {
            throw .limit("session", "the session already has maxObserversPerSession \(environment.limits.maxObserversPerSession) observers")
        }
        observers.append(connection)
    }

    func removeObserver(_ connection: ConnectionID) {
        observers.removeAll { $0 == connection }
    }

    // MARK: Building apps

    private static func build(
        _ request: SceneRequest?, viewport: Viewport, logDetail: LogDetail, environment: SessionEnvironment
    ) throws(ProtocolError) -> (UIApplication, String) {
        let size = CGSize(width: viewport.width, height: viewport.height)
        // The scene's application takes this screen: `UIScreen.main` while it builds and runs.
        let screen = UIScreen(size: size, scale: viewport.scale)
        let (application, name) = try screen.performAsMain { () throws(ProtocolError) in
            try buildApplication(request, size: size, environment: environment)
        }
        application.digitizer.configuration.maximumTouches = environment.limits.maxTouches
        application.logDetail = logDetail
        for window in application.windows {
            window.transition(to: size, safeAreaInsets: viewport.safeAreaInsets)
        }
        application.runEmptyTurn()
        return (application, name)
    }

    private static func buildApplication(
        _ request: SceneRequest?, size: CGSize, environment: SessionEnvironment
    ) throws(ProtocolError) -> (UIApplication, String) {
        let application: UIApplication
        let name: String
        switch request ?? .named(environment.catalog.defaultScene) {
        case .named(let sceneName):
            let built: UIApplication?
            do {
                built = try environment.catalog.makeApplication(scene: sceneName, windowSize: size)
            } catch {
                throw ProtocolError(code: error.code, message: error.message, path: "scene")
            }
            guard let built else {
                let known = environment.catalog.scenes.map(\.name).joined(separator: ", ")
                throw ProtocolError(code: ErrorCode.unknownScene, message: "no scene named \"\(sceneName)\" (scenes: \(known))", path: "scene")
            }
            application = built
            name = sceneName
        case .inline(let description):
            do {
                application = try environment.catalog.makeApplication(inlineScene: description, windowSize: size)
            } catch {
                throw ProtocolError(code: error.code, message: error.message, path: "scene")
            }
            name = "inline"
        }
        return (application, name)
    }
}

extension Viewport {
    /// The client's safe area as the engine takes it (none when the client sent none).
    var safeAreaInsets: UIEdgeInsets {
        guard let safeArea else { return .zero }
        return UIEdgeInsets(top: safeArea.top, left: safeArea.left, bottom: safeArea.bottom, right: safeArea.right)
    }
}

extension UIApplication {
    /// Runs the end-of-turn passes (layout, then `draw(_:)` into display lists) now: `advance(to:)`
    /// always ends with a turn, which is what a fresh scene or a resized window needs.
    func runEmptyTurn() {
        try? advance(to: currentTime)
    }
}
