import Foundation
import TouchKit

/// App-side changes read against a running app — the protocol's `act` message (docs/protocol.md
/// docs/protocol.md §4.11). Reading checks every action first (names, properties, values) and throws the first
/// problem with its path (`actions[1].set.view`), having changed nothing; `apply` then performs all
/// of them in order, each noted in the event log as `act: …`.
package struct SceneActionList {
    private let performer: SceneActionPerformer
    private let actions: [NamedAction]

    /// Reads `json`, an array of 1…`maximum` actions, whose fields errors name under `path`.
    package init(json: Data, application: UIApplication, path: String = "actions", maximum: Int = 64) throws(SceneError) {
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
        } catch {
            throw SceneError(path: path, message: "not valid JSON")
        }
        performer = SceneActionPerformer(application: application, controller: SceneActionPerformer.controller(of: application))
        var reader = performer.reader()
        actions = try reader.read(JSONWalker(value: value, path: path), maximum: maximum)
    }

    /// Performs every action at engine time `time` (seconds), in order, each noted in the log as
    /// `prefix: description` (`what-if` names the changes of a what-if replay apart from `act`s).
    package func apply(at time: TimeInterval, prefix: String = "act") {
        performer.perform(actions, prefix: prefix, at: time)
    }
}
