import Foundation

/// Lints about recognizers and views that cannot work as placed: untouchable or detached recognizers, ones
/// with no action, failure cycles, controls in scroll views, and hit areas.
enum ViewLints {
    static func all(_ graph: LintGraph) -> [GestureLint] {
        cannotAct(graph) + detached(graph) + withoutAction(graph) + failureCycles(graph) + controlInScrollView(graph) + hitArea(graph)
    }

    /// The scene's own recognizers (a scroll view's are UIKit's business).
    private static func own(_ graph: LintGraph) -> [UIGestureRecognizer] {
        graph.recognizers.filter { !LintGraph.isScrollViewOwn($0) }
    }

    /// TB-L12: a recognizer that never sees a touch: its view or an ancestor takes none, or it is disabled.
    static func cannotAct(_ graph: LintGraph) -> [GestureLint] {
        own(graph).compactMap { recognizer in
            guard let view = recognizer.view else { return nil }
            let why = !recognizer.isEnabled ? "it is disabled (isEnabled false)"
                : graph.hints.refusesToBegin(recognizer) ? "its delegate's gestureRecognizerShouldBegin always answers false"
                : LintGraph.untouchable(view)
            guard let why else { return nil }
            let fix = why.contains("userInteraction false") ? "set userInteraction = true on the view named"
                : why.contains("isEnabled") ? "set \(recognizer.traceName).isEnabled = true"
                : why.contains("delegate") ? "let \(recognizer.traceName)'s delegate answer true (shouldBegin)" : "make the view named visible"
            return GestureLint(
                id: "TB-L12", name: "recognizer-cannot-act", severity: .error, rule: "UIKIT-HIT-SKIPPED-VIEWS",
                message: "\(quoted(recognizer)) on \(quoted(view)) will never fire: \(why).",
                fix: fix, subjects: [recognizer.traceName, view.traceName])
        }
    }

    /// TB-L18: a recognizer the scene made that is on no view (moved to another view, or removed).
    static func detached(_ graph: LintGraph) -> [GestureLint] {
        graph.hints.detachedRecognizers.filter { $0.view == nil }.map { recognizer in
            GestureLint(
                id: "TB-L18", name: "detached-recognizer", severity: .warning, rule: "UIKIT-GESTURE-ONE-VIEW",
                message: "\(quoted(recognizer)) is on no view: it never sees a touch (a recognizer belongs to one view; adding it to another moves it).",
                fix: "add \(recognizer.traceName) to the view that should have it, or make one recognizer per view",
                subjects: [recognizer.traceName])
        }
    }

    /// TB-L16: a recognizer with no target–action or handler: it recognizes and nothing happens.
    static func withoutAction(_ graph: LintGraph) -> [GestureLint] {
        own(graph).filter { !$0.hasTargets && $0.isEnabled }.map { recognizer in
            GestureLint(
                id: "TB-L16", name: "recognizer-without-action", severity: .warning, rule: "UIKIT-STATE-ACTIONS",
                message: "\(quoted(recognizer)) has no target or handler: when it recognizes, nothing runs (it still takes the gesture from others).",
                fix: "addTarget(_:action:) / a behaviour on \(recognizer.traceName), or remove it",
                subjects: [recognizer.traceName])
        }
    }

    /// TB-L17: recognizers whose failure requirements form a cycle: each waits for the other to fail.
    static func failureCycles(_ graph: LintGraph) -> [GestureLint] {
        var reported: [ObjectIdentifier] = []
        var lints: [GestureLint] = []
        for recognizer in graph.recognizers where !reported.contains(ObjectIdentifier(recognizer)) && graph.requires(recognizer, toFail: recognizer) {
            let members = graph.recognizers.filter { graph.requires(recognizer, toFail: $0) && graph.requires($0, toFail: recognizer) }
            reported += members.map(ObjectIdentifier.init)
            let names = members.map(\.traceName)
            lints.append(GestureLint(
                id: "TB-L17", name: "require-to-fail-cycle", severity: .error, rule: "UIKIT-RELATION-REQUIRE-FAILURE",
                message: "require(toFail:) forms a cycle: \((names + [names[0]]).map { "«\($0)»" }.joined(separator: " waits for ")); none of them can recognize while the others are undecided.",
                fix: "remove one requireToFail of the cycle (keep the one from the less likely gesture to the more likely one)",
                subjects: names))
        }
        return lints
    }

