import Foundation

/// An object that can respond to and handle events: the base of views, view controllers, windows and
/// the application.
///
/// UIKit rule (UIKIT-RESPONDER-FIRST): touches go first to the hit-test view, motion and remote-control events
/// to the first responder; every default implementation forwards the message to `next`, so unhandled events
/// bubble up the responder chain to the application (and its delegate, when that is a responder).
open class UIResponder: TraceNamed {
    var objectID = 0

    public init() {}

    /// The next responder in the chain; nil ends it.
    open var next: UIResponder? { nil }

    // MARK: Touches

    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesBegan, touches, event) { $0.touchesBegan(touches, with: event) }
    }

    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesMoved, touches, event) { $0.touchesMoved(touches, with: event) }
    }

    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesEnded, touches, event) { $0.touchesEnded(touches, with: event) }
    }

    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        forward(.touchesCancelled, touches, event) { $0.touchesCancelled(touches, with: event) }
    }

    // MARK: Motion and remote control

    open func motionBegan(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        forward(.motionBegan, [], event, subtype: motion) { $0.motionBegan(motion, with: event) }
    }

    open func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        forward(.motionEnded, [], event, subtype: motion) { $0.motionEnded(motion, with: event) }
    }

    open func motionCancelled(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        forward(.motionCancelled, [], event, subtype: motion) { $0.motionCancelled(motion, with: event) }
    }

    open func remoteControlReceived(with event: UIEvent?) {
        forward(.remoteControlReceived, [], event, subtype: event?.subtype ?? .none) { $0.remoteControlReceived(with: event) }
    }

    // MARK: First responder

    /// Whether this responder accepts first-responder status; false by default, as in UIKit.
    open var canBecomeFirstResponder: Bool { false }
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

    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if let application = owningApplication, application.firstResponder === self {
            application.firstResponder = nil
        }
        return true
    }

    open var isFirstResponder: Bool { owningApplication?.firstResponder === self }

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
        guard let application = event?.application else {
            if let next { send(next) }
            return
        }
        application.noteDirectCall(method, to: self, touches: touches, subtype: subtype, event: event)
        guard let next else { return }
        application.deliver(method, to: next, touches: touches, subtype: subtype, forwardedFrom: self, event: event) { send(next) }
    }
}

/// Responders compare by identity, as UIKit's NSObject-based ones do (`touch.view == placardView`).
extension UIResponder: Hashable {
    public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
