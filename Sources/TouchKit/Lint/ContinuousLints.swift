import Foundation

/// Lints about continuous recognizers competing for the same drags: pans against scroll views, edge pans,
/// controls and swipes; pinch and rotation that exclude each other; simultaneity with everything.
enum ContinuousLints {
    static func all(_ graph: LintGraph) -> [GestureLint] {
        panOverScroll(graph) + edgePanVersusHorizontalPan(graph) + panOverControl(graph) + continuousPairExclusive(graph)
            + panAndSwipe(graph) + simultaneousWildcard(graph)
    }

    /// The scene's own pans (not a scroll view's, not edge pans), enabled.
    private static func pans(_ graph: LintGraph) -> [UIPanGestureRecognizer] {
        graph.recognizers.compactMap { $0 as? UIPanGestureRecognizer }.filter {
            $0.isEnabled && !LintGraph.isScrollViewOwn($0) && !($0 is UIScreenEdgePanGestureRecognizer)
        }
    }

    /// Scroll views that can be dragged, with their pan.
    private static func scrollViews(_ graph: LintGraph) -> [UIScrollView] {
        graph.views.compactMap { $0 as? UIScrollView }.filter { scroll in
            let axes = scroll.draggableAxes
            return scroll.panGestureRecognizer.isEnabled && (axes.horizontal || axes.vertical)
        }
    }

    /// TB-L06: a pan that shares drags with a scroll view's pan and nothing decides between them.
    static func panOverScroll(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        for scroll in scrollViews(graph) {
            for pan in pans(graph) where graph.shareTouches(pan, scroll.panGestureRecognizer) && !graph.hints.hasConditionalBegin(pan)
                && !graph.related(pan, scroll.panGestureRecognizer) {
                lints.append(GestureLint(
                    id: "TB-L06", name: "pan-over-scroll-no-rule", severity: .warning, rule: "UIKIT-RELATION-EXCLUSIVE",
                    message: "\(quoted(pan)) and the scroll pan of \(quoted(scroll)) compete for the same drags; whichever begins first wins and the other fails for the rest of the touch.",
                    fix: "give \(pan.traceName) a directional shouldBegin, or relate requireToFail / simultaneous with \(scroll.panGestureRecognizer.traceName) explicitly",
                    subjects: [pan.traceName, scroll.traceName]))
            }
        }
        return lints
    }

    /// TB-L07: an edge pan over a horizontally scrolling scroll view or a deeper pan that does not wait for it.
    static func edgePanVersusHorizontalPan(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        for edge in graph.recognizers.compactMap({ $0 as? UIScreenEdgePanGestureRecognizer }) where edge.isEnabled {
            guard let edgeView = edge.view else { continue }
            let horizontalEdge = edge.edges.contains(.left) || edge.edges.contains(.right)
            guard horizontalEdge else { continue }
            var deeper: [(pan: UIGestureRecognizer, owner: UIView)] = scrollViews(graph).filter { $0.draggableAxes.horizontal }
                .map { ($0.panGestureRecognizer, $0) }
            deeper += pans(graph).compactMap { pan in pan.view.map { (pan, $0) } }
            for (pan, owner) in deeper where owner !== edgeView && graph.isWithin(owner, edgeView) && !graph.requires(pan, toFail: edge) {
                lints.append(GestureLint(
                    id: "TB-L07", name: "edge-pan-vs-horizontal-pan", severity: .warning, rule: "UIKIT-SCREEN-EDGE-PAN",
                    message: "Edge swipes starting over \(quoted(owner)) go to \(quoted(pan)); \(quoted(edge)) never begins there.",
                    fix: "relate requireToFail [\(pan.traceName), \(edge.traceName)]",
                    subjects: [edge.traceName, pan.traceName]))
            }
        }
        return lints
    }

    /// TB-L08: a pan or swipe over a slider, switch or plain control that does not exclude it.
    static func panOverControl(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        let draggers = pans(graph) as [UIGestureRecognizer] + graph.recognizers.filter { $0 is UISwipeGestureRecognizer && $0.isEnabled }
        for dragger in draggers {
            guard let view = dragger.view else { continue }
            for control in graph.descendants(of: view) where control is UIControl && !(control is UIButton)
                && !graph.hints.excludes(control, from: dragger) {
                lints.append(GestureLint(
                    id: "TB-L08", name: "pan-over-control", severity: .warning, rule: "UIKIT-CONTROL-KEEPS-ITS-GESTURE",
                    message: "\(quoted(dragger)) can take drags that start on \(quoted(control)) (the control gets touchCancel)"
                        + (control is UISlider ? "; UIKit's own veto protects only drags that start on the thumb." : "."),
                    fix: "exclude the control: \(dragger.traceName).delegate.shouldReceiveOutside = \(control.traceName).frame (or the control vetoes with gestureRecognizerShouldBegin)",
                    subjects: [dragger.traceName, control.traceName]))
            }
        }
        return lints
    }

