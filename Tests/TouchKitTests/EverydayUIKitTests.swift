import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// The everyday UIKit that real gesture and drawing code uses (issue 27): each behaviour with its
/// rule in docs/uikit-rules.md, and `compilesAsUIKitSpellsIt` listing the signatures as UIKit spells them.
@Suite struct EverydayUIKitTests {
    // MARK: Colours and fonts

    /// Pins UIKIT-EVERYDAY-COLOR.
    @Test func hueSaturationBrightnessConvertsToRGBAndBack() {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        UIColor(hue: 1.0 / 3.0, saturation: 1, brightness: 1, alpha: 0.5).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r) < 1e-12 && abs(g - 1) < 1e-12 && abs(b) < 1e-12 && a == 0.5)
        UIColor(hue: 0.5, saturation: 0.5, brightness: 0.8, alpha: 1).getRed(&r, green: &g, blue: &b, alpha: nil)
        #expect(abs(r - 0.4) < 1e-12 && abs(g - 0.8) < 1e-12 && abs(b - 0.8) < 1e-12)

        var h: CGFloat = -1, s: CGFloat = -1, v: CGFloat = -1
        UIColor(red: 1, green: 0.5, blue: 0, alpha: 1).getHue(&h, saturation: &s, brightness: &v, alpha: &a)
        #expect(abs(h - 30.0 / 360.0) < 1e-12 && s == 1 && v == 1 && a == 1)
        UIColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 1).getHue(&h, saturation: &s, brightness: &v, alpha: nil)
        #expect(h == 0 && s == 0 && v == 0.2)
        // Hue 1 is red again.
        #expect(UIColor(hue: 1, saturation: 1, brightness: 1, alpha: 1) == .red)
    }

    /// Pins UIKIT-EVERYDAY-COLOR: the standard system colours in their light-mode values.
    @Test func systemColoursHaveTheirLightModeValues() {
        #expect(UIColor.systemPink.cgColor.hexString == "#ff2d55ff")
        #expect(UIColor.systemPurple.cgColor.hexString == "#af52deff")
        #expect(UIColor.systemIndigo.cgColor.hexString == "#5856d6ff")
        #expect(UIColor.systemTeal.cgColor.hexString == "#30b0c7ff")
        #expect(UIColor.systemGray6.cgColor.hexString == "#f2f2f7ff")
        #expect(UIColor.secondaryLabel.cgColor.hexString == "#3c3c4399")
    }

    /// Pins UIKIT-EVERYDAY-FONT-WEIGHT.
    @Test func fontWeightsFromSemiboldDrawBold() {
        #expect(UIFont.systemFont(ofSize: 15, weight: .semibold) == UIFont.boldSystemFont(ofSize: 15))
        #expect(UIFont.systemFont(ofSize: 15, weight: .heavy).isBold)
        #expect(!UIFont.systemFont(ofSize: 15, weight: .medium).isBold)
        #expect(UIFont.systemFont(ofSize: 15, weight: .regular) == UIFont.systemFont(ofSize: 15))
    }

    // MARK: Views

    final class TintWatcher: UIView {
        var log: [String]?
        override func tintColorDidChange() { log?.append("\(accessibilityIdentifier ?? "?"):\(tintColor.cgColor.hexString)") }
    }

    /// Pins UIKIT-EVERYDAY-TINT.
    @Test func tintIsInheritedAndChangesAreReportedDownTheInheritingSubtree() {
        let h = Harness()
        let parent = h.add(TintWatcher(0, 0, 100, 100), "P")
        let child = h.add(TintWatcher(0, 0, 50, 50), "C", to: parent)
        let own = h.add(TintWatcher(50, 50, 50, 50), "O", to: parent)
        own.tintColor = .systemRed
        #expect(child.tintColor == .systemBlue)
        var log: [String] = []
        let watchers = [parent, child, own]
        for watcher in watchers { watcher.log = [] }
        parent.tintColor = .systemGreen
        log = watchers.flatMap { $0.log ?? [] }
        #expect(log == ["P:#34c759ff", "C:#34c759ff"])
        #expect(child.tintColor == .systemGreen && own.tintColor == .systemRed)
        for watcher in watchers { watcher.log = [] }
        parent.tintColor = .systemGreen
        parent.tintColor = nil
        #expect(watchers.flatMap { $0.log ?? [] } == ["P:#007affff", "C:#007affff"])
    }

    /// Pins UIKIT-EVERYDAY-SIZING.
    @Test func labelsButtonsAndImagesSizeToTheirContent() {
        let label = UILabel(frame: CGRect(x: 10, y: 20, width: 5, height: 5))
        label.text = "Hello"
        label.font = .systemFont(ofSize: 20)
        // DejaVu Sans advances: H .752, e .615, l .278 ×2, o .612 = 2.535 em.
        #expect(label.intrinsicContentSize == CGSize(width: 51, height: 24))
        label.sizeToFit()
        #expect(label.frame == CGRect(x: 10, y: 20, width: 51, height: 24))
        label.text = "Hello Hello"
        label.numberOfLines = 0
        #expect(label.sizeThatFits(CGSize(width: 60, height: 0)) == CGSize(width: 51, height: 48))
        label.text = nil
        #expect(label.sizeThatFits(.zero) == .zero)

        let button = UIButton(type: .system)
        button.setTitle("OK", for: .normal)
        // O .787 + K .656 = 1.443 em of 17 pt = 24.5 → 25, plus 8 each side; one 17 pt line (20.4 → 21) plus 6 above and below.
        #expect(button.intrinsicContentSize == CGSize(width: 41, height: 33))
        button.sizeToFit()
        #expect(button.bounds.size == CGSize(width: 41, height: 33))

        let image = UIImageView(image: UIImage(systemName: "trash"))
        image.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        image.sizeToFit()
        #expect(image.bounds.size == CGSize(width: 24, height: 24))
        let plain = UIView(0, 0, 30, 40)
        #expect(plain.sizeThatFits(CGSize(width: 500, height: 500)) == CGSize(width: 30, height: 40))
        #expect(plain.intrinsicContentSize == CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }

    /// Pins UIKIT-EVERYDAY-EXCHANGE-SUBVIEW.
    @Test func exchangingSubviewsSwapsHitTestingAndDrawingOrder() throws {
        let h = Harness()
        let back = h.add(TouchView(0, 0, 200, 200), "back")
        let front = h.add(TouchView(0, 0, 200, 200), "front")
        h.window.exchangeSubview(at: 0, withSubviewAt: 1)
        #expect(h.window.subviews.map(\.accessibilityIdentifier) == ["front", "back"])
        h.window.exchangeSubview(at: 0, withSubviewAt: 7)
        try h.tap(1, 50, 50, at: 0)
        #expect(h.log(only: "hit(") == ["hit(1) Window>back"])
        #expect(back.received == ["tb(1)", "te(1)"] && front.received.isEmpty)
        #expect(h.app.renderTree().nodes.map(\.name) == ["Window", "front", "back"])
    }

    /// Pins UIKIT-EVERYDAY-ZPOSITION.
    @Test func zPositionChangesDrawingOrderButNotWhichViewATouchHits() throws {
        let h = Harness()
        let raised = h.add(TouchView(0, 0, 200, 200), "raised")
        let later = h.add(TouchView(0, 0, 200, 200), "later")
        h.add(TouchView(0, 0, 10, 10), "last")
        raised.layer.zPosition = 1
        #expect(h.app.renderTree().nodes.map(\.name) == ["Window", "later", "last", "raised"])
        try h.tap(1, 50, 50, at: 0)
        #expect(h.log(only: "hit(") == ["hit(1) Window>later"])
        #expect(later.received == ["tb(1)", "te(1)"] && raised.received.isEmpty)
        raised.layer.zPosition = -1
        #expect(h.app.renderTree().nodes.map(\.name) == ["Window", "raised", "later", "last"])

        let host = CALayer(), low = CAShapeLayer(), high = CAShapeLayer()
        high.zPosition = 2
        low.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).cgPath
        high.path = UIBezierPath(rect: CGRect(x: 5, y: 5, width: 1, height: 1)).cgPath
        host.addSublayer(high)
        host.addSublayer(low)
        later.layer.addSublayer(host)
        _ = h.app.drainTrace()
        try h.advance(to: 100)
        let fills = h.app.renderTree().node(named: "later")?.displayList?.compactMap { command -> CGFloat? in
            if case .fill(let path, _, _) = command, case .move(let start) = path.first { return start.x }
            return nil
        }
        #expect(fills == [0, 5])
    }

    // MARK: Paths and dashes

    /// Pins UIKIT-EVERYDAY-LINE-DASH.
    @Test func dashedStrokesAreDrawnAsTheirDashes() throws {
        final class Dashed: UIView {
            override func draw(_ rect: CGRect) {
                let path = UIBezierPath()
                path.move(to: CGPoint(x: 0, y: 0))
                path.addLine(to: CGPoint(x: 10, y: 0))
                path.setLineDash([3, 2], count: 2, phase: 1)
                path.stroke()
            }
        }
        let h = Harness()
        let view = h.add(Dashed(0, 0, 20, 20), "dashed")
        view.setNeedsDisplay()
        try h.advance(to: 10)
        guard case .stroke(let path, _, _, _, _) = h.app.renderTree().node(named: "dashed")?.displayList?.first else {
            Issue.record("no stroke"); return
        }
        // Phase 1: 2 painted, 2 gap, 3 painted, 2 gap, 1 painted (the path ends).
        #expect(path == [.move(CGPoint(x: 0, y: 0)), .line(CGPoint(x: 2, y: 0)), .move(CGPoint(x: 4, y: 0)), .line(CGPoint(x: 7, y: 0)),
                         .move(CGPoint(x: 9, y: 0)), .line(CGPoint(x: 10, y: 0))])

        let shape = CAShapeLayer()
        shape.path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 4)).cgPath
        shape.fillColor = nil
        shape.strokeColor = UIColor.black.cgColor
        shape.lineDashPattern = [4, 4]
        view.layer.addSublayer(shape)
        try h.advance(to: 20)
        let strokes = h.app.renderTree().node(named: "dashed")?.displayList?.dropFirst().compactMap { command -> [PathElement]? in
            if case .stroke(let path, _, _, _, _) = command { return path }
            return nil
        }
        // The square's top and bottom edges are painted; the pattern runs on across its corners.
        #expect(strokes == [[.move(CGPoint(x: 0, y: 0)), .line(CGPoint(x: 4, y: 0)), .move(CGPoint(x: 4, y: 4)), .line(CGPoint(x: 0, y: 4))]])
        var count = 0, phase: CGFloat = 0
        var pattern = [CGFloat](repeating: 0, count: 2)
        let patterned = UIBezierPath()
        patterned.setLineDash([6, 3], count: 2, phase: 2)
        patterned.getLineDash(&pattern, count: &count, phase: &phase)
        #expect(pattern == [6, 3] && count == 2 && phase == 2)
    }

    /// Pins UIKIT-EVERYDAY-ROUNDED-CORNERS.
    @Test func onlyTheChosenCornersAreRounded() {
        let path = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), byRoundingCorners: [.topLeft, .bottomRight],
                                cornerRadii: CGSize(width: 20, height: 20))
        #expect(!path.contains(CGPoint(x: 1, y: 1)))
        #expect(path.contains(CGPoint(x: 99, y: 1)))
        #expect(path.contains(CGPoint(x: 1, y: 59)))
        #expect(!path.contains(CGPoint(x: 99, y: 59)))
        #expect(path.contains(CGPoint(x: 50, y: 30)))
        // Radii clamp to half the sides: 100 × 60 with 50-point radii rounds by 50 × 30.
        let clamped = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 60), byRoundingCorners: .allCorners,
                                   cornerRadii: CGSize(width: 50, height: 50))
        #expect(clamped.bounds == CGRect(x: 0, y: 0, width: 100, height: 60))
        #expect(!clamped.contains(CGPoint(x: 8, y: 5)) && clamped.contains(CGPoint(x: 50, y: 2)))
    }

    // MARK: Buttons and images

    /// Pins UIKIT-EVERYDAY-BUTTON-CONTENT.
    @Test func buttonTitlesAndImagesFallBackToTheNormalState() throws {
        let h = Harness()
        let button = h.add(UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 44)), "B")
        button.setTitle("Go", for: .normal)
        button.setImage(UIImage(systemName: "play.fill"), for: .normal)
        button.setImage(UIImage(named: "pressed"), for: .highlighted)
        #expect(button.title(for: .highlighted) == "Go" && button.image(for: .highlighted)?.name == "pressed")
        #expect(h.app.renderTree().node(named: "B")?.image == "play.fill")
        try h.down(1, 50, 20, at: 0)
        #expect(button.currentImage?.name == "pressed")
        #expect(h.app.renderTree().node(named: "B")?.image == "pressed")
        #expect(h.app.renderTree().node(named: "B")?.control?.title == "Go")
        #expect(UIImage(systemName: "") == nil)
    }

    // MARK: Target–action, feedback, display link

    /// Pins UIKIT-EVERYDAY-REMOVE-TARGET.
    @Test func removeTargetActionRemovesThatTargetsPairs() throws {
        let h = Harness()
        let tap = UITapGestureRecognizer()
        let kept = ActionLog(), removed = ActionLog()
        tap.name = "tap"
        tap.addTarget(kept, action: ActionLog.tap)
        tap.addTarget(removed, action: ActionLog.tap)
        tap.addTarget(removed, action: ActionLog.plain)
        h.add(UIView(0, 0, 200, 200), "V").addGestureRecognizer(tap)
        tap.removeTarget(removed, action: ActionLog.tap)
        try h.tap(1, 50, 50, at: 0)
        #expect(kept.entries == ["tap:ended"] && removed.entries == ["plain"])
        tap.removeTarget(removed, action: nil)
        try h.tap(2, 50, 50, at: 1000)
        #expect(kept.entries == ["tap:ended", "tap:ended"] && removed.entries == ["plain"])
        tap.removeTarget(nil, action: nil)
        try h.tap(3, 50, 50, at: 2000)
        #expect(kept.entries.count == 2)
    }

    /// Pins UIKIT-EVERYDAY-FEEDBACK.
    @Test func impactFeedbackIsANoOpThatLogs() throws {
        let h = Harness()
        let view = h.add(UIView(0, 0, 200, 200), "V")
        let generator = UIImpactFeedbackGenerator(style: .heavy)
        let tap = UITapGestureRecognizer { _ in
            generator.prepare()
            generator.impactOccurred()
        }
        tap.name = "tap"
        view.addGestureRecognizer(tap)
        try h.tap(1, 50, 50, at: 0)
        #expect(h.log(only: "tap:", "act(", "note:") == ["tap:possible→ended", "act(tap,ended)", "note: impact feedback heavy (intensity 1.0)"])
        UIImpactFeedbackGenerator(style: .light, view: view).impactOccurred(intensity: 0.44)
        #expect(h.log(only: "note:") == ["note: impact feedback light (intensity 0.4)"])
        // Outside any turn and with no view, there is no application to tell.
        generator.impactOccurred()
        #expect(h.log(only: "note:").isEmpty)
    }

    final class Ticker: UIView {
        var frames: [String] = []
        func step(_ link: CADisplayLink) {
            frames.append(String(format: "%.4f→%.4f", link.timestamp, link.targetTimestamp))
        }
    }

    /// Pins UIKIT-EVERYDAY-DISPLAY-LINK.
    @Test func displayLinkFiresAtEachFrameOfTheEngineClock() throws {
        let h = Harness()
        let ticker = h.add(Ticker(0, 0, 10, 10), "T")
        try h.advance(to: 5)
        let link = CADisplayLink(target: ticker, selector: Ticker.step)
        link.add(to: .main, forMode: .common)
        try h.advance(to: 60)
        #expect(ticker.frames == ["0.0167→0.0333", "0.0333→0.0500", "0.0500→0.0667"])
        ticker.frames = []
        link.isPaused = true
        try h.advance(to: 200)
        #expect(ticker.frames.isEmpty)
        link.preferredFramesPerSecond = 30
        link.isPaused = false
        try h.advance(to: 270)
        #expect(ticker.frames == ["0.2333→0.2667", "0.2667→0.3000"] && link.duration == 1.0 / 30)
        ticker.frames = []
        link.invalidate()
        try h.advance(to: 400)
        #expect(ticker.frames.isEmpty && h.app.nextDeadline == nil)
    }

    // MARK: Compile test

    final class Checkbox: UIControl {
        override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            super.beginTracking(touch, with: event)
            return true
        }
        override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            super.continueTracking(touch, with: event)
            return true
        }
    }

    /// Compile test: each line is spelled as UIKit spells it (labels, types and optionality); calling a
    /// discardable result without `_ =` must not warn (the build has zero warnings).
    @Test func compilesAsUIKitSpellsIt() {
        let view = UIView(frame: .zero)
        view.tintColor = .systemIndigo
        let tint: UIColor = view.tintColor
        view.contentMode = .scaleAspectFit
        view.isOpaque = false
        view.exchangeSubview(at: 0, withSubviewAt: 1)
        view.sizeToFit()
        let fitted: CGSize = view.sizeThatFits(CGSize(width: 10, height: 10))
        let intrinsic: CGSize = view.intrinsicContentSize
        view.invalidateIntrinsicContentSize()
        view.layer.zPosition = 1
        let colours: [UIColor] = [.systemBlue, .systemGreen, .systemRed, .systemOrange, .systemYellow, .systemPink, .systemPurple,
                                  .systemTeal, .systemIndigo, .systemBrown, .systemMint, .systemCyan, .systemGray, .systemGray2,
                                  .systemGray3, .systemGray4, .systemGray5, .systemGray6, .label, .secondaryLabel, .tertiaryLabel,
                                  .systemBackground, .secondarySystemBackground, .separator, .link]
        var hue: CGFloat = 0, saturation: CGFloat = 0, brightness: CGFloat = 0, alpha: CGFloat = 0
        let colour = UIColor(hue: 0.1, saturation: 0.2, brightness: 0.3, alpha: 1)
        colour.getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: &alpha)
        colour.getRed(&hue, green: &saturation, blue: &brightness, alpha: &alpha)
        let shape = CAShapeLayer()
        shape.lineDashPattern = [4, 2]
        shape.lineDashPhase = 1
        let path = UIBezierPath(roundedRect: .zero, byRoundingCorners: [.topLeft, .topRight], cornerRadii: CGSize(width: 4, height: 4))
        path.setLineDash([4, 2], count: 2, phase: 0)
        let button = UIButton(type: .system)
        button.setTitle("Delete", for: .normal)
        button.setImage(UIImage(systemName: "trash"), for: .normal)
        let title: String? = button.title(for: .normal)
        let image: UIImage? = button.image(for: .normal)
        let font: UIFont = .systemFont(ofSize: 17, weight: .semibold)
        let feedback = UIImpactFeedbackGenerator(style: .medium)
        feedback.impactOccurred()
        let log = ActionLog()
        let pan = UIPanGestureRecognizer(target: log, action: ActionLog.any)
        pan.removeTarget(log, action: ActionLog.any)
        pan.removeTarget(log, action: nil)
        let link = CADisplayLink(target: view, selector: UIView.setNeedsDisplay)
        link.add(to: .main, forMode: .default)
        link.invalidate()
        UIImpactFeedbackGenerator(style: .rigid, view: view).impactOccurred(intensity: 0.5)
        pan.removeTarget(nil, action: nil)
        var white: CGFloat = 0
        colour.getWhite(&white, alpha: nil)
        let frameTimes: [TimeInterval] = [link.timestamp, link.targetTimestamp, link.duration]
        link.isPaused = true
        link.preferredFramesPerSecond = 30
        let segmented = UISegmentedControl(items: ["A", "B"])
        segmented.insertSegment(withTitle: "C", at: 2, animated: true)
        segmented.setTitle("Z", forSegmentAt: 0)
        segmented.setEnabled(false, forSegmentAt: 1)
        segmented.selectedSegmentIndex = UISegmentedControl.noSegment
        segmented.isMomentary = true
        segmented.selectedSegmentTintColor = .systemRed
        let segmentTitle: String? = segmented.titleForSegment(at: 0)
        let count: Int = segmented.numberOfSegments
        let stepper = UIStepper(frame: .zero)
        stepper.value = 1
        stepper.minimumValue = -5
        stepper.maximumValue = 5
        stepper.stepValue = 0.5
        stepper.wraps = true
        stepper.autorepeat = false
        stepper.isContinuous = false
        let currentImage: UIImage? = button.currentImage
        _ = (tint, fitted, intrinsic, colours, title, image, font, Checkbox(), frameTimes, segmentTitle, count, currentImage)
    }
}
