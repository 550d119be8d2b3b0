import Foundation

/// The base of buttons, sliders and switches: it tracks one touch and turns it into control events.
///
/// UIKit rules (UIKIT-CONTROL-TRACKING): `beginTracking` on touch-down, `continueTracking` per move,
/// `endTracking` on lift, `cancelTracking` on cancel; highlight follows "inside", which is the bounds expanded
/// by `touchInsideSlop` (UIKit's region is undocumented, developers measure about 70 pt); touchUpOutside only
/// for a touch that began inside. A control's touch methods do not forward to `next`.
open class UIControl: UIView {
    /// Control events, with UIKit's raw values.
    public struct Event: OptionSet, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch landed in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A touch landed in the control with `tapCount` above 1 (sent together with `touchDown`).
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// The tracked touch moved and is inside (bounds plus `touchInsideSlop`).
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// The tracked touch moved and is outside.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// The tracked touch came back inside.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// The tracked touch left the inside region.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// The touch lifted inside: what a button's action usually listens for.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The touch lifted outside, having begun inside.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The tracked touch was cancelled (a recognizer took it, the view left the window…).
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed (sliders, switches).
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's main action: a button's touch-up inside.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Every touch event (UIKit's mask `0x0FFF`).
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        /// Every event, for `removeTarget(_:for:)`.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)

        static let named: [(Event, String)] = [
            (.touchDown, "touchDown"), (.touchDownRepeat, "touchDownRepeat"), (.touchDragInside, "touchDragInside"),
            (.touchDragOutside, "touchDragOutside"), (.touchDragEnter, "touchDragEnter"), (.touchDragExit, "touchDragExit"),
            (.touchUpInside, "touchUpInside"), (.touchUpOutside, "touchUpOutside"), (.touchCancel, "touchCancel"),
            (.valueChanged, "valueChanged"), (.primaryActionTriggered, "primaryActionTriggered"),
        ]

        public var description: String {
            Event.named.filter { contains($0.0) }.map(\.1).joined(separator: "|")
        }
    }

    /// A disabled control ignores touches (they are not forwarded either) and is drawn dimmed.
    public var isEnabled = true { didSet { noteRenderChange() } }
    /// Whether the control is selected; the app decides what that means.
    public var isSelected = false { didSet { noteRenderChange() } }
    /// True while the tracked touch is down inside; the control is drawn pressed.
    public var isHighlighted = false { didSet { noteRenderChange() } }
    /// True between `beginTracking` returning true and the end of the touch, unless `continueTracking`
    /// returned false.
    public private(set) var isTracking = false
    /// Whether the tracked touch is inside (bounds plus `touchInsideSlop`) as of its latest move.
    public private(set) var isTouchInside = false
    /// How far outside its bounds a touch still counts as inside (not UIKit API; about 70 pt,
    /// UIKIT-CONTROL-TRACKING).
    public var touchInsideSlop: CGFloat = 70

    private var actions: [(events: Event, target: WeakObject?, invoke: (AnyObject?, UIControl, UIEvent?) -> Void)] = []
    private var trackedTouch: UITouch?
    /// The `UIAction`s whose `sender` is this control, unretained: each takes itself off this list
    /// in its `deinit` or when another control sends it, so every one listed is alive
    /// (`UIAction.senderLink` explains why neither side is weak).
    var sentActions: [Unmanaged<UIAction>] = []

    deinit {
        for action in sentActions { action.takeUnretainedValue().senderWentAway() }
    }

    // MARK: Targets

