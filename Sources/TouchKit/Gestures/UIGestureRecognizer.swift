import Foundation

/// The base class of gesture recognizers: a state machine fed with touches before the views get
/// them, which sends actions to its targets as it recognizes.
///
/// Subclass it the way UIKit's `UIGestureRecognizerSubclass` header describes: override
/// `touchesBegan/Moved/Ended/Cancelled(_:with:)`, set `state`, and override `reset()`.
///
/// Linux adaptation — target–action without selectors: pass a method reference, e.g.
/// `UITapGestureRecognizer(target: self, action: ViewController.handleTap)` where `handleTap` is
/// `func handleTap()` or `func handleTap(_ sender: UITapGestureRecognizer)`. The target is held
/// weakly, as in UIKit. A closure form, `init(handler:)`, exists too.
open class UIGestureRecognizer: TraceNamed {
    /// Recognizer states (UIKIT-STATE-TRANSITIONS). `.recognized` is `.ended`.
    public enum State: Int, Sendable, CustomStringConvertible {
        /// `possible` until the recognizer decides; continuous recognizers go began → changed… → ended or
        /// cancelled, discrete ones go straight to ended (recognized) or failed (UIKIT-STATE-TRANSITIONS).
        case possible, began, changed, ended, cancelled, failed

        /// A discrete recognizer's success: the same state as `.ended`.
        public static var recognized: State { .ended }

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        var isActive: Bool { self == .began || self == .changed }
        var isTerminal: Bool { self == .ended || self == .cancelled || self == .failed }
    }

    var objectID = 0
    /// What `state` reads. Written only by the arbiter's `commit` (and by a transition made outside
    /// any arena), so every change of state is arbitrated and logged in one place.
    @exclusivity(unchecked) var currentState = State.possible
    @exclusivity(unchecked) private var targets: [TargetAction] = []
    private var nextHandlerID = 1
    /// `require(toFail:)`'s recognizers, held strongly (no weak reference makes a recognizer's
    /// reference counting take the runtime's slow side-table path).
    @exclusivity(unchecked) var failureRequirements: [UIGestureRecognizer] = []

    // Per attempt (cleared by reset). The arena's own notes on the attempt (a recognition waiting
    // for a failure requirement, the touches claimed, the dispatch it joined in) are in the arena's
    // record, `participation`.
    /// The touches of this attempt (`numberOfTouches`, `location(in:)`).
    @exclusivity(unchecked) var trackedTouches: [UITouch] = []
    /// Touches this recognizer no longer receives (`ignore(_:for:)`; a few at most: a list, no hashing).
    @exclusivity(unchecked) var ignoredTouchIDs: [Int] = []
    /// The margins of the threshold decisions behind the transition being requested, for the event log
    /// (measured by the built-in recognizers only while it records; cleared once the transition is logged).
    @exclusivity(unchecked) var decisionMargins: [DecisionMargin] = []
    /// Where the touches were when they were last seen: `location(in:)` once none is tracked.
    var lastLocationInWindow = CGPoint.zero
    @exclusivity(unchecked) private var timers: [TimerToken] = []

    // MARK: Configuration

    /// Disabling a recognizer mid-gesture cancels it (action sent) or fails it (UIKIT-STATE-DISABLE).
    @exclusivity(unchecked) public var isEnabled = true {
        didSet {
            if oldValue && !isEnabled { stopParticipating(reason: "isEnabled set to false") }
        }
    }

