/// The roots of subtrees that left an application's windows and may still be alive, so the
/// application can take their hierarchies apart with its windows' when its host is done with it
/// (`UIApplication.takeViewTreesApart()`).
///
/// Why: app code may hold a view strongly that later becomes one of its ancestors — TouchTracker's view
/// keeps its palette, and `act`'s `move` can put the view inside that palette. Views hold their
/// subviews, so the two then keep each other alive; UIKit leaks such a tree too, but there the
/// process ends with the app, while a server runs one application per session. Such a tree may sit
/// in a window or, after a `remove`, outside any: this list is how the application reaches the latter.
/// Weak references, so a removed tree that nothing holds still goes at once; held only for the rare
/// subtree that leaves a window (each root gets a side table, never a view of a window's hot path that
/// stays), and pruned of the gone ones on every note, so it never outgrows the removed trees still alive.
struct DepartedSubtrees {
    private struct Entry { weak var root: UIView? }
    private var entries: [Entry] = []

    /// Notes `root`, whose subtree is leaving a window.
    mutating func note(_ root: UIView) {
        entries.removeAll { $0.root == nil || $0.root === root }
        entries.append(Entry(root: root))
    }

    /// The noted roots still alive.
    var alive: [UIView] { entries.compactMap(\.root) }
}
