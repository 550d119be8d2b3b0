import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// `layer.anchorPoint` and `position` in a view's geometry: frame, transforms, `convert`, hit-testing and
/// what the page is sent (UIKIT-LAYER-ANCHOR-POINT; acceptance scenarios S72–S74).
@Suite struct AnchorPointTests {
    /// S72: moving the anchor point keeps `center` (the layer's position), so the view moves.
    /// Pins UIKIT-LAYER-ANCHOR-POINT.
    @Test func s72MovingTheAnchorPointMovesTheViewAndKeepsItsCenter() {
        let v = UIView(100, 100, 200, 100)
        v.layer.anchorPoint = CGPoint(x: 0.25, y: 0.5)
        #expect(v.center == CGPoint(x: 200, y: 150))
        #expect(v.layer.position == CGPoint(x: 200, y: 150))
        #expect(v.frame == CGRect(x: 150, y: 100, width: 200, height: 100))
        #expect(v.layer.anchorPoint == CGPoint(x: 0.25, y: 0.5))
    }

    /// S72, the form of Apple's gesture sample: the anchor goes to the touch and `center` with it, so the
    /// view stays put.
    /// Pins UIKIT-LAYER-ANCHOR-POINT.
    @Test func s72AppleSampleFormKeepsTheViewPut() {
        let v = UIView(100, 100, 200, 100)
        v.layer.anchorPoint = CGPoint(x: 50 / v.bounds.width, y: 25 / v.bounds.height)
        v.center = CGPoint(x: 150, y: 125)
        #expect(v.frame == CGRect(x: 100, y: 100, width: 200, height: 100))
    }

    /// S73: a 2× scale grows the view about the anchor point; hit-testing and `location(in:)` follow.
    /// Pins UIKIT-LAYER-ANCHOR-POINT.
    @Test func s73ScaleAboutTheAnchorPointHitsWhereItIsDrawn() throws {
        let h = Harness(width: 800, height: 800)
        let v = h.add(LocatingView(100, 100, 200, 100), "V")
        v.layer.anchorPoint = CGPoint(x: 0.25, y: 0.25)
        v.center = CGPoint(x: 150, y: 125)
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(v.frame == CGRect(x: 50, y: 75, width: 400, height: 200))
        #expect(v.convert(CGPoint(x: 50, y: 25), to: nil) == CGPoint(x: 150, y: 125))
        try h.tap(1, 440, 270, at: 0)
        try h.tap(2, 460, 270, at: 1000)
        #expect(v.received == ["tb(1)", "te(1)"])
        #expect(v.located == [CGPoint(x: 195, y: 97.5)])
    }

    /// S74: a quarter turn about the top-left corner: a point inside the unrotated square misses.
    /// Pins UIKIT-LAYER-ANCHOR-POINT.
    @Test func s74RotationAboutACornerHitsTheRotatedSquareOnly() throws {
        let h = Harness()
        let v = h.add(TouchView(0, 0, 100, 100), "V")
        v.layer.anchorPoint = .zero
        v.layer.position = CGPoint(x: 150, y: 150)
        v.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let frame = v.frame
        #expect(abs(frame.minX - 50) < 1e-9 && abs(frame.minY - 150) < 1e-9 && abs(frame.width - 100) < 1e-9 && abs(frame.height - 100) < 1e-9)
        let local = v.convert(CGPoint(x: 60, y: 160), from: h.window)
        #expect(abs(local.x - 10) < 1e-9 && abs(local.y - 90) < 1e-9)
        try h.tap(1, 60, 160, at: 0)
        try h.tap(2, 160, 160, at: 1000)
        #expect(v.received == ["tb(1)", "te(1)"])
        #expect(h.window.hitTest(CGPoint(x: 160, y: 160), with: nil) === h.window)
    }

