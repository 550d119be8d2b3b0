import TouchKit

/// Source material "TapRecognition": a tap anywhere moves the image's centre to the tap location.
/// The action uses the second of the two allowed shapes, `handleTap(_ sender:)`.
public final class TapRecognitionViewController: UIViewController {
    /// The image a tap moves.
    public private(set) var imageView: UIImageView!
    private var status: UILabel!
    private var hasPlacedImage = false

    public override func viewDidLoad() {
        view.backgroundColor = .white
        status = makeStatusLabel("Tap anywhere: the image jumps there.")
        imageView = makeImageView("photo", center: CGPoint(x: 200, y: 400), size: CGSize(width: 100, height: 100))
        imageView.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin]
        let tap = UITapGestureRecognizer(target: self, action: TapRecognitionViewController.handleTap)
        tap.name = "tap"
        view.addGestureRecognizer(tap)
    }

    /// The status line on top; the image starts in the middle of the screen; on a size change its
    /// flexible margins keep it in the same proportion of the screen, and it stays on the stage.
    public override func viewDidLayoutSubviews() {
        layOut(status: status, image: imageView, hasPlaced: &hasPlacedImage)
    }

    func handleTap(_ sender: UITapGestureRecognizer) {
        imageView.center = sender.location(in: view)
    }
}
