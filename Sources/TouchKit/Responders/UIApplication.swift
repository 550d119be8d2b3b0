import Foundation

/// The application's delegate. When it is a `UIResponder` (and not a view, controller, window or
/// application), it is the last link of the responder chain (UIKIT-RESPONDER-NEXT).
public protocol UIApplicationDelegate: AnyObject {
    /// Called once by `UIApplication.launch(options:)`, after the host set the application up.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [String: String]?) -> Bool
}

extension UIApplicationDelegate {
    /// Does nothing and returns true: delegates need not implement it.
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [String: String]?) -> Bool { true }
}

/// The delegate's foreground callbacks (UIKit's `UIApplicationDelegate` has them as optional methods).
public protocol UIApplicationLifecycleDelegate: UIApplicationDelegate {
    /// The app is about to leave the foreground; every touch has already been cancelled.
    func applicationWillResignActive(_ application: UIApplication)
    /// The app is in the foreground again.
    func applicationDidBecomeActive(_ application: UIApplication)
}

/// The root of an app's event handling: it owns the windows, the first responder, the digitizer that
/// turns pointer input into touches, the gesture arena, and the engine's clock.
///
/// Linux adaptation: there is no `UIApplication.shared`. A server holds one application per session,
/// so every application is an independent instance, and nothing in TouchKit is process-wide: even
/// `UIScreen.main` is the screen of the application running on the calling thread (UIKIT-SCREEN-MAIN).
/// Time is never read from a clock: it moves only with input timestamps and `advance(to:)`.
open class UIApplication: UIResponder {
    /// Strongly held (UIKit holds it through `UIApplicationMain`).
    @exclusivity(unchecked) public var delegate: UIApplicationDelegate?
    /// The application's windows, back to front.
    @exclusivity(unchecked) public private(set) var windows: [UIWindow] = []
    /// The window made key last (`makeKeyAndVisible()`); it receives motion and remote-control events when no
    /// responder is first. Unretained, not weak (a weak reference gives the window a side table, which
    /// slows every retain and release of it): only a window of `windows`, which this application
    /// holds and never removes, is made key, so it cannot dangle.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var keyWindow: UIWindow?
    /// The responder that receives motion and remote-control events first.
    public internal(set) weak var firstResponder: UIResponder?
    /// Whether remote-control events are delivered (`beginReceivingRemoteControlEvents()`).
    public private(set) var isReceivingRemoteControlEvents = false

    /// Turns pointer input into touch events.
    public var digitizer: Digitizer {
        if let createdDigitizer { return createdDigitizer }
        let digitizer = Digitizer(application: self)
        createdDigitizer = digitizer
        return digitizer
    }
    private var createdDigitizer: Digitizer?
    /// The engine's current time: the latest input timestamp or `advance(to:)` target.
    @exclusivity(unchecked) public private(set) var currentTime: TimeInterval = 0
    /// Record the event log (on by default; hosts that do not read it can turn it off).
    @exclusivity(unchecked) public var isTracing = true
    /// How much the event log records (not UIKit API): `.complete` adds recognizers' own touch
    /// calls and every call's `allTouches` with their phases.
    @exclusivity(unchecked) public var logDetail = LogDetail.standard

    /// The session's one screen (Linux adaptation; UIKit reaches it through window scenes): the one a host
    /// was building with (`UIScreen.performAsMain(_:)`) when the application was made, else a screen of
    /// zero size at scale 1 until the host calls `update(size:scale:)`. `UIScreen.main` while the
    /// application's code runs (UIKIT-SCREEN-MAIN).
    public let screen: UIScreen
    let scheduler = Scheduler()
    lazy var gestureEnvironment = GestureEnvironment(application: self)
    /// Block animations in flight (`UIView.animate`).
    lazy var animator = ViewAnimator(application: self)
    /// The edit menu on screen, shared by `UIMenuController` and edit menu interactions (UIKIT-MENU-SHOW).
    lazy var editMenus = EditMenuPresenter(application: self)
    /// `UIMenuController.shared` while this application's code runs.
    lazy var menuController = UIMenuController(application: self)
    @exclusivity(unchecked) private var trace: [TraceEvent] = []
    /// Subtrees that left the windows, taken apart with them by `takeViewTreesApart()`.
    private var departedSubtrees = DepartedSubtrees()
    private var nextObjectID = 1
    private var turnDepth = 0