    /// Setting `frame` keeps the anchor point: the rectangle is placed exactly, `center` is where the
    /// anchor lands in it.
    /// Pins UIKIT-LAYER-ANCHOR-POINT.
    @Test func settingTheFrameKeepsTheAnchorPoint() {
        let v = UIView(0, 0, 10, 10)
        v.layer.anchorPoint = CGPoint(x: 0, y: 1)
        v.transform = CGAffineTransform(scaleX: 2, y: 2)
        v.frame = CGRect(x: 10, y: 20, width: 100, height: 60)
        #expect(v.frame == CGRect(x: 10, y: 20, width: 100, height: 60))
        #expect(v.bounds.size == CGSize(width: 50, height: 30))
        #expect(v.center == CGPoint(x: 10, y: 80))
        #expect(v.layer.frame == v.frame)
    }

    /// Subviews stay in their superview's bounds coordinates whatever its anchor: moving the anchor moves
    /// the whole subtree with the view, and a touch on a subview reaches it where it is drawn.
    /// Pins UIKIT-LAYER-ANCHOR-POINT.
    @Test func subviewsFollowTheirSuperviewsAnchor() throws {
        let h = Harness()
        let parent = h.add(TouchView(100, 100, 200, 200), "P")
        let child = h.add(TouchView(0, 0, 50, 50), "C", to: parent)
        parent.layer.anchorPoint = .zero
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 200, y: 200))
        try h.tap(1, 210, 210, at: 0)
        #expect(h.log() == ["C.tb(1)", "C.te(1)"])
    }

    /// The render tree carries the anchor point, so the page can draw the view where the engine hit-tests it.
    /// The presentation layer is placed by the same anchor point as the model.
    /// Pins UIKIT-LAYER-ANCHOR-POINT.
    @Test func thePresentationLayerKeepsTheAnchorPoint() {
        let h = Harness()
        let v = h.add(TouchView(100, 100, 200, 100), "V")
        v.layer.anchorPoint = .zero
        #expect(v.frame == CGRect(x: 200, y: 150, width: 200, height: 100))
        #expect(v.layer.presentation()?.frame == v.frame)
    }

    /// Pins UIKIT-LAYER-ANCHOR-POINT.
    @Test func theRenderTreeCarriesTheAnchorPoint() {
        let h = Harness()
        let v = h.add(TouchView(100, 100, 200, 100), "V")
        #expect(h.app.renderTree().node(named: "V")?.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        v.layer.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        #expect(h.app.renderTree().node(named: "V")?.anchorPoint == CGPoint(x: 0.25, y: 0.75))
    }

    /// Apple's gesture sample ("Handling touches using responder methods and gesture recognizers",
    /// `adjustAnchorPoint`): when a pinch or rotation begins, the anchor point goes to the fingers and
    /// `center` with it; then the view scales and turns about the fingers and the content under them
    /// stays under them. Without anchor points the view jumps when `center` is set.
    /// Pins UIKIT-LAYER-ANCHOR-POINT.
    @Test func appleSamplePinchAndRotateTurnAboutTheFingersWithoutAJump() throws {
        let h = Harness()
        let piece = h.add(TouchView(100, 100, 200, 100), "piece")
        piece.isMultipleTouchEnabled = true
        let sample = AnchoringSample(piece: piece)
        h.window.isMultipleTouchEnabled = true
        // Two fingers 40 pt apart about (150,125), the piece's local (50,25); they spread to 80 pt while
        // turning a quarter turn.
        try h.frame([(.down, 1, 130, 125), (.down, 2, 170, 125)], at: 0)
        for step in 1...8 {
            let angle = CGFloat(step) / 8 * .pi / 2, radius = 20 + CGFloat(step) / 8 * 20
            let dx = radius * cos(angle), dy = radius * sin(angle)
            try h.frame([(.move, 1, 150 - dx, 125 - dy), (.move, 2, 150 + dx, 125 + dy)], at: Double(step) * 16)
        }
        try h.frame([(.up, 1, 150, 85), (.up, 2, 150, 165)], at: 150)
        #expect(sample.notes.first == "pinch began: anchor (0.250, 0.250) center (150.000, 125.000) frame (100.000, 100.000, 200.000, 100.000)")
        #expect(sample.notes.last == "rotation began: anchor (0.250, 0.250) center (150.000, 125.000) frame (87.500, 93.750, 250.000, 125.000)")
        // The content point under the fingers never moved, at any step of either gesture.
        #expect(sample.fingerPoints.allSatisfy { abs($0.x - 150) < 1e-9 && abs($0.y - 125) < 1e-9 })
        #expect(sample.fingerPoints.count >= 10)
        // Doubled and turned a quarter about (150,125): local x −50…150 from the anchor becomes y −100…300,
        // local y −25…75 becomes x −150…50 (about its middle it would be (50, −75, 200, 400)).
        let frame = piece.frame
        let expected = CGRect(x: 0, y: 25, width: 200, height: 400)
        #expect(abs(frame.minX - expected.minX) < 1e-6 && abs(frame.minY - expected.minY) < 1e-6)
        #expect(abs(frame.width - expected.width) < 1e-6 && abs(frame.height - expected.height) < 1e-6)
    }
}

