import TouchKit

/// Source material "DragAndDrop": a long press picks the image up (alpha 0.5); the pan moves it only
/// while the long press is active. The controller is the long press's delegate and lets the two
/// recognize simultaneously (which, as the source warns, also allows a long press during a pan).
package final class DragAndDropViewController: UIViewController, UIGestureRecognizerDelegate {
    /// The image a long press picks up.
    package private(set) var imageView: UIImageView!
    private var status: UILabel!
    private let placement = ProportionalPlacement()
    private var longPressGR: UILongPressGestureRecognizer!
    private var panGR: UIPanGestureRecognizer!

    package override func viewDidLoad() {
        view.backgroundColor = .white
        status = makeStatusLabel("Hold the image, then drag it.")
        imageView = makeImageView("photo", center: CGPoint(x: 200, y: 400))
        longPressGR = UILongPressGestureRecognizer(target: self, action: DragAndDropViewController.handleLongPress)
        longPressGR.name = "longPress"
        imageView.addGestureRecognizer(longPressGR)
        panGR = UIPanGestureRecognizer(target: self, action: DragAndDropViewController.handlePan)
        panGR.name = "pan"
        imageView.addGestureRecognizer(panGR)
        longPressGR.delegate = self
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

    func handleLongPress(_ gestureRecognizer: UILongPressGestureRecognizer) {
        if gestureRecognizer.state == .began || gestureRecognizer.state == .changed {
            imageView.alpha = 0.5
        } else {
            imageView.alpha = 1.0
        }
    }

    func handlePan(_ gestureRecognizer: UIPanGestureRecognizer) {
        if longPressGR.state == .began || longPressGR.state == .changed {
            imageView.center = gestureRecognizer.location(in: view)
        }
    }
}
