import Foundation
import TouchBridgeProtocol

/// A recognizer state, as the event log names it.
public enum RecognizerState: String, Sendable, CaseIterable, Codable {
    /// The states of `UIGestureRecognizer.State`, by the names the log uses.
    case possible, began, changed, ended, cancelled, failed

    /// UIKit's name for `ended` in discrete recognizers.
    public static let recognized = RecognizerState.ended
}

/// The responder methods the event log reports.
public enum ResponderMethod: String, Sendable, CaseIterable, Codable {
    /// `UIResponder`'s touch methods.
    case touchesBegan, touchesMoved, touchesEnded, touchesCancelled
    /// Motion and remote-control methods, sent to the first responder.
    case motionBegan, motionEnded, motionCancelled, remoteControlReceived
}

/// An expected value: a number (compared within a tolerance), a list of numbers (a point, rect or
/// transform), a string, a boolean, null, a range, or anything.
///
/// Literals work: `values: ["scale": 2.0, "direction": "right"]`,
/// `expectRender("image", "transform", [2, 0, 0, 2, 0, 0])`.
public enum ExpectedValue: Sendable, Equatable, CustomStringConvertible,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral {
    /// A number, equal within the expectation's tolerance.
    case number(Double)
    /// A list of numbers (point, rect, transform), each within the tolerance.
    case numbers([Double])
    /// A string, exactly.
    case string(String)
    /// A boolean.
    case bool(Bool)
    /// JSON `null`: the value is absent or none.
    case null
    /// Inclusive bounds; either may be nil.
    case range(min: Double?, max: Double?)
    /// Present, with any value.
    case any

    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: Double...) { self = .numbers(elements) }
    public init(nilLiteral: ()) { self = .null }

    /// At least `value`.
    public static func atLeast(_ value: Double) -> ExpectedValue { .range(min: value, max: nil) }
    /// At most `value`.
    public static func atMost(_ value: Double) -> ExpectedValue { .range(min: nil, max: value) }

    /// Whether `actual` (a value from the wire; nil: absent) matches, numbers within `tolerance`.
    public func matches(_ actual: JSONValue?, tolerance: Double) -> Bool {
        switch (self, actual) {
        case (.any, let value): return value != nil
        case (.null, nil), (.null, .some(.null)): return true
        case (.number(let expected), .some(.number(let value))): return abs(expected - value) <= tolerance
        case (.numbers(let expected), .some(.array(let values))):
            guard expected.count == values.count else { return false }
            return zip(expected, values).allSatisfy { expected, value in
                if case .number(let number) = value { return abs(expected - number) <= tolerance }
                return false
            }
        case (.string(let expected), .some(.string(let value))): return expected == value
        case (.bool(let expected), .some(.bool(let value))): return expected == value
        case (.range(let low, let high), .some(.number(let value))):
            return (low.map { value >= $0 - tolerance } ?? true) && (high.map { value <= $0 + tolerance } ?? true)
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .number(let value): Point.format(value)
        case .numbers(let values): "[" + values.map(Point.format).joined(separator: ", ") + "]"
        case .string(let value): "\"\(value)\""
        case .bool(let value): "\(value)"
        case .null: "null"
        case .range(let low, let high):
            switch (low, high) {
            case (let low?, let high?): "\(Point.format(low))…\(Point.format(high))"
            case (let low?, nil): "≥ \(Point.format(low))"
            case (nil, let high?): "≤ \(Point.format(high))"
            case (nil, nil): "any number"
            }
        case .any: "any value"
        }
    }

    /// Decodes a script's value: a number, string, boolean, null, array of numbers, or
    /// `{"min": a, "max": b}`.
    init(json: JSONValue, path: String) throws(ScriptError) {
        switch json {
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .bool(let value): self = .bool(value)
        case .null: self = .null
        case .array(let items):
            var numbers: [Double] = []
            for (index, item) in items.enumerated() {
                guard case .number(let value) = item else { throw ScriptError(path: "\(path)[\(index)]", "expected a number") }
                numbers.append(value)
            }
            self = .numbers(numbers)
        case .object(let members):
            let unknown = members.keys.filter { $0 != "min" && $0 != "max" }.sorted()
            guard unknown.isEmpty else { throw ScriptError(path: "\(path).\(unknown[0])", "unknown field (a range has min and max)") }
            func bound(_ key: String) throws(ScriptError) -> Double? {
                guard let value = members[key] else { return nil }
                guard case .number(let number) = value else { throw ScriptError(path: "\(path).\(key)", "expected a number") }
                return number
            }
            self = .range(min: try bound("min"), max: try bound("max"))
        }
    }
}

