import TouchKit

/// A declarative scene's view tree as names and parents, and how many views and recognizers it has
/// built, so what `act` and `timeline` would make of the scene is checked before anything is done:
/// the limits of a scene (`SceneSpec.Limits`: views, recognizers, depth) hold for the scene as it
/// becomes, not only as it was loaded. Without this, each `add` could hang another 31-level chain
/// under the deepest view (a 1,985-level timeline froze every client 13.1 s on one resize) or
/// another 500 views (36,000 in ten acts, +196 MB). Views and recognizers an action removes still
/// count: the controller keeps them so an action can put them back.
struct SceneShape {
    let limits: SceneSpec.Limits
    /// Each attached view's parent by name; the scene's top views have "root", a removed view none
    /// (its subviews keep theirs).
    private var parents: [String: String]
    private var viewCount: Int
    private var recognizerCount: Int

    /// The shape a scene spec declares (checking its `timeline` before it runs).
    init(spec: SceneSpec, limits: SceneSpec.Limits) {
        self.limits = limits
        parents = [:]
        viewCount = 0
        recognizerCount = spec.recognizers.count
        attach(spec.views, to: "root")
        viewCount = parents.count
    }

    /// The shape of a running declarative scene (checking an `act` message, or a timeline entry
    /// when it runs, after whatever `act` did since).
    init(controller: DeclarativeSceneViewController, limits: SceneSpec.Limits = SceneSpec.Limits()) {
        self.limits = limits
        parents = [:]
        for (name, view) in controller.views {
            if let parent = view.superview {
                parents[name] = parent === controller.view ? "root" : parent.accessibilityIdentifier ?? ""
            }
        }
        viewCount = controller.views.count
        recognizerCount = controller.recognizers.count
    }

    /// Takes `action` into the shape if the scene stays within its limits; else returns why not
    /// (naming the limit) and changes nothing. Actions that add no view or recognizer and nest
    /// nothing deeper always fit.
    mutating func apply(_ action: SceneAction) -> String? {
        switch action {
        case .addView(let spec, let parent):
            let added = Self.count(spec)
            guard viewCount + added <= limits.maximumViews else {
                return "the scene would have \(viewCount + added) views; a scene has at most \(limits.maximumViews) (maximumViews), counting removed ones"
            }
            let depth = depth(of: parent) + Self.height(spec)
            guard depth <= limits.maximumDepth else { return depthProblem(depth) }
            viewCount += added
            attach([spec], to: parent)
        case .moveView(let name, let target):
            let depth = depth(of: target) + height(of: name)
            guard depth <= limits.maximumDepth else { return depthProblem(depth) }
            parents[name] = target
        case .removeView(let name):
            parents[name] = nil
        case .addRecognizer:
            guard recognizerCount < limits.maximumRecognizers else {
                return "the scene would have \(recognizerCount + 1) recognizers; a scene has at most \(limits.maximumRecognizers) (maximumRecognizers), counting removed ones"
            }
            recognizerCount += 1
        default:
            break
        }
        return nil
    }

    /// Records `views` and their subviews under `parent`.
    private mutating func attach(_ views: [ViewSpec], to parent: String) {
        var pending = views.map { (view: $0, parent: parent) }
        while let next = pending.popLast() {
            parents[next.view.id] = next.parent
            pending += next.view.children.map { ($0, next.view.id) }
        }
    }

    private func depthProblem(_ depth: Int) -> String {
        "views would nest \(depth) deep; a scene nests at most \(limits.maximumDepth) (maximumDepth)"
    }

    /// Levels from the scene's root view down to `name` (its top views are 1; the root and the window 0).
    private func depth(of name: String) -> Int {
        var depth = 0
        var current = name
        // Bounded: every chain ends at the root or at a removed view, and views never form a cycle
        // (a view cannot move into its own subviews); the bound is a guard, not a rule.
        while let parent = parents[current], depth <= parents.count {
            depth += 1
            current = parent
        }
        return depth
    }

    /// Levels of the subtree under `name`, itself included.
    private func height(of name: String) -> Int {
        var height = 1
        for descendant in parents.keys {
            var levels = 1
            var current = descendant
            while let parent = parents[current], current != name, levels <= parents.count {
                levels += 1
                current = parent
            }
            if current == name { height = max(height, levels) }
        }
        return height
    }

    private static func count(_ spec: ViewSpec) -> Int { 1 + spec.children.reduce(0) { $0 + count($1) } }
    private static func height(_ spec: ViewSpec) -> Int { 1 + (spec.children.map(height).max() ?? 0) }
}
