import TouchKit

/// A declarative control's tracking overrides (`tracking`), as a `UIControl` subclass overriding
/// `beginTracking`, `continueTracking`, `endTracking` and `cancelTracking` to call super and say so:
/// each call is noted in the event log with its result (`note: knob.beginTracking(1) → true`), and
/// `beginTracking`/`continueTracking` may answer false instead of the class's answer, which stops
/// tracking that touch (UIKIT-CONTROL-TRACKING).
struct TrackingSpec: Equatable, Sendable {
    /// nil: the class's answer.
    var beginTracking: Bool?
    var continueTracking: Bool?
}

extension JSONWalker {
    /// `tracking`: true (note the calls), false (no overrides) or `{"beginTracking": false, "continueTracking": false}`.
    func tracking() throws(SceneError) -> TrackingSpec? {
        if let flag = try? bool() { return flag ? TrackingSpec() : nil }
        guard value is [String: Any] else { throw error("expected true, false or {\"beginTracking\": …, \"continueTracking\": …}") }
        let fields = try object(allowing: ["beginTracking", "continueTracking"])
        return TrackingSpec(beginTracking: try field("beginTracking", in: fields)?.bool(),
                            continueTracking: try field("continueTracking", in: fields)?.bool())
    }
}

/// The scene's control classes that override the tracking methods.
protocol TrackingOverriding: UIControl {
    var tracking: TrackingSpec? { get set }
}

extension TrackingOverriding {
    /// `beginTracking`'s answer — the spec's, else the class's (`answer`) — noted in the log.
    func trackingBegan(_ touch: UITouch, _ answer: Bool) -> Bool {
        guard let tracking else { return answer }
        let result = tracking.beginTracking ?? answer
        window?.application?.logNote("\(traceName).beginTracking(\(touch.identifier)) → \(result)")
        return result
    }

    /// `continueTracking`'s answer, noted in the log.
    func trackingContinued(_ touch: UITouch, _ answer: Bool) -> Bool {
        guard let tracking else { return answer }
        let result = tracking.continueTracking ?? answer
        window?.application?.logNote("\(traceName).continueTracking(\(touch.identifier)) → \(result)")
        return result
    }

    /// Notes `endTracking` (with its touch) or `cancelTracking` (nil).
    func trackingFinished(_ touch: UITouch?, cancelled: Bool) {
        guard tracking != nil else { return }
        window?.application?.logNote(cancelled ? "\(traceName).cancelTracking" : "\(traceName).endTracking(\(touch.map { "\($0.identifier)" } ?? "nil"))")
    }
}