    /// TB-L09: pinch and rotation (or either and a two-finger pan) on one view with no simultaneity.
    static func continuousPairExclusive(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        let candidates = graph.recognizers.filter { recognizer in
            guard recognizer.isEnabled, !LintGraph.isScrollViewOwn(recognizer) else { return false }
            if let pan = recognizer as? UIPanGestureRecognizer { return pan.minimumNumberOfTouches >= 2 }
            return recognizer is UIPinchGestureRecognizer || recognizer is UIRotationGestureRecognizer
        }
        for (index, first) in candidates.enumerated() {
            for second in candidates[(index + 1)...] where first.view === second.view && !(first is UIPanGestureRecognizer && second is UIPanGestureRecognizer)
                && type(of: first) != type(of: second) && !graph.related(first, second) {
                lints.append(GestureLint(
                    id: "TB-L09", name: "continuous-pair-exclusive", severity: .info, rule: "UIKIT-RELATION-EXCLUSIVE",
                    message: "\(quoted(first)) and \(quoted(second)) exclude each other: a user who zooms while turning gets only one.",
                    fix: "relate simultaneous [\(first.traceName), \(second.traceName)] if both should apply",
                    subjects: [first.traceName, second.traceName]))
            }
        }
        return lints
    }

    /// TB-L11: a pan and a swipe on the same touches with no failure requirement from the pan — unless they want
    /// different numbers of fingers (a three-finger swipe beside a pan of at most two never meets it).
    static func panAndSwipe(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        for swipe in graph.recognizers.compactMap({ $0 as? UISwipeGestureRecognizer }) where swipe.isEnabled {
            let fingers = swipe.numberOfTouchesRequired
            for pan in pans(graph) where graph.shareTouches(pan, swipe) && !graph.requires(pan, toFail: swipe)
                && (pan.minimumNumberOfTouches...max(pan.minimumNumberOfTouches, pan.maximumNumberOfTouches)).contains(fingers) {
                let both = graph.simultaneous(pan, swipe)
                lints.append(GestureLint(
                    id: "TB-L11", name: "pan-and-swipe-same-view", severity: .warning, rule: "UIKIT-RELATION-EXCLUSIVE",
                    message: both ? "\(quoted(pan)) and \(quoted(swipe)) both fire on every fast drag (they recognize simultaneously)."
                        : "\(quoted(pan)) begins after ~\(DecisionMargin.format(Double(pan.hysteresis))) pt; \(quoted(swipe)) needs ~\(DecisionMargin.format(Double(swipe.minimumPrimaryMovement))) pt: the swipe almost never wins.",
                    fix: "relate requireToFail [\(pan.traceName), \(swipe.traceName)] (the pan then waits for the swipe to fail)",
                    subjects: [pan.traceName, swipe.traceName]))
            }
        }
        return lints
    }

    /// TB-L15: a recognizer simultaneous with everything while a scroll view or another pan shares its touches.
    static func simultaneousWildcard(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        for recognizer in graph.recognizers where recognizer.isEnabled && graph.hints.isSimultaneousWithEverything(recognizer) {
            let partners = graph.recognizers.filter { other in
                other !== recognizer && other.isEnabled && other is UIPanGestureRecognizer && graph.shareTouches(recognizer, other)
            }
            guard let partner = partners.first else { continue }
            let owner = LintGraph.isScrollViewOwn(partner) ? partner.view.map(quoted) ?? quoted(partner) : quoted(partner)
            lints.append(GestureLint(
                id: "TB-L15", name: "simultaneous-wildcard", severity: .warning, rule: "UIKIT-RELATION-EXCLUSIVE",
                message: "\(quoted(recognizer)) runs together with every recognizer, including the pan of \(owner): both move.",
                fix: "list \(recognizer.traceName)'s simultaneous partners explicitly",
                subjects: [recognizer.traceName] + partners.map(\.traceName)))
        }
        return lints
    }
}