    /// Calls `target.action()` on `controlEvents`. Linux adaptation of `addTarget(_:action:for:)`: a method
    /// reference instead of a selector; the target is held weakly, as in UIKit.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void, for controlEvents: Event) {
        actions.append((controlEvents, WeakObject(target), { object, _, _ in
            guard let object = object as? Target else { return }
            action(object)()
        }))
    }

    /// Calls `target.action(sender)` on `controlEvents`, with the control as the sender (the `@objc func
    /// tapped(_ sender: UIButton)` form).
    public func addTarget<Target: AnyObject, Sender: UIControl>(
        _ target: Target, action: @escaping (Target) -> (Sender) -> Void, for controlEvents: Event
    ) {
        actions.append((controlEvents, WeakObject(target), { object, sender, _ in
            guard let object = object as? Target, let sender = sender as? Sender else { return }
            action(object)(sender)
        }))
    }

    /// Adds a closure action (UIKit's `addAction(_:for:)`).
    public func addAction(_ action: UIAction, for controlEvents: Event) {
        actions.append((controlEvents, nil, { _, sender, _ in action.perform(sentBy: sender) }))
    }

    /// Removes `target`'s actions for `controlEvents` (nil removes every target's).
    public func removeTarget(_ target: AnyObject?, for controlEvents: Event) {
        actions.removeAll { entry in
            guard entry.events.isSubset(of: controlEvents) || controlEvents == .allEvents else { return false }
            return target == nil || entry.target?.value === target
        }
    }

    /// Sends the actions registered for `controlEvents`, and logs each event.
    public func sendActions(for controlEvents: Event) {
        sendActions(for: controlEvents, with: nil)
    }

    func sendActions(for controlEvents: Event, with event: UIEvent?) {
        for (single, name) in Event.named where controlEvents.contains(single) {
            window?.application?.record(.controlEvent(control: traceName, event: name))
            for entry in actions where entry.events.contains(single) {
                if let target = entry.target, target.value == nil { continue }
                entry.invoke(entry.target?.value, self, event)
            }
        }
    }

    // MARK: Tracking

    /// Called on touch-down; return false to stop receiving `continueTracking` for this touch
    /// (UIKIT-CONTROL-TRACKING).
    /// Default true. Discardable, as in UIKit, so an override's `super.beginTracking(…)` call does not warn.
    @discardableResult
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Called on each move of the tracked touch; return false to stop tracking it. Default true.
    @discardableResult
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Called when the tracked touch lifts, while tracking.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Called when the tracked touch is cancelled, while tracking.
    open func cancelTracking(with event: UIEvent?) {}

    /// Whether `point` (own coordinates) counts as inside for tracking.
    func isInsideForTracking(_ point: CGPoint) -> Bool {
        bounds.insetBy(dx: -touchInsideSlop, dy: -touchInsideSlop).contains(point)
    }

    /// Sent on touch-up inside after `.touchUpInside`; buttons add `.primaryActionTriggered`.
    func touchUpInsideEvents() -> Event { .touchUpInside }

    /// Starts tracking the first touch (the control tracks one at a time): highlight, `beginTracking`,
    /// `touchDown`. Not forwarded to `next`.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, trackedTouch == nil, let touch = touches.inTouchOrder.first else { return }
        trackedTouch = touch
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
    }

    /// Updates inside/outside and the highlight, calls `continueTracking`, and sends the drag events.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        let wasInside = isTouchInside
        isTouchInside = inside
        isHighlighted = inside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        if inside != wasInside { sendActions(for: inside ? .touchDragEnter : .touchDragExit, with: event) }
        sendActions(for: inside ? .touchDragInside : .touchDragOutside, with: event)
    }

    /// Ends tracking and sends `touchUpInside` (and a subclass's extra events) or `touchUpOutside`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        isTouchInside = inside
        if isTracking { endTracking(touch, with: event) }
        finishTracking()
        sendActions(for: inside ? touchUpInsideEvents() : .touchUpOutside, with: event)
    }

    /// Ends tracking with `cancelTracking` and sends `touchCancel`.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        if isTracking { cancelTracking(with: event) }
        finishTracking()
        sendActions(for: .touchCancel, with: event)
    }

    private func finishTracking() {
        trackedTouch = nil
        isTracking = false
        isHighlighted = false
    }

    /// The iOS 6 rule for a standard control whose default action is a tap: a one-finger single tap
    /// recognizer is kept from it, with the reason naming `kind` (UIKIT-CONTROL-KEEPS-ITS-GESTURE).
    func keepsSingleTap(from recognizer: UIGestureRecognizer, as kind: String) -> String? {
        guard let tap = recognizer as? UITapGestureRecognizer, tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 else { return nil }
        return "\(traceName) is a \(kind) and keeps its single tap (iOS 6 rule)"
    }

    override func contributeRenderProperties(to node: inout RenderNode, changed: inout RenderNode.Properties) {
        RenderNode.set(&node.control, to: renderedControlState, .control, in: &changed)
    }

    /// The control's state as the page draws it; subclasses add their own to their superclass's.
    var renderedControlState: ControlRenderState {
        var state = ControlRenderState(isHighlighted: isHighlighted, isEnabled: isEnabled, isSelected: isSelected)
        if let tint = tintColor, tint != .systemBlue { state.tint = tint.cgColor }
        return state
    }
}

struct WeakObject {
    weak var value: AnyObject?
    init(_ value: AnyObject) { self.value = value }
}
