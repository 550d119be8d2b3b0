import Foundation

/// Lints about discrete recognizers: taps that both fire, waits for a multi-tap, touches taken from views
/// that handle them, delays, and long presses that begin at once.
enum TapLints {
    static func all(_ graph: LintGraph) -> [GestureLint] {
        tapLadder(graph) + failureWaitLatency(graph) + cancelsTouchesOverConsumer(graph) + delaysTouchesOverConsumer(graph)
            + multiFingerTapVersusTransform(graph) + immediateLongPress(graph)
    }

    private static var taps: (LintGraph) -> [UITapGestureRecognizer] { { $0.recognizers.compactMap { $0 as? UITapGestureRecognizer } } }

    /// TB-L02: two taps of different counts that see the same touch, the smaller not waiting for the larger.
    static func tapLadder(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        let all = taps(graph)
        for fewer in all where fewer.isEnabled {
            for more in all where more !== fewer && more.isEnabled && more.numberOfTapsRequired > fewer.numberOfTapsRequired
                && more.numberOfTouchesRequired == fewer.numberOfTouchesRequired && graph.shareTouches(fewer, more)
                && !graph.requires(fewer, toFail: more) {
                lints.append(GestureLint(
                    id: "TB-L02", name: "tap-ladder-without-failure", severity: .warning, rule: "UIKIT-RELATION-CAN-PREVENT",
                    message: "\(quoted(fewer)) (\(fewer.numberOfTapsRequired) tap) will fire on the first tap of every \(quoted(more)) (\(more.numberOfTapsRequired) taps).",
                    fix: "relate requireToFail [\(fewer.traceName), \(more.traceName)] — and accept a delay of maximumIntervalBetweenSuccessiveTaps on \(fewer.traceName) (TB-L03)",
                    subjects: [fewer.traceName, more.traceName]))
            }
        }
        return lints
    }

    /// TB-L03: a recognizer that waits for a multi-tap to fail is late by the tap interval.
    static func failureWaitLatency(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        let multiTaps = taps(graph).filter { $0.numberOfTapsRequired >= 2 }
        for waiting in graph.recognizers where waiting.isEnabled {
            for multi in multiTaps where multi !== waiting && multi.numberOfTapsRequired >= 2 && graph.requires(waiting, toFail: multi) {
                let ms = wholeMilliseconds(multi.maximumIntervalBetweenSuccessiveTaps)
                lints.append(GestureLint(
                    id: "TB-L03", name: "failure-wait-latency", severity: .info, rule: "UIKIT-RELATION-REQUIRE-FAILURE",
                    message: "\(quoted(waiting)) cannot act until \(quoted(multi)) fails: every single \(waiting.traceName) is delayed by ≥ \(ms) ms after the finger lifts.",
                    fix: "accept it, restrict \(multi.traceName) to where it is needed (shouldReceiveInside), or shorten \(multi.traceName).maximumIntervalBetweenSuccessiveTaps",
                    subjects: [waiting.traceName, multi.traceName]))
            }
        }
        return lints
    }

    /// TB-L01: a discrete recognizer that cancels touches over a view that handles them (standard controls
    /// keep single-finger taps).
    static func cancelsTouchesOverConsumer(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        for recognizer in graph.recognizers where recognizer.isEnabled && recognizer.cancelsTouchesInView
            && (recognizer is UITapGestureRecognizer || recognizer is UILongPressGestureRecognizer) {
            guard let view = recognizer.view else { continue }
            for consumer in graph.consumers(under: view, exemptingStandardControls: true) where !graph.hints.excludes(consumer, from: recognizer) {
                lints.append(GestureLint(
                    id: "TB-L01", name: "cancels-touches-over-consumer", severity: .warning, rule: "UIKIT-DELIVERY-CANCELS-TOUCHES",
                    message: "\(quoted(recognizer)) on \(quoted(view)) cancels the touches of \(quoted(consumer)) whenever it recognizes: \(quoted(consumer)) will get touchesCancelled instead of touchesEnded (a tap on it never completes).",
                    fix: "set \(recognizer.traceName).cancelsTouchesInView = false, or exclude «\(consumer.traceName)» with the delegate (shouldReceiveOutside: \(consumer.traceName).frame)",
                    subjects: [recognizer.traceName, consumer.traceName]))
            }
        }
        return lints
    }

