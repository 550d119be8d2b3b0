import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

extension Selector {
    fileprivate static let deleteItem = Selector("deleteItem:", MenuTargetView.deleteItem)
    fileprivate static let duplicateItem = Selector("duplicateItem", MenuTargetView.duplicateItem)
    fileprivate static let copy = Selector("copy:")
}

/// A view that shows the edit menu from a tap, as the classic "tap a line, Delete" exercise does.
private final class MenuTargetView: TouchView {
    var becomesFirstResponder = true
    var performs: Set<Selector> = [.deleteItem, .duplicateItem]
    var done: [String] = []

    override var canBecomeFirstResponder: Bool { becomesFirstResponder }

    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        performs.contains(action)
    }

    func deleteItem(_ sender: Any?) { done.append("delete from \(sender is UIMenuController ? "menu controller" : "?")") }
    func duplicateItem() { done.append("duplicate") }

    func showMenu(at point: CGPoint) {
        becomeFirstResponder()
        let menu = UIMenuController.shared
        menu.menuItems = [UIMenuItem(title: "Delete", action: .deleteItem), UIMenuItem(title: "Duplicate", action: .duplicateItem)]
        menu.showMenu(from: self, rect: CGRect(x: point.x, y: point.y, width: 2, height: 2))
    }
}

/// UIMenuController and UIEditMenuInteraction: the menu shows as views at the front of the window, a tap on an
/// item hides it and performs the item, a touch elsewhere hides it and goes on.
@Suite struct EditMenuTests {
    private func scene() -> (Harness, MenuTargetView, UITapGestureRecognizer) {
        let h = Harness()
        let view = h.add(MenuTargetView(0, 0, 400, 800), "canvas")
        let tap = UITapGestureRecognizer { [unowned view] recognizer in
            view.showMenu(at: recognizer.location(in: view))
        }
        tap.name = "tap"
        view.addGestureRecognizer(tap)
        return (h, view, tap)
    }

    /// The middle of the menu's item called `name`, in window coordinates.
    private func center(of name: String, in h: Harness) throws -> CGPoint {
        let bar = try #require(h.window.subviews.last)
        let item = try #require(bar.subviews.first { $0.accessibilityIdentifier == name })
        return item.convert(CGPoint(x: item.bounds.midX, y: item.bounds.midY), to: nil)
    }

