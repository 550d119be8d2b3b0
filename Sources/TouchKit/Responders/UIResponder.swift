import Foundation

/// An object that can respond to and handle events: the base of views, view controllers, windows and
/// the application.
///
/// UIKit rule (UIKIT-RESPONDER-FIRST): touches go first to the hit-test view, motion and remote-control events
/// to the first responder; every default implementation forwards the message to `next`, so unhandled events
/// bubble up the responder chain to the application (and its delegate, when that is a responder).
open class UIResponder: TraceNamed {
    var objectID = 0

    /// A responder with no next responder; subclasses supply `next`.
    public init() {}

    /// The next responder in the chain; nil ends it.
    open var next: UIResponder? { nil }

    // MARK: Touches

    /// A touch began. Default: forwards to `next` (logged as forwarded), so an unhandled touch bubbles
    /// up the chain (UIKIT-RESPONDER-FORWARDING). Override all four touch methods when you handle
    /// touches yourself.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesBegan, touches, event) { $0.touchesBegan(touches, with: event) }
    }

    /// Touches moved. Default: forwards to `next`.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesMoved, touches, event) { $0.touchesMoved(touches, with: event) }
    }

    /// Touches lifted. Default: forwards to `next`.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesEnded, touches, event) { $0.touchesEnded(touches, with: event) }
    }

    /// Touches were cancelled — a recognizer recognized (UIKIT-DELIVERY-CANCELS-TOUCHES), the view left
    /// the window (UIKIT-CANCEL-VIEW-REMOVED), the app resigned active (UIKIT-CANCEL-RESIGN-ACTIVE): undo
    /// what `touchesBegan` started. Default: forwards to `next`.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesCancelled, touches, event) { $0.touchesCancelled(touches, with: event) }
    }

    /// Estimated properties of `touches` got their final values. Never called in TouchKit: no touch
    /// expects updates (UIKIT-TOUCH-ESTIMATED). Override point; does nothing.
    open func touchesEstimatedPropertiesUpdated(_ touches: Set<UITouch>) {}

    // MARK: Motion and remote control

    /// A shake began (delivered to the first responder, UIKIT-RESPONDER-FIRST). Default: forwards to `next`.
    open func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        forward(.motionBegan, [], event, subtype: motion) { $0.motionBegan(motion, with: event) }
    }

    /// A shake ended. Default: forwards to `next`.
    open func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        forward(.motionEnded, [], event, subtype: motion) { $0.motionEnded(motion, with: event) }
    }

    /// A shake was cancelled. Default: forwards to `next`.
    open func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        forward(.motionCancelled, [], event, subtype: motion) { $0.motionCancelled(motion, with: event) }
    }

    /// A remote-control command, for apps that called `beginReceivingRemoteControlEvents()`. Default:
    /// forwards to `next`.
    open func remoteControlReceived(with event: UIEvent?) {
        forward(.remoteControlReceived, [], event, subtype: event?.subtype ?? .none) { $0.remoteControlReceived(with: event) }
    }

    // MARK: First responder

    /// Whether this responder accepts first-responder status; false by default, as in UIKit.
    open var canBecomeFirstResponder: Bool { false }
    /// Whether this responder lets go of first-responder status; true by default, as in UIKit.
    open var canResignFirstResponder: Bool { true }

    /// Makes this responder the first responder of its application, if it is in a window's responder
    /// chain and `canBecomeFirstResponder` is true (UIKit: call it from `viewDidAppear`, not earlier).
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder, let application = owningApplication else { return false }
        if application.firstResponder === self { return true }
        if let current = application.firstResponder, !current.resignFirstResponder() { return false }
        application.firstResponder = self
        return true
    }

    /// Gives up first-responder status if `canResignFirstResponder` allows; returns whether it did.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let application = owningApplication, application.firstResponder === self {
            application.firstResponder = nil
        }
        return true
    }

    /// Whether this responder is its application's first responder.
    open var isFirstResponder: Bool { owningApplication?.firstResponder === self }

    // MARK: Actions through the chain (edit menus)

    /// Whether this responder performs `action` (an edit menu shows an item only when some responder of
    /// the chain does). Default: whether it implements it, as UIKit's `responds(to:)`; the walk up the
    /// chain is `target(forAction:withSender:)`'s (UIKIT-MENU-CAN-PERFORM).
    open func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action.isImplemented(by: self)
    }

    /// The responder that performs `action`: this one when `canPerformAction(_:withSender:)` says so,
    /// else the next one's answer; nil when none does (UIKIT-MENU-CAN-PERFORM).
    open func target(forAction action: Selector, withSender sender: Any?) -> Any? {
        canPerformAction(action, withSender: sender) ? self : next?.target(forAction: action, withSender: sender)
    }

    /// The application at the end of this responder's chain.
    var owningApplication: UIApplication? {
        var responder: UIResponder? = self
        var steps = 0
        while let current = responder, steps < 10_000 {
            if let application = current as? UIApplication { return application }
            responder = current.next
            steps += 1
        }
        return nil
    }

    // MARK: Naming

    open var traceName: String {
        if let cachedTraceName { return cachedTraceName }
        let name = "\(typeName)#\(objectID)"
        if objectID != 0 { cachedTraceName = name }
        return name
    }

    /// The class name, computed once (traces and render trees ask for it every turn).
    lazy var typeName = String(describing: type(of: self))
    private var cachedTraceName: String?

    /// The default implementations' forwarding to `next` (UIKIT-RESPONDER-FORWARDING). Every hop is logged the
    /// same way whether the previous responder forwarded by default or by calling `next?.touchesBegan(…)`
    /// itself: a direct call reaching this default implementation is logged first, as a hop from the responder
    /// whose method made it.
    private func forward(
        _ method: ResponderCall.Method, _ touches: Set<UITouch>, _ event: UIEvent?,
        subtype: UIEvent.EventSubtype = .none, send: (UIResponder) -> Void
    ) {
        guard let event else {
            if let next { send(next) }
            return
        }
        event.withApplication { application in
            guard let application else {
                if let next { send(next) }
                return
            }
            application.noteDirectCall(method, to: self, touches: touches, subtype: subtype, event: event)
            guard let next else { return }
            application.deliver(method, to: next, touches: touches, subtype: subtype, forwardedFrom: self, event: event) { send(next) }
        }
    }
}

/// Responders compare by identity, as UIKit's NSObject-based ones do (`touch.view == placardView`).
extension UIResponder: Hashable {
    public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
