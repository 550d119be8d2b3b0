import Foundation
import TouchBridgeProtocol
import TouchBridgeScenes
import TouchKit

/// The `act` message's actions (docs/protocol.md §4.11) against the running app. The vocabulary and
/// its checks are the declarative scenes' (`SceneActionList`, shared with a scene's `timeline`), so
/// every property a scene declares can be set here: an error names the field (`actions[2].set.value`)
/// and nothing is applied; then all actions are applied in order in one turn, each noted in the log.
struct AppActionRunner {
    private let actions: SceneActionList

    /// Reads and checks `values`; throws the first problem, having changed nothing.
    init(_ values: [JSONValue], application: UIApplication) throws(ProtocolError) {
        do {
            actions = try SceneActionList(json: Data(WireJSON.text(.array(values)).utf8), application: application)
        } catch {
            throw .schema(error.path, error.message)
        }
    }

    /// Applies every action at engine time `time` (seconds), in order. The session has already
    /// moved the engine to `time`, so the system cancelling every touch there cannot fail; the
    /// signature keeps the session's step free to throw engine errors.
    func apply(at time: Double) throws(InputError) {
        actions.apply(at: time)
    }
}