    /// Pins UIKIT-MENU-SHOW and UIKIT-MENU-ITEM-ACTION: the items show above the target, centred on it; a tap
    /// on Delete hides the menu, then sends the action from the first responder up.
    @Test func aTapOnAnItemHidesTheMenuAndSendsItsAction() throws {
        let (h, view, _) = scene()
        try h.tap(1, 200, 400, at: 0)
        #expect(h.log(only: "act(", "note:") == ["act(tap,ended)", "note: menu shown: Delete, Duplicate"])
        let menu = UIMenuController.shared
        #expect(!menu.isMenuVisible, "outside a turn, shared is a detached controller")
        let bar = try #require(h.window.subviews.last)
        #expect(bar.accessibilityIdentifier == "menu")
        #expect(abs(bar.frame.maxY - (400 - 8)) < 1e-9, "8 pt above the target rectangle")
        #expect(abs(bar.frame.midX - 201) < 1e-9, "centred on the target rectangle")
        #expect(bar.subviews.map(\.accessibilityIdentifier) == ["menu-Delete", "menu-Duplicate"])
        #expect(bar.frame.height == 44)
        let delete = try center(of: "menu-Delete", in: h)
        try h.tap(2, delete.x, delete.y, at: 1000)
        #expect(h.log(only: "menu-", "note:", "act(") == [
            "menu-Delete.tb(2)", "menu-Delete:touchDown", "menu-Delete.te(2)", "menu-Delete:touchUpInside",
            "note: menu hidden: Delete was tapped", "note: menu item Delete: deleteItem: sent to canvas",
        ])
        #expect(view.done == ["delete from menu controller"])
        #expect(h.window.subviews.last === view, "the menu left the window")
    }

    /// Pins UIKIT-MENU-HIDE-OUTSIDE: a touch beginning outside the menu hides it and still reaches the view
    /// under it (here the tap recognizer, which shows the menu again at the new place).
    @Test func aTouchOutsideHidesTheMenuAndGoesOn() throws {
        let (h, view, _) = scene()
        try h.tap(1, 200, 400, at: 0)
        _ = h.log()
        try h.tap(2, 100, 700, at: 1000)
        #expect(h.log(only: "canvas.tb(", "act(", "note:") == [
            "note: menu hidden: a touch began outside it", "canvas.tb(2)", "act(tap,ended)", "note: menu shown: Delete, Duplicate",
        ])
        #expect(view.done.isEmpty)
    }

    /// Pins UIKIT-MENU-HIDE-OUTSIDE: a size change (a rotation, the inspector sheet moving) hides the menu; new
    /// safe-area insets alone do not.
    @Test func aSizeChangeHidesTheMenu() throws {
        let (h, view, _) = scene()
        try h.tap(1, 200, 400, at: 0)
        _ = h.log()
        h.window.transition(to: CGSize(width: 400, height: 800), safeAreaInsets: UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0))
        #expect(h.log(only: "note:").isEmpty && h.window.subviews.last?.accessibilityIdentifier == "menu")
        h.window.transition(to: CGSize(width: 800, height: 400), safeAreaInsets: .zero)
        #expect(h.log(only: "note:") == ["note: menu hidden: the window changed size"])
        #expect(h.window.subviews.last === view)
    }

    /// Pins UIKIT-MENU-SHOW: the menu goes below the target when there is no room above, and stays inside the window.
    @Test func theMenuGoesBelowATargetAtTheTopAndStaysOnScreen() throws {
        let (h, _, _) = scene()
        try h.tap(1, 395, 20, at: 0)
        let bar = try #require(h.window.subviews.last)
        #expect(abs(bar.frame.minY - (22 + 8)) < 1e-9, "8 pt below the target")
        #expect(abs(bar.frame.maxX - (400 - 8)) < 1e-9, "8 pt inside the window's edge")
    }

    /// Pins UIKIT-MENU-CAN-PERFORM: an item shows only when a responder of the chain from the first responder
    /// can perform its action; with none, or no first responder, no menu shows, and the log says why.
    @Test func itemsNeedAResponderThatPerformsThemAndAFirstResponder() throws {
        let (h, view, _) = scene()
        view.performs = [.duplicateItem]
        try h.tap(1, 200, 400, at: 0)
        #expect(h.log(only: "note:") == ["note: menu shown: Duplicate"])
        try h.tap(2, 10, 790, at: 1000)
        _ = h.log()
        view.performs = [.copy]
        try h.tap(3, 200, 400, at: 2000)
        // The tap at (10, 790) hid the menu and showed it again there; this one hides it and shows nothing.
        #expect(h.log(only: "note:") == ["note: menu hidden: a touch began outside it", "note: menu not shown: no responder from canvas up can perform an item's action (canPerformAction(_:withSender:))"])
        view.resignFirstResponder()
        view.becomesFirstResponder = false
        view.performs = [.deleteItem]
        try h.tap(4, 200, 400, at: 3000)
        #expect(h.log(only: "note:") == ["note: menu not shown: no first responder (call becomeFirstResponder() on a responder whose canBecomeFirstResponder is true)"])
        #expect(h.window.subviews.last === view)
    }

    /// Pins UIKIT-MENU-CAN-PERFORM: by default a responder performs what it implements, and `target(forAction:)`
    /// walks up the chain to the responder that does.
    @Test func theDefaultAnswerIsWhatTheResponderImplementsAndTheTargetIsFoundUpTheChain() {
        let h = Harness()
        let owner = h.add(MenuTargetView(0, 0, 100, 100), "owner")
        let child = h.add(UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)), "child", to: owner)
        owner.performs = []
        #expect(!child.canPerformAction(.deleteItem, withSender: nil))
        #expect(child.target(forAction: .deleteItem, withSender: nil) == nil, "the owner says no")
        owner.performs = [.deleteItem]
        #expect(child.target(forAction: .deleteItem, withSender: nil) as? UIView === owner)
        #expect(UIView(frame: .zero).canPerformAction(.copy, withSender: nil) == false)
        #expect(Selector("deleteItem:") == .deleteItem && Selector.deleteItem.description == "deleteItem:")
    }

    /// Pins UIKIT-MENU-SHOW: `hideMenu()` and `isMenuVisible` in the app's code; the menu is reachable through
    /// `shared` only while that application runs.
    @Test func hideMenuAndIsMenuVisibleInTheAppsCode() throws {
        let (h, view, tap) = scene()
        var visible: [Bool] = []
        tap.addHandler { _ in
            visible.append(UIMenuController.shared.isMenuVisible)
            if visible.count == 2 { UIMenuController.shared.hideMenu() }
        }
        try h.tap(1, 200, 400, at: 0)
        try h.tap(2, 200, 600, at: 1000)
        #expect(visible == [true, true])
        #expect(h.log(only: "note:") == [
            "note: menu shown: Delete, Duplicate", "note: menu hidden: a touch began outside it",
            "note: menu shown: Delete, Duplicate", "note: menu hidden: hideMenu()",
        ])
        #expect(h.window.subviews.last === view)
    }

    private final class ItemsAtLoad: UIViewController {
        override var canBecomeFirstResponder: Bool { true }
        func act(_ sender: Any?) {}
        override func viewDidLoad() {
            UIMenuController.shared.menuItems = [UIMenuItem(title: "Act", action: Selector("act:", ItemsAtLoad.act))]
        }
    }

    /// Pins UIKIT-MENU-SHOW: items set in `viewDidLoad`, where the application's screen is `UIScreen.main` but no
    /// turn runs, belong to that application's menu controller.
    @Test func itemsSetInViewDidLoadStay() throws {
        let h = Harness()
        let controller = ItemsAtLoad()
        h.host(controller)
        let tap = UITapGestureRecognizer { [unowned controller] _ in
            controller.becomeFirstResponder()
            UIMenuController.shared.showMenu(from: controller.view, rect: CGRect(x: 100, y: 300, width: 2, height: 2))
        }
        controller.view.addGestureRecognizer(tap)
        try h.tap(1, 100, 300, at: 0)
        #expect(h.log(only: "note:") == ["note: menu shown: Act"])
    }

    private final class EditMenuDelegate: UIEditMenuInteractionDelegate {
        var deleted = 0
        var gives = true
        func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                                 suggestedActions: [UIMenuElement]) -> UIMenu? {
            guard gives else { return nil }
            return UIMenu(children: [UIAction(title: "Delete") { [unowned self] _ in deleted += 1 }])
        }
    }

    /// Pins UIKIT-MENU-INTERACTION: the edit menu interaction shows the delegate's actions at the source point,
    /// with no first responder, and a tap on one hides the menu and runs its handler.
    @Test func anEditMenuInteractionShowsTheDelegatesActions() throws {
        let h = Harness()
        let view = h.add(TouchView(0, 0, 400, 800), "canvas")
        let delegate = EditMenuDelegate()
        let interaction = UIEditMenuInteraction(delegate: delegate)
        view.addInteraction(interaction)
        #expect(view.interactions.count == 1 && interaction.view === view)
        let tap = UITapGestureRecognizer { [unowned view, weak interaction] recognizer in
            interaction?.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: recognizer.location(in: view)))
        }
        tap.name = "tap"
        view.addGestureRecognizer(tap)
        try h.tap(1, 100, 300, at: 0)
        #expect(h.log(only: "note:") == ["note: menu shown: Delete"])
        let bar = try #require(h.window.subviews.last)
        #expect(abs(bar.frame.maxY - (300 - 8)) < 1e-9 && abs(bar.frame.midX - 100) < 1e-9)
        let delete = try center(of: "menu-Delete", in: h)
        try h.tap(2, delete.x, delete.y, at: 1000)
        #expect(h.log(only: "note:", "menu-Delete:touchUpInside") == ["menu-Delete:touchUpInside", "note: menu hidden: Delete was tapped"])
        #expect(delegate.deleted == 1)
        delegate.gives = false
        try h.tap(3, 100, 300, at: 2000)
        #expect(h.log(only: "note:") == ["note: menu not shown: the edit menu interaction's delegate gave no action"])
        delegate.gives = true
        try h.tap(4, 100, 300, at: 3000)
        view.removeInteraction(interaction)
        #expect(h.log(only: "note:") == ["note: menu shown: Delete", "note: menu hidden: dismissMenu()"])
        #expect(view.interactions.isEmpty && interaction.view == nil)
    }
}

