import TouchKit

extension Selector {
    /// The pieces scene's Reset menu item: `GesturePiecesViewController.resetPiece(_:)`.
    static let resetPiece = Selector("resetPiece:", GesturePiecesViewController.resetPiece)
}

/// Apple's sample "Handling touches using responder methods and gesture recognizers", gesture half, written
/// from its description: three pieces, each with a pan, a pinch and a rotation that run together on that
/// piece (not across pieces), each moving the piece's anchor point to the fingers first so it turns and
/// scales about them (UIKIT-LAYER-ANCHOR-POINT); a long press on a piece offers Reset in the edit menu
/// (`UIMenuController`, the controller as first responder), which puts the anchor point back in the middle
/// and animates the transform back to identity. A piece being moved comes to the front.
package final class GesturePiecesViewController: UIViewController, UIGestureRecognizerDelegate {
    /// The pieces, by colour: red, green, blue.
    package private(set) var pieces: [UIView] = []
    /// The piece the Reset item resets: the one last long-pressed.
    package private(set) var pieceForReset: UIView?
    private var status: UILabel!
    private var placements: [ProportionalPlacement] = []

    /// The largest side of a piece.
    static let pieceSide: CGFloat = 120

    package override func viewDidLoad() {
        view.backgroundColor = .white
        view.isMultipleTouchEnabled = true
        status = makeStatusLabel("Pinch, rotate and drag a piece with two fingers; hold one for Reset.")
        for (index, (name, colour)) in [("red", UIColor.systemRed), ("green", .systemGreen), ("blue", .systemBlue)].enumerated() {
            let piece = UIView(frame: CGRect(x: 0, y: 0, width: Self.pieceSide, height: Self.pieceSide))
            piece.accessibilityIdentifier = "\(name)Piece"
            piece.backgroundColor = colour
            piece.layer.cornerRadius = 12
            piece.isMultipleTouchEnabled = true
            addGestureRecognizers(to: piece, named: name)
            view.addSubview(piece)
            pieces.append(piece)
            placements.append(ProportionalPlacement(fraction: CGPoint(x: (2 * CGFloat(index) + 1) / 6, y: 0.5)))
        }
    }

    /// The sample's `addGestureRecognizersToPiece`: rotation, pinch, a pan of up to two fingers, and the long press.
    private func addGestureRecognizers(to piece: UIView, named name: String) {
        let rotation = UIRotationGestureRecognizer(target: self, action: GesturePiecesViewController.rotatePiece)
        rotation.name = "\(name)Rotation"
        let pinch = UIPinchGestureRecognizer(target: self, action: GesturePiecesViewController.scalePiece)
        pinch.name = "\(name)Pinch"
        let pan = UIPanGestureRecognizer(target: self, action: GesturePiecesViewController.panPiece)
        pan.name = "\(name)Pan"
        pan.maximumNumberOfTouches = 2
        let longPress = UILongPressGestureRecognizer(target: self, action: GesturePiecesViewController.showResetMenu)
        longPress.name = "\(name)LongPress"
        for recognizer in [rotation, pinch, pan, longPress] as [UIGestureRecognizer] {
            recognizer.delegate = self
            piece.addGestureRecognizer(recognizer)
        }
    }

    /// The status line on top; the pieces side by side in the stage, as large as fits (at most 120 pt), each
    /// where the user left it, in proportion.
    package override func viewDidLayoutSubviews() {
        let regions = SceneRegions(view, statusLabel: status)
        status.frame = regions.status
        let stage = regions.stage
        let side = max(min((stage.width - 2 * SceneRegions.gap) / 3, stage.height, Self.pieceSide), 0)
        for (piece, placement) in zip(pieces, placements) {
            piece.bounds.size = CGSize(width: side, height: side)
            placement.place(piece, in: stage, keepingInside: stage)
        }
    }

    /// The controller shows the Reset menu, so it must be able to become first responder (UIKIT-MENU-SHOW).
    package override var canBecomeFirstResponder: Bool { true }

    /// A piece's pan, pinch and rotation run together; nothing else does (not across pieces, not the long press).
    package func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        guard gestureRecognizer.view === otherGestureRecognizer.view else { return false }
        return !(gestureRecognizer is UILongPressGestureRecognizer || otherGestureRecognizer is UILongPressGestureRecognizer)
    }

    /// The sample's `adjustAnchorPoint`: when a gesture begins, the anchor point goes to the fingers and the
    /// centre to the same place, so the piece stays put and then turns about them.
    private func adjustAnchorPoint(_ recognizer: UIGestureRecognizer) {
        guard recognizer.state == .began, let piece = recognizer.view, let superview = piece.superview,
              piece.bounds.width > 0, piece.bounds.height > 0 else { return }
        let locationInView = recognizer.location(in: piece)
        piece.layer.anchorPoint = CGPoint(x: locationInView.x / piece.bounds.width, y: locationInView.y / piece.bounds.height)
        piece.center = recognizer.location(in: superview)
    }

    func panPiece(_ sender: UIPanGestureRecognizer) {
        guard let piece = sender.view, sender.state == .began || sender.state == .changed else { return }
        adjustAnchorPoint(sender)
        piece.superview?.bringSubviewToFront(piece)
        let translation = sender.translation(in: piece.superview)
        piece.center = CGPoint(x: piece.center.x + translation.x, y: piece.center.y + translation.y)
        sender.setTranslation(.zero, in: piece.superview)
    }

    func scalePiece(_ sender: UIPinchGestureRecognizer) {
        guard let piece = sender.view, sender.state == .began || sender.state == .changed else { return }
        adjustAnchorPoint(sender)
        piece.transform = piece.transform.scaledBy(x: sender.scale, y: sender.scale)
        sender.scale = 1
    }

    func rotatePiece(_ sender: UIRotationGestureRecognizer) {
        guard let piece = sender.view, sender.state == .began || sender.state == .changed else { return }
        adjustAnchorPoint(sender)
        piece.transform = piece.transform.rotated(by: sender.rotation)
        sender.rotation = 0
    }

    /// The sample's `showResetMenu`: on the press's begin, become first responder and show Reset at the finger.
    func showResetMenu(_ sender: UILongPressGestureRecognizer) {
        guard sender.state == .began, let piece = sender.view else { return }
        becomeFirstResponder()
        pieceForReset = piece
        let menu = UIMenuController.shared
        menu.menuItems = [UIMenuItem(title: "Reset", action: .resetPiece)]
        let location = sender.location(in: piece)
        menu.showMenu(from: piece, rect: CGRect(x: location.x, y: location.y, width: 0, height: 0))
    }

    /// The Reset item's action: the anchor point back in the middle (the piece stays put), then the transform
    /// animates back to identity.
    func resetPiece(_ sender: Any?) {
        guard let piece = pieceForReset else { return }
        let middle = CGPoint(x: piece.bounds.midX, y: piece.bounds.midY)
        let locationInSuperview = piece.convert(middle, to: piece.superview)
        piece.layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        piece.center = locationInSuperview
        UIView.animate(withDuration: 0.1) { piece.transform = .identity }
    }
}