    /// TB-L04: a recognizer that delays touches over views that handle them: (a) `delaysTouchesBegan`;
    /// (b) a multi-tap's `delaysTouchesEnded`.
    static func delaysTouchesOverConsumer(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        for recognizer in graph.recognizers where recognizer.isEnabled && !LintGraph.isScrollViewOwn(recognizer) {
            guard let view = recognizer.view else { continue }
            let multiTap = (recognizer as? UITapGestureRecognizer).map { $0.numberOfTapsRequired >= 2 } ?? false
            let delay: (what: String, seconds: TimeInterval, property: String)?
            if recognizer.delaysTouchesBegan {
                delay = ("touchesBegan", (recognizer as? UILongPressGestureRecognizer)?.minimumPressDuration
                    ?? (recognizer as? UITapGestureRecognizer)?.maximumTapDuration ?? 0, "delaysTouchesBegan")
            } else if multiTap, recognizer.delaysTouchesEnded, let tap = recognizer as? UITapGestureRecognizer {
                delay = ("touchesEnded", tap.maximumIntervalBetweenSuccessiveTaps, "delaysTouchesEnded")
            } else {
                delay = nil
            }
            guard let delay else { continue }
            for consumer in graph.consumers(under: view, exemptingStandardControls: false) {
                let ms = wholeMilliseconds(delay.seconds)
                lints.append(GestureLint(
                    id: "TB-L04", name: "delays-touches-over-consumer", severity: .warning,
                    rule: delay.property == "delaysTouchesBegan" ? "UIKIT-DELIVERY-DELAYS-BEGAN" : "UIKIT-DELIVERY-DELAYS-ENDED",
                    message: "\(quoted(consumer)) receives \(delay.what) up to \(ms) ms late because \(quoted(recognizer)) delays touches (\(delay.property)).",
                    fix: "set \(recognizer.traceName).\(delay.property) = false, or keep \(recognizer.traceName) off «\(consumer.traceName)»",
                    subjects: [recognizer.traceName, consumer.traceName]))
            }
        }
        return lints
    }

    /// TB-L10: a multi-finger tap that a short pinch or rotation can complete.
    static func multiFingerTapVersusTransform(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        for tap in taps(graph) where tap.isEnabled && tap.numberOfTouchesRequired >= 2 {
            for transform in graph.recognizers where transform.isEnabled && !LintGraph.isScrollViewOwn(transform)
                && (transform is UIPinchGestureRecognizer || transform is UIRotationGestureRecognizer)
                && graph.shareTouches(tap, transform) && !graph.requires(tap, toFail: transform) {
                lints.append(GestureLint(
                    id: "TB-L10", name: "multi-finger-tap-vs-transform", severity: .warning, rule: "UIKIT-RELATION-REQUIRE-FAILURE",
                    message: "A short pinch or rotation can also complete \(quoted(tap)) (\(tap.numberOfTouchesRequired) fingers) alongside \(quoted(transform)).",
                    fix: "relate requireToFail [\(tap.traceName), \(transform.traceName)]",
                    subjects: [tap.traceName, transform.traceName]))
            }
        }
        return lints
    }

    /// TB-L14: a long press that begins before any tap could end, over taps or controls.
    static func immediateLongPress(_ graph: LintGraph) -> [GestureLint] {
        var lints: [GestureLint] = []
        for press in graph.recognizers.compactMap({ $0 as? UILongPressGestureRecognizer }) where press.isEnabled && press.minimumPressDuration < 0.15 {
            guard let view = press.view else { continue }
            let blocked = graph.recognizers.filter { other in
                other !== press && other.isEnabled && other is UITapGestureRecognizer && other.view.map { graph.isWithin($0, view) } == true
                    && !graph.simultaneous(press, other)
            }.map(\.traceName) + graph.descendants(of: view).filter { $0 is UIControl }.map(\.traceName)
            guard let first = blocked.first else { continue }
            let ms = wholeMilliseconds(press.minimumPressDuration)
            lints.append(GestureLint(
                id: "TB-L14", name: "immediate-long-press", severity: .warning, rule: "UIKIT-LONG-PRESS",
                message: "\(quoted(press)) begins \(ms) ms after touch-down and blocks «\(first)»\(blocked.count > 1 ? " and \(blocked.count - 1) more" : "").",
                fix: "raise \(press.traceName).minimumPressDuration above a tap's duration (≥ 150 ms), relate simultaneous, or disable it",
                subjects: [press.traceName] + blocked))
        }
        return lints
    }
}
