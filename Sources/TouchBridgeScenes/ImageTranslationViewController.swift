import TouchKit

/// Source material "ImageTranslationRecognition": a pan recognizer moves an image view; after each
/// step the translation is reset to zero, so each callback delivers only the movement since the last.
public final class ImageTranslationViewController: UIViewController {
    public private(set) var imageView: UIImageView!

    public override func viewDidLoad() {
        view.backgroundColor = .white
        _ = makeStatusLabel("Drag the image.")
        imageView = makeImageView("photo", center: CGPoint(x: 200, y: 400))
        let pan = UIPanGestureRecognizer(target: self, action: ImageTranslationViewController.handlePan)
        pan.name = "pan"
        imageView.addGestureRecognizer(pan)
    }

    func handlePan(_ sender: UIPanGestureRecognizer) {
        let translation = sender.translation(in: view)
        guard let moved = sender.view else { return }
        moved.center = CGPoint(x: moved.center.x + translation.x, y: moved.center.y + translation.y)
        sender.setTranslation(.zero, in: view)
    }
}