/// Describes event-log entries to look for: a transition, an action, a responder call, a control
/// event, a note or a hit-test.
public struct LogMatch: Sendable, CustomStringConvertible {
    /// The entry's `kind` (`transition`, `action`, `responder`, `controlEvent`, `note`, `hitTest`, …).
    public var kind: String
    /// Exact values of the entry's string fields (`recognizer`, `from`, `to`, `state`, `responder`,
    /// `method`, `control`, `forwardedFrom`).
    public var fields: [String: String] = [:]
    /// Text the entry's reason (transitions, waits) or message (notes) must contain.
    public var contains: String?
    /// Expected transition values (`location`, `numberOfTouches`, `translation`, `velocity`,
    /// `scale`, `rotation` in radians, `direction`).
    public var values: [String: ExpectedValue] = [:]
    /// Control events: one of the entry's `|`-joined events.
    public var event: String?
    /// Responder calls: how many touches the call carried.
    public var touchCount: Int?
    /// Hit-tests: the view the touch hit (the path's last element).
    public var hitView: String?
    /// Tolerance for numeric values.
    public var tolerance: Double = 0.001

    /// A matcher for any entry of `kind`; the static constructors set the fields worth checking.
    public init(kind: String) { self.kind = kind }

    /// A recognizer transition into `state` (optionally from `from`, with `values`, with a reason
    /// containing `reason`).
    public static func transition(
        _ recognizer: String, to state: RecognizerState, from: RecognizerState? = nil,
        values: [String: ExpectedValue] = [:], reason: String? = nil, tolerance: Double = 0.001
    ) -> LogMatch {
        var match = LogMatch(kind: "transition")
        match.fields = ["recognizer": recognizer, "to": state.rawValue]
        if let from { match.fields["from"] = from.rawValue }
        match.values = values
        match.contains = reason
        match.tolerance = tolerance
        return match
    }

    /// A recognizer's target–actions ran in `state`.
    public static func action(_ recognizer: String, _ state: RecognizerState) -> LogMatch {
        var match = LogMatch(kind: "action")
        match.fields = ["recognizer": recognizer, "state": state.rawValue]
        return match
    }

    /// `responder` received `method` (delivered to it, or forwarded to it when `forwardedFrom` is given).
    public static func responder(_ responder: String, _ method: ResponderMethod, touches: Int? = nil, forwardedFrom: String? = nil) -> LogMatch {
        var match = LogMatch(kind: "responder")
        match.fields = ["responder": responder, "method": method.rawValue]
        if let forwardedFrom { match.fields["forwardedFrom"] = forwardedFrom }
        match.touchCount = touches
        return match
    }

    /// `control` sent `event` (`touchDown`, `touchUpInside`, `valueChanged`, …).
    public static func controlEvent(_ control: String, _ event: String) -> LogMatch {
        var match = LogMatch(kind: "controlEvent")
        match.fields = ["control": control]
        match.event = event
        return match
    }

    /// A diagnostic note containing `text`.
    public static func note(containing text: String) -> LogMatch {
        var match = LogMatch(kind: "note")
        match.contains = text
        return match
    }

    /// A recognizer held in `possible` because it waits for another to fail.
    public static func waiting(_ recognizer: String) -> LogMatch {
        var match = LogMatch(kind: "waiting")
        match.fields = ["recognizer": recognizer]
        return match
    }

    /// A new touch hit `view`.
    public static func hitTest(_ view: String) -> LogMatch {
        var match = LogMatch(kind: "hitTest")
        match.hitView = view
        return match
    }

