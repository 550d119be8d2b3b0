import Foundation

/// What a window's views changed on screen since the last collection: each view whose render node
/// may differ (once), and whether a view was added, removed or moved. Kept on the window (the root
/// of the views' tree) so a view reaches it by walking its superviews, and only once a
/// `RenderChangeTracker` collects from the window: an app nobody draws keeps no log.
final class RenderChangeLog {
    /// Noted views other than the window (which would otherwise keep itself alive through its log).
    @exclusivity(unchecked) var views: [UIView] = []
    /// The window itself was noted.
    var windowChanged = false
    var structureChanged = false
}

extension UIView {
    /// A visual setter ran: this view's render node may differ from the one last collected. Changes
    /// of a view outside a tracked window are not kept: joining one notes the whole subtree.
    func noteRenderChange() {
        guard !isRenderChangeNoted else { return }
        // Borrowed, not through `windowRenderChanges`: its counted window and log cost some nine
        // retains and releases per call, on every frame that moves a view.
        withRoot { window in
            guard let log = window.renderChanges else { return }
            isRenderChangeNoted = true
            if window === self { log.windowChanged = true } else { log.views.append(self) }
        }
    }

    /// One of this view's subviews was added, removed or moved.
    func noteStructureChange() {
        windowRenderChanges?.log.structureChanged = true
    }

    /// This view just got a new superview: its window's structure changed, and every view of its
    /// subtree is noted, because nothing recorded what changed while it was elsewhere.
    func noteJoinedTree() {
        guard let (_, log) = windowRenderChanges else { return }
        log.structureChanged = true
        forEachInSubtree { view in
            guard !view.isRenderChangeNoted else { return }
            view.isRenderChangeNoted = true
            log.views.append(view)
        }
    }

    /// The window at the root of this view's tree and its change log; nil outside a tracked window.
    private var windowRenderChanges: (window: UIView, log: RenderChangeLog)? {
        withRoot { root in root.renderChanges.map { (root, $0) } }
    }

    /// This view's render node now.
    func currentRenderNode() -> RenderNode {
        makeRenderNode(id: objectID, parent: superview?.objectID)
    }
}

extension CALayer {
    /// A property this layer draws changed: the views whose display lists include it (its own view,
    /// or the view at the root of its superlayers) are noted.
    func noteRenderChange() {
        var layer: CALayer? = self
        while let current = layer {
            current.owner?.noteRenderChange()
            layer = current.superlayer
        }
    }
}

/// Where a view sits in the render tree: its id and its superview's (nil for a window).
public struct RenderPlacement: Equatable, Sendable {
    /// The view's id.
    public var id: Int
    /// The superview's id; nil for a window.
    public var parent: Int?
}

/// What changed in an application's render tree since the last collection
/// (`RenderChangeTracker.collect()`).
public struct RenderChanges: Sendable {
    /// Every view in drawing order (as `RenderTree.nodes`) when a view was added, removed or moved,
    /// or a window came or went; nil when the tree kept its shape.
    public var placements: [RenderPlacement]?
    /// The current render nodes of the views that may have changed, in no particular order: those
    /// whose visual setters ran, those the collection was asked to review and, after a change of
    /// shape, those new to the tracker. Every other view's node is the one collected before.
    public var nodes: [RenderNode]
}

/// Collects an application's render changes, step by step, for a host that keeps what it last
/// drew: the views' visual setters (geometry, colours, layer properties and sublayers, display
/// lists, animations, text, images, control states) note the view in its window, the way
/// `setNeedsLayout` marks the layout pass, so a collection costs what changed, not the whole tree.
///
/// The first collection returns every view. Later ones return the views noted since, and the
/// placements of every view only when the tree changed shape. Ids are given to new views in
/// drawing order, exactly as `UIApplication.renderTree()` gives them.
public final class RenderChangeTracker {
    private let application: UIApplication
    /// The windows of the last collection; nil before the first.
    private var windows: [ObjectIdentifier]?
    /// Every view of the last collection, by id.
    private var known: [Int: UIView] = [:]
    /// An empty list that takes the place of a window's noted views while they are collected.
    @exclusivity(unchecked) private var spareViews: [UIView] = []

    /// A tracker whose first collection returns the whole tree of `application`.
    public init(application: UIApplication) {
        self.application = application
    }

    /// The changes since the last collection (everything, the first time), with the current nodes
    /// of the views `reviewing` names even when nothing noted them (a host that must look at some
    /// views on every step).
    public func collect(reviewing: Set<Int> = []) -> RenderChanges {
        let current = application.windows
        guard isReshaped(current) else {
            var nodes: [RenderNode] = []
            forEachNoted(in: current, reviewing: reviewing) { nodes.append($0.view.currentRenderNode()) }
            return RenderChanges(placements: nil, nodes: nodes)
        }
        return collectShape(of: current, reviewing: reviewing)
    }

