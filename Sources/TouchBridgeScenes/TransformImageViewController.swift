import TouchKit

/// Pinch, rotation and pan on one image, all simultaneous; each callback applies its change to the
/// image's transform (or centre) incrementally and resets the recognizer's value.
///
/// `turnsAboutTheFingers` makes it Apple's gesture sample ("Handling touches using responder methods and
/// gesture recognizers"): each gesture, when it begins, moves the image's anchor point to the fingers
/// (`adjustAnchorPoint`), so the image scales and turns about them instead of its middle, and does not
/// jump (UIKIT-LAYER-ANCHOR-POINT).
package final class TransformImageViewController: UIViewController, UIGestureRecognizerDelegate {
    /// The image the three recognizers transform.
    package private(set) var imageView: UIImageView!
    /// Whether each gesture first moves the anchor point to the fingers (Apple's sample).
    package let turnsAboutTheFingers: Bool
    private var status: UILabel!
    private let placement = ProportionalPlacement()

    /// The scene; with `turnsAboutTheFingers`, Apple's sample form.
    package init(turnsAboutTheFingers: Bool = false) {
        self.turnsAboutTheFingers = turnsAboutTheFingers
        super.init()
    }

    /// No archives to decode in TouchKit: always fails (`UIViewController.init?(coder:)`).
    package required init?(coder: NSCoder) {
        return nil
    }

    package override func viewDidLoad() {
        view.backgroundColor = .white
        view.isMultipleTouchEnabled = true
        status = makeStatusLabel(turnsAboutTheFingers
            ? "Pinch or rotate the image about your fingers: it turns about them."
            : "Pinch, rotate and drag the image with two fingers.")
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
    package override func viewDidLayoutSubviews() {
        layOut(status: status, image: imageView, placement: placement)
    }

    package func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        true
    }

    /// The sample's `adjustAnchorPoint(gestureRecognizer:)`: when a gesture begins, the anchor point goes to
    /// the fingers and `center` to the same place, so the image stays put.
    private func adjustAnchorPoint(_ recognizer: UIGestureRecognizer) {
        guard turnsAboutTheFingers, recognizer.state == .began, let piece = recognizer.view, let superview = piece.superview else { return }
        let locationInView = recognizer.location(in: piece)
        piece.layer.anchorPoint = CGPoint(x: locationInView.x / piece.bounds.size.width, y: locationInView.y / piece.bounds.size.height)
        piece.center = recognizer.location(in: superview)
    }

    func handlePinch(_ sender: UIPinchGestureRecognizer) {
        adjustAnchorPoint(sender)
        guard let target = sender.view else { return }
        target.transform = target.transform.scaledBy(x: sender.scale, y: sender.scale)
        sender.scale = 1
    }

    func handleRotation(_ sender: UIRotationGestureRecognizer) {
        adjustAnchorPoint(sender)
        guard let target = sender.view else { return }
        target.transform = target.transform.rotated(by: sender.rotation)
        sender.rotation = 0
    }

    func handlePan(_ sender: UIPanGestureRecognizer) {
        adjustAnchorPoint(sender)
        guard let target = sender.view else { return }
        let translation = sender.translation(in: view)
        target.center = CGPoint(x: target.center.x + translation.x, y: target.center.y + translation.y)
        sender.setTranslation(.zero, in: view)
    }
}