    /// Whether `entry` is of this kind and every field the matcher sets agrees with it.
    public func matches(_ entry: LogEntry) -> Bool {
        guard entry.kind == kind else { return false }
        for (field, expected) in fields where Self.string(field, of: entry) != expected { return false }
        if let contains {
            let text = entry.reason ?? entry.message ?? entry.note ?? ""
            guard text.contains(contains) else { return false }
        }
        if let event {
            guard let events = entry.event?.split(separator: "|").map(String.init), events.contains(event) else { return false }
        }
        if let touchCount, entry.touches?.count != touchCount { return false }
        if let hitView, entry.path?.last != hitView { return false }
        if !values.isEmpty {
            let actual = Self.json(entry.values)
            for (key, expected) in values where !expected.matches(actual?[key], tolerance: tolerance) { return false }
        }
        return true
    }

    /// Why `entry` is not a match when only its values differ (nil if it matches or differs in more).
    func mismatch(_ entry: LogEntry) -> String? {
        guard !values.isEmpty, entry.kind == kind else { return nil }
        for (field, expected) in fields where Self.string(field, of: entry) != expected { return nil }
        let actual = Self.json(entry.values)
        let wrong = values.keys.sorted().filter { !values[$0]!.matches(actual?[$0], tolerance: tolerance) }
        guard !wrong.isEmpty else { return nil }
        return wrong.map { "\($0) = \(actual?[$0].map(WireJSON.text) ?? "absent") (expected \(values[$0]!))" }.joined(separator: ", ")
    }

    /// For a failure: the entries that differ only in their values (and how), or else the non-diagnostic
    /// entries of this kind about the same recognizer, responder or control — for a transition, its decisions:
    /// the `→changed` stream of a continuous gesture is left out unless `changed` is what was expected; nil
    /// when there are none.
    func closest(in log: [LogEntry]) -> String? {
        let valuesOff = log.compactMap { entry in mismatch(entry).map { "\(entry.text): \($0)" } }
        if !valuesOff.isEmpty { return valuesOff.joined(separator: "; ") }
        guard let subject = ["recognizer", "responder", "control"].first(where: { fields[$0] != nil }) else { return nil }
        let streamIsNoise = kind == "transition" && fields["to"] != "changed"
        let related = log.filter { $0.kind == kind && !$0.diagnostic && Self.string(subject, of: $0) == fields[subject]
            && !(streamIsNoise && $0.to == "changed") }
        return related.isEmpty ? nil : related.map(\.text).joined(separator: " · ")
    }

    public var description: String {
        var text: String
        switch kind {
        case "transition":
            text = "transition \(fields["recognizer"] ?? "?")"
                + (fields["from"].map { " \($0) →" } ?? " →") + " \(fields["to"] ?? "?")"
        case "action":
            text = "action \(fields["recognizer"] ?? "?") (\(fields["state"] ?? "?"))"
        case "responder":
            text = "\(fields["responder"] ?? "?").\(fields["method"] ?? "?")"
                + (touchCount.map { " with \($0) touch\($0 == 1 ? "" : "es")" } ?? "")
                + (fields["forwardedFrom"].map { " via \($0)" } ?? "")
        case "controlEvent":
            text = "control event \(fields["control"] ?? "?"):\(event ?? "?")"
        case "hitTest":
            text = "hit-test on \(hitView ?? "?")"
        default:
            text = kind + (fields.isEmpty ? "" : " " + fields.keys.sorted().map { "\($0)=\(fields[$0]!)" }.joined(separator: " "))
        }
        if let contains { text += " containing \"\(contains)\"" }
        if !values.isEmpty {
            text += " with " + values.keys.sorted().map { "\($0) \(values[$0]!)" }.joined(separator: ", ")
            if tolerance != 0.001 { text += " (± \(Point.format(tolerance)))" }
        }
        return text
    }

    /// The entry's `field` if it is one of the string fields a match may name.
    static func string(_ field: String, of entry: LogEntry) -> String? {
        switch field {
        case "recognizer": entry.recognizer
        case "from": entry.from
        case "to": entry.to
        case "state": entry.state
        case "responder": entry.responder
        case "method": entry.method
        case "control": entry.control
        case "event": entry.event
        case "forwardedFrom": entry.forwardedFrom
        case "view": entry.view
        case "subtype": entry.subtype
        default: nil
        }
    }

    static func json<T: Encodable>(_ value: T?) -> JSONValue? {
        guard let value, let data = try? WireJSON.makeEncoder().encode(value) else { return nil }
        return try? WireJSON.makeDecoder().decode(JSONValue.self, from: data)
    }
}