    /// The same collection for a host that keeps the node of every view: when the tree kept its shape,
    /// no node is made; each view that may have changed (noted, or named by `reviewing`) is passed to
    /// `refresh` once, to bring the host's node of it up to date in place, and nil comes back.
    /// Otherwise the changes come back as `collect(reviewing:)` gives them.
    public func collect(reviewing: Set<Int> = [], refreshing refresh: (NotedRenderView) -> Void) -> RenderChanges? {
        let current = application.windows
        guard isReshaped(current) else {
            forEachNoted(in: current, reviewing: reviewing, refresh)
            return nil
        }
        return collectShape(of: current, reviewing: reviewing)
    }

    /// Whether a window came, went or changed its views' structure since the last collection (always,
    /// the first time); starts the change log of a window new to the tracker.
    private func isReshaped(_ current: [UIWindow]) -> Bool {
        // Compared in place: listing the windows' ids on every step cost an allocation.
        var reshaped = !(windows.map { current.elementsEqual($0) { ObjectIdentifier($0) == $1 } } ?? false)
        for window in current {
            if let log = window.renderChanges {
                reshaped = reshaped || log.structureChanged
            } else {
                window.renderChanges = RenderChangeLog()
                reshaped = true
            }
        }
        return reshaped
    }

    /// The placements of every view of `current` and the nodes of those noted, new or reviewed.
    private func collectShape(of current: [UIWindow], reviewing: Set<Int>) -> RenderChanges {
        var noted: [UIView] = []
        for window in current {
            guard let log = window.renderChanges else { continue }
            if log.windowChanged { noted.append(window) }
            noted += log.views
            log.views.removeAll(keepingCapacity: true)
            log.windowChanged = false
            log.structureChanged = false
        }
        windows = current.map(ObjectIdentifier.init)
        var placements: [RenderPlacement] = []
        var nodes: [RenderNode] = []
        var views: [Int: UIView] = [:]
        for window in current {
            collectShape(of: window, parent: nil, reviewing: reviewing, placements: &placements, nodes: &nodes, views: &views)
        }
        for view in noted { view.isRenderChangeNoted = false }
        known = views
        return RenderChanges(placements: placements, nodes: nodes)
    }

    /// Passes each view noted in `windows`' logs (which are emptied), then each one `reviewing` names
    /// that was not noted, to `body`, for a tree that kept its shape.
    private func forEachNoted(in windows: [UIWindow], reviewing: Set<Int>, _ body: (NotedRenderView) -> Void) {
        // Only a host reviewing views needs to know which were noted (rarely: views holding a NaN).
        var seen: Set<Int> = []
        for window in windows {
            guard let log = window.renderChanges else { continue }
            if log.windowChanged {
                log.windowChanged = false
                window.isRenderChangeNoted = false
                if !reviewing.isEmpty { seen.insert(window.objectID) }
                body(NotedRenderView(view: window))
            }
            // The log's list and a spare one change places, so neither is copied nor allocated anew.
            swap(&spareViews, &log.views)
            for view in spareViews {
                view.isRenderChangeNoted = false
                if !reviewing.isEmpty { seen.insert(view.objectID) }
                body(NotedRenderView(view: view))
            }
            spareViews.removeAll(keepingCapacity: true)
        }
        for id in reviewing where !seen.contains(id) {
            if let view = known[id] { body(NotedRenderView(view: view)) }
        }
    }

    private func collectShape(
        of view: UIView, parent: Int?, reviewing: Set<Int>, placements: inout [RenderPlacement], nodes: inout [RenderNode], views: inout [Int: UIView]
    ) {
        if view.objectID == 0 { application.assignID(view) }
        let id = view.objectID
        placements.append(RenderPlacement(id: id, parent: parent))
        views[id] = view
        if view.isRenderChangeNoted || known[id] == nil || reviewing.contains(id) {
            view.isRenderChangeNoted = false
            nodes.append(view.makeRenderNode(id: id, parent: parent))
        }
        for subview in view.subviewsInDrawingOrder {
            collectShape(of: subview, parent: id, reviewing: reviewing, placements: &placements, nodes: &nodes, views: &views)
        }
    }
}

/// A view whose node may differ from the one its host keeps (`RenderChangeTracker.collect(reviewing:refreshing:)`).
public struct NotedRenderView {
    let view: UIView

    /// The view's id.
    public var id: Int { view.objectID }

    /// Brings `node`, this view's node from an earlier collection, to the view's state now, in place;
    /// returns the properties that changed (none: the node was current).
    public func refresh(_ node: inout RenderNode) -> RenderNode.Properties { view.refreshRenderNode(&node) }
}
