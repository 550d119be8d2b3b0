import TouchKit

/// A view the classic simultaneous-gestures recipe drags, turns and scales: its recognizers' values compose
/// one transform (translation, then rotation, then scale), each counted from where that gesture began, and
/// a triple tap — read from `tapCount` in `touchesEnded`, no recognizer — puts it back.
package final class TransformableView: UIImageView {
    /// The translation, angle and scale the transform is made of.
    package private(set) var offset = CGPoint.zero, angle: CGFloat = 0, scale: CGFloat = 1
    private var offsetAtBegin = CGPoint.zero, angleAtBegin: CGFloat = 0, scaleAtBegin: CGFloat = 1
    /// How many times a triple tap reset the view.
    package private(set) var resets = 0

    /// The smallest and largest scale the pinch gives.
    static let scaleRange: ClosedRange<CGFloat> = 0.5...4

    func handlePan(_ sender: UIPanGestureRecognizer) {
        if sender.state == .began { offsetAtBegin = offset }
        let translation = sender.translation(in: superview)
        offset = CGPoint(x: offsetAtBegin.x + translation.x, y: offsetAtBegin.y + translation.y)
        updateTransform()
    }

    func handleRotation(_ sender: UIRotationGestureRecognizer) {
        if sender.state == .began { angleAtBegin = angle }
        angle = angleAtBegin + sender.rotation
        updateTransform()
    }

    func handlePinch(_ sender: UIPinchGestureRecognizer) {
        if sender.state == .began { scaleAtBegin = scale }
        scale = min(max(scaleAtBegin * sender.scale, Self.scaleRange.lowerBound), Self.scaleRange.upperBound)
        updateTransform()
    }

    private func updateTransform() {
        transform = CGAffineTransform(translationX: offset.x, y: offset.y).rotated(by: angle).scaledBy(x: scale, y: scale)
    }

    /// A touch lands: the view comes to the front.
    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        superview?.bringSubviewToFront(self)
    }

    /// The recipe's reset: the third quick tap (`tapCount == 3`) puts the transform back to identity.
    package override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard touches.contains(where: { $0.tapCount == 3 }) else { return }
        offset = .zero
        angle = 0
        scale = 1
        resets += 1
        UIView.animate(withDuration: 0.2) { self.transform = .identity }
    }
}

/// The simultaneous pinch/rotate/pan recipe: a pan, a pinch and a rotation on one view, allowed together by
/// their delegate, composing its transform; a triple tap in `touchesEnded` resets it.
package final class TripleTapResetViewController: UIViewController, UIGestureRecognizerDelegate {
    /// The view the gestures transform.
    package private(set) var piece: TransformableView!
    private var status: UILabel!
    private let placement = ProportionalPlacement()

    package override func viewDidLoad() {
        view.backgroundColor = .white
        view.isMultipleTouchEnabled = true
        status = makeStatusLabel("Drag, pinch and rotate the image together; triple-tap it to put it back.")
        piece = TransformableView(image: UIImage(named: "photo", size: CGSize(width: 200, height: 200)))
        piece.accessibilityIdentifier = "image"
        piece.backgroundColor = .systemBlue
        piece.layer.cornerRadius = 12
        piece.isUserInteractionEnabled = true
        piece.isMultipleTouchEnabled = true
        view.addSubview(piece)
        let pan = UIPanGestureRecognizer(target: piece, action: TransformableView.handlePan)
        pan.name = "pan"
        let pinch = UIPinchGestureRecognizer(target: piece, action: TransformableView.handlePinch)
        pinch.name = "pinch"
        let rotation = UIRotationGestureRecognizer(target: piece, action: TransformableView.handleRotation)
        rotation.name = "rotation"
        for recognizer in [pan, pinch, rotation] as [UIGestureRecognizer] {
            recognizer.delegate = self
            piece.addGestureRecognizer(recognizer)
        }
    }

    /// The status line on top; the image in the middle of the stage, as large as fits.
    package override func viewDidLayoutSubviews() {
        layOut(status: status, image: piece, placement: placement)
    }

    /// The three run together.
    package func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        true
    }
}