    /// An independent application at engine time 0; call `launch(options:)` once its windows are set up.
    public init(delegate: UIApplicationDelegate? = nil) {
        self.delegate = delegate
        if let bound = CurrentScreen.bound, bound.application == nil {
            screen = bound
        } else {
            screen = UIScreen(size: .zero, scale: 1)
        }
        super.init()
        screen.application = self
        assignID(self)
    }

    deinit {
        // Windows, the digitizer and its touch event read their application without counting
        // references (they never outlive it unnoticed): tell them it is gone.
        for window in windows { window.application = nil }
        if screen.application === self { screen.application = nil }
        createdDigitizer?.applicationWentAway()
    }

    /// Takes every view tree of this application apart — its windows' and the ones removed from them
    /// that are still alive (`DepartedSubtrees`) — so a view that app code holds and that became its
    /// holder's ancestor does not keep both alive. A host calls it when it is done with the application
    /// (the server, when a session ends or changes scene): UIKit never takes a tree apart on its own
    /// (a view keeps its subviews while anything holds it), and neither does TouchKit, so app code and
    /// hosts that keep views or windows afterwards (`touchbridge lint`) see them whole.
    package func takeViewTreesApart() {
        let roots: [UIView] = windows + departedSubtrees.alive
        for root in roots { root.letGoOfSubtree() }
    }

    /// Tells the delegate the app finished launching (hosts call this once after setting up).
    @discardableResult
    public func launch(options: [String: String]? = nil) -> Bool {
        screen.performAsMain { delegate?.application(self, didFinishLaunchingWithOptions: options) ?? true }
    }

    /// The delegate, when it is a plain responder (UIKIT-RESPONDER-NEXT).
    open override var next: UIResponder? {
        guard let responder = delegate as? UIResponder else { return nil }
        if responder is UIView || responder is UIViewController || responder is UIApplication { return nil }
        return responder
    }

    // MARK: Windows

    func register(_ window: UIWindow) {
        guard !windows.contains(where: { $0 === window }) else { return }
        windows.append(window)
        window.forEachInSubtree { assignID($0) }
    }

    // MARK: Foreground

    /// UIKit's `UIApplication.State`.
    public enum State: Int, Sendable {
        /// Active (in the foreground, receiving events), inactive (between `resignActive(at:)` and
        /// `becomeActive(at:)`) or background (TouchKit never enters it by itself).
        case active, inactive, background
    }

    /// `.inactive` between `resignActive(at:)` and `becomeActive(at:)`.
    public private(set) var applicationState = State.active

    /// The system takes the app out of the foreground (an incoming call, Control Center). Linux
    /// adaptation: on iOS the system does this; here a host or a test says when. As on iOS
    /// (UIKIT-CANCEL-RESIGN-ACTIVE) every touch still down is cancelled — views get `touchesCancelled`,
    /// recognizers cancel or fail — then the delegate hears `applicationWillResignActive`.
    public func resignActive(at timestamp: TimeInterval) throws(InputError) {
        guard applicationState == .active else { return }
        record(.note("application will resign active: the system cancels every touch"))
        try digitizer.cancelAllTouches(at: timestamp)
        applicationState = .inactive
        (delegate as? UIApplicationLifecycleDelegate)?.applicationWillResignActive(self)
    }

    /// The app is in the foreground again (`applicationDidBecomeActive`).
    public func becomeActive(at timestamp: TimeInterval) throws(InputError) {
        guard applicationState != .active else { return }
        try advance(to: timestamp)
        applicationState = .active
        record(.note("application did become active"))
        (delegate as? UIApplicationLifecycleDelegate)?.applicationDidBecomeActive(self)
    }

    /// Adds a note to the event log (not UIKit API: hosts say what they changed, e.g. `act` messages).
    public func logNote(_ text: String) {
        record(.note(text))
    }

    // MARK: Remote control

