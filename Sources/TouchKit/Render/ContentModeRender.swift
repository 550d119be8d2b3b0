import Foundation

/// `UIView.contentMode` as the page draws it (UIKIT-VIEW-CONTENT-MODE): an image view's image, and what
/// `draw(_:)` drew at the size the bounds had then, are placed in the bounds by the mode — stretched
/// (`scaleToFill`, the default), scaled keeping the aspect ratio to fit or to fill, or unscaled against the
/// middle, an edge or a corner; `redraw` draws again when the bounds' size changes, any other mode keeps
/// what was drawn and places it.
extension UIView.ContentMode {
    /// UIKit's name of the mode.
    var renderName: String {
        switch self {
        case .scaleToFill: "scaleToFill"
        case .scaleAspectFit: "scaleAspectFit"
        case .scaleAspectFill: "scaleAspectFill"
        case .redraw: "redraw"
        case .center: "center"
        case .top: "top"
        case .bottom: "bottom"
        case .left: "left"
        case .right: "right"
        case .topLeft: "topLeft"
        case .topRight: "topRight"
        case .bottomLeft: "bottomLeft"
        case .bottomRight: "bottomRight"
        }
    }
}

extension UIView {
    /// The render's `contentMode` (nil: `scaleToFill`) and `contentSize` (nil: the bounds' size, or an image the mode
    /// stretches to them whatever its size).
    var renderedContent: (mode: String?, size: CGSize?) {
        let size: CGSize?
        if let image = (self as? UIImageView)?.image {
            size = contentMode == .scaleToFill || contentMode == .redraw ? nil : image.size
        } else {
            size = displayList == nil ? nil : displayListSize
        }
        return (contentMode == .scaleToFill ? nil : contentMode.renderName, size == bounds.size ? nil : size)
    }
}