/// A `TouchView` that also notes where each touch began, in its own coordinates.
private final class LocatingView: TouchView {
    var located: [CGPoint] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        located += touches.map { $0.location(in: self) }
        super.touchesBegan(touches, with: event)
    }
}

/// The sample's view controller code, reduced to the piece: pinch and rotation recognized together, each
/// moving the anchor point to the fingers when it begins, then applying its change incrementally.
private final class AnchoringSample: UIGestureRecognizerDelegate {
    let piece: UIView
    var notes: [String] = []
    /// Where the piece's local (50, 25) — the content first under the fingers — is in the window, after
    /// every action.
    var fingerPoints: [CGPoint] = []

    init(piece: UIView) {
        self.piece = piece
        let pinch = UIPinchGestureRecognizer(target: self, action: AnchoringSample.scalePiece)
        pinch.name = "pinch"
        let rotation = UIRotationGestureRecognizer(target: self, action: AnchoringSample.rotatePiece)
        rotation.name = "rotation"
        for recognizer in [pinch, rotation] as [UIGestureRecognizer] {
            recognizer.delegate = self
            piece.addGestureRecognizer(recognizer)
        }
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool {
        true
    }

    /// Apple's `adjustAnchorPoint(gestureRecognizer:)`.
    func adjustAnchorPoint(_ recognizer: UIGestureRecognizer) {
        guard recognizer.state == .began, let view = recognizer.view, let superview = view.superview else { return }
        let locationInView = recognizer.location(in: view)
        let locationInSuperview = recognizer.location(in: superview)
        view.layer.anchorPoint = CGPoint(x: locationInView.x / view.bounds.size.width, y: locationInView.y / view.bounds.size.height)
        view.center = locationInSuperview
        let a = view.layer.anchorPoint, c = view.center, f = view.frame
        let text = [a.x, a.y, c.x, c.y, f.minX, f.minY, f.width, f.height].map { String(format: "%.3f", $0) }
        notes.append("\(recognizer.name ?? "") began: anchor (\(text[0]), \(text[1])) center (\(text[2]), \(text[3])) frame (\(text[4]), \(text[5]), \(text[6]), \(text[7]))")
    }

    func scalePiece(_ sender: UIPinchGestureRecognizer) {
        adjustAnchorPoint(sender)
        guard sender.state == .began || sender.state == .changed, let view = sender.view else { return }
        view.transform = view.transform.scaledBy(x: sender.scale, y: sender.scale)
        sender.scale = 1
        fingerPoints.append(view.convert(CGPoint(x: 50, y: 25), to: nil))
    }

    func rotatePiece(_ sender: UIRotationGestureRecognizer) {
        adjustAnchorPoint(sender)
        guard sender.state == .began || sender.state == .changed, let view = sender.view else { return }
        view.transform = view.transform.rotated(by: sender.rotation)
        sender.rotation = 0
        fingerPoints.append(view.convert(CGPoint(x: 50, y: 25), to: nil))
    }
}
