import Foundation

extension UIView {
    /// How a view lays out its content when its bounds change size, with UIKit's raw values.
    public enum ContentMode: Int, Sendable {
        /// Stretch the content to the bounds (default).
        case scaleToFill
        /// Scale the content to fit inside the bounds, keeping its aspect ratio.
        case scaleAspectFit
        /// Scale the content to fill the bounds, keeping its aspect ratio (parts may lie outside).
        case scaleAspectFill
        /// Draw again on a size change (`setNeedsDisplay`).
        case redraw
        /// Centre the content, unscaled.
        case center
        /// Keep the content at the top edge, centred horizontally, unscaled.
        case top
        /// Keep the content at the bottom edge, centred horizontally, unscaled.
        case bottom
        /// Keep the content at the left edge, centred vertically, unscaled.
        case left
        /// Keep the content at the right edge, centred vertically, unscaled.
        case right
        /// Keep the content in the top-left corner, unscaled.
        case topLeft
        /// Keep the content in the top-right corner, unscaled.
        case topRight
        /// Keep the content in the bottom-left corner, unscaled.
        case bottomLeft
        /// Keep the content in the bottom-right corner, unscaled.
        case bottomRight
    }

    /// The view's tint: the one set on it, else its superview's, else `systemBlue` (UIKIT-EVERYDAY-TINT).
    /// Setting it calls `tintColorDidChange()` on the view and on every descendant that inherits it;
    /// setting nil goes back to inheriting.
    public var tintColor: UIColor! {
        get {
            var view: UIView? = self
            while let current = view {
                if let tint = current.ownTintColor { return tint }
                view = current.superview
            }
            return .systemBlue
        }
        set {
            let old = tintColor
            ownTintColor = newValue
            guard tintColor != old else { return }
            noteTintChangeInSubtree()
        }
    }

    /// `tintColorDidChange()` here and in the subviews that inherit this view's tint, parents first.
    private func noteTintChangeInSubtree() {
        noteRenderChange()
        tintColorDidChange()
        for subview in subviews where subview.ownTintColor == nil { subview.noteTintChangeInSubtree() }
    }
}
