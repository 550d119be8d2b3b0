import Foundation

/// A push button: sends `.touchUpInside` and `.primaryActionTriggered` when tapped.
open class UIButton: UIControl {
    /// UIKit's button types that TouchKit knows.
    public enum ButtonType: Int, Sendable {
        /// UIKit's `custom` and `system` buttons; TouchKit draws both alike and keeps the type for
        /// code that reads it.
        case custom, system
    }

    /// The type the button was made with.
    public let buttonType: ButtonType
    private var titles: [Bool: String] = [:] { didSet { noteRenderChange() } }

    /// A button of `buttonType` with a zero frame (UIKit's `init(type:)`).
    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
    }

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A `custom` button.
    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
    }

    /// Sets the title for the normal (`isHighlighted == false`) or highlighted state.
    public func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state == .highlighted] = title
    }

    /// The title for `state`, falling back to the normal title, as UIKit does.
    public func title(for state: UIControl.State) -> String? { titles[state == .highlighted] ?? titles[false] }
    /// The title shown now: the highlighted one while a touch is down inside.
    public var currentTitle: String? { title(for: isHighlighted ? .highlighted : .normal) }

    override func touchUpInsideEvents() -> Event { [.touchUpInside, .primaryActionTriggered] }

    /// iOS 6 rule: a superview's one-finger single tap does not steal a button's tap
    /// (UIKIT-CONTROL-KEEPS-ITS-GESTURE).
    override func standardControlKeeps(_ recognizer: UIGestureRecognizer) -> String? {
        guard let tap = recognizer as? UITapGestureRecognizer, tap.numberOfTapsRequired == 1, tap.numberOfTouchesRequired == 1 else { return nil }
        return "\(traceName) is a UIButton and keeps its single tap (iOS 6 rule)"
    }

    override func contributeRenderProperties(to node: inout RenderNode) {
        super.contributeRenderProperties(to: &node)
        node.control?.title = currentTitle
    }
}

extension UIControl {
    /// Control states used for titles.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// No touch down, enabled, not selected.
        public static let normal: State = []
        /// A touch is down inside.
        public static let highlighted = State(rawValue: 1 << 0)
        /// `isEnabled` is false.
        public static let disabled = State(rawValue: 1 << 1)
        /// `isSelected` is true.
        public static let selected = State(rawValue: 1 << 2)
    }
}
