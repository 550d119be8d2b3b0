import TouchKit

/// Source material "TapRecognition": a tap anywhere moves the image's centre to the tap location.
/// The action uses the second of the two allowed shapes, `handleTap(_ sender:)`.
public final class TapRecognitionViewController: UIViewController {
    public private(set) var imageView: UIImageView!

    public override func viewDidLoad() {
        view.backgroundColor = .white
        _ = makeStatusLabel("Tap anywhere: the image jumps there.")
        imageView = makeImageView("photo", center: CGPoint(x: 200, y: 400), size: CGSize(width: 100, height: 100))
        let tap = UITapGestureRecognizer(target: self, action: TapRecognitionViewController.handleTap)
        tap.name = "tap"
        view.addGestureRecognizer(tap)
    }

    func handleTap(_ sender: UITapGestureRecognizer) {
        imageView.center = sender.location(in: view)
    }
}
