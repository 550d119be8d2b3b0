import Foundation

/// Where and for what an edit menu interaction shows its menu (UIKit's `UIEditMenuConfiguration`).
public final class UIEditMenuConfiguration {
    /// The app's name for this configuration, handed back to the delegate.
    public let identifier: (any NSCopying)?
    /// Where the menu points, in the interaction's view's coordinates.
    public let sourcePoint: CGPoint
    /// Whether the menu prefers to stay clear of the source point's surroundings; kept for code that sets it.
    public var preferredArrowDirection = UIEditMenuArrowDirection.automatic

    /// A configuration named `identifier` for a menu at `sourcePoint`.
    public init(identifier: (any NSCopying)?, sourcePoint: CGPoint) {
        self.identifier = identifier
        self.sourcePoint = sourcePoint
    }
}

/// Where an edit menu's arrow points (kept for code that sets it; the menu goes above its target, else below).
public enum UIEditMenuArrowDirection: Int, Sendable {
    /// The system chooses, or the arrow points up, down, left or right.
    case automatic, up, down, left, right
}

/// The delegate of an edit menu interaction: it gives the menu for a configuration, and where it points.
public protocol UIEditMenuInteractionDelegate: AnyObject {
    /// The menu to show for `configuration`; nil shows none. `suggestedActions` is empty in TouchKit (no text,
    /// no standard edit actions). Default: a menu of the suggested actions.
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                             suggestedActions: [UIMenuElement]) -> UIMenu?
    /// The rectangle the menu points at, in the interaction's view's coordinates. Default: `.null`, which
    /// makes it the configuration's source point.
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect
}

extension UIEditMenuInteractionDelegate {
    /// A menu of the suggested actions, as UIKit's default.
    public func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                                    suggestedActions: [UIMenuElement]) -> UIMenu? {
        UIMenu(children: suggestedActions)
    }

    /// `.null`: the menu points at the configuration's source point.
    public func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect {
        .null
    }
}

/// The edit menu of iOS 16: an interaction on a view that shows the delegate's `UIMenu` of `UIAction`s
/// at a point of the view when the app asks (`presentEditMenu(with:)`); tapping an action hides the menu
/// and runs its handler (UIKIT-MENU-INTERACTION). No first responder is needed: the actions are closures.
public final class UIEditMenuInteraction: UIInteraction {
    /// The delegate that supplies the menu.
    public private(set) weak var delegate: UIEditMenuInteractionDelegate?
    /// The view the interaction belongs to.
    public private(set) weak var view: UIView?

    /// An interaction whose menus come from `delegate`.
    public init(delegate: UIEditMenuInteractionDelegate?) {
        self.delegate = delegate
    }

    /// Leaving a view takes a menu this interaction shows off the screen.
    public func willMove(to view: UIView?) {
        if self.view != nil, view !== self.view { dismissMenu() }
    }

    /// Remembers the new view.
    public func didMove(to view: UIView?) { self.view = view }

    /// Shows the delegate's menu for `configuration` above its target (UIKIT-MENU-INTERACTION); logs why not
    /// when the view is in no window or the delegate gives no action.
    public func presentEditMenu(with configuration: UIEditMenuConfiguration) {
        lastConfiguration = configuration
        guard let view, let window = view.window, let application = window.application else { return }
        let menu = delegate?.editMenuInteraction(self, menuFor: configuration, suggestedActions: []) ?? UIMenu()
        let actions = menu.flattenedActions
        guard !actions.isEmpty else {
            return application.logNote("menu not shown: the edit menu interaction's delegate gave no action")
        }
        var target = delegate?.editMenuInteraction(self, targetRectFor: configuration) ?? .null
        if target.isNull { target = CGRect(origin: configuration.sourcePoint, size: .zero) }
        let entries = actions.map { action in
            EditMenuPresenter.Entry(title: action.title) { action.handler(action) }
        }
        application.editMenus.present(entries, around: view.convert(target, to: nil), in: window, by: self)
    }

    /// Hides the menu this interaction shows, if any.
    public func dismissMenu() {
        guard let application = view?.window?.application, application.editMenus.isShown(by: self) else { return }
        application.editMenus.hide(because: "dismissMenu()")
    }

    /// Where the menu's source point is in `view`'s coordinates; the last presented configuration's, or zero.
    public func location(in view: UIView?) -> CGPoint {
        guard let own = self.view, let configuration = lastConfiguration else { return .zero }
        return own.convert(configuration.sourcePoint, to: view)
    }

    private var lastConfiguration: UIEditMenuConfiguration?
}
