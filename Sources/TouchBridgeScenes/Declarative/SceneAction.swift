import TouchKit

/// One app-side change, in the vocabulary shared by the protocol's `act` message and a declarative
/// scene's `timeline` (docs/protocol.md §4.11, docs/scenes.md): what a UIKit app's own code could do
/// while a gesture runs. Views and recognizers are named as the event log names them.
enum SceneAction: Equatable, Sendable {
    /// A view property from the declarative table, with the view's whole spec after the change.
    case setView(String, property: String, ViewSpec)
    /// A recognizer property from the declarative table, with the recognizer's whole spec after it.
    case setRecognizer(String, property: String, RecognizerSpec)
    case addView(ViewSpec, to: String)
    case addRecognizer(RecognizerSpec)
    case removeView(String)
    case moveView(String, to: String)
    case removeRecognizer(String)
    case moveRecognizer(String, to: String)
    case relate(RelationshipSpec)
    /// Takes a relationship back: the app as if its code had not made it (a what-if's question).
    case unrelate(RelationshipSpec)
    /// `becomeFirstResponder()` (true) or `resignFirstResponder()` of a view or of `controller`.
    case firstResponder(String, become: Bool)
    case remoteControl(begin: Bool)
    case resignActive
    case becomeActive
    case animate(String, AnimationSpec)
    case removeAnimations(String)
    /// A `CABasicAnimation` added to a view's own layer.
    case layerAnimation(String, LayerAnimationSpec)
    /// Writes a view's (`recognizer` false) or recognizer's property value to the log (`SceneReport`).
    case report(String, recognizer: Bool, property: String)

    /// The verbs, for error messages.
    static let verbs = ["set", "add", "remove", "move", "relate", "unrelate", "becomeFirstResponder", "resignFirstResponder",
                        "remoteControl", "app", "animate", "removeAnimations", "layerAnimation", "report"]
}

/// A `UIView.animate(withDuration:delay:options:animations:completion:)` call made by the app: the
/// new model values are set at once, the presentation follows on the engine clock (UIKIT-ANIM-MODEL-VALUES).
struct AnimationSpec: Equatable, Sendable {
    /// Seconds.
    var duration: Double
    var delay: Double
    var options: [String]
    /// `centerX`, `centerY`, `alpha` (numbers) and `frame` ([x, y, w, h] points), in JSON order.
    var changes: [Change]

    enum Change: Equatable, Sendable {
        case centerX(Double), centerY(Double), alpha(Double), frame(CGRect)
    }

    static let optionNames: [String: UIView.AnimationOptions] = [
        "allowUserInteraction": .allowUserInteraction, "beginFromCurrentState": .beginFromCurrentState,
        "curveEaseInOut": .curveEaseInOut, "curveEaseIn": .curveEaseIn, "curveEaseOut": .curveEaseOut,
        "curveLinear": .curveLinear, "layoutSubviews": .layoutSubviews,
    ]

    var animationOptions: UIView.AnimationOptions {
        UIView.AnimationOptions(options.compactMap { Self.optionNames[$0] })
    }
}

/// An action as read, with the words the event log notes it by.
struct NamedAction: Equatable, Sendable {
    var action: SceneAction
    var description: String
}
