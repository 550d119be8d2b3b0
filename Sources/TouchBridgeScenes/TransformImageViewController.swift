import TouchKit

/// Pinch, rotation and pan on one image, all simultaneous; each callback applies its change to the
/// image's transform (or centre) incrementally and resets the recognizer's value.
public final class TransformImageViewController: UIViewController, UIGestureRecognizerDelegate {
    /// The image the three recognizers transform.
    public private(set) var imageView: UIImageView!
    private var status: UILabel!
    private let placement = ProportionalPlacement()

    public override func viewDidLoad() {
        view.backgroundColor = .white
        view.isMultipleTouchEnabled = true
        status = makeStatusLabel("Pinch, rotate and drag the image with two fingers.")
        imageView = makeImageView("photo", center: CGPoint(x: 200, y: 400), size: CGSize(width: 200, height: 200))
        imageView.isMultipleTouchEnabled = true
        let pinch = UIPinchGestureRecognizer(target: self, action: TransformImageViewController.handlePinch)
        pinch.name = "pinch"
        let rotation = UIRotationGestureRecognizer(target: self, action: TransformImageViewController.handleRotation)
        rotation.name = "rotation"
        let pan = UIPanGestureRecognizer(target: self, action: TransformImageViewController.handlePan)
        pan.name = "pan"
        for recognizer in [pinch, rotation, pan] as [UIGestureRecognizer] {
            recognizer.delegate = self
            imageView.addGestureRecognizer(recognizer)
        }
    }

    /// The status line on top; the image starts in the middle of the screen; on a size change it keeps
    /// its place in proportion to the screen (`ProportionalPlacement`), and it stays on the stage.
    public override func viewDidLayoutSubviews() {
        layOut(status: status, image: imageView, placement: placement)
    }

    public func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        true
    }

    func handlePinch(_ sender: UIPinchGestureRecognizer) {
        guard let target = sender.view else { return }
        target.transform = target.transform.scaledBy(x: sender.scale, y: sender.scale)
        sender.scale = 1
    }

    func handleRotation(_ sender: UIRotationGestureRecognizer) {
        guard let target = sender.view else { return }
        target.transform = target.transform.rotated(by: sender.rotation)
        sender.rotation = 0
    }

    func handlePan(_ sender: UIPanGestureRecognizer) {
        guard let target = sender.view else { return }
        let translation = sender.translation(in: view)
        target.center = CGPoint(x: target.center.x + translation.x, y: target.center.y + translation.y)
        sender.setTranslation(.zero, in: view)
    }
}
