import Foundation

/// A problem in a scene's recognizer graph that shows before the first touch: two taps that both fire, a
/// recognizer that can never act, a pan that fights a scroll view… Each lint names the UIKit rule it
/// derives from (docs/uikit-rules.md) and a fix; docs/margins-and-lints.md lists them all.
public struct GestureLint: Equatable, Sendable {
    /// How much the lint matters.
    public enum Severity: String, Sendable, CaseIterable {
        /// The recognizer can never work as written.
        case error
        /// A likely conflict: a gesture that will not do what the scene seems to want.
        case warning
        /// A cost or a choice worth knowing (a delay, a small hit area).
        case info
    }

    /// The lint's id, `TB-L01`…, stable across versions.
    public var id: String
    /// A short kebab-case name (`tap-ladder-without-failure`).
    public var name: String
    /// How much it matters.
    public var severity: Severity
    /// The UIKit rule it derives from (`UIKIT-RELATION-REQUIRE-FAILURE`…).
    public var rule: String
    /// What will happen, naming the recognizers and views by trace name.
    public var message: String
    /// What to change, in the terms of the scene (`set`, `relate`…).
    public var fix: String
    /// The trace names of the recognizers and views involved, most important first.
    public var subjects: [String]

    /// A lint with every field.
    public init(id: String, name: String, severity: Severity, rule: String, message: String, fix: String, subjects: [String]) {
        self.id = id
        self.name = name
        self.severity = severity
        self.rule = rule
        self.message = message
        self.fix = fix
        self.subjects = subjects
    }
}

/// What a scene knows about its views that UIKit objects do not say; the declarative scenes answer from
/// their specs. The defaults suit a Swift scene.
public protocol GestureLintHints {
    /// Whether `view` handles touches itself (overrides the touch methods and does not forward them).
    func handlesTouches(_ view: UIView) -> Bool
    /// Whether `recognizer`'s delegate keeps it from receiving touches that start on `view`.
    func excludes(_ view: UIView, from recognizer: UIGestureRecognizer) -> Bool
    /// Whether `view` enlarges its touchable area beyond its bounds (a hit shape).
    func enlargesHitArea(_ view: UIView) -> Bool
    /// Whether `recognizer`'s delegate restricts when it begins (a directional `gestureRecognizerShouldBegin`).
    func hasConditionalBegin(_ recognizer: UIGestureRecognizer) -> Bool
    /// Whether `recognizer`'s delegate always answers false to `gestureRecognizerShouldBegin`.
    func refusesToBegin(_ recognizer: UIGestureRecognizer) -> Bool
    /// Whether `recognizer`'s delegate answers true for every other recognizer (`simultaneous` with `*`).
    func isSimultaneousWithEverything(_ recognizer: UIGestureRecognizer) -> Bool
    /// Recognizers the scene made that are on no view (removed, or never added).
    var detachedRecognizers: [UIGestureRecognizer] { get }
}

extension GestureLintHints {
    /// A Swift scene's views are opaque: none is known to handle touches.
    public func handlesTouches(_ view: UIView) -> Bool { false }
    /// No delegate exclusion known.
    public func excludes(_ view: UIView, from recognizer: UIGestureRecognizer) -> Bool { false }
    /// No hit shapes known.
    public func enlargesHitArea(_ view: UIView) -> Bool { false }
    /// No conditional begin known.
    public func hasConditionalBegin(_ recognizer: UIGestureRecognizer) -> Bool { false }
    /// No delegate known to refuse always.
    public func refusesToBegin(_ recognizer: UIGestureRecognizer) -> Bool { false }
    /// No wildcard simultaneity known.
    public func isSimultaneousWithEverything(_ recognizer: UIGestureRecognizer) -> Bool { false }
    /// No detached recognizers known.
    public var detachedRecognizers: [UIGestureRecognizer] { [] }
}

/// The hints of a scene the linter knows nothing more about.
public struct NoGestureLintHints: GestureLintHints {
    /// Hints with every default.
    public init() {}
}