    /// The view the recognizer is attached to (`UIView.addGestureRecognizer(_:)`); it sees touches hit-tested
    /// to that view or its subviews (UIKIT-GESTURE-PARTICIPANTS).
    public internal(set) var view: UIView? {
        get { attachedView?.takeUnretainedValue() }
        set { attachedView = newValue.map(Unmanaged.passUnretained) }
    }
    /// `view`'s storage, read on every dispatch without a weak load or reference counting: the view
    /// holds the recognizer (`UIView.recognizers`) for as long as this is set — `removeGestureRecognizer`
    /// clears it, and so does the view's `deinit` — so it never outlives the view.
    private var attachedView: Unmanaged<UIView>?
    /// Whether the recognizer is attached to a view (no reference counting).
    var hasView: Bool { attachedView != nil }
    /// Asked whether the recognizer may begin, receive a touch, recognize simultaneously or require another
    /// to fail; held weakly.
    @exclusivity(unchecked) public weak var delegate: UIGestureRecognizerDelegate?
    /// true (UIKit's default): on recognition the view gets `touchesCancelled` for this gesture's
    /// touches, just before the first action, and no more of them (UIKIT-DELIVERY-CANCELS-TOUCHES).
    @exclusivity(unchecked) public var cancelsTouchesInView = true
    /// false (default): true holds `touchesBegan` back from the view while this recognizer is undecided.
    @exclusivity(unchecked) public var delaysTouchesBegan = false
    /// true (default): `touchesEnded` is held back from the view while this recognizer is undecided.
    @exclusivity(unchecked) public var delaysTouchesEnded = true
    /// A name for the event log and tests.
    @exclusivity(unchecked) public var name: String?

    /// A recognizer with no targets; add them with `addTarget(_:action:)` or `addHandler(_:)`.
    public init() {}

