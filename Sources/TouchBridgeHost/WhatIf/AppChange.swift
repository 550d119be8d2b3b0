import Foundation
import TouchBridgeProtocol
import TouchBridgeScenes
import TouchKit

/// One change of a what-if replay, said in the `act` vocabulary (docs/protocol.md §4.11) so there is
/// one way to say a change: a whole action (`{"relate":{"requireToFail":["singleTap","doubleTap"]}}`,
/// `{"remove":{"recognizer":"pan"}}` …), or the short form `NAME.PROPERTY=VALUE` for a `set`
/// (`pan.minimumNumberOfTouches=2`, `doubleTap.maximumIntervalBetweenSuccessiveTaps=0.2`,
/// `row1.userInteraction=false`), whose NAME is a recognizer if the scene has one of that name, a
/// view otherwise, and whose VALUE is JSON (a bare word is a string). A relationship is taken away
/// with `{"unrelate":{"requireToFail":[…]}}` or `{"unrelate":{"simultaneous":[…]}}`
/// (`RelationshipRemoval`: `act` has no such verb, since app code cannot undo one either).
package struct AppChange: Sendable, Equatable, CustomStringConvertible {
    /// At most this many changes in one what-if: an `act` message's limit.
    package static let maximumCount = WhatIfRequest.maximumChanges
    /// Longest change text taken (a whole action with an added view fits easily).
    package static let maximumLength = WhatIfRequest.maximumChangeBytes

    enum Form: Sendable, Equatable {
        case set(name: String, property: String, value: JSONValue)
        case action(JSONValue)
        case unrelate(RelationshipRemoval)
    }

    let form: Form
    /// The change as it was written.
    package let description: String

    /// Reads one change; the error says what is wrong with the text (names are checked per scene, when
    /// the change is applied).
    package init(_ text: String) throws(WhatIfError) {
        guard text.utf8.count <= Self.maximumLength else {
            throw WhatIfError("\(text.prefix(40))…: longer than \(Self.maximumLength) bytes")
        }
        description = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("{") {
            let action: JSONValue
            do {
                action = try JSONParser.parse(trimmed)
            } catch {
                throw WhatIfError("\(text): not a JSON action (\(error))")
            }
            if case .object(let fields) = action, fields.count == 1, let body = fields["unrelate"] {
                form = .unrelate(try RelationshipRemoval(body, text: text))
            } else {
                form = .action(action)
            }
            return
        }
        guard let equals = trimmed.firstIndex(of: "="), let dot = trimmed[..<equals].firstIndex(of: ".") else {
            throw WhatIfError("\(text): expected NAME.PROPERTY=VALUE or an act action as JSON ({\"relate\":…})")
        }
        let name = String(trimmed[..<dot]).trimmingCharacters(in: .whitespaces)
        let property = String(trimmed[trimmed.index(after: dot)..<equals]).trimmingCharacters(in: .whitespaces)
        let valueText = String(trimmed[trimmed.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !property.isEmpty, !valueText.isEmpty else {
            throw WhatIfError("\(text): expected NAME.PROPERTY=VALUE with all three given")
        }
        form = .set(name: name, property: property, value: (try? JSONParser.parse(valueText)) ?? .string(valueText))
    }

    /// Makes the change in `application` at its current time, noted in its log as `prefix: …`; checked
    /// against the app first as an `act` message is, so a change that does not fit changes nothing.
    /// Returns objects the change installed that must live as long as the app (delegate wrappers).
    func apply(to application: UIApplication, prefix: String) throws(SceneError) -> [AnyObject] {
        guard case .unrelate(let removal) = form else {
            try actions(for: application).apply(at: application.currentTime, prefix: prefix)
            return []
        }
        let kept = try removal.apply(to: application)
        application.logNote("\(prefix): \(removal)")
        return kept
    }

    /// The change as `act` actions for `application`, checked against it as an `act` message is. A
    /// short-form `set` names a recognizer when the app has one of that name, else a view.
    private func actions(for application: UIApplication) throws(SceneError) -> SceneActionList {
        switch form {
        case .unrelate(let removal):
            throw SceneError(path: "what-if", message: "\(removal) is not an act action")
        case .action(let action):
            return try Self.list([action], application)
        case .set(let name, let property, let value):
            func set(_ kind: String) -> JSONValue {
                .object(["set": .object([kind: .string(name), "property": .string(property), "value": value])])
            }
            do {
                return try Self.list([set("recognizer")], application)
            } catch where error.path.hasSuffix(".set.recognizer") {
                do {
                    return try Self.list([set("view")], application)
                } catch where error.path.hasSuffix(".set.view") {
                    throw SceneError(path: "what-if", message: "no recognizer or view named \"\(name)\"")
                }
            }
        }
    }

    private static func list(_ actions: [JSONValue], _ application: UIApplication) throws(SceneError) -> SceneActionList {
        try SceneActionList(json: Data(WireJSON.text(JSONValue.array(actions)).utf8), application: application, path: "what-if")
    }
}

/// A what-if change that cannot be read, or a what-if or flake sweep whose settings are out of bounds.
package struct WhatIfError: Error, CustomStringConvertible, Equatable {
    package let description: String
    /// An error saying, for people, what is wrong.
    package init(_ description: String) { self.description = description }
}
