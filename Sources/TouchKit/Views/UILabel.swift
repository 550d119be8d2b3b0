import Foundation

/// A font, reduced to what the page needs to draw text.
public struct UIFont: Equatable, Sendable {
    /// Size in points.
    public var pointSize: CGFloat
    /// Whether the face is bold.
    public var isBold: Bool

    /// UIKit's system font at `size` points.
    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, isBold: false) }
    /// UIKit's bold system font at `size` points.
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, isBold: true) }
}

/// Horizontal text alignment.
public enum NSTextAlignment: Int, Sendable {
    /// Left-aligned, centred or right-aligned in the view's bounds.
    case left, center, right
}

/// A read-only text view. Like UIKit's, it ignores touches by default.
open class UILabel: UIView {
    /// The text shown; nil shows nothing.
    public var text: String? { didSet { noteRenderChange() } }
    /// Text colour (default `.label`).
    public var textColor: UIColor = .label { didSet { noteRenderChange() } }
    /// Font (default the 17 pt system font, as UIKit).
    public var font: UIFont = .systemFont(ofSize: 17) { didSet { noteRenderChange() } }
    /// Horizontal alignment (default left).
    public var textAlignment: NSTextAlignment = .left { didSet { noteRenderChange() } }
    /// The most lines `sizeThatFits(_:)` measures (0: any number); the page wraps the text to the bounds.
    public var numberOfLines = 1

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A label with user interaction disabled, as UIKit's: touches on it go to the view behind it.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The text's size in `font`, wrapped to `size.width` unless `numberOfLines` is 1 (UIKIT-EVERYDAY-SIZING).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        TextMetrics.fittingSize(of: text, in: font, numberOfLines: numberOfLines, width: size.width)
    }

    /// The text's size on as many lines as `numberOfLines` allows, unwrapped.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }

    override func contributeRenderProperties(to node: inout RenderNode, changed: inout RenderNode.Properties) {
        RenderNode.set(&node.text, to: text, .text, in: &changed)
        RenderNode.set(&node.textColor, to: textColor.cgColor, .textColor, in: &changed)
        RenderNode.set(&node.fontSize, to: font.pointSize, .fontSize, in: &changed)
        RenderNode.set(&node.fontBold, to: font.isBold, .fontBold, in: &changed)
        RenderNode.set(&node.textAlignment, to: textAlignment, .textAlignment, in: &changed)
    }
}
