import Foundation

/// What a size transition gives the controllers it tells: TouchKit's changes are not animated, so
/// "alongside" work runs as the new size is applied and completions at the end of the turn, after
/// layout (UIKit's `UIViewControllerTransitionCoordinator`, as far as size changes use it).
public final class UIViewControllerTransitionCoordinator {
    /// The queued work, given the coordinator when it runs (a closure that captured it would keep it,
    /// and whatever the closure holds, alive for good).
    private var alongside: [(UIViewControllerTransitionCoordinator) -> Void] = []
    private var completions: [(UIViewControllerTransitionCoordinator) -> Void] = []

    /// Duration of the (not animated) transition: 0.
    public var transitionDuration: TimeInterval { 0 }

    /// Queues `animation` to run as the new size is applied and `completion` after layout; returns true, as
    /// UIKit does when it accepts them.
    @discardableResult
    public func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinator) -> Void)?,
                        completion: ((UIViewControllerTransitionCoordinator) -> Void)? = nil) -> Bool {
        if let animation { alongside.append(animation) }
        if let completion { completions.append(completion) }
        return true
    }

    func runAlongside() {
        let work = alongside
        alongside = []
        for item in work { item(self) }
    }

    func runCompletions() {
        let work = completions
        completions = []
        for item in work { item(self) }
    }
}

extension UIWindow {
    /// Changes the window's size and safe-area insets the way a rotation or a window resize does on
    /// iOS (Linux adaptation: the host calls this when the client's viewport changes).
    ///
    /// Order (UIKIT-LAYOUT-SIZE-CHANGE-ORDER; Apple documents 1 before 4 and 2 before the size change): (1) the
    /// root view controller's `willTransition(to:with:)`, only if a size class changes; (2) its
    /// `viewWillTransition(to:with:)`, with `view.bounds` still the old size; (3) the new bounds — the root
    /// view takes them and autoresizing runs; the coordinator's alongside work; (4)
    /// `traitCollectionDidChange(_:)` on the controller and every view, if the traits changed; new safe-area
    /// insets are reported; (5) the end of the turn lays out: `viewWillLayoutSubviews`, `layoutSubviews`
    /// top-down, `viewDidLayoutSubviews`; then the coordinator's completions. (1) and (2) do not happen when
    /// the size stays the same. Touches in flight and recognizer state are untouched: they carry on in the new
    /// geometry.
    public func transition(to size: CGSize, safeAreaInsets insets: UIEdgeInsets) {
        let perform = {
            let oldTraits = UITraitCollection(windowSize: self.bounds.size)
            let newTraits = UITraitCollection(windowSize: size)
            let coordinator = UIViewControllerTransitionCoordinator()
            let controller = self.rootViewController
            if size != self.bounds.size {
                // The edit menu points at a place of the old layout (UIKIT-MENU-HIDE-OUTSIDE).
                self.application?.editMenus.hide(because: "the window changed size")
                if newTraits != oldTraits { controller?.willTransition(to: newTraits, with: coordinator) }
                controller?.viewWillTransition(to: size, with: coordinator)
                self.frame = CGRect(origin: self.frame.origin, size: size)
                controller?.viewIfLoaded?.frame = self.bounds
                coordinator.runAlongside()
            }
            self.deviceSafeAreaInsets = insets
            if newTraits != oldTraits {
                controller?.traitCollectionDidChange(oldTraits)
                self.forEachInSubtree { $0.traitCollectionDidChange(oldTraits) }
            }
            self.updateSafeAreaInsets()
            self.application?.afterLayout { coordinator.runCompletions() }
        }
        if let application { application.performTurn(perform) } else { perform() }
    }
}
