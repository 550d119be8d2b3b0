import TouchBridgeProtocol
import TouchBridgeScenes
import TouchKit

/// A relationship a what-if takes away, said as `relate` says one: `{"unrelate":{"requireToFail":
/// ["singleTap","doubleTap"]}}` (singleTap no longer waits for doubleTap to fail) or
/// `{"unrelate":{"simultaneous":["pinch","rotation"]}}` (they no longer recognize together). It
/// removes the relationship wherever the app made it: a `require(toFail:)` call, and either
/// recognizer's delegate answer (the delegate is wrapped so that it answers no for this pair and
/// as before for everything else). A relationship a recognizer subclass's own hook makes
/// (`shouldRequireFailure(of:)`) cannot be taken away, and one the app does not have is an error:
/// the what-if would change nothing.
struct RelationshipRemoval: Sendable, Equatable, CustomStringConvertible {
    enum Kind: String, Sendable, CaseIterable {
        case requireToFail, simultaneous
    }

    let kind: Kind
    let first: String
    let second: String

    /// Reads the body of `unrelate`: `{"requireToFail": [waiting, other]}` or `{"simultaneous": [a, b]}`.
    init(_ body: JSONValue, text: String) throws(WhatIfError) {
        guard case .object(let fields) = body, fields.count == 1, let (key, value) = fields.first,
              let kind = Kind(rawValue: key) else {
            throw WhatIfError("\(text): unrelate takes one of {\"requireToFail\": [recognizer, other]}, {\"simultaneous\": [recognizer, other]}")
        }
        guard case .array(let pair) = value, pair.count == 2, case .string(let first) = pair[0], case .string(let second) = pair[1],
              first != second else {
            throw WhatIfError("\(text): unrelate.\(key) takes two different recognizer names")
        }
        self.kind = kind
        self.first = first
        self.second = second
    }

    var description: String {
        switch kind {
        case .requireToFail: "\(first) no longer requires \(second) to fail"
        case .simultaneous: "\(first) and \(second) no longer recognize simultaneously"
        }
    }

    /// Takes the relationship away in `application`; returns the delegate wrappers it installed,
    /// which the caller keeps alive as long as the app (a recognizer's delegate is weak, as in UIKit).
    func apply(to application: UIApplication) throws(SceneError) -> [RelationshipFilter] {
        let path = "what-if.unrelate.\(kind.rawValue)"
        func find(_ name: String) throws(SceneError) -> UIGestureRecognizer {
            guard let recognizer = SceneRecognizerLookup.recognizer(name, in: application) else {
                throw SceneError(path: path, message: "no recognizer named \"\(name)\"")
            }
            return recognizer
        }
        let a = try find(first), b = try find(second)
        switch kind {
        case .requireToFail:
            if a.shouldRequireFailure(of: b) || b.shouldBeRequiredToFail(by: a) {
                throw SceneError(path: path, message: "\(first) waits for \(second) by its class's own shouldRequireFailure(of:) or shouldBeRequiredToFail(by:), which a what-if cannot change")
            }
            let asked = a.delegate?.gestureRecognizer(a, shouldRequireFailureOf: b) == true
                || b.delegate?.gestureRecognizer(b, shouldBeRequiredToFailBy: a) == true
            let listed = a.removeFailureRequirement(b)
            guard listed || asked else { throw SceneError(path: path, message: "\(first) does not require \(second) to fail") }
            guard asked else { return [] }
            return [RelationshipFilter.install(on: a) { $0.neverWaitsFor.append(ObjectIdentifier(b)) },
                    RelationshipFilter.install(on: b) { $0.neverRequiredBy.append(ObjectIdentifier(a)) }]
        case .simultaneous:
            let asked = a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
                || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
            guard asked else { throw SceneError(path: path, message: "\(first) and \(second) do not recognize simultaneously") }
            return [RelationshipFilter.install(on: a) { $0.neverWith.append(ObjectIdentifier(b)) },
                    RelationshipFilter.install(on: b) { $0.neverWith.append(ObjectIdentifier(a)) }]
        }
    }
}

/// A recognizer's delegate as the app set it, except for the relationships a what-if took away: it
/// answers no for those pairs and passes every other question to the app's delegate (none: UIKit's
/// defaults).
final class RelationshipFilter: UIGestureRecognizerDelegate {
    /// The app's delegate (weak, as the recognizer held it).
    private weak var original: UIGestureRecognizerDelegate?
    /// Recognizers it no longer recognizes simultaneously with.
    var neverWith: [ObjectIdentifier] = []
    /// Recognizers it no longer waits for.
    var neverWaitsFor: [ObjectIdentifier] = []
    /// Recognizers that no longer wait for it.
    var neverRequiredBy: [ObjectIdentifier] = []

    private init(original: UIGestureRecognizerDelegate?) { self.original = original }

    /// The filter in front of `recognizer`'s delegate (the one already there, or a new one), changed by `change`.
    static func install(on recognizer: UIGestureRecognizer, _ change: (RelationshipFilter) -> Void) -> RelationshipFilter {
        let filter = recognizer.delegate as? RelationshipFilter ?? RelationshipFilter(original: recognizer.delegate)
        change(filter)
        recognizer.delegate = filter
        return filter
    }

    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        original?.gestureRecognizerShouldBegin(gestureRecognizer) ?? true
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        original?.gestureRecognizer(gestureRecognizer, shouldReceive: touch) ?? true
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        guard !neverWith.contains(ObjectIdentifier(otherGestureRecognizer)) else { return false }
        return original?.gestureRecognizer(gestureRecognizer, shouldRecognizeSimultaneouslyWith: otherGestureRecognizer) ?? false
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        guard !neverWaitsFor.contains(ObjectIdentifier(otherGestureRecognizer)) else { return false }
        return original?.gestureRecognizer(gestureRecognizer, shouldRequireFailureOf: otherGestureRecognizer) ?? false
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        guard !neverRequiredBy.contains(ObjectIdentifier(otherGestureRecognizer)) else { return false }
        return original?.gestureRecognizer(gestureRecognizer, shouldBeRequiredToFailBy: otherGestureRecognizer) ?? false
    }
}
