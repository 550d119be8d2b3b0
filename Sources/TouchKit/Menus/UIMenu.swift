import Foundation

/// What a menu lists: actions and submenus (UIKit's `UIMenuElement`). Linux adaptation: a protocol
/// rather than a base class, so `UIAction` keeps its own storage; `UIMenu(children: [UIAction(…)])` reads as in UIKit.
public protocol UIMenuElement: AnyObject {
    /// The title the menu shows.
    var title: String { get }
}

extension UIAction: UIMenuElement {}

/// A menu of actions and submenus, as an edit menu interaction's delegate returns it. The edit menu
/// shows a submenu's actions inline, after the actions before it.
public final class UIMenu: UIMenuElement {
    /// The menu's title (an edit menu shows none).
    public let title: String
    /// The actions and submenus, in order.
    public let children: [UIMenuElement]

    /// A menu titled `title` listing `children`.
    public init(title: String = "", children: [UIMenuElement] = []) {
        self.title = title
        self.children = children
    }

    /// Every action of the menu and its submenus, in order: what an edit menu shows.
    var flattenedActions: [UIAction] {
        children.flatMap { child -> [UIAction] in
            if let action = child as? UIAction { return [action] }
            return (child as? UIMenu)?.flattenedActions ?? []
        }
    }
}
