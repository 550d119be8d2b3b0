import Foundation

/// A scene's recognizers and views as the linter reads them: every recognizer on a view of the tree (in
/// depth-first order), who can see whose touches, and the relationships between them.
///
/// Bounded: one walk over the views, R² questions for the failure requirements and one walk of that graph
/// per recognizer (each node visited once, so a cycle ends it); the lints then ask O(R² + R·V) cheap
/// questions, with R ≤ 200 recognizers and V ≤ 500 views per scene (docs/protocol.md §4.11).
struct LintGraph {
    let hints: GestureLintHints
    /// Every view of the tree, depth first, front-most last (the order `subviews` gives).
    private(set) var views: [UIView] = []
    /// Every recognizer on those views, in the same order.
    private(set) var recognizers: [UIGestureRecognizer] = []
    /// Each recognizer's position in `recognizers`.
    private var index: [ObjectIdentifier: Int] = [:]
    /// Each view's position in `views`, and where its subtree ends there (exclusive).
    private var position: [ObjectIdentifier: Int] = [:]
    private var subtreeEnd: [Int] = []
    /// `waitsFor[i][j]`: recognizer i waits for recognizer j to fail, directly or through a chain.
    private var waitsFor: [[Bool]] = []

    init(root: UIView, hints: GestureLintHints) {
        self.hints = hints
        var stack: [(view: UIView, parent: Int)] = [(root, -1)]
        var parents: [Int] = []
        while let (view, parent) = stack.popLast() {
            position[ObjectIdentifier(view)] = views.count
            parents.append(parent)
            stack.append(contentsOf: view.subviews.reversed().map { ($0, views.count) })
            views.append(view)
            recognizers.append(contentsOf: view.gestureRecognizers ?? [])
        }
        var sizes = [Int](repeating: 1, count: views.count)
        for node in views.indices.reversed() where parents[node] >= 0 { sizes[parents[node]] += sizes[node] }
        subtreeEnd = views.indices.map { $0 + sizes[$0] }
        for (position, recognizer) in recognizers.enumerated() { index[ObjectIdentifier(recognizer)] = position }
        waitsFor = Self.failureClosure(recognizers, index: index)
    }

    /// Whether `recognizer` is one a scroll view made for itself (its pan, pinch or content delay).
    static func isScrollViewOwn(_ recognizer: UIGestureRecognizer) -> Bool {
        recognizer is ScrollViewPanGestureRecognizer || recognizer is ScrollViewPinchGestureRecognizer || recognizer is ContentTouchDelayRecognizer
    }

    /// Whether `view` is `other` or lies inside it: O(1) from the depth-first positions (a subtree is a
    /// contiguous run of `views`), a walk up the superviews for a view outside the tree.
    func isWithin(_ view: UIView, _ other: UIView) -> Bool {
        guard let inner = position[ObjectIdentifier(view)], let outer = position[ObjectIdentifier(other)] else {
            var current: UIView? = view
            while let candidate = current {
                if candidate === other { return true }
                current = candidate.superview
            }
            return false
        }
        return outer <= inner && inner < subtreeEnd[outer]
    }

    /// The views strictly inside `view`, in depth-first order.
    func descendants(of view: UIView) -> ArraySlice<UIView> {
        guard let start = position[ObjectIdentifier(view)] else { return [] }
        return views[(start + 1)..<subtreeEnd[start]]
    }

    /// Whether the two recognizers can see the same touch: one's view is the other's or contains it
    /// (UIKIT-GESTURE-PARTICIPANTS).
    func shareTouches(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        guard let first = a.view, let second = b.view else { return false }
        return isWithin(first, second) || isWithin(second, first)
    }

    /// Whether `waiting` waits for `other` to fail, directly or through a chain: `require(toFail:)`, the
    /// delegates' and the subclasses' answers (UIKIT-RELATION-REQUIRE-FAILURE). Read from the closure
    /// computed once in `init`.
    func requires(_ waiting: UIGestureRecognizer, toFail other: UIGestureRecognizer) -> Bool {
        guard let from = index[ObjectIdentifier(waiting)], let to = index[ObjectIdentifier(other)] else { return false }
        return waitsFor[from][to]
    }

    /// The transitive closure of "waits for the failure of": R² questions to the recognizers and their
    /// delegates for the direct edges, then one walk per recognizer.
    private static func failureClosure(_ recognizers: [UIGestureRecognizer], index: [ObjectIdentifier: Int]) -> [[Bool]] {
        let count = recognizers.count
        var direct = [[Int]](repeating: [], count: count)
        for (i, recognizer) in recognizers.enumerated() {
            for required in recognizer.failureRequirements {
                if let j = index[ObjectIdentifier(required)] { direct[i].append(j) }
            }
            for (j, other) in recognizers.enumerated() where j != i && !direct[i].contains(j) {
                if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
                    || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                    || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true {
                    direct[i].append(j)
                }
            }
        }
        var closure = [[Bool]](repeating: [Bool](repeating: false, count: count), count: count)
        for start in 0..<count {
            var queue = direct[start]
            while let next = queue.popLast() {
                guard !closure[start][next] else { continue }
                closure[start][next] = true
                queue.append(contentsOf: direct[next])
            }
        }
        return closure
    }

    /// Whether a delegate lets the two recognize together (UIKIT-RELATION-EXCLUSIVE).
    func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// Whether any relationship decides between the two: a failure requirement either way, or simultaneity.
    func related(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        simultaneous(a, b) || requires(a, toFail: b) || requires(b, toFail: a)
    }

    /// The first reason `view` (or an ancestor) takes no touches, or nil (UIKIT-HIT-SKIPPED-VIEWS).
    static func untouchable(_ view: UIView) -> String? {
        var current: UIView? = view
        while let candidate = current {
            let name = candidate === view ? "it" : "its superview «\(candidate.traceName)»"
            if !candidate.isUserInteractionEnabled {
                let kind = candidate is UIImageView || candidate is UILabel ? " (the default for \(type(of: candidate)))" : ""
                return "\(name) has userInteraction false\(kind)"
            }
            if candidate.isHidden { return "\(name) is hidden" }
            if candidate.alpha < 0.01 { return "\(name) has alpha below 0.01" }
            current = candidate.superview
        }
        return nil
    }

    /// A control UIKit lets keep its gesture against a superview's tap (UIKIT-CONTROL-KEEPS-ITS-GESTURE).
    static func isStandardControl(_ view: UIView) -> Bool {
        view is UIButton || view is UISwitch || view is UISlider
    }

    /// Views inside `view` (itself excluded) that consume touches: plain controls, and views that handle
    /// touches themselves; standard controls too unless `exemptingStandardControls`.
    func consumers(under view: UIView, exemptingStandardControls: Bool) -> [UIView] {
        descendants(of: view).filter { candidate in
            if candidate is UIControl { return !(exemptingStandardControls && Self.isStandardControl(candidate)) }
            return hints.handlesTouches(candidate)
        }
    }
}
