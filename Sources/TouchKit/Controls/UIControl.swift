import Foundation

/// An action for controls (UIKit's `UIAction`, reduced to its handler).
public final class UIAction {
    public let title: String
    let handler: (UIAction) -> Void
    /// The control that sent the action, while the handler runs.
    public internal(set) weak var sender: UIControl?

    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }
}

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
        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
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

    public var isEnabled = true
    public var isSelected = false
    public var isHighlighted = false
    public private(set) var isTracking = false
    public private(set) var isTouchInside = false
    /// How far outside its bounds a touch still counts as inside (not UIKit API; about 70 pt,
    /// UIKIT-CONTROL-TRACKING).
    public var touchInsideSlop: CGFloat = 70

    private var actions: [(events: Event, target: WeakObject?, invoke: (AnyObject?, UIControl, UIEvent?) -> Void)] = []
    private var trackedTouch: UITouch?

    // MARK: Targets

    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void, for controlEvents: Event) {
        actions.append((controlEvents, WeakObject(target), { object, _, _ in
            guard let object = object as? Target else { return }
            action(object)()
        }))
    }

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
        actions.append((controlEvents, nil, { _, sender, _ in
            action.sender = sender
            action.handler(action)
        }))
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

    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    open func cancelTracking(with event: UIEvent?) {}

    /// Whether `point` (own coordinates) counts as inside for tracking.
    func isInsideForTracking(_ point: CGPoint) -> Bool {
        bounds.insetBy(dx: -touchInsideSlop, dy: -touchInsideSlop).contains(point)
    }

    /// Sent on touch-up inside after `.touchUpInside`; buttons add `.primaryActionTriggered`.
    func touchUpInsideEvents() -> Event { .touchUpInside }

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, trackedTouch == nil, let touch = touches.inTouchOrder.first else { return }
        trackedTouch = touch
        isTouchInside = true
        isHighlighted = true
        isTracking = beginTracking(touch, with: event)
        sendActions(for: touch.tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, with: event)
    }

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

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = trackedTouch, touches.contains(touch) else { return }
        let inside = isInsideForTracking(touch.location(in: self))
        isTouchInside = inside
        if isTracking { endTracking(touch, with: event) }
        finishTracking()
        sendActions(for: inside ? touchUpInsideEvents() : .touchUpOutside, with: event)
    }

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

    override func contributeRenderProperties(to node: inout RenderNode) {
        node.control = ControlRenderState(isHighlighted: isHighlighted, isEnabled: isEnabled, isSelected: isSelected)
    }
}

struct WeakObject {
    weak var value: AnyObject?
    init(_ value: AnyObject) { self.value = value }
}