    /// Remote-control events reach the first responder only after this call (UIKIT-RESPONDER-REMOTE).
    public func beginReceivingRemoteControlEvents() { isReceivingRemoteControlEvents = true }
    /// Stops delivering remote-control events; commands arriving afterwards are dropped with a note.
    public func endReceivingRemoteControlEvents() { isReceivingRemoteControlEvents = false }

    // MARK: Opening URLs

    @exclusivity(unchecked) private var openRequests: [URL] = []

    /// Asks the system to open a URL (UIKit's `open(_:options:completionHandler:)`). TouchKit has no
    /// system to hand it to, so the request is queued for the host — the TouchBridge server opens
    /// `touchbridge:scene/NAME` as a scene switch — and the completion handler is told `true`.
    public func open(_ url: URL, completionHandler: ((Bool) -> Void)? = nil) {
        openRequests.append(url)
        record(.note("open \(url.absoluteString)"))
        completionHandler?(true)
    }

    /// The URLs app code asked to open since the last call.
    public func drainOpenRequests() -> [URL] {
        defer { openRequests.removeAll() }
        return openRequests
    }

    // MARK: Event dispatch

    /// Dispatches an event: touches to the windows of their touches, motion and remote-control events
    /// to the first responder (or, without one, the key window), from where they walk the chain.
    open func sendEvent(_ event: UIEvent) {
        switch event.type {
        case .touches:
            // Usually every touch is in one window: no list of windows.
            if let first = event.orderedTouches.first, let window = first.window,
               event.orderedTouches.allSatisfy({ $0.windowIdentity == first.windowIdentity }) {
                window.sendEvent(event)
                return
            }
            var windowsInEvent: [UIWindow] = []
            for touch in event.orderedTouches {
                if let window = touch.window, !windowsInEvent.contains(where: { $0 === window }) {
                    windowsInEvent.append(window)
                }
            }
            for window in windowsInEvent { window.sendEvent(event) }
        case .motion, .remoteControl, .presses:
            (keyWindow ?? windows.first)?.sendEvent(event)
        }
    }

    /// Sends a shake (or other motion) phase to the first responder.
    public func sendMotion(_ phase: MotionPhase, subtype: UIEvent.EventSubtype = .motionShake, timestamp: TimeInterval) throws(InputError) {
        try prepare(for: timestamp)
        pendingMotionPhase = phase
        performTurn {
            sendEvent(UIEvent(type: .motion, subtype: subtype, timestamp: timestamp, application: self))
        }
    }

    /// Sends a remote-control command; dropped (with a log note) until
    /// `beginReceivingRemoteControlEvents()` was called.
    public func sendRemoteControl(_ subtype: UIEvent.EventSubtype, timestamp: TimeInterval) throws(InputError) {
        guard subtype.rawValue >= 100 else { throw .invalidRemoteControl(subtype.rawValue) }
        try prepare(for: timestamp)
        performTurn {
            guard isReceivingRemoteControlEvents else {
                record(.note("remote control \(subtype) dropped: beginReceivingRemoteControlEvents() was not called"))
                return
            }
            sendEvent(UIEvent(type: .remoteControl, subtype: subtype, timestamp: timestamp, application: self))
        }
    }

    /// The phase of the motion event being delivered (UIEvent has no phase; the window needs it).
    var pendingMotionPhase = MotionPhase.began

    /// The phases of a motion event.
    public enum MotionPhase: String, Sendable {
        /// Shake began, ended or was cancelled.
        case began, ended, cancelled
    }

    // MARK: Time

    /// The earliest pending timer (long press, multi-tap timeout, delayed work), so a host can arm
    /// one real timer for it.
    public var nextDeadline: TimeInterval? { scheduler.nextDeadline }

    /// Moves the clock to `time`, firing every timer due until then — including those due exactly at
    /// `time` — each in its own turn, and ends with a turn of its own so changes made outside any
    /// dispatch are laid out and displayed.
    public func advance(to time: TimeInterval) throws(InputError) {
        guard time.isFinite else { throw .nonFiniteTimestamp }
        guard time >= currentTime else { throw .timeWentBackwards(previous: currentTime, got: time) }
        fireTimers(through: time, beforeInput: false)
        currentTime = time
        performTurn {}
    }

