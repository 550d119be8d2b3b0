import Foundation
import Testing
@testable import TouchKit
import TouchKitTestSupport

/// A view that app code holds strongly may become an ancestor of its holder: TouchTracker's view keeps
/// its palette, and an `act` `move` (or the randomised render test's mutator) can put the view inside
/// that palette. Views hold their subviews, so the two keep each other alive — with their recognizers,
/// the touches they kept and the views their animations move — after the application went (the leak
/// LeakSanitizer reported from `IncrementalRenderTests`, through the weak reference of an animation's
/// part to one of those views). A host done with the application takes its trees apart, the ones in its
/// window and the ones removed from it (`takeViewTreesApart()`, `DepartedSubtrees`), so everything goes
/// with it; without that call TouchKit keeps every tree whole, as UIKit does.
@Suite struct ViewHeldByItsSubviewTests {
    /// A view holding another view, as TouchTracker's holds its palette; it keeps its touches until they end.
    final class OwnerView: TouchView {
        let companion = UIView(0, 0, 100, 100)
        var kept: [UITouch] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            super.touchesBegan(touches, with: event)
            kept.append(contentsOf: touches)
        }
    }

    struct Watched {
        weak var app: UIApplication?
        weak var window: UIWindow?
        weak var owner: UIView?
        weak var companion: UIView?
        weak var animated: UIView?
        weak var touch: UITouch?

        var everything: [AnyObject?] { [app, window, owner, companion, animated, touch] }
    }

    /// The owner moved into the view it holds, with a finger down on it and a repeating animation inside
    /// the pair; the pair then stays in the window, or is removed from it (a detached cycle).
    @Test(arguments: [false, true])
    func aViewMovedIntoTheViewItHoldsGoesWhenItsHostTakesTheTreesApart(removedFromWindow: Bool) throws {
        let watched = try droppedScene(removedFromWindow: removedFromWindow)
        for (index, object) in watched.everything.enumerated() {
            #expect(object == nil, "object \(index) of [app, window, owner, companion, animated, touch] is still alive")
        }
    }

    /// UIKit: a view keeps its subviews while anything holds it. A view app code keeps after its
    /// application and window went still has its tree, and a host that keeps a window after its
    /// application (`SceneLinting.window(showing:)`, which `touchbridge lint` reads afterwards) keeps
    /// its scene whole: only `takeViewTreesApart()` takes a tree apart.
    @Test func aKeptViewKeepsItsSubviewsAfterItsApplicationAndWindowGo() {
        let kept: UIView
        weak var window: UIWindow?
        do {
            let app = UIApplication()
            let madeWindow = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            window = madeWindow
            kept = UIView(0, 0, 200, 200)
            madeWindow.addSubview(kept)
            kept.addSubview(UIView(10, 10, 20, 20))
        }
        #expect(window == nil)
        #expect(kept.superview == nil && kept.subviews.count == 1, "the kept view lost its subview")
    }

    @Test func aWindowKeptAfterItsApplicationKeepsItsViews() {
        let window: UIWindow
        weak var application: UIApplication?
        do {
            let app = UIApplication()
            application = app
            window = UIWindow(application: app, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
            let parent = UIView(0, 0, 200, 200)
            window.addSubview(parent)
            parent.addSubview(UIView(10, 10, 20, 20))
        }
        #expect(application == nil)
        #expect(window.subviews.count == 1 && window.subviews.first?.subviews.count == 1, "the kept window lost its views")
    }

    private func droppedScene(removedFromWindow: Bool) throws -> Watched {
        var watched = Watched()
        let h = Harness()
        let owner = h.add(OwnerView(0, 0, 400, 800), "Owner")
        try h.down(1, 100, 100, at: 0)
        let companion = h.add(owner.companion, "Companion")
        companion.addSubview(owner)
        #expect(owner.window === h.window, "the owner is still in the window, inside the view it holds")
        let animated = h.add(UIView(10, 10, 20, 20), "Animated", to: owner)
        UIView.animate(withDuration: 0.3, delay: 0, options: [.repeat, .autoreverse]) { animated.alpha = 0.5 }
        if removedFromWindow {
            companion.removeFromSuperview()
            #expect(owner.window == nil && animated.layer.animationKeys() == nil, "out of the window, its animation ended")
        } else {
            #expect(animated.layer.animationKeys() == ["alpha"], "the animation runs while the application lives")
        }
        watched.app = h.app
        watched.window = h.window
        watched.owner = owner
        watched.companion = companion
        watched.animated = animated
        watched.touch = owner.kept.first ?? h.app.digitizer.activeTouches.first
        #expect(watched.touch != nil)
        h.app.takeViewTreesApart()  // what the server does when the session ends (`SharedSession.deinit`)
        return watched
    }
}
