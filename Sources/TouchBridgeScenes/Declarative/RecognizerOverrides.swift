import TouchKit

/// A custom recognizer class whose relationship overrides a scene gives as data: `canPrevent(_:)`,
/// `canBePrevented(by:)`, `shouldRequireFailure(of:)` and `shouldBeRequiredToFail(by:)` answer from
/// the recognizer's `overrides` tables (`{"canBePrevented": {"pan": false}}`) and fall back to
/// UIGestureRecognizer's own answers (UIKIT-RELATION-CAN-PREVENT, UIKIT-RELATION-REQUIRE-FAILURE).
/// TouchBridge's `observer` and `firstTouch` are such classes; a class registered with
/// `SceneServer.registerRecognizer` takes `overrides` when it subclasses this one.
open class OverridableGestureRecognizer: UIGestureRecognizer {
    /// The scene's answers, by method (`RecognizerOverrides.methods`).
    var overrides: [String: AnswerTable] = [:]

    /// A recognizer with no overrides yet.
    public override init() { super.init() }

    open override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        overrides["canPrevent"]?.answer(about: preventedGestureRecognizer) ?? super.canPrevent(preventedGestureRecognizer)
    }

    open override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool {
        overrides["canBePrevented"]?.answer(about: preventingGestureRecognizer) ?? super.canBePrevented(by: preventingGestureRecognizer)
    }

    open override func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        overrides["shouldRequireFailureOf"]?.answer(about: otherGestureRecognizer) ?? super.shouldRequireFailure(of: otherGestureRecognizer)
    }

    open override func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        overrides["shouldBeRequiredToFailBy"]?.answer(about: otherGestureRecognizer) ?? super.shouldBeRequiredToFail(by: otherGestureRecognizer)
    }
}

/// The `overrides` of a declarative `custom` recognizer.
enum RecognizerOverrides {
    /// The overridable methods, as the `overrides` object names them.
    static let methods = ["canPrevent", "canBePrevented", "shouldRequireFailureOf", "shouldBeRequiredToFailBy"]

    /// Why the class `name` of `classes` cannot take overrides, if it cannot.
    static func classProblem(_ name: String, in classes: RecognizerClasses) -> String? {
        guard classes.contains(name), !(classes.make(name) is OverridableGestureRecognizer) else { return nil }
        return "class \(name) does not take overrides (a class that does subclasses OverridableGestureRecognizer: observer, firstTouch)"
    }
}
