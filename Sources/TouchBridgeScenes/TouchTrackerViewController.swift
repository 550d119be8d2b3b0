import TouchKit

extension Selector {
    /// TouchTracker's Delete menu item: `TouchTrackerView.deleteLine(_:)`.
    static let deleteLine = Selector("deleteLine:", TouchTrackerView.deleteLine)
}

/// A TouchTracker line: where it runs, how thick it is, and its colour (nil: by its angle).
package struct TrackedLine: Equatable, Sendable {
    /// Where the finger landed.
    package var begin: CGPoint
    /// Where the finger is, or lifted.
    package var end: CGPoint
    /// The stroke width: from the pan's speed while the line was drawn (the "speed" challenge).
    package var width: CGFloat
    /// The palette's colour when the line was finished; nil colours it by its angle (the "colours" challenge).
    package var colour: UIColor?
}

/// Big Nerd Ranch's TouchTracker exercise, written from its description: every finger draws a line from
/// the responder methods; a double tap clears; a tap selects the line under it and offers Delete in the edit
/// menu (`UIMenuController`, the view as first responder); a long press selects a line and a pan drags it
/// while the press holds; the pan also measures speed, which sets the width of lines being drawn; finished
/// lines are coloured by their angle; a three-finger swipe up shows a palette whose colour finished lines take.
/// Its one lint, TB-L03 (a single tap waits for the double tap to fail), is the exercise's own lesson.
package final class TouchTrackerView: UIView, UIGestureRecognizerDelegate {
    /// Lines being drawn, one per finger, in landing order.
    package private(set) var currentLines: [(touch: UITouch, line: TrackedLine)] = []
    /// Lines whose finger lifted, in the order they finished.
    package private(set) var finishedLines: [TrackedLine] = []
    /// The line a tap or a long press selected (drawn green).
    package private(set) var selectedLineIndex: Int?
    /// The palette's colour for new lines; nil colours them by angle.
    package private(set) var chosenColour: UIColor?
    /// The colour palette a three-finger swipe up shows. Its controller puts it beside this view, in front, not
    /// inside it: inside, this view's tap recognizers would delay the swatches' touches (lint TB-L04).
    package let palette = UIView(frame: .zero)
    /// The long press that selects a line to move.
    private var longPress: UILongPressGestureRecognizer!
    /// The width of lines being drawn, from the pan's latest speed.
    private var currentWidth = TouchTrackerView.restingWidth

    /// The width of a line drawn without a pan (a tap, a slow start) and the thinnest one.
    static let restingWidth: CGFloat = 4
    /// The thickest line.
    static let widestWidth: CGFloat = 20
    /// How near a line a tap or long press must be to select it.
    static let selectionDistance: CGFloat = 20
    /// The palette's colours, by name (the first is no colour: by angle).
    static let paletteColours: [(name: String, colour: UIColor?)] = [
        ("angle", nil), ("black", .black), ("red", .systemRed), ("blue", .systemBlue), ("green", .systemGreen),
    ]

    package override init(frame: CGRect) {
        super.init(frame: frame)
        isMultipleTouchEnabled = true
        backgroundColor = .white

        let doubleTap = UITapGestureRecognizer(target: self, action: TouchTrackerView.doubleTap)
        doubleTap.name = "doubleTap"
        doubleTap.numberOfTapsRequired = 2
        doubleTap.delaysTouchesBegan = true
        addGestureRecognizer(doubleTap)

        let tap = UITapGestureRecognizer(target: self, action: TouchTrackerView.tap)
        tap.name = "tap"
        tap.delaysTouchesBegan = true
        tap.require(toFail: doubleTap)
        addGestureRecognizer(tap)

        longPress = UILongPressGestureRecognizer(target: self, action: TouchTrackerView.longPress)
        longPress.name = "longPress"
        addGestureRecognizer(longPress)

        let pan = UIPanGestureRecognizer(target: self, action: TouchTrackerView.moveLine)
        pan.name = "pan"
        pan.delegate = self
        pan.cancelsTouchesInView = false
        // Three fingers are the swipe's: the pan never begins with them (lint TB-L11 otherwise).
        pan.maximumNumberOfTouches = 2
        addGestureRecognizer(pan)

        let swipe = UISwipeGestureRecognizer(target: self, action: TouchTrackerView.showPalette)
        swipe.name = "threeFingerSwipe"
        swipe.direction = .up
        swipe.numberOfTouchesRequired = 3
        addGestureRecognizer(swipe)

        palette.accessibilityIdentifier = "palette"
        palette.backgroundColor = .systemGray5
        palette.layer.cornerRadius = 12
        palette.isHidden = true
        for (index, entry) in Self.paletteColours.enumerated() {
            let swatch = UIButton(type: .system)
            swatch.accessibilityIdentifier = "palette-\(entry.name)"
            swatch.backgroundColor = entry.colour ?? .white
            swatch.layer.cornerRadius = 8
            if entry.colour == nil { swatch.setTitle("Hue", for: .normal) }
            swatch.addAction(UIAction { [unowned self] _ in choose(Self.paletteColours[index].colour) }, for: .touchUpInside)
            palette.addSubview(swatch)
        }
    }

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    package required init?(coder: NSCoder) {
        return nil
    }

    /// The view shows the Delete menu, so it must be able to become first responder (UIKIT-MENU-SHOW).
    package override var canBecomeFirstResponder: Bool { true }

    /// Lays the palette out in `frame`: one swatch per colour, side by side.
    func layOutPalette(in frame: CGRect) {
        palette.frame = frame
        let inset: CGFloat = 8, count = CGFloat(palette.subviews.count)
        let width = (frame.width - inset * (count + 1)) / count
        for (index, swatch) in palette.subviews.enumerated() {
            swatch.frame = CGRect(x: inset + CGFloat(index) * (width + inset), y: inset, width: width, height: frame.height - 2 * inset)
        }
    }

    // MARK: Drawing with the responder methods

    package override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            let point = touch.location(in: self)
            currentLines.append((touch, TrackedLine(begin: point, end: point, width: currentWidth, colour: nil)))
        }
        setNeedsDisplay()
    }

    package override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches {
            guard let index = currentLines.firstIndex(where: { $0.touch === touch }) else { continue }
            currentLines[index].line.end = touch.location(in: self)
        }
        setNeedsDisplay()
    }

    package override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        for touch in touches.sorted(by: { $0.identifier < $1.identifier }) {
            guard let index = currentLines.firstIndex(where: { $0.touch === touch }) else { continue }
            var line = currentLines.remove(at: index).line
            line.end = touch.location(in: self)
            line.colour = chosenColour
            finishedLines.append(line)
        }
        setNeedsDisplay()
    }

    /// A cancelled touch's line goes away, as the book's version does (a recognizer took the touch).
    package override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        currentLines.removeAll { entry in touches.contains(entry.touch) }
        setNeedsDisplay()
    }

    package override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setLineCap(.round)
        for (index, line) in finishedLines.enumerated() {
            stroke(line, in: context, colour: index == selectedLineIndex ? .systemGreen : Self.colour(of: line))
        }
        for (_, line) in currentLines { stroke(line, in: context, colour: .red) }
    }

    private func stroke(_ line: TrackedLine, in context: CGContext, colour: UIColor) {
        colour.set()
        context.setLineWidth(line.width)
        context.move(to: line.begin)
        context.addLine(to: line.end)
        context.strokePath()
    }

    /// A finished line's colour: the palette's, else its hue from its angle (0 to 180°, either way along it);
    /// a dot has no angle and is black.
    static func colour(of line: TrackedLine) -> UIColor {
        if let colour = line.colour { return colour }
        let dx = line.end.x - line.begin.x, dy = line.end.y - line.begin.y
        guard dx != 0 || dy != 0 else { return .black }
        var angle = atan2(dy, dx)
        if angle < 0 { angle += .pi }
        return UIColor(hue: min(angle / .pi, 1), saturation: 1, brightness: 0.8, alpha: 1)
    }

    /// The finished line within `selectionDistance` of `point`, the latest drawn first.
    func indexOfLine(at point: CGPoint) -> Int? {
        finishedLines.indices.reversed().first { Self.distance(from: point, to: finishedLines[$0]) <= Self.selectionDistance }
    }

    private static func distance(from point: CGPoint, to line: TrackedLine) -> CGFloat {
        let dx = line.end.x - line.begin.x, dy = line.end.y - line.begin.y
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared == 0 ? 0 : min(max(((point.x - line.begin.x) * dx + (point.y - line.begin.y) * dy) / lengthSquared, 0), 1)
        let x = line.begin.x + t * dx - point.x, y = line.begin.y + t * dy - point.y
        return (x * x + y * y).squareRoot()
    }

    // MARK: Recognizers

    func doubleTap(_ sender: UITapGestureRecognizer) {
        selectedLineIndex = nil
        currentLines.removeAll()
        finishedLines.removeAll()
        UIMenuController.shared.hideMenu()
        setNeedsDisplay()
    }

    /// Selects the line under the tap and shows the Delete menu there, or hides the menu (and the palette).
    func tap(_ sender: UITapGestureRecognizer) {
        let point = sender.location(in: self)
        selectedLineIndex = indexOfLine(at: point)
        palette.isHidden = true
        let menu = UIMenuController.shared
        if selectedLineIndex != nil {
            becomeFirstResponder()
            menu.menuItems = [UIMenuItem(title: "Delete", action: .deleteLine)]
            menu.showMenu(from: self, rect: CGRect(x: point.x, y: point.y, width: 2, height: 2))
        } else {
            menu.hideMenu()
        }
        setNeedsDisplay()
    }

    /// The Delete item's action: the selected line goes.
    func deleteLine(_ sender: Any?) {
        guard let index = selectedLineIndex else { return }
        finishedLines.remove(at: index)
        selectedLineIndex = nil
        setNeedsDisplay()
    }

    /// Selects the line under the finger while the press holds (the pan drags it); the lines the press's
    /// touches began are cancelled with them.
    func longPress(_ sender: UILongPressGestureRecognizer) {
        switch sender.state {
        case .began:
            selectedLineIndex = indexOfLine(at: sender.location(in: self))
            UIMenuController.shared.hideMenu()
        case .ended, .cancelled, .failed:
            selectedLineIndex = nil
        default:
            break
        }
        setNeedsDisplay()
    }

    /// Drags the selected line while the long press holds it; otherwise the pan's speed sets the width of the
    /// lines being drawn (faster is thicker: 4 pt at rest, 1 pt more per 100 pt/s, at most 20 pt).
    func moveLine(_ sender: UIPanGestureRecognizer) {
        guard sender.state == .began || sender.state == .changed else { return }
        guard let index = selectedLineIndex, longPress.state == .began || longPress.state == .changed else {
            let velocity = sender.velocity(in: self)
            let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
            currentWidth = min(Self.restingWidth + speed / 100, Self.widestWidth)
            for index in currentLines.indices { currentLines[index].line.width = currentWidth }
            setNeedsDisplay()
            return
        }
        let translation = sender.translation(in: self)
        finishedLines[index].begin.x += translation.x
        finishedLines[index].begin.y += translation.y
        finishedLines[index].end.x += translation.x
        finishedLines[index].end.y += translation.y
        sender.setTranslation(.zero, in: self)
        setNeedsDisplay()
    }

    /// The pan runs with the other recognizers — beside the long press to drag, beside drawing to measure speed —
    /// except the three-finger swipe, which is a gesture of its own.
    package func gestureRecognizer(
        _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
    ) -> Bool {
        !(gestureRecognizer is UISwipeGestureRecognizer || otherGestureRecognizer is UISwipeGestureRecognizer)
    }

    func showPalette(_ sender: UISwipeGestureRecognizer) {
        palette.isHidden = false
    }

    private func choose(_ colour: UIColor?) {
        chosenColour = colour
        palette.isHidden = true
    }
}

