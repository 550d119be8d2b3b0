import Foundation
import TouchBridgeProtocol
import TouchBridgeServer
import TouchKit

/// A small scene for the session tests, independent of the scenes module's.
enum BuiltInScenes {
    static let photo = SceneInfo(
        name: "photo", title: "Photo", description: "A coloured image: drag it, pinch it, tap it to change its colour.")

    static let catalog = SceneRegistry([.viewController(photo) { PhotoViewController() }])
}

/// A coloured image view with a pan, a pinch (recognizing together, as photo apps do) and a tap,
/// on a plain root view. Named for the event log: `root`, `photo`, `pan`, `pinch`, `tap`.
final class PhotoViewController: UIViewController, UIGestureRecognizerDelegate {
    private static let colours: [UIColor] = [.systemBlue, .systemOrange, .systemGreen, .systemRed]

    let imageView = UIImageView(image: UIImage(named: "photo", size: CGSize(width: 200, height: 150)))
    private var colourIndex = 0
    private var userMovedImage = false

    override func viewDidLoad() {
        view.accessibilityIdentifier = "root"
        view.backgroundColor = .white
        imageView.accessibilityIdentifier = "photo"
        imageView.backgroundColor = Self.colours[0]
        imageView.isUserInteractionEnabled = true
        imageView.layer.cornerRadius = 12
        view.addSubview(imageView)

        let pan = UIPanGestureRecognizer(target: self, action: PhotoViewController.handlePan)
        pan.name = "pan"
        let pinch = UIPinchGestureRecognizer(target: self, action: PhotoViewController.handlePinch)
        pinch.name = "pinch"
        let tap = UITapGestureRecognizer(target: self, action: PhotoViewController.handleTap)
        tap.name = "tap"
        for recognizer in [pan, pinch] as [UIGestureRecognizer] { recognizer.delegate = self }
        for recognizer in [pan, pinch, tap] as [UIGestureRecognizer] { imageView.addGestureRecognizer(recognizer) }
    }

    override func viewDidLayoutSubviews() {
        // Keep the image centred (also across resizes) until the user drags it somewhere.
        if !userMovedImage { imageView.center = CGPoint(x: view.bounds.midX, y: view.bounds.midY) }
    }

    func handlePan(_ recognizer: UIPanGestureRecognizer) {
        let translation = recognizer.translation(in: view)
        userMovedImage = true
        imageView.center = CGPoint(x: imageView.center.x + translation.x, y: imageView.center.y + translation.y)
        recognizer.setTranslation(.zero, in: view)
    }

    func handlePinch(_ recognizer: UIPinchGestureRecognizer) {
        imageView.transform = imageView.transform.scaledBy(x: recognizer.scale, y: recognizer.scale)
        recognizer.scale = 1
    }

    func handleTap(_ recognizer: UITapGestureRecognizer) {
        colourIndex = (colourIndex + 1) % Self.colours.count
        imageView.backgroundColor = Self.colours[colourIndex]
    }

    func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool { true }
}