    /// A recognizer whose action is `target.action()`.
    public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer whose action is `target.action(sender)`.
    public convenience init<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        target: Target, action: @escaping (Target) -> (Recognizer) -> Void
    ) {
        self.init()
        addTarget(target, action: action)
    }

    /// A recognizer that calls `handler` with itself on every action.
    public convenience init(handler: @escaping (UIGestureRecognizer) -> Void) {
        self.init()
        addHandler(handler)
    }

    /// Calls `target.action()` on every action. Linux adaptation of `addTarget(_:action:)`: a method
    /// reference instead of a selector; the target is held weakly.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
        var pair = TargetAction(target: target, handlerID: nil) { object, _ in
            guard let object = object as? Target else { return }
            action(object)()
        }
        pair.actionType = ObjectIdentifier(type(of: action))
        targets.append(pair)
    }

    /// Calls `target.action(recognizer)` on every action, the recognizer typed as the method expects.
    public func addTarget<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        _ target: Target, action: @escaping (Target) -> (Recognizer) -> Void
    ) {
        var pair = TargetAction(target: target, handlerID: nil) { object, recognizer in
            guard let object = object as? Target, let recognizer = recognizer as? Recognizer else { return }
            action(object)(recognizer)
        }
        pair.actionType = ObjectIdentifier(type(of: action))
        targets.append(pair)
    }

    /// Adds a closure action; the returned id removes it with `removeHandler(_:)`.
    @discardableResult
    public func addHandler(_ handler: @escaping (UIGestureRecognizer) -> Void) -> Int {
        let id = nextHandlerID
        nextHandlerID += 1
        targets.append(TargetAction(target: nil, handlerID: id) { _, recognizer in handler(recognizer) })
        return id
    }

    /// Removes the closure action `addHandler(_:)` returned `id` for.
    public func removeHandler(_ id: Int) {
        targets.removeAll { $0.handlerID == id }
    }

    /// Removes every action of `target`; nil removes every target–action pair (UIKit's nil rule).
    public func removeTarget(_ target: AnyObject?) {
        removePairs(of: target, actionType: nil)
    }

    /// UIKit's `removeTarget(_:action:)` with a nil action: every action of `target`, or with a nil target
    /// every target–action pair (UIKIT-EVERYDAY-REMOVE-TARGET).
    public func removeTarget(_ target: AnyObject?, action: Never?) {
        removePairs(of: target, actionType: nil)
    }

    /// UIKit's `removeTarget(_:action:)` for an action `addTarget(_:action:)` added (`func handle()`).
    /// Linux adaptation: Swift cannot compare method references, so this removes `target`'s pairs whose
    /// method has `action`'s signature (every target's when `target` is nil) (UIKIT-EVERYDAY-REMOVE-TARGET).
    public func removeTarget<Target: AnyObject>(_ target: Target?, action: ((Target) -> () -> Void)?) {
        removePairs(of: target, actionType: action.map { ObjectIdentifier(type(of: $0)) })
    }

    /// `removeTarget(_:action:)` for a `func handle(_ sender:)` action, by its signature as above.
    public func removeTarget<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        _ target: Target?, action: ((Target) -> (Recognizer) -> Void)?
    ) {
        removePairs(of: target, actionType: action.map { ObjectIdentifier(type(of: $0)) })
    }

    private func removePairs(of target: AnyObject?, actionType: ObjectIdentifier?) {
        targets.removeAll { pair in
            pair.handlerID == nil && (target == nil || pair.target === target) && (actionType == nil || pair.actionType == actionType)
        }
    }

    // MARK: State

    /// The current state. Subclasses set it from their touch methods; the arena decides whether a
    /// move out of `.possible` happens now, waits for failure requirements, or fails (UIKIT-DISPATCH-ORDER).
    /// Illegal transitions (e.g. possible → changed) are ignored and noted in the event log.
    open var state: State {
        get { currentState }
        set { requestTransition(to: newValue) { nil } }
    }

    /// Sets the state with a reason for the event log (not UIKit API: TouchBridge explains every
    /// failure). Built-in recognizers always give one.
    public func setState(_ newState: State, reason: String) {
        requestTransition(to: newState) { reason }
    }

    /// `setState(_:reason:)` for the built-in recognizers: the reason is put into words only when
    /// the event log is recording. A subclass that already ended, cancelled or failed the gesture
    /// before calling super decided it: the built-in logic then asks for nothing, so no "illegal
    /// transition" is blamed on the subclass (UIKIT-STATE-SUBCLASS-DECIDES).
    func setState(_ newState: State, because reason: @autoclosure () -> String) {
        guard !currentState.isTerminal else { return }
        requestTransition(to: newState, reason: reason)
    }

    /// `setState(_:because:)` with the margins of the decision, measured only while the event log records;
    /// like it, nothing once a subclass decided the gesture (UIKIT-STATE-SUBCLASS-DECIDES).
    func setState(_ newState: State, because reason: @autoclosure () -> String? = nil, margins: @autoclosure () -> [DecisionMargin]) {
        guard !currentState.isTerminal else { return }
        requestTransition(to: newState) {
            decisionMargins = margins()
            return reason()
        }
    }

    /// Called after the recognizer reaches ended, cancelled or failed, once its actions were sent;
    /// afterwards it gets no more updates for touches that are still down (UIKIT-STATE-RESET).
    open func reset() {}

    /// Stops delivering `touch` to this recognizer; its view will get the touch's remaining phases
    /// even if the recognizer recognizes (UIGestureRecognizerSubclass, UIKIT-DELIVERY-IGNORE).
    open func ignore(_ touch: UITouch, for event: UIEvent) {
        if !ignoredTouchIDs.contains(touch.identifier) { ignoredTouchIDs.append(touch.identifier) }
        trackedTouches.removeAll { $0 === touch }
    }

    // MARK: Touches (subclass hooks)

    /// Subclass hook: touches of this recognizer's attempt began. Set `state` from here.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Subclass hook: tracked touches moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Subclass hook: tracked touches lifted.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Subclass hook: tracked touches were cancelled; usually set `.cancelled` or `.failed`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {}

    // MARK: Location

    /// The number of touches the recognizer is tracking.
    open var numberOfTouches: Int {
        let active = activeTrackedCount
        if active > 0 || trackedTouches.isEmpty { return active }
        let latest = latestTimestamp
        var count = 0
        for index in trackedTouches.indices where trackedTouches[index].timestamp == latest { count += 1 }
        return count
    }

    /// The centroid of the recognizer's touches in `view`'s coordinates (window's when nil).
    open func location(in view: UIView?) -> CGPoint {
        let inWindow = centroidInWindow
        guard let view else { return inWindow }
        return view.convert(inWindow, from: nil)
    }

    /// The centroid of `touchesForLocation`, without building the list (it is asked for every
    /// recognizer that is fed, on every dispatch). The loops over `trackedTouches` here and below
    /// read each touch through its index: binding the touch to a name (`for touch in …`) makes
    /// this compiler retain and release every touch it visits.
    var centroidInWindow: CGPoint {
        var sum = CGPoint.zero
        var count: CGFloat = 0
        for index in trackedTouches.indices where trackedTouches[index].phase.isActive {
            sum = sum + trackedTouches[index].locationInWindow
            count += 1
        }
        if count > 0 { return CGPoint(x: sum.x / count, y: sum.y / count) }
        if trackedTouches.isEmpty { return lastLocationInWindow }
        let latest = latestTimestamp
        for index in trackedTouches.indices where trackedTouches[index].timestamp == latest {
            sum = sum + trackedTouches[index].locationInWindow
            count += 1
        }
        return count == 0 ? .zero : CGPoint(x: sum.x / count, y: sum.y / count)
    }

    /// The latest timestamp of the tracked touches (`trackedTouches` is not empty).
    private var latestTimestamp: TimeInterval {
        var latest = trackedTouches[0].timestamp
        for index in trackedTouches.indices where trackedTouches[index].timestamp > latest {
            latest = trackedTouches[index].timestamp
        }
        return latest
    }

    /// The location of one of the recognizer's touches.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        let touches = touchesForLocation
        guard touches.indices.contains(touchIndex) else { return location(in: view) }
        return touches[touchIndex].location(in: view)
    }

    /// How many tracked touches are still down.
    var activeTrackedCount: Int {
        var count = 0
        for index in trackedTouches.indices where trackedTouches[index].phase.isActive { count += 1 }
        return count
    }

    /// The first two tracked touches still down (pinch and rotation), without building a list.
    var activePair: (UITouch, UITouch)? {
        var first: UITouch?
        for index in trackedTouches.indices where trackedTouches[index].phase.isActive {
            if let first { return (first, trackedTouches[index]) }
            first = trackedTouches[index]
        }
        return nil
    }

    /// Touches still down, or — once all lifted — those of the last dispatch.
    var touchesForLocation: [UITouch] {
        let active = trackedTouches.filter(\.isActive)
        if !active.isEmpty { return active }
        let latest = trackedTouches.map(\.timestamp).max()
        return trackedTouches.filter { $0.timestamp == latest }
    }

    // MARK: Relationships

    /// This recognizer waits in `.possible` until `otherGestureRecognizer` fails; if the other
    /// recognizes, this one fails (UIKIT-RELATION-REQUIRE-FAILURE).
    public func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        guard otherGestureRecognizer !== self else { return }
        failureRequirements.append(otherGestureRecognizer)
    }

    /// Whether this recognizer, recognizing, may force `preventedGestureRecognizer` to fail. Default true.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer`, recognizing, may force this one to fail. Default true.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Subclass hook: true makes this recognizer wait for `otherGestureRecognizer` to fail. Default false.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Subclass hook: true makes `otherGestureRecognizer` wait for this one to fail. Default false.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }

    // MARK: Timers

    /// Runs `work` after `delay` seconds of engine time unless the recognizer resets first (not UIKit
    /// API: TouchKit has no run loop; long press and multi-tap use this).
    public func schedule(after delay: TimeInterval, _ work: @escaping () -> Void) {
        guard let application = view?.window?.application else { return }
        let token = application.schedule(after: delay) { [weak self] in
            guard self != nil else { return }
            work()
        }
        timers.append(token)
    }

    /// A built-in recognizer's timer: after `delay` seconds of engine time, unless the recognizer
    /// resets first, the arena calls `timerFired(tag)` — no closure and no weak reference per
    /// gesture.
    func scheduleTimer(after delay: TimeInterval, tag: Int) {
        guard let token = withArenaApplication({ application in
            application.map { $0.scheduler.schedule(at: $0.currentTime + max(delay, 0), recognizer: self, tag: tag) }
        }) else { return }
        timers.append(token)
    }

    /// A built-in recognizer's timer armed with `scheduleTimer(after:tag:)` is due.
    func timerFired(_ tag: Int) {}

    func cancelTimers() {
        guard !timers.isEmpty else { return }
        withArenaApplication { application in
            guard let application else { return timers.removeAll() }
            for index in timers.indices { application.cancelScheduled(timers[index]) }
            timers.clearKeepingCapacity()
        }
    }

    // MARK: Naming and values

    open var traceName: String {
        if let name { return name }
        if objectID == 0, let application = view?.window?.application { application.assignID(self) }
        return "\(String(describing: type(of: self)))#\(objectID)"
    }

    /// The values shown with each transition in the event log; subclasses add theirs.
    func transitionValues() -> RecognizerValues {
        var values = RecognizerValues(location: location(in: nil), numberOfTouches: numberOfTouches)
        values.margins = decisionMargins
        return values
    }

    // MARK: Internals

    /// Runs `body` with the arbiter this recognizer's transitions go to: the one of the arena it
    /// joined while it takes part in a gesture (borrowed, no reference counting), or else its view's
    /// window's application's (a lookup that walks the view tree).
    @inline(__always)
    func withArbiter<Result>(_ body: (GestureArbiter?) -> Result) -> Result {
        if let joinedArbiter { return joinedArbiter.with { body($0) } }
        return body(view?.window?.application?.gestureEnvironment.arbiter)
    }

    /// Runs `body` with the application whose arena this recognizer takes part in (see `withArbiter`).
    @inline(__always)
    func withArenaApplication<Result>(_ body: (UIApplication?) -> Result) -> Result {
        if let joinedArbiter { return joinedArbiter.with { $0.application.with { body($0) } } }
        return body(view?.window?.application)
    }

    /// The arena's record of this recognizer's part in the gestures it joins (`ArenaParticipant`):
    /// filled in and cleared by the arbiter, carried here only so that the arena finds it without a
    /// search. A constant, reused by every attempt: reading it counts no reference.
    let participation = ArenaParticipant()

    /// The arbiter of the arena this recognizer takes part in: its requests go straight there. Set
    /// while the recognizer is one of the arena's participants (the arbiter clears it when the
    /// recognizer leaves, and the application that owns the arena outlives its participants'
    /// gestures), so it needs neither a weak nor a counted reference.
    @exclusivity(unchecked) var joinedArbiter: UncountedLink<GestureArbiter>?

    /// Whether the recognizer takes part in the current gesture: it has touches of this attempt,
    /// or is waiting on a failure requirement.
    var isParticipating: Bool { !trackedTouches.isEmpty || participation.pendingState != nil }

    /// Whether the recognizer is undecided about `touch` (holds its delayed phases).
    func isUndecided(about touch: UITouch) -> Bool {
        isEnabled && currentState == .possible && trackedTouches.containsIdentical(touch)
    }

    func receives(_ touch: UITouch) -> Bool {
        isEnabled && (ignoredTouchIDs.isEmpty || !ignoredTouchIDs.contains(touch.identifier)) && touch.isGathered(by: self)
    }

    /// Asks the arbiter for the transition (`GestureArbiter.request`); outside any arena, a legal
    /// transition is simply made. `reason` is called only while the event log records.
    private func requestTransition(to newState: State, reason: () -> String?) {
        withArbiter { arbiter in
            if let arbiter {
                arbiter.request(newState, for: self, reason: reason)
            } else if Self.isLegal(from: currentState, to: newState) {
                currentState = newState
            }
        }
    }

    /// Makes a transition that needs no approval: through the arbiter, which logs it and queues its
    /// action, or outside any arena simply. `reason` is nil while the event log is off.
    func commit(_ newState: State, reason: String?) {
        withArbiter { arbiter in
            if let arbiter {
                arbiter.commit(self, to: newState, reason: reason)
            } else {
                currentState = newState
            }
        }
    }

    /// The arbiter logged a transition: the margins measured for it are spent.
    func transitionLogged() {
        if !decisionMargins.isEmpty { decisionMargins.removeAll() }
    }

    /// The UIKit transition table (UIKIT-STATE-TRANSITIONS), plus began/changed → failed.
    ///
    /// Apple's state-machine documentation has continuous gestures end in `.ended` or `.cancelled`
    /// and does not say what setting `.failed` after `.began` does. Real code depends on it: a widely
    /// used checkbox's recognizer sets `.failed` when the finger is released outside the box and its
    /// handler toggles only on `.ended`. TouchKit's reading: the gesture stops without being
    /// recognized — the state becomes `.failed`, the targets are told (one action, in which `state`
    /// is `.failed`, like the action UIKit sends for `.cancelled`), and the recognizer resets.
    static func isLegal(from old: State, to new: State) -> Bool {
        switch (old, new) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled), (.began, .failed): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled), (.changed, .failed): true
        default: false
        }
    }

    /// Sends the action of the current state to every target, once (UIKIT-STATE-ACTIONS). The arena calls
    /// it for began, changed, ended, cancelled and a failure after `.began`, never for a failure from
    /// `.possible` or a reset.
    func sendActions() {
        for targetAction in targets {
            if targetAction.handlerID != nil {
                targetAction.invoke(nil, self)
            } else if let target = targetAction.target {
                targetAction.invoke(target, self)
            }
        }
    }

    /// Read through indices: binding each target–action copies its closure and weak target.
    var hasTargets: Bool { targets.indices.contains { targets[$0].handlerID != nil || targets[$0].target != nil } }

    /// Back to `.possible` after a terminal state; touches still down are ignored from now on.
    func performReset() {
        for index in trackedTouches.indices where trackedTouches[index].phase.isActive {
            let identifier = trackedTouches[index].identifier
            if !ignoredTouchIDs.contains(identifier) { ignoredTouchIDs.append(identifier) }
        }
        if !trackedTouches.isEmpty { lastLocationInWindow = location(in: nil) }
        let old = currentState
        trackedTouches.clearKeepingCapacity()
        if !decisionMargins.isEmpty { decisionMargins.removeAll() }
        cancelTimers()
        currentState = .possible
        if old != .possible {
            withArenaApplication { $0?.record(.transition(recognizer: traceName, from: old, to: .possible, reason: "reset", values: transitionValues())) }
        }
        reset()
    }

    func stopParticipating(reason: String) {
        if currentState.isActive {
            commit(.cancelled, reason: reason)
        } else if currentState == .possible, isParticipating {
            commit(.failed, reason: reason)
        }
        withArenaApplication { $0?.flushIfIdle() }
    }

    func detachedFromView() {
        stopParticipating(reason: "removed from its view")
        withArbiter { $0?.forget(self) }
        view = nil
    }
}

struct TargetAction {
    weak var target: AnyObject?
    let handlerID: Int?
    /// The method reference's type, what `removeTarget(_:action:)` can compare (nil for handlers).
    var actionType: ObjectIdentifier?
    let invoke: (AnyObject?, UIGestureRecognizer) -> Void

    init(target: AnyObject?, handlerID: Int?, invoke: @escaping (AnyObject?, UIGestureRecognizer) -> Void) {
        self.target = target
        self.handlerID = handlerID
        self.invoke = invoke
    }
}

/// Recognizers compare by identity, as UIKit's do.
extension UIGestureRecognizer: Hashable {
    public static func == (lhs: UIGestureRecognizer, rhs: UIGestureRecognizer) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
