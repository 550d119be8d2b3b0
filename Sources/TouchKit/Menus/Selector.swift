import Foundation

/// UIKit's `Selector`, for actions that travel the responder chain instead of going to a target: menu
/// items (`UIMenuItem(title:action:)`), `canPerformAction(_:withSender:)` and `target(forAction:withSender:)`.
///
/// Linux adaptation: there is no Objective-C runtime to look a method up by name, so a selector is a
/// name — what `#selector` would make, e.g. `"deleteLine:"`, by which selectors compare — and the
/// method reference that implements it for one class, `Selector("deleteLine:", DrawView.deleteLine)`.
/// Declare each once, as Swift code often does: `extension Selector { static let deleteLine = … }`, then
/// `UIMenuItem(title: "Delete", action: .deleteLine)` and `action == .deleteLine` read as in UIKit. A
/// responder implements a selector when it is an instance of the method's class (UIKIT-MENU-CAN-PERFORM).
public struct Selector: Hashable, Sendable, CustomStringConvertible {
    /// The selector's name, e.g. `"deleteLine:"`: selectors are equal when their names are.
    public let name: String
    /// Calls the method on `object` with `sender` when `object` is of the method's class (and says
    /// whether it was); with `perform` false it only answers.
    private let implementation: (@Sendable (AnyObject, Any?, _ perform: Bool) -> Bool)?

    /// A selector named `name` that no class implements (UIKit's `Selector("copy:")`): a responder can
    /// still answer true for it in `canPerformAction(_:withSender:)`, but sending it performs nothing.
    public init(_ name: String) {
        self.name = name
        implementation = nil
    }

    /// The selector `name`, implemented by `method` for `Target` and its subclasses: a `func name(_ sender: Any?)`.
    public init<Target: AnyObject>(_ name: String, _ method: @escaping @Sendable (Target) -> (Any?) -> Void) {
        self.name = name
        implementation = { object, sender, perform in
            guard let target = object as? Target else { return false }
            if perform { method(target)(sender) }
            return true
        }
    }

    /// The selector `name`, implemented by `method` for `Target` and its subclasses: a `func name()`.
    public init<Target: AnyObject>(_ name: String, _ method: @escaping @Sendable (Target) -> () -> Void) {
        self.name = name
        implementation = { object, _, perform in
            guard let target = object as? Target else { return false }
            if perform { method(target)() }
            return true
        }
    }

    /// The name, as `NSStringFromSelector` gives it.
    public var description: String { name }

    /// Whether `object` implements this selector (UIKit: `responds(to:)`).
    func isImplemented(by object: AnyObject) -> Bool {
        implementation?(object, nil, false) ?? false
    }

    /// Calls the method on `target` with `sender`; false when `target` does not implement it.
    @discardableResult
    func send(to target: AnyObject, sender: Any?) -> Bool {
        implementation?(target, sender, true) ?? false
    }

    public static func == (lhs: Selector, rhs: Selector) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
