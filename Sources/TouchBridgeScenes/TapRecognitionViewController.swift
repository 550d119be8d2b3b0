import TouchKit

/// Source material "TapRecognition": a tap anywhere moves the image's centre to the tap location.
/// The action uses the second of the two allowed shapes, `handleTap(_ sender:)`.
package final class TapRecognitionViewController: UIViewController {
    /// The image a tap moves.
    package private(set) var imageView: UIImageView!
    private var status: UILabel!
    private let placement = ProportionalPlacement()

    package override func viewDidLoad() {
        view.backgroundColor = .white
        status = makeStatusLabel("Tap anywhere: the image jumps there.")
        imageView = makeImageView("photo", center: CGPoint(x: 200, y: 400), size: CGSize(width: 100, height: 100))
        let tap = UITapGestureRecognizer(target: self, action: TapRecognitionViewController.handleTap)
        tap.name = "tap"
        view.addGestureRecognizer(tap)
    }

    /// The status line on top; the image starts in the middle of the screen; on a size change it keeps
    /// its place in proportion to the screen (`ProportionalPlacement`), and it stays on the stage.
    package override func viewDidLayoutSubviews() {
        layOut(status: status, image: imageView, placement: placement)
    }

    func handleTap(_ sender: UITapGestureRecognizer) {
        imageView.center = sender.location(in: view)
    }
}
