import TouchBridgeProtocol
import TouchBridgeScenes
import TouchKit

/// The running scene's lints in wire form (`SceneLinting`).
enum SceneLints {
    /// Every lint of the application's key window; nil when there is none (the field is then left out).
    static func wire(_ application: UIApplication) -> [WireLint]? {
        let lints = self.lints(application).map { lint in
            WireLint(id: lint.id, name: lint.name, severity: lint.severity.rawValue, rule: lint.rule, message: lint.message,
                     fix: lint.fix, subjects: lint.subjects)
        }
        return lints.isEmpty ? nil : lints
    }

    static func lints(_ application: UIApplication) -> [GestureLint] {
        guard let window = application.keyWindow ?? application.windows.first else { return [] }
        return SceneLinting.lints(of: window)
    }
}
