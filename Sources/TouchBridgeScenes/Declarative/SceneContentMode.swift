import TouchKit

/// A scene view's `contentMode` (UIKIT-VIEW-CONTENT-MODE), by UIKit's name: where an image view's image and what a
/// drawing view drew lie in its bounds when their sizes differ (`scaleToFill`, the default, stretches; `redraw`
/// draws again at the new size).
extension ViewSpec {
    /// `UIView.ContentMode` by its UIKit name.
    static let contentModes: [String: UIView.ContentMode] = [
        "scaleToFill": .scaleToFill, "scaleAspectFit": .scaleAspectFit, "scaleAspectFill": .scaleAspectFill, "redraw": .redraw,
        "center": .center, "top": .top, "bottom": .bottom, "left": .left, "right": .right, "topLeft": .topLeft, "topRight": .topRight,
        "bottomLeft": .bottomLeft, "bottomRight": .bottomRight,
    ]

    /// The JSON property, merged into `ViewSpec.properties`.
    static let contentModeProperties: [String: ViewProperty] = [
        "contentMode": ViewProperty(
            read: { spec, walker throws(SceneError) in spec.contentMode = try walker.oneOf(contentModes.keys.sorted()) },
            apply: { spec, view in view.contentMode = spec.contentMode.flatMap { contentModes[$0] } ?? .scaleToFill }),
    ]
}
