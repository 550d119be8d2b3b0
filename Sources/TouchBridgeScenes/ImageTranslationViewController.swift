import TouchKit

/// Source material "ImageTranslationRecognition": a pan recognizer moves an image view; after each
/// step the translation is reset to zero, so each callback delivers only the movement since the last.
package final class ImageTranslationViewController: UIViewController {
    /// The image the pan drags.
    package private(set) var imageView: UIImageView!
    private var status: UILabel!
    private let placement = ProportionalPlacement()

    package override func viewDidLoad() {
        view.backgroundColor = .white
        status = makeStatusLabel("Drag the image.")
        imageView = makeImageView("photo", center: CGPoint(x: 200, y: 400))
        let pan = UIPanGestureRecognizer(target: self, action: ImageTranslationViewController.handlePan)
        pan.name = "pan"
        imageView.addGestureRecognizer(pan)
    }

    /// The status line on top; the image starts in the middle of the screen; on a size change it keeps
    /// its place in proportion to the screen (`ProportionalPlacement`), and it stays on the stage.
    package override func viewDidLayoutSubviews() {
        layOut(status: status, image: imageView, placement: placement)
    }

    func handlePan(_ sender: UIPanGestureRecognizer) {
        let translation = sender.translation(in: view)
        guard let moved = sender.view else { return }
        moved.center = CGPoint(x: moved.center.x + translation.x, y: moved.center.y + translation.y)
        sender.setTranslation(.zero, in: view)
    }
}
