import Foundation

/// An image referenced by name; the page resolves the name to a picture (Linux adaptation: the
/// server never decodes pixels).
public final class UIImage: Equatable, Sendable {
    public let name: String
    public let size: CGSize

    /// Default size of a named image whose size is not given.
    public static let defaultSize = CGSize(width: 120, height: 120)

    /// UIKit's failable initializer; fails only for an empty name.
    public init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.name = name
        self.size = UIImage.defaultSize
    }

    public init(named name: String, size: CGSize) {
        self.name = name
        self.size = size
    }

    public static func == (lhs: UIImage, rhs: UIImage) -> Bool { lhs.name == rhs.name && lhs.size == rhs.size }
}

/// A view that shows an image. Like UIKit's, it ignores touches until `isUserInteractionEnabled`
/// is set to true — the classic reason an image's recognizer never fires.
open class UIImageView: UIView {
    public var image: UIImage?

    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
    }

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    override func contributeRenderProperties(to node: inout RenderNode) {
        node.image = image?.name
    }
}
