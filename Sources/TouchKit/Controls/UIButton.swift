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
    private var images: [Bool: UIImage] = [:] { didSet { noteRenderChange() } }
    /// Space the page leaves on each side of the title (`sizeThatFits(_:)` counts it).
    static let titlePadding: CGFloat = 8
    /// Space above and below the title line.
    static let titleVerticalPadding: CGFloat = 6
    /// The font the page draws titles in: the 17 pt system font.
    static let titleFont = UIFont.systemFont(ofSize: 17)

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

    /// Sets the image for the normal or highlighted state; the page draws it as a labelled box behind the
    /// title.
    public func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state == .highlighted] = image
    }

    /// The image for `state`, falling back to the normal image, as UIKit does (UIKIT-EVERYDAY-BUTTON-CONTENT).
    public func image(for state: UIControl.State) -> UIImage? { images[state == .highlighted] ?? images[false] }
    /// The image shown now.
    public var currentImage: UIImage? { image(for: isHighlighted ? .highlighted : .normal) }

    /// The current title's width plus the page's padding, and the taller of its line and the image
    /// (UIKIT-EVERYDAY-SIZING).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let text = TextMetrics.fittingSize(of: currentTitle, in: Self.titleFont, numberOfLines: 1, width: 0)
        let image = currentImage?.size ?? .zero
        let titleWidth = text.width > 0 ? text.width + 2 * Self.titlePadding : 0
        let lineHeight = (Self.titleFont.pointSize * TextMetrics.lineHeight).rounded(.up) + 2 * Self.titleVerticalPadding
        return CGSize(width: titleWidth + image.width, height: max(lineHeight, image.height))
    }

    /// `sizeThatFits(_:)`: a button's content determines both dimensions.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    override func touchUpInsideEvents() -> Event { [.touchUpInside, .primaryActionTriggered] }

    /// iOS 6 rule: a superview's one-finger single tap does not steal a button's tap
    /// (UIKIT-CONTROL-KEEPS-ITS-GESTURE).
    override func standardControlKeeps(_ recognizer: UIGestureRecognizer) -> String? {
        keepsSingleTap(from: recognizer, as: "UIButton")
    }

    override func contributeRenderProperties(to node: inout RenderNode, changed: inout RenderNode.Properties) {
        super.contributeRenderProperties(to: &node, changed: &changed)
        RenderNode.set(&node.image, to: currentImage?.name, .image, in: &changed)
    }

    override var renderedControlState: ControlRenderState {
        var state = super.renderedControlState
        state.title = currentTitle
        return state
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
