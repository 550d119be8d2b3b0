import TouchKit

/// `controller.logsLayout`: the controller notes its size-change and layout callbacks in UIKit's
/// order (UIKIT-LAYOUT-SIZE-CHANGE-ORDER: `willTransition(to:with:)` for a size-class change, `viewWillTransition(to:with:)`
/// with the old bounds, `traitCollectionDidChange`, then the layout pass) — what a Swift test would
/// record by overriding them.
extension DeclarativeSceneViewController {
    func layoutNote(_ text: String) {
        guard spec.controller.logsLayout, let application = viewIfLoaded?.window?.application else { return }
        application.logNote("controller.\(text)")
    }
}

/// The root view of a controller that logs layout: notes its `layoutSubviews`.
final class LayoutLoggingRootView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        window?.application?.logNote("root.layoutSubviews bounds \(SceneReport.text(bounds))")
    }
}
