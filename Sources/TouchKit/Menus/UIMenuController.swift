import Foundation

/// The edit menu of UIKit's classic API (deprecated in iOS 16 for `UIEditMenuInteraction`, still what
/// the classic exercises use): custom `menuItems` shown above a target rectangle, each only when a
/// responder of the chain from the first responder can perform its action (UIKIT-MENU-SHOW,
/// UIKIT-MENU-CAN-PERFORM); tapping one hides the menu and sends the action (UIKIT-MENU-ITEM-ACTION).
///
/// Linux adaptation: `shared` is the menu controller of the application whose code is running, as
/// `UIScreen.main` is its screen (one application per session, UIKIT-SCREEN-MAIN). TouchKit has no
/// text, so no standard items (Cut, Copy, Paste …) are added to `menuItems`.
public final class UIMenuController {
    /// The application the menu shows in; nil for the detached controller `shared` gives outside any turn.
    private weak var application: UIApplication?
    private weak var targetView: UIView?
    private var targetRect = CGRect.null

    /// The custom items, in order (default nil, as UIKit's).
    public var menuItems: [UIMenuItem]?

    init(application: UIApplication?) {
        self.application = application
    }

    /// The menu controller of the application whose code is running (Linux adaptation, see the type): in its
    /// turns, and wherever its screen is `UIScreen.main` (`viewDidLoad` of a root view controller, `launch`);
    /// elsewhere a detached controller that shows nothing.
    public static var shared: UIMenuController {
        (CurrentApplication.value ?? CurrentScreen.bound?.application)?.menuController ?? UIMenuController(application: nil)
    }

    /// Whether the menu is on screen; setting true shows it at the rectangle `setTargetRect(_:in:)` gave,
    /// false hides it (UIKit's setter).
    public var isMenuVisible: Bool {
        get { application?.editMenus.isShown(by: self) ?? false }
        set { setMenuVisible(newValue, animated: false) }
    }

    /// The menu's frame in its window's coordinates; `.zero` while hidden.
    public var menuFrame: CGRect {
        guard isMenuVisible, let bar = application?.editMenus.menuView else { return .zero }
        return bar.frame
    }

    /// Shows the menu for `targetRect` in `targetView`'s coordinates (iOS 13): above the rectangle, or below
    /// it when there is no room (UIKIT-MENU-SHOW).
    public func showMenu(from targetView: UIView, rect targetRect: CGRect) {
        setTargetRect(targetRect, in: targetView)
        show()
    }

    /// Hides the menu if it shows (iOS 13).
    public func hideMenu() {
        guard isMenuVisible else { return }
        application?.editMenus.hide(because: "hideMenu()")
    }

    /// Hides the menu if it shows; the view is accepted for UIKit's spelling (iOS 13).
    public func hideMenu(from targetView: UIView) { hideMenu() }

    /// Where the next `setMenuVisible(true, animated:)` shows the menu (deprecated in iOS 13, as the
    /// classic exercises call it).
    public func setTargetRect(_ targetRect: CGRect, in targetView: UIView) {
        self.targetView = targetView
        self.targetRect = targetRect
    }

    /// Shows the menu at the target rectangle, or hides it (deprecated in iOS 13); no animation.
    public func setMenuVisible(_ menuVisible: Bool, animated: Bool) {
        if menuVisible { show() } else { hideMenu() }
    }

    /// Asks the responders again which items to show, when the menu shows.
    public func update() {
        if isMenuVisible { show() }
    }

    /// Shows the items a responder of the chain can perform, or logs why the menu does not appear.
    private func show() {
        guard let targetView, let window = targetView.window, let application = window.application,
              application === self.application, !targetRect.isNull else { return }
        guard let firstResponder = application.firstResponder else {
            return application.logNote("menu not shown: no first responder (call becomeFirstResponder() on a responder whose canBecomeFirstResponder is true)")
        }
        let entries = (menuItems ?? []).compactMap { item -> EditMenuPresenter.Entry? in
            guard firstResponder.target(forAction: item.action, withSender: self) != nil else { return nil }
            return EditMenuPresenter.Entry(title: item.title) { [weak self] in self?.send(item.action, title: item.title) }
        }
        guard !entries.isEmpty else {
            return application.logNote("menu not shown: no responder from \(firstResponder.traceName) up can perform an item's action (canPerformAction(_:withSender:))")
        }
        application.editMenus.present(entries, around: targetView.convert(targetRect, to: nil), in: window, by: self)
    }

    /// Sends `action` to the responder the chain from the first responder names for it (UIKIT-MENU-ITEM-ACTION).
    private func send(_ action: Selector, title: String) {
        guard let application else { return }
        guard let target = application.firstResponder?.target(forAction: action, withSender: self) as? UIResponder else {
            return application.logNote("menu item \(title): no responder performs \(action) now")
        }
        application.logNote("menu item \(title): \(action) sent to \(target.traceName)")
        action.send(to: target, sender: self)
    }
}