/// The TouchTracker scene: a line of help on top, the `TouchTrackerView` below it, and the palette in front of
/// the drawing view's bottom.
package final class TouchTrackerViewController: UIViewController {
    private var status: UILabel!
    /// The drawing view.
    package private(set) var drawView: TouchTrackerView!

    package override func viewDidLoad() {
        view.backgroundColor = .white
        drawView = TouchTrackerView(frame: .zero)
        drawView.accessibilityIdentifier = "canvas"
        view.addSubview(drawView)
        view.addSubview(drawView.palette)
        status = makeStatusLabel("Draw with your fingers. Double-tap clears; tap a line to delete it; hold a line, then drag it; "
            + "swipe up with three fingers for colours.")
        status.numberOfLines = 0
    }

    /// The help on top; the drawing view in the rest of the safe area; the palette, 60 pt high, along the bottom
    /// of the stage.
    package override func viewDidLayoutSubviews() {
        let regions = SceneRegions(view, statusLabel: status)
        status.frame = regions.status
        let safe = view.bounds.inset(by: view.safeAreaInsets)
        let top = regions.status.maxY + SceneRegions.gap
        drawView.frame = CGRect(x: safe.minX, y: top, width: safe.width, height: max(safe.maxY - top, 0))
        let height = min(60, regions.stage.height)
        drawView.layOutPalette(in: CGRect(x: regions.stage.minX, y: regions.stage.maxY - height, width: regions.stage.width, height: height))
    }
}
