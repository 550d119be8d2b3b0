import TouchKit

/// Recognizers of a running app by the names the event log and `act` give them, for code outside
/// the scenes module that changes an app as `act` does (a what-if replay's relationship removals).
package enum SceneRecognizerLookup {
    /// The recognizer `act` would find as `name` in `application`: in its windows by log name (a scroll
    /// view's own ones as `scroller.pan`), then among a declarative scene's removed ones.
    package static func recognizer(_ name: String, in application: UIApplication) -> UIGestureRecognizer? {
        SceneActionPerformer(application: application, controller: SceneActionPerformer.controller(of: application)).recognizer(name)
    }
}
