import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

// UIKit-shaped code as it appears in iOS projects (a checkbox, a rotary knob): it compiles
// unchanged against TouchKit — `required init?(coder:)`, `layerClass`, UIBezierPath drawing,
// CAShapeLayer sublayers, layer styling — and draws what it says.

final class Checkbox: UIControl {
    private let checkmark = CAShapeLayer()
    var isChecked = false { didSet { checkmark.strokeEnd = isChecked ? 1 : 0 } }

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    private func commonInit() {
        layer.cornerRadius = 6
        layer.borderWidth = 2
        layer.borderColor = UIColor.systemBlue.cgColor
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.3
        layer.shadowOffset = CGSize(width: 0, height: 2)
        layer.shadowRadius = 4
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 6, y: 15))
        path.addLine(to: CGPoint(x: 12, y: 22))
        path.addLine(to: CGPoint(x: 24, y: 8))
        checkmark.path = path.cgPath
        checkmark.fillColor = UIColor.clear.cgColor
        checkmark.strokeColor = UIColor.systemBlue.cgColor
        checkmark.lineWidth = 3
        checkmark.lineCap = .round
        checkmark.lineJoin = .round
        checkmark.strokeEnd = 0
        layer.addSublayer(checkmark)
        addTarget(self, action: Checkbox.toggle, for: .touchUpInside)
    }

    func toggle() { isChecked.toggle() }
}

final class KnobView: UIView {
    var value: CGFloat = 0.25 { didSet { setNeedsDisplay() } }

    override class var layerClass: AnyClass { CAShapeLayer.self }
    var ring: CAShapeLayer { layer as! CAShapeLayer }

    override init(frame: CGRect) {
        super.init(frame: frame)
        ring.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 4, dy: 4)).cgPath
        ring.fillColor = nil
        ring.strokeColor = UIColor.systemGray.cgColor
        ring.lineWidth = 2
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func draw(_ rect: CGRect) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let angle = -CGFloat.pi / 2 + value * 2 * .pi
        let pointer = UIBezierPath()
        pointer.move(to: center)
        pointer.addLine(to: CGPoint(x: center.x + 30 * cos(angle), y: center.y + 30 * sin(angle)))
        pointer.lineWidth = 4
        pointer.lineCapStyle = .round
        pointer.lineJoinStyle = .round
        UIColor.systemRed.setStroke()
        pointer.stroke()
        UIColor.systemBlue.setFill()
        UIBezierPath(ovalIn: CGRect(x: center.x - 5, y: center.y - 5, width: 10, height: 10)).fill()
    }
}

final class KnobViewController: UIViewController {
    let knob = KnobView(frame: CGRect(x: 100, y: 100, width: 80, height: 80))

    override init() { super.init() }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        knob.accessibilityIdentifier = "knob"
        view.addSubview(knob)
    }
}

@Suite struct UIKitShapedDrawingTests {
    @Test func coderInitializersFailAsThereAreNoArchives() {
        let coder = NSCoder()
        #expect(UIView(coder: coder) == nil)
        #expect(UIViewController(coder: coder) == nil)
        #expect(Checkbox(coder: coder) == nil)
    }

    @Test func theCheckboxStrokesItsCheckmarkOnceTapped() throws {
        let h = Harness()
        let box = h.add(Checkbox(frame: CGRect(x: 10, y: 10, width: 30, height: 30)), "box")
        #expect(h.app.renderTree().node(named: "box")?.displayList == nil, "strokeEnd 0 strokes nothing, a clear fill paints nothing")
        try h.tap(1, 25, 25, at: 0)
        #expect(box.isChecked)
        let node = try #require(h.app.renderTree().node(named: "box"))
        #expect(node.cornerRadius == 6 && node.borderWidth == 2)
        let stroke = try #require(node.displayList?.last)
        #expect(stroke == .stroke(path: [.move(CGPoint(x: 6, y: 15)), .line(CGPoint(x: 12, y: 22)), .line(CGPoint(x: 24, y: 8))],
                                  color: UIColor.systemBlue.cgColor, lineWidth: 3, lineCap: .round, lineJoin: .round))
    }

    @Test func theKnobDrawsItsPointerOverItsShapeLayersRing() throws {
        let h = Harness()
        h.host(KnobViewController())
        try h.advance(to: 1)
        let commands = try #require(h.app.renderTree().node(named: "knob")?.displayList)
        #expect(commands.count == 3)
        guard case .stroke(let pointer, UIColor.systemRed.cgColor, 4, .round, .round) = commands[0] else {
            Issue.record("expected the red pointer first, got \(commands[0])")
            return
        }
        // value 0.25: a quarter turn clockwise from 12 o'clock points right.
        #expect(pointer.count == 2)
        if case .line(let end) = pointer[1] { #expect(abs(end.x - 70) < 1e-9 && abs(end.y - 40) < 1e-9) }
        guard case .fill(_, UIColor.systemBlue.cgColor, false) = commands[1],
              case .stroke(let ring, UIColor.systemGray.cgColor, 2, .butt, .miter) = commands[2] else {
            Issue.record("expected the blue hub, then the grey ring, got \(commands)")
            return
        }
        #expect(ring.count > 16, "the oval is flattened into segments")
    }
}
