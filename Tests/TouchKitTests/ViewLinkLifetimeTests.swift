import Foundation
import Testing
@testable import TouchKit
import TouchKitTestSupport

/// The links between views, windows, controllers and touches that the engine keeps without weak
/// references (`UIView.superviewLink`, `UIView.viewControllerLink`, `UIViewController.parentLink`,
/// `CALayer.ownerLink`, `UIAction.senderLink`, `UIApplication.keyWindow`, the digitizer's tap
/// memory) and the strong `UITouch.view` and `window`: none may dangle when its target goes
/// first, and none may keep anything alive in a cycle. The test's own weak references watch the
/// objects go.
@Suite struct ViewLinkLifetimeTests {
    /// A view that keeps the touches it is given until they end, as drawing code does.
    final class KeepingView: TouchView {
        var kept: [UITouch] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            super.touchesBegan(touches, with: event)
            kept.append(contentsOf: touches)
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            super.touchesEnded(touches, with: event)
            kept.removeAll { touches.contains($0) }
        }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            super.touchesCancelled(touches, with: event)
            kept.removeAll { touches.contains($0) }
        }
    }

    /// The objects of a scene, watched after the scene's last strong reference went.
    struct Watched {
        weak var app: UIApplication?
        weak var window: UIWindow?
        weak var view: UIView?
        weak var tap: UIGestureRecognizer?
        weak var doubleTap: UIGestureRecognizer?
        weak var touch: UITouch?

        var everything: [AnyObject?] { [app, window, view, tap, doubleTap, touch] }
    }

    /// A tap that requires a double tap to fail, and the double tap, on `view`, as Hammer.js wires them.
    @discardableResult
    private func addTapAndDoubleTap(to view: UIView) -> (tap: UITapGestureRecognizer, doubleTap: UITapGestureRecognizer) {
        let tap = UITapGestureRecognizer(handler: { _ in })
        let doubleTap = UITapGestureRecognizer(handler: { _ in })
        doubleTap.numberOfTapsRequired = 2
        tap.require(toFail: doubleTap)
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(doubleTap)
        return (tap, doubleTap)
    }

    // MARK: No side tables

    /// Whether the Swift runtime gave `object` a side table: once it has one — from the first weak
    /// reference to it — its strong-count word holds the table's address, marked by its top two
    /// bits (`UseSlowRC` and `SideTableMark`, swift/RefCount.h), and every retain and release of it
    /// takes the slow path.
    private func hasSideTable(_ object: AnyObject) -> Bool {
        let word = Unmanaged.passUnretained(object).toOpaque().load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt64.self)
        return word >> 62 == 0b11
    }

    /// A UIKit-shaped scene — a controller's view with a subview, tap and double-tap recognizers, a
    /// button with a `UIAction` — tapped, double-tapped and pressed: none of its application,
    /// window, controller or views is ever the target of a weak reference.
    @Test func aTappedSceneGivesNoViewWindowOrControllerASideTable() throws {
        let h = Harness()
        let controller = UIViewController()
        h.host(controller)
        let root: UIView = controller.view
        let child = h.add(TouchView(0, 0, 400, 400), "Child", to: root)
        addTapAndDoubleTap(to: child)
        let button = h.add(UIButton(frame: CGRect(x: 0, y: 500, width: 100, height: 44)), "Button", to: root)
        var pressed = 0
        button.addAction(UIAction { _ in pressed += 1 }, for: .touchUpInside)
        try h.tap(1, 100, 100, at: 0)
        try h.tap(2, 100, 100, at: 1000)
        try h.tap(3, 100, 100, at: 1150)
        try h.tap(4, 50, 520, at: 2000)
        try h.advance(to: 3000)
        #expect(pressed == 1)
        let objects: [(String, AnyObject)] = [
            ("application", h.app), ("window", h.window), ("controller", controller), ("root view", root),
            ("child", child), ("button", button),
        ]
        for (name, object) in objects {
            #expect(!hasSideTable(object), "\(name) has a side table")
        }
        weak let watcher = child
        #expect(watcher != nil && hasSideTable(child), "the check sees a weak reference's side table")
    }

    // MARK: Superview

    /// The superview goes while the subview is still in it, or after the subview was removed.
    @Test(arguments: [false, true])
    func aSubviewThatOutlivesItsSuperviewHasNoSuperview(removedFirst: Bool) {
        let child = UIView(10, 10, 50, 50)
        weak var weakParent: UIView?
        do {
            let parent = UIView(0, 0, 200, 200)
            weakParent = parent
            parent.addSubview(child)
            #expect(child.superview === parent)
            if removedFirst { child.removeFromSuperview() }
        }
        #expect(weakParent == nil, "a subview does not keep its superview alive")
        #expect(child.superview == nil)
        #expect(child.next == nil)
        #expect(child.window == nil)
        #expect(child.convert(CGPoint(x: 1, y: 1), to: nil) == CGPoint(x: 1, y: 1), "it is its own root now")
        let other = UIView(0, 0, 100, 100)
        other.addSubview(child)
        #expect(child.superview === other && other.subviews.count == 1)
    }

    @Test func aSubviewOfAFreedWindowIsDetached() throws {
        let view = TouchView(0, 0, 100, 100)
        weak var weakWindow: UIWindow?
        do {
            let h = Harness()
            weakWindow = h.window
            h.add(view, "V")
            try h.tap(1, 50, 50, at: 0)
            #expect(view.window === h.window)
        }
        #expect(weakWindow == nil, "the touch that tapped the view does not keep its window alive")
        #expect(view.superview == nil && view.window == nil)
    }

    // MARK: View controller

    @Test func aFreedControllerLeavesItsViewNextToItsSuperview() {
        let container = UIView(0, 0, 400, 800)
        let view: UIView
        weak var weakController: UIViewController?
        do {
            let controller = UIViewController()
            weakController = controller
            view = controller.view
            container.addSubview(view)
            #expect(view.next === controller)
        }
        #expect(weakController == nil, "the view does not keep its controller alive")
        #expect(view.next === container)
    }

    @Test func aReplacedViewNoLongerNamesItsController() {
        let controller = UIViewController()
        let container = UIView(0, 0, 400, 800)
        let first: UIView = controller.view
        container.addSubview(first)
        controller.view = UIView(0, 0, 10, 10)
        #expect(first.next === container)
        #expect(controller.view.next === controller)
    }

    @Test func aViewHandedToAnotherControllerKeepsTheNewOne() {
        let first = UIViewController(), second = UIViewController()
        let view = UIView(0, 0, 10, 10)
        first.view = view
        second.view = view
        first.view = UIView(0, 0, 10, 10)
        #expect(view.next === second, "the first controller no longer owns the view it let go")
    }

    @Test func aChildThatOutlivesItsParentHasNoParent() {
        let child = UIViewController()
        weak var weakParent: UIViewController?
        do {
            let parent = UIViewController()
            weakParent = parent
            parent.addChild(child)
            #expect(child.parent === parent)
        }
        #expect(weakParent == nil, "a child does not keep its parent alive")
        #expect(child.parent == nil)
        let other = UIViewController()
        other.addChild(child)
        child.removeFromParent()
        #expect(child.parent == nil && other.children.isEmpty)
    }

    // MARK: Layer

    @Test func aLayerThatOutlivesItsViewIsStandalone() {
        let layer: CALayer
        weak var weakView: UIView?
        do {
            let view = UIView(0, 0, 80, 40)
            weakView = view
            layer = view.layer
            #expect(layer.bounds.size == CGSize(width: 80, height: 40))
        }
        #expect(weakView == nil, "the layer does not keep its view alive")
        #expect(layer.owner == nil)
        layer.bounds = CGRect(x: 0, y: 0, width: 5, height: 6)
        #expect(layer.bounds.size == CGSize(width: 5, height: 6), "it keeps its own values now")
    }

    // MARK: Control actions

    /// The sender is set as the handler runs and stays while that control lives; the action
    /// keeps no control alive.
    @Test func anActionNamesTheControlThatSentItLastWhileThatControlLives() {
        var sendersSeen: [ObjectIdentifier?] = []
        let action = UIAction { sendersSeen.append($0.sender.map(ObjectIdentifier.init)) }
        let first = UIButton(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        first.addAction(action, for: .touchUpInside)
        first.sendActions(for: .touchUpInside)
        first.removeTarget(nil, for: .allEvents)
        #expect(action.sender === first, "removing the action does not change its sender")
        weak var weakSecond: UIButton?
        do {
            let second = UIButton(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            weakSecond = second
            second.addAction(action, for: .touchUpInside)
            second.sendActions(for: .touchUpInside)
            #expect(action.sender === second)
            #expect(sendersSeen == [ObjectIdentifier(first), ObjectIdentifier(second)])
        }
        #expect(weakSecond == nil, "the action does not keep its sender alive")
        #expect(action.sender == nil)
        first.addAction(action, for: .touchUpInside)
        first.sendActions(for: .touchUpInside)
        #expect(action.sender === first)
    }

    @Test func aControlOutlivingTheActionsItSentForgetsThem() {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        weak var weakAction: UIAction?
        do {
            let action = UIAction { _ in }
            weakAction = action
            button.addAction(action, for: .touchUpInside)
            button.sendActions(for: .touchUpInside)
            button.removeTarget(nil, for: .allEvents)
        }
        #expect(weakAction == nil)
        #expect(button.sentActions.isEmpty, "the action took itself off its sender's list")
    }

    // MARK: Key window

    @Test func theKeyWindowLivesAsLongAsItsApplication() throws {
        let app = UIApplication()
        weak var weakWindow: UIWindow?
        do {
            let window = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            weakWindow = window
            window.makeKeyAndVisible()
        }
        #expect(weakWindow != nil, "the application holds its windows")
        #expect(app.keyWindow === weakWindow && app.keyWindow?.isKeyWindow == true)
    }

    // MARK: Touches

    /// UIKit's `UITouch.view` is strong: a touch kept by app code still reaches its view after the
    /// view left the window and everything else let go of it; once app code lets go of the touch,
    /// the digitizer drops it at its next dispatch, and the view goes.
    /// Pins UIKIT-HIT-ONCE.
    @Test func aTouchKeptByAppCodeKeepsItsRemovedView() throws {
        let h = Harness()
        var kept: UITouch?
        weak var weakView: KeepingView?
        do {
            let view = h.add(KeepingView(0, 0, 400, 800), "V")
            weakView = view
            try h.down(1, 100, 100, at: 0)
            kept = view.kept.first
            view.removeFromSuperview()
            #expect(view.received == ["tb(1)", "tc(1)"], "the removed view's touch is cancelled")
        }
        try h.up(1, 100, 100, at: 80)
        try h.tap(2, 300, 300, at: 200)
        do {
            let touch = try #require(kept)
            #expect(touch.view === weakView && weakView != nil, "the touch holds its view")
            #expect(touch.view?.accessibilityIdentifier == "V")
            #expect(touch.view?.superview == nil)
            #expect(touch.window === h.window)
            #expect(touch.phase == .ended)
        }
        kept = nil
        try h.tap(3, 300, 300, at: 400)
        #expect(weakView == nil, "once the touch is gone, nothing keeps the view")
    }

    /// The tap memory neither keeps a tapped view alive nor matches a new view with an old one.
    @Test func aFreedTappedViewIsNotKeptAndStartsNoSeries() throws {
        let h = Harness()
        weak var weakView: UIView?
        do {
            let view = h.add(TouchView(100, 100, 100, 100), "A")
            weakView = view
            try h.tap(1, 150, 150, at: 0)
            view.removeFromSuperview()
        }
        try h.tap(2, 10, 10, at: 100)
        #expect(weakView == nil, "the tap memory does not keep the view alive")
        _ = h.add(TouchView(100, 100, 100, 100), "B")
        _ = h.log()
        try h.tap(3, 150, 150, at: 200)
        #expect(h.log() == ["B.tb(3)", "B.te(3)"], "a new view at the same place starts a new series")
    }

    /// A scene dropped while a finger is down (the tap recognizer's hold timer pending) or between
    /// the two taps of a double tap (the double tap waiting on its interval timer, the first
    /// tap's `touchesEnded` withheld from a view that keeps its touches until then): the
    /// application, its window, views, recognizers and touches all go.
    @Test(arguments: [false, true])
    func anApplicationDroppedMidGestureFreesEverything(betweenTaps: Bool) throws {
        let watched = try droppedScene(betweenTaps: betweenTaps)
        for (index, object) in watched.everything.enumerated() {
            #expect(object == nil, "object \(index) of [app, window, view, tap, doubleTap, touch] is still alive")
        }
    }

    private func droppedScene(betweenTaps: Bool) throws -> Watched {
        var watched = Watched()
        let h = Harness()
        let view = h.add(KeepingView(0, 0, 400, 800), "V")
        let (tap, doubleTap) = addTapAndDoubleTap(to: view)
        if betweenTaps {
            try h.tap(1, 100, 100, at: 0)
            #expect(view.received == ["tb(1)"], "touchesEnded is withheld while the double tap waits")
        } else {
            try h.down(1, 100, 100, at: 0)
        }
        #expect(view.kept.count == 1 && h.app.nextDeadline != nil, "mid-gesture: a timer is pending")
        watched.app = h.app
        watched.window = h.window
        watched.view = view
        watched.tap = tap
        watched.doubleTap = doubleTap
        watched.touch = view.kept.first
        return watched
    }
}