    /// Runs `work` after `delay` seconds of engine time (UIKit code uses `perform(_:with:afterDelay:)`
    /// or `DispatchQueue.main.asyncAfter`; TouchKit's clock is virtual, so use this instead).
    @discardableResult
    public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) -> TimerToken {
        scheduler.schedule(at: currentTime + max(delay, 0), work)
    }

    /// Cancels work scheduled with `schedule(after:_:)`; a token that already fired is ignored.
    public func cancelScheduled(_ token: TimerToken) { scheduler.cancel(token) }

    /// Validates an input's timestamp and fires the timers due strictly before it: an input at the
    /// same instant as a deadline is handled first, which makes every duration limit inclusive
    /// (`EngineInstant`; a swipe's move at exactly 500 ms succeeds, as measured on iOS).
    func prepare(for timestamp: TimeInterval) throws(InputError) {
        guard timestamp.isFinite else { throw .nonFiniteTimestamp }
        guard timestamp >= currentTime else { throw .timeWentBackwards(previous: currentTime, got: timestamp) }
        fireTimers(through: timestamp, beforeInput: true)
        currentTime = timestamp
    }

    private func fireTimers(through time: TimeInterval, beforeInput: Bool) {
        while let (deadline, work) = scheduler.popDue(through: time, beforeInput: beforeInput) {
            currentTime = min(deadline, time)
            switch work {
            case .closure(let body): performTurn(body)
            case .recognizer(let recognizer, let tag): performTurn { recognizer.timerFired(tag) }
            }
        }
    }

    // MARK: Turns

    /// Runs `body` as one turn of the run loop: afterwards recognizer actions are sent, withheld
    /// touches released, and the layout and display passes run.
    /// The outermost turn binds this application as the thread's current one (`CurrentApplication`) for
    /// the whole turn, actions and layout included.
    func performTurn(_ body: () -> Void) {
        // The outermost turn binds this application (`CurrentApplication`) and makes its screen
        // `UIScreen.main` for the app code it runs.
        guard turnDepth > 0 else { return CurrentApplication.bind(self) { screen.performAsMain { runTurn(body) } } }
        runTurn(body)
    }

    private func runTurn(_ body: () -> Void) {
        turnDepth += 1
        body()
        turnDepth -= 1
        guard turnDepth == 0 else { return }
        gestureEnvironment.finishTurn()
        layoutAndDisplay()
        guard !postLayoutWork.isEmpty else { return }
        let work = postLayoutWork
        postLayoutWork.removeAll()
        for item in work { item() }
    }

    /// Work to run once this turn's layout pass is done (a size transition's completions).
    @exclusivity(unchecked) private var postLayoutWork: [() -> Void] = []

    func afterLayout(_ work: @escaping () -> Void) {
        if isInTurn { postLayoutWork.append(work) } else { work() }
    }

    var isInTurn: Bool { turnDepth > 0 }

    private func layoutAndDisplay() {
        // Most turns change nothing on screen: a window whose subtree needs no pass is not visited.
        guard windows.contains(where: { $0.needsPass }) else { return }
        for window in windows { window.layoutPass() }
        for window in windows { window.displayPass() }
    }

    // MARK: Touch cancellation when views leave the window (UIKIT-CANCEL-VIEW-REMOVED)

    func viewsLeftWindow(_ root: UIView) {
        departedSubtrees.note(root)
        performTurn {
            gestureEnvironment.subtreeLeftWindow(root)
            animator.viewsLeftWindow(root)
        }
    }

    // MARK: Render tree

    /// A snapshot of every window's views, for hosts that draw them.
    public func renderTree() -> RenderTree {
        var nodes: [RenderNode] = []
        for window in windows {
            appendNodes(of: window, parent: nil, to: &nodes)
        }
        return RenderTree(nodes: nodes)
    }

    private func appendNodes(of view: UIView, parent: Int?, to nodes: inout [RenderNode]) {
        if view.objectID == 0 { assignID(view) }
        nodes.append(view.makeRenderNode(id: view.objectID, parent: parent))
        for subview in view.subviewsInDrawingOrder { appendNodes(of: subview, parent: view.objectID, to: &nodes) }
    }

    // MARK: Event log

    /// Returns the event log recorded since the last call and clears it.
    public func drainTrace() -> [TraceEvent] {
        defer { trace.removeAll(keepingCapacity: true) }
        return trace
    }

    func record(_ event: @autoclosure () -> TraceEvent) {
        guard isTracing else { return }
        trace.append(event())
    }

    func record(
        _ method: ResponderCall.Method, to responder: UIResponder, touches: Set<UITouch>,
        subtype: UIEvent.EventSubtype = .none, forwardedFrom: UIResponder? = nil, event: UIEvent? = nil
    ) {
        guard isTracing else { return }
        trace.append(.responder(ResponderCall(
            method: method, responder: responder.traceName, touches: touches.inTouchOrder.map(TouchRecord.init),
            subtype: subtype, forwardedFrom: forwardedFrom?.traceName, allTouches: allTouchRecords(of: event))))
    }

    /// A recognizer's own touch method, in the complete log.
    func recordRecognizerTouches(_ method: ResponderCall.Method, to recognizer: UIGestureRecognizer, touches: Set<UITouch>, event: UIEvent) {
        guard isTracing, logDetail == .complete else { return }
        trace.append(.recognizerTouches(RecognizerCall(
            recognizer: recognizer.traceName, method: method, touches: touches.inTouchOrder.map(TouchRecord.init),
            allTouches: allTouchRecords(of: event) ?? [])))
    }

    /// The touch event's touches with their phases, when the complete log asks for them.
    private func allTouchRecords(of event: UIEvent?) -> [TouchRecord]? {
        guard logDetail == .complete, let event, event.type == .touches else { return nil }
        return event.orderedTouches.map(TouchRecord.init)
    }

    /// The responders whose event method is running, innermost last: the window's delivery and the
    /// default implementations' forwarding push the responder they call, so a default
    /// implementation can tell whether it was reached through them or called directly by app code.
    /// Unretained: each is held by the caller for its call.
    @exclusivity(unchecked) private var respondersInCall: [Unmanaged<UIResponder>] = []

    /// Records `method` reaching `responder` and runs `call` with `responder` marked as receiving it.
    func deliver(
        _ method: ResponderCall.Method, to responder: UIResponder, touches: Set<UITouch>,
        subtype: UIEvent.EventSubtype = .none, forwardedFrom: UIResponder? = nil, event: UIEvent? = nil, _ call: () -> Void
    ) {
        record(method, to: responder, touches: touches, subtype: subtype, forwardedFrom: forwardedFrom, event: event)
        respondersInCall.append(Unmanaged.passUnretained(responder))
        call()
        respondersInCall.removeLast()
    }

    /// Called by `UIResponder`'s default implementations: when app code called `responder`'s method
    /// itself — `next?.touchesBegan(touches, with: event)` from an override — the call is logged as a
    /// hop from the responder whose method is running, exactly as automatic forwarding logs it.
    func noteDirectCall(
        _ method: ResponderCall.Method, to responder: UIResponder, touches: Set<UITouch>, subtype: UIEvent.EventSubtype, event: UIEvent?
    ) {
        guard isTracing, respondersInCall.last?.toOpaque() != Unmanaged.passUnretained(responder).toOpaque() else { return }
        record(method, to: responder, touches: touches, subtype: subtype, forwardedFrom: respondersInCall.last?.takeUnretainedValue(), event: event)
    }

    /// Gives `object` an id unique within this application (ids follow creation order of use, so
    /// they are the same on every run of the same scene).
    func assignID(_ object: UIResponder) {
        guard object.objectID == 0 else { return }
        object.objectID = nextObjectID
        nextObjectID += 1
    }

    func assignID(_ recognizer: UIGestureRecognizer) {
        guard recognizer.objectID == 0 else { return }
        recognizer.objectID = nextObjectID
        nextObjectID += 1
    }
}

extension UIApplication {
    /// Runs an empty turn when app code changed recognizer state outside any dispatch, so actions
    /// and resets still happen.
    func flushIfIdle() {
        if !isInTurn { performTurn {} }
    }
}
