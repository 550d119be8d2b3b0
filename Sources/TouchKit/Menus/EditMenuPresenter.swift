import Foundation

/// The edit menu on screen, one per application as on iOS, for `UIMenuController` and
/// `UIEditMenuInteraction` alike: a bar of items drawn as views at the front of the target view's window
/// (iOS draws it in a window of its own), so the page draws it and a tap on an item is an ordinary touch
/// on that item (UIKIT-MENU-SHOW). A touch that begins anywhere else hides it and goes on to the view
/// it touched (UIKIT-MENU-HIDE-OUTSIDE).
final class EditMenuPresenter {
    /// One item: its title and what tapping it does once the menu is hidden.
    struct Entry {
        /// The item's title.
        let title: String
        /// What the item does: send its action, run its handler.
        let perform: () -> Void
    }

    /// The gap between the menu and its target rectangle, and between the menu and the window's edges.
    static let margin: CGFloat = 8
    /// An item's height: a touch target of 44 pt, Apple's minimum.
    static let itemHeight: CGFloat = 44
    /// Space on each side of an item's title.
    static let itemPadding: CGFloat = 12
    /// The menu's colour, a dark bar, whose item titles the page draws white.
    static let background = UIColor(white: 0.17, alpha: 1)

    private unowned let application: UIApplication
    /// The bar on screen; nil while the menu is hidden.
    private(set) var menuView: UIView?
    /// Who showed the menu (a `UIMenuController` or a `UIEditMenuInteraction`), for their `isMenuVisible`.
    private(set) weak var owner: AnyObject?
    private var entries: [Entry] = []

    init(application: UIApplication) {
        self.application = application
    }

    /// Whether `owner` shows the menu now.
    func isShown(by owner: AnyObject) -> Bool { menuView != nil && self.owner === owner }

    /// Shows `entries` as a bar above `targetRect` (in `window`'s coordinates), or below it when there is
    /// no room above, kept inside the window; replaces any menu on screen. Logs `menu shown: …`.
    func present(_ entries: [Entry], around targetRect: CGRect, in window: UIWindow, by owner: AnyObject) {
        if menuView != nil { hide(because: "another menu replaces it") }
        let bar = UIView(frame: .zero)
        bar.accessibilityIdentifier = "menu"
        bar.backgroundColor = Self.background
        bar.layer.cornerRadius = Self.margin
        bar.clipsToBounds = true
        var x: CGFloat = 0
        for (index, entry) in entries.enumerated() {
            let item = UIButton(type: .system)
            item.accessibilityIdentifier = "menu-\(entry.title)"
            item.setTitle(entry.title, for: .normal)
            item.backgroundColor = Self.background
            let width = TextMetrics.fittingSize(of: entry.title, in: UIButton.titleFont, numberOfLines: 1, width: 0).width.rounded(.up)
            item.frame = CGRect(x: x, y: 0, width: width + 2 * Self.itemPadding, height: Self.itemHeight)
            item.addAction(UIAction(title: entry.title) { [unowned self] _ in choose(index) }, for: .touchUpInside)
            bar.addSubview(item)
            x += item.frame.width
        }
        bar.frame = Self.frame(size: CGSize(width: x, height: Self.itemHeight), around: targetRect, in: window.bounds.inset(by: window.safeAreaInsets))
        self.entries = entries
        self.owner = owner
        menuView = bar
        window.addSubview(bar)
        application.logNote("menu shown: " + entries.map(\.title).joined(separator: ", "))
    }

    /// Takes the menu off the screen, logging why; nothing when none is shown.
    func hide(because reason: String) {
        guard let bar = menuView else { return }
        menuView = nil
        owner = nil
        entries = []
        bar.removeFromSuperview()
        application.logNote("menu hidden: \(reason)")
    }

    /// A touch event reaches `window`: a touch beginning outside the menu hides it (UIKIT-MENU-HIDE-OUTSIDE).
    func touchesArrive(_ event: UIEvent) {
        guard let bar = menuView else { return }
        // Before hit-testing: the bar is a subview of the window, untransformed, in front of everything.
        for touch in event.orderedTouches where touch.phase == .began && !bar.frame.contains(touch.locationInWindow) {
            return hide(because: "a touch began outside it")
        }
    }

    /// An item was tapped: the menu hides, then the item acts (UIKIT-MENU-ITEM-ACTION).
    private func choose(_ index: Int) {
        guard entries.indices.contains(index) else { return }
        let entry = entries[index]
        hide(because: "\(entry.title) was tapped")
        entry.perform()
    }

    /// The menu's frame: centred over the target, `margin` above it, or below it when it would reach
    /// above `area`'s top, and moved inside `area` sideways.
    static func frame(size: CGSize, around target: CGRect, in area: CGRect) -> CGRect {
        var y = target.minY - margin - size.height
        if y < area.minY + margin { y = min(target.maxY + margin, area.maxY - margin - size.height) }
        let x = min(max(target.midX - size.width / 2, area.minX + margin), area.maxX - margin - size.width)
        return CGRect(x: max(x, area.minX), y: y, width: size.width, height: size.height)
    }
}
