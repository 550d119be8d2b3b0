import TouchKit

/// UIBezierPath, `view.layer` and CAShapeLayer as iOS code uses them next to its touch code
/// (UIKIT-PATH-CONTAINS, UIKIT-SHAPE-LAYER): on a backdrop with a layer shadow, a ring whose touchable area is
/// its path (the hole lets touches through, `point(inside:)` with `contains`), a progress arc (`strokeEnd`)
/// that each tap on the ring advances, a checkbox whose checkmark is a shape layer, and a dial drawn in
/// `draw(_:)` that a pan turns.
package final class PathsAndLayersViewController: UIViewController {
    /// Says what the latest touch did.
    package private(set) var status: UILabel!
    /// The ring whose hole lets touches through.
    package private(set) var ring: RingView!
    /// The checkbox.
    package private(set) var checkbox: CheckboxControl!
    /// The dial a pan turns.
    package private(set) var dial: DialView!
    private var backdrop: UIView!

    package override func viewDidLoad() {
        view.backgroundColor = .white
        status = makeStatusLabel("Tap the ring (not its hole), the checkbox, and turn the dial.")
        // Behind the ring only: a recognizer on the root view would also take the checkbox's taps
        // (a custom control does not keep its tap from a superview's recognizer,
        // UIKIT-CONTROL-KEEPS-ITS-GESTURE).
        let backdrop = UIView(frame: CGRect(x: 20, y: 70, width: 220, height: 220))
        backdrop.accessibilityIdentifier = "backdrop"
        backdrop.backgroundColor = UIColor(white: 0.96, alpha: 1)
        backdrop.layer.cornerRadius = 16
        backdrop.layer.shadowColor = UIColor.black.cgColor
        backdrop.layer.shadowOpacity = 0.35
        backdrop.layer.shadowOffset = CGSize(width: 0, height: 6)
        backdrop.layer.shadowRadius = 8
        let background = UITapGestureRecognizer(target: self, action: PathsAndLayersViewController.tappedBackground)
        background.name = "backgroundTap"
        backdrop.addGestureRecognizer(background)
        view.addSubview(backdrop)
        self.backdrop = backdrop

        ring = RingView(frame: CGRect(x: 40, y: 90, width: 180, height: 180))
        ring.accessibilityIdentifier = "ring"
        let ringTap = UITapGestureRecognizer(target: self, action: PathsAndLayersViewController.tappedRing)
        ringTap.name = "ringTap"
        ring.addGestureRecognizer(ringTap)
        view.addSubview(ring)

        checkbox = CheckboxControl(frame: CGRect(x: 280, y: 160, width: 44, height: 44))
        checkbox.accessibilityIdentifier = "checkbox"
        checkbox.addAction(UIAction { [weak self] _ in self?.checkboxChanged() }, for: .valueChanged)
        view.addSubview(checkbox)

        dial = DialView(frame: CGRect(x: 110, y: 320, width: 180, height: 180))
        dial.accessibilityIdentifier = "dial"
        let pan = UIPanGestureRecognizer(target: self, action: PathsAndLayersViewController.turnDial)
        pan.name = "dialPan"
        dial.addGestureRecognizer(pan)
        view.addSubview(dial)
    }

    /// Portrait: the source's design (ring and checkbox on top, the dial below), centred vertically on
    /// tall windows; wide windows: the ring group and the dial side by side. Whichever arrangement shows them
    /// larger wins, scaled down (never the 44 pt checkbox) when the stage is too small for the design's size.
    package override func viewDidLayoutSubviews() {
        let regions = SceneRegions(view, statusLabel: status)
        status.frame = regions.status
        let stage = regions.stage
        let checkboxSide: CGFloat = 44
        // The design at scale 1: a 220 pt backdrop, the checkbox 40 pt to its right, a 180 pt dial 30 pt
        // below it (stacked) or 40 pt beside the checkbox (side by side).
        let stacked = min(1, (stage.width - checkboxSide) / 260, (stage.height - 2) / 430)
        let sideBySide = min(1, (stage.width - checkboxSide) / 480, stage.height / 220)
        let scale: CGFloat
        let origin: CGPoint, dialOrigin: CGPoint
        if sideBySide > stacked || (sideBySide == 1 && stage.width > stage.height) {
            scale = sideBySide
            let left = stage.midX - (480 * scale + checkboxSide) / 2
            origin = CGPoint(x: left, y: stage.midY - 110 * scale)
            dialOrigin = CGPoint(x: left + 300 * scale + checkboxSide, y: stage.midY - 90 * scale)
        } else {
            scale = stacked
            let left = min(max(view.bounds.midX - 180 * scale, stage.minX), stage.maxX - 260 * scale - checkboxSide)
            let top = stage.height >= 900 ? stage.midY - 215 * scale : stage.minY + 2
            origin = CGPoint(x: left, y: top)
            dialOrigin = CGPoint(x: left + 90 * scale, y: top + 250 * scale)
        }
        backdrop.frame = CGRect(origin: origin, size: CGSize(width: 220 * scale, height: 220 * scale))
        ring.frame = backdrop.frame.insetBy(dx: 20 * scale, dy: 20 * scale)
        checkbox.frame = CGRect(x: origin.x + 260 * scale, y: origin.y + 90 * scale, width: checkboxSide, height: checkboxSide)
        let dialFrame = CGRect(origin: dialOrigin, size: CGSize(width: 180 * scale, height: 180 * scale))
        if dial.frame != dialFrame {
            dial.frame = dialFrame
            dial.setNeedsDisplay()
        }
    }

    func tappedRing() {
        ring.progress = ring.progress >= 1 ? 0 : ring.progress + 0.25
        status.text = "Ring: progress \(Int(ring.progress * 100)) %"
    }

    func tappedBackground() { status.text = "Missed: the hole is not part of the ring." }

    func checkboxChanged() { status.text = checkbox.isChecked ? "Checked" : "Unchecked" }

    func turnDial(_ pan: UIPanGestureRecognizer) {
        let location = pan.location(in: dial)
        dial.angle = atan2(location.y - dial.bounds.midY, location.x - dial.bounds.midX)
        status.text = "Dial: \(Int((dial.angle * 180 / .pi).rounded()))°"
    }
}

