import Foundation

/// An image referenced by name; the page resolves the name to a picture (Linux adaptation: the
/// server never decodes pixels).
public final class UIImage: Equatable, Sendable {
    /// The name the page resolves to a picture.
    public let name: String
    /// The image's size in points; an image view made with `init(image:)` takes it as its size.
    public let size: CGSize

    /// Default size of a named image whose size is not given.
    public static let defaultSize = CGSize(width: 120, height: 120)

    /// UIKit's failable initializer; fails only for an empty name.
    public init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.name = name
        self.size = UIImage.defaultSize
    }

    /// UIKit's `init(systemName:)`: an SF Symbol by name, which TouchKit has no artwork for — a named
    /// placeholder of `symbolSize` that the page draws as a box labelled with the name [choose]. Fails
    /// only for an empty name.
    public init?(systemName name: String) {
        guard !name.isEmpty else { return nil }
        self.name = name
        self.size = UIImage.symbolSize
    }

    /// The size of a symbol image: a 17 pt symbol's box, about 24 points square [choose].
    public static let symbolSize = CGSize(width: 24, height: 24)

    /// An image with an explicit size (not UIKit API: no pixels to measure).
    public init(named name: String, size: CGSize) {
        self.name = name
        self.size = size
    }

    public static func == (lhs: UIImage, rhs: UIImage) -> Bool { lhs.name == rhs.name && lhs.size == rhs.size }
}

/// A view that shows an image. Like UIKit's, it ignores touches until `isUserInteractionEnabled`
/// is set to true — the classic reason an image's recognizer never fires.
open class UIImageView: UIView {
    /// The image shown, stretched to the bounds; nil shows nothing.
    @exclusivity(unchecked) public var image: UIImage? { didSet { noteRenderChange() } }

    /// An image view sized to `image`, with user interaction off, as UIKit's.
    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// An empty image view with user interaction off, as UIKit's.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// The image's size (`sizeToFit` makes the view the image's size, as UIKit's).
    open override func sizeThatFits(_ size: CGSize) -> CGSize { image?.size ?? .zero }

    /// The image's size; none without an image.
    open override var intrinsicContentSize: CGSize {
        image?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    override func contributeRenderProperties(to node: inout RenderNode, changed: inout RenderNode.Properties) {
        RenderNode.set(&node.image, to: image?.name, .image, in: &changed)
    }
}
