import Foundation
import TouchBridgeScenes
import TouchKit
import TouchKitTestSupport

/// What the suites that drive declarative scenes and their actions share: hosting a scene, the log
/// they compare, and reading an action list against the running app.
protocol DeclarativeSceneTesting {}

extension DeclarativeSceneTesting {
    /// Hosts `json` (a scene) and returns the harness with the log cleared.
    func host(_ json: String) throws -> Harness {
        let h = Harness()
        h.host(DeclarativeSceneViewController(spec: try SceneSpec.parse(Data(json.utf8))))
        return h
    }

    /// The log with notes, without the other diagnostics (hit tests, resets, waits, withheld touches).
    func log(_ h: Harness) -> [String] {
        h.log(diagnostics: true).filter {
            !$0.hasPrefix("hit(") && !$0.hasSuffix("→possible [reset]") && !$0.contains(" waits [") && $0.first?.isNumber == false
        }
    }

    /// `json` (an array of actions) read against `h`'s app, as `act` reads it.
    func actions(_ json: String, _ h: Harness) throws(SceneError) -> SceneActionList {
        try SceneActionList(json: Data(json.utf8), application: h.app)
    }
}