/// A ring drawn by its layer (`layerClass` is `CAShapeLayer`, even-odd fill), with a progress arc
/// as a shape sublayer; only the painted ring takes touches.
package final class RingView: UIView {
    private let progressLayer = CAShapeLayer()
    /// The arc's length as a fraction of the ring, 0…1 (its layer's `strokeEnd`).
    package var progress: CGFloat = 0.25 { didSet { progressLayer.strokeEnd = progress } }

    package override class var layerClass: AnyClass { CAShapeLayer.self }
    private var shape: CAShapeLayer { layer as! CAShapeLayer }

    package override init(frame: CGRect) {
        super.init(frame: frame)
        shape.fillRule = .evenOdd
        shape.fillColor = UIColor.systemBlue.withAlphaComponent(0.25).cgColor
        progressLayer.fillColor = nil
        progressLayer.strokeColor = UIColor.systemBlue.cgColor
        progressLayer.lineCap = .round
        progressLayer.strokeEnd = progress
        layer.addSublayer(progressLayer)
        updatePaths()
    }

    /// The paths follow the view's size (the scene scales the ring down on small windows).
    package override func layoutSubviews() {
        updatePaths()
    }

    private func updatePaths() {
        shape.path = ringPath.cgPath
        progressLayer.path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width * 0.35,
                                          startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true).cgPath
        progressLayer.lineWidth = bounds.width * 16 / 180
    }

    package required init?(coder: NSCoder) {
        return nil
    }

    /// The outer circle and the hole, as one even-odd path.
    private var ringPath: UIBezierPath {
        let path = UIBezierPath(ovalIn: bounds)
        path.append(UIBezierPath(ovalIn: bounds.insetBy(dx: bounds.width * 0.25, dy: bounds.height * 0.25)))
        path.usesEvenOddFillRule = true
        return path
    }

    package override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        ringPath.contains(point)
    }
}

/// A checkbox control: a rounded, bordered layer and a checkmark shape layer shown by `strokeEnd`.
package final class CheckboxControl: UIControl {
    private let checkmark = CAShapeLayer()
    /// Whether the checkmark shows; a tap toggles it and sends `.valueChanged`.
    package private(set) var isChecked = false

    package override init(frame: CGRect) {
        super.init(frame: frame)
        layer.cornerRadius = 8
        layer.borderWidth = 3
        layer.borderColor = UIColor.systemGreen.cgColor
        let path = UIBezierPath()
        path.move(to: CGPoint(x: frame.width * 0.22, y: frame.height * 0.52))
        path.addLine(to: CGPoint(x: frame.width * 0.42, y: frame.height * 0.72))
        path.addLine(to: CGPoint(x: frame.width * 0.78, y: frame.height * 0.3))
        checkmark.path = path.cgPath
        checkmark.fillColor = nil
        checkmark.strokeColor = UIColor.systemGreen.cgColor
        checkmark.lineWidth = 5
        checkmark.lineCap = .round
        checkmark.lineJoin = .round
        checkmark.strokeEnd = 0
        layer.addSublayer(checkmark)
        addAction(UIAction { [weak self] _ in self?.toggle() }, for: .touchUpInside)
    }

    package required init?(coder: NSCoder) {
        return nil
    }

    private func toggle() {
        isChecked.toggle()
        checkmark.strokeEnd = isChecked ? 1 : 0
        sendActions(for: .valueChanged)
    }
}

/// A dial drawn in `draw(_:)` with UIBezierPath: a rounded face, tick marks and a pointer.
package final class DialView: UIView {
    /// Where the pointer points, in radians (−π/2 is up).
    package var angle: CGFloat = -.pi / 2 { didSet { setNeedsDisplay() } }

    package override func draw(_ rect: CGRect) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = bounds.width / 2 - 4
        UIColor(white: 0.93, alpha: 1).setFill()
        UIBezierPath(roundedRect: bounds.insetBy(dx: 2, dy: 2), cornerRadius: 24).fill()
        UIColor.systemGray.setStroke()
        for tick in 0..<12 {
            let a = CGFloat(tick) * .pi / 6
            let path = UIBezierPath()
            path.move(to: CGPoint(x: center.x + (radius - 14) * cos(a), y: center.y + (radius - 14) * sin(a)))
            path.addLine(to: CGPoint(x: center.x + (radius - 4) * cos(a), y: center.y + (radius - 4) * sin(a)))
            path.lineWidth = 3
            path.stroke()
        }
        let pointer = UIBezierPath()
        pointer.move(to: center)
        pointer.addQuadCurve(to: CGPoint(x: center.x + (radius - 24) * cos(angle), y: center.y + (radius - 24) * sin(angle)),
                             controlPoint: CGPoint(x: center.x + 20 * cos(angle + 0.6), y: center.y + 20 * sin(angle + 0.6)))
        pointer.lineWidth = 6
        pointer.lineCapStyle = .round
        pointer.lineJoinStyle = .round
        UIColor.systemRed.setStroke()
        pointer.stroke()
        UIColor.systemRed.setFill()
        UIBezierPath(arcCenter: center, radius: 8, startAngle: 0, endAngle: 2 * .pi, clockwise: true).fill()
    }
}
