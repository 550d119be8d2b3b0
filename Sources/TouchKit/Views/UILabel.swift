import Foundation

/// A font, reduced to what the page needs to draw text.
public struct UIFont: Equatable, Sendable {
    public var pointSize: CGFloat
    public var isBold: Bool

    public static func systemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, isBold: false) }
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { UIFont(pointSize: size, isBold: true) }
}

/// Horizontal text alignment.
public enum NSTextAlignment: Int, Sendable {
    case left, center, right
}

/// A read-only text view. Like UIKit's, it ignores touches by default.
open class UILabel: UIView {
    public var text: String?
    public var textColor: UIColor = .label
    public var font: UIFont = .systemFont(ofSize: 17)
    public var textAlignment: NSTextAlignment = .left
    public var numberOfLines = 1

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override func contributeRenderProperties(to node: inout RenderNode) {
        node.text = text
        node.textColor = textColor.cgColor
        node.fontSize = font.pointSize
        node.fontBold = font.isBold
        node.textAlignment = textAlignment
    }
}