/// The menu API as UIKit spells it: these lines compile unchanged from UIKit code (with the selector declared
/// as the Linux adaptation asks, `Selector(name, method)`).
@Suite struct EditMenuAPICompileTests {
    fileprivate final class Owner: UIView, UIEditMenuInteractionDelegate {
        override var canBecomeFirstResponder: Bool { true }
        override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool { action == .ownerAct }
        override func target(forAction action: Selector, withSender sender: Any?) -> Any? { super.target(forAction: action, withSender: sender) }
        func act(_ sender: Any?) {}
        func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration,
                                 suggestedActions: [UIMenuElement]) -> UIMenu? {
            UIMenu(title: "", children: suggestedActions + [UIAction(title: "Delete") { _ in }])
        }
        func editMenuInteraction(_ interaction: UIEditMenuInteraction, targetRectFor configuration: UIEditMenuConfiguration) -> CGRect {
            CGRect(origin: configuration.sourcePoint, size: CGSize(width: 1, height: 1))
        }
    }

    @Test func compilesAsUIKitSpellsIt() {
        let view = Owner(frame: .zero)
        let menu: UIMenuController = UIMenuController.shared
        let item = UIMenuItem(title: "Act", action: .ownerAct)
        item.title = "Act!"
        item.action = .ownerAct
        menu.menuItems = [item]
        menu.showMenu(from: view, rect: CGRect(x: 0, y: 0, width: 2, height: 2))
        menu.setTargetRect(.zero, in: view)
        menu.setMenuVisible(true, animated: true)
        menu.isMenuVisible = false
        menu.hideMenu(from: view)
        menu.hideMenu()
        menu.update()
        let frame: CGRect = menu.menuFrame
        let visible: Bool = menu.isMenuVisible
        let interaction = UIEditMenuInteraction(delegate: view)
        view.addInteraction(interaction)
        let configuration = UIEditMenuConfiguration(identifier: nil, sourcePoint: .zero)
        interaction.presentEditMenu(with: configuration)
        interaction.dismissMenu()
        let interactions: [UIInteraction] = view.interactions
        view.removeInteraction(interaction)
        let performs: Bool = view.canPerformAction(.ownerAct, withSender: nil)
        let selectorName: String = Selector.ownerAct.description
        #expect(frame == .zero && !visible && interactions.count == 1 && performs && selectorName == "act:")
        #expect(view.target(forAction: Selector("paste:"), withSender: nil) == nil)
    }
}

extension Selector {
    fileprivate static let ownerAct = Selector("act:", EditMenuAPICompileTests.Owner.act)
}
