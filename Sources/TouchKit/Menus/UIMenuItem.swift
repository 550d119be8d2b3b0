import Foundation

/// A custom item of the edit menu (`UIMenuController.menuItems`): a title and the action it sends
/// through the responder chain, from the first responder, when tapped (UIKIT-MENU-ITEM-ACTION).
open class UIMenuItem {
    /// The title the menu shows.
    open var title: String
    /// The action sent when the item is tapped; shown only when a responder of the chain can perform it.
    open var action: Selector

    /// An item titled `title` that sends `action` (Linux adaptation: a `Selector` carries its method, see `Selector`).
    public init(title: String, action: Selector) {
        self.title = title
        self.action = action
    }
}