    /// TB-L05: controls in a scroll view that can scroll: (a) their highlight waits for the content delay;
    /// (b) with no delay and no cancelling, drags starting on them cannot scroll. One lint per scroll view and
    /// case, naming its controls.
    static func controlInScrollView(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        for scroll in graph.views.compactMap({ $0 as? UIScrollView }) {
            let axes = scroll.draggableAxes
            guard axes.horizontal || axes.vertical else { continue }
            let controls = graph.descendants(of: scroll).filter { $0 is UIControl }
            if scroll.delaysContentTouches, !controls.isEmpty {
                let ms = wholeMilliseconds(scroll.contentTouchDelay)
                lints.append(GestureLint(
                    id: "TB-L05", name: "control-in-scroll-view", severity: .info, rule: "UIKIT-SCROLL-CONTENT-TOUCHES",
                    message: "\(names(controls)) in \(quoted(scroll)) highlight\(controls.count == 1 ? "s" : "") late on quick taps (delaysContentTouches: ~\(ms) ms still, or at lift).",
                    fix: "set \(scroll.traceName).delaysContentTouches = false together with cancelsControlTouches = true",
                    subjects: [scroll.traceName] + controls.map(\.traceName)))
            } else if !scroll.delaysContentTouches {
                let kept = controls.filter { !scroll.canCancelContentTouches || !scroll.touchesShouldCancel(in: $0) }
                guard !kept.isEmpty else { continue }
                lints.append(GestureLint(
                    id: "TB-L05", name: "control-in-scroll-view", severity: .warning, rule: "UIKIT-SCROLL-CONTENT-TOUCHES",
                    message: "Drags that start on \(names(kept)) cannot scroll \(quoted(scroll)): a control keeps its touch (touchesShouldCancel(in:) is false for controls).",
                    fix: "set \(scroll.traceName).cancelsControlTouches = true",
                    subjects: [scroll.traceName] + kept.map(\.traceName)))
            }
        }
        return lints
    }

    /// «a», «b», «c» and N more.
    private static func names(_ views: [UIView]) -> String {
        let shown = views.prefix(3).map(quoted)
        let rest = views.count - shown.count
        let list = shown.count > 1 ? shown.dropLast().joined(separator: ", ") + (rest > 0 ? ", " : " and ") + shown.last! : shown.joined()
        return rest > 0 ? "\(list) and \(rest) more" : list
    }

    /// TB-L13: (a) an interactive view partly outside its superview, whose outside part cannot be hit;
    /// (b) an interactive view smaller than 44 × 44 pt.
    static func hitArea(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        for view in graph.views where isInteractive(view, graph) {
            // A scroll view's content lies outside its bounds by design: that is what scrolls.
            guard let superview = view.superview, !(superview is UIScrollView) else { continue }
            let frame = view.frame
            // Foundation's intersection traps on a rect that is not finite; such a view cannot be placed anyway.
            guard isFinite(frame), isFinite(superview.bounds) else { continue }
            let inside = frame.intersection(superview.bounds)
            let area = frame.width * frame.height
            let insideArea = inside.isNull ? 0 : inside.width * inside.height
            // A huge frame's area can overflow: then nothing is reported.
            let outside = (area - insideArea) / area
            if outside.isFinite, outside >= 0.005, !graph.hints.enlargesHitArea(superview) {
                let percent = DecisionMargin.format(Double((outside * 100).rounded()))
                lints.append(GestureLint(
                    id: "TB-L13", name: "hit-area", severity: .warning, rule: "UIKIT-HIT-POINT-INSIDE",
                    message: "\(percent)% of \(quoted(view)) lies outside \(quoted(superview)) and cannot be touched.",
                    fix: "move \(view.traceName) inside \(superview.traceName), or enlarge \(superview.traceName).hitShape",
                    subjects: [view.traceName, superview.traceName]))
            }
            let size = view.bounds.size
            if (size.width < 44 || size.height < 44), !graph.hints.enlargesHitArea(view) {
                let grow = DecisionMargin.format(Double(max(44 - min(size.width, size.height), 0) / 2))
                lints.append(GestureLint(
                    id: "TB-L13", name: "hit-area", severity: .info, rule: "UIKIT-HIT-POINT-INSIDE",
                    message: "\(quoted(view)) is \(DecisionMargin.format(Double(size.width)))×\(DecisionMargin.format(Double(size.height))) pt: below 44×44 pt.",
                    fix: "hitShape {\"inset\": -\(grow)} on \(view.traceName), or make it at least 44×44 pt",
                    subjects: [view.traceName]))
            }
        }
        return lints
    }

    private static func isFinite(_ rect: CGRect) -> Bool {
        rect.origin.x.isFinite && rect.origin.y.isFinite && rect.width.isFinite && rect.height.isFinite
    }

    /// A control, or a view with a recognizer of the scene's own.
    private static func isInteractive(_ view: UIView, _ graph: LintGraph) -> Bool {
        if view is UIControl { return true }
        return (view.gestureRecognizers ?? []).contains { !LintGraph.isScrollViewOwn($0) }
    }
}
