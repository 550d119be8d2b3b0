import Foundation
import Testing
import TouchBridgeScenes
import TouchKit
import TouchKitTestSupport

extension Harness {
    /// Two fingers 100 pt apart about `center` spread to 200 pt while turning by 0.3 rad, in ten frames 16 ms
    /// apart; the fingers stay down.
    func spreadAndTurn(about center: CGPoint) throws {
        let c = center
        try frame([(.down, 1, c.x - 50, c.y), (.down, 2, c.x + 50, c.y)], at: 0)
        for step in 1...10 {
            let r = 50 + CGFloat(step) * 5, a = CGFloat(step) * 0.03
            try frame([(.move, 1, c.x - r * cos(a), c.y - r * sin(a)), (.move, 2, c.x + r * cos(a), c.y + r * sin(a))], at: Double(step) * 16)
        }
    }
}

/// Issue 27, part 5: the classic touch-handling exercises as scenes, each step of each driven through the digitizer.
@Suite struct ClassicExerciseTests {
    // MARK: TouchTracker

    private func touchTracker() -> (Harness, TouchTrackerView) {
        let h = Harness()
        let scene = TouchTrackerViewController()
        h.host(scene)
        return (h, scene.drawView)
    }

    /// The middle of the edit menu's item `title`, in window points.
    private func menuItem(_ title: String, in h: Harness) throws -> CGPoint {
        let bar = try #require(h.window.subviews.last { $0.accessibilityIdentifier == "menu" })
        let item = try #require(bar.subviews.first { $0.accessibilityIdentifier == "menu-\(title)" })
        return item.convert(CGPoint(x: item.bounds.midX, y: item.bounds.midY), to: nil)
    }

    /// Draws a line with finger `id` from `start` to `end` in ten moves 16 ms apart, starting at `ms`.
    private func line(_ h: Harness, _ id: Int, from start: CGPoint, to end: CGPoint, at ms: Double) throws {
        try h.drag(id, from: start, to: end, at: ms)
    }

    /// Step 1 and the speed and colour challenges: each finger draws its own line (red while drawn); a fast
    /// stroke is thicker than a slow one; a finished line takes its colour from its angle.
    @Test func touchTrackerDrawsALinePerFingerWithWidthFromSpeedAndColourFromAngle() throws {
        let (h, canvas) = touchTracker()
        try h.frame([(.down, 1, 100, 200), (.down, 2, 300, 200)], at: 0)
        for step in 1...10 {
            try h.frame([(.move, 1, 100, 200 + CGFloat(step) * 20), (.move, 2, 300, 200 + CGFloat(step) * 20)], at: Double(step) * 16)
        }
        #expect(canvas.currentLines.count == 2)
        let drawing = try #require(h.app.renderTree().node(named: "canvas")?.displayList)
        #expect(drawing.filter { if case .stroke(_, let colour, _, _, _) = $0 { colour == UIColor.red.cgColor } else { false } }.count == 2)
        try h.frame([(.up, 1, 100, 400), (.up, 2, 300, 400)], at: 176)
        #expect(h.log(only: "act(") == ["act(pan,began)"] + Array(repeating: "act(pan,changed)", count: 9) + ["act(pan,ended)"])
        #expect(canvas.finishedLines.map(\.end) == [CGPoint(x: 100, y: 400), CGPoint(x: 300, y: 400)].map { canvas.convert($0, from: nil) })
        let fast = canvas.finishedLines[0].width
        #expect(fast > 10 && fast <= 20 && canvas.finishedLines[1].width == fast, "1250 pt/s: 4 + 12.5 pt")

        // A slow stroke: 100 pt in 2 s.
        try h.drag(3, from: CGPoint(x: 50, y: 600), to: CGPoint(x: 150, y: 600), at: 1000, steps: 10, interval: 200)
        let slow = try #require(canvas.finishedLines.last)
        #expect(slow.width < 6 && slow.width >= 4, "50 pt/s: 4.5 pt")
        // Vertical lines are cyan (hue 0.5), the horizontal one red (hue 0).
        let finished = try #require(h.app.renderTree().node(named: "canvas")?.displayList)
        let colours = finished.compactMap { if case .stroke(_, let colour, _, _, _) = $0 { colour } else { nil } }
        #expect(colours == [UIColor(hue: 0.5, saturation: 1, brightness: 0.8, alpha: 1).cgColor,
                            UIColor(hue: 0.5, saturation: 1, brightness: 0.8, alpha: 1).cgColor,
                            UIColor(hue: 0, saturation: 1, brightness: 0.8, alpha: 1).cgColor])
    }

    /// Step 2: a double tap clears every line; the taps draw nothing (both tap recognizers delay touchesBegan).
    @Test func touchTrackerDoubleTapClears() throws {
        let (h, canvas) = touchTracker()
        try line(h, 1, from: CGPoint(x: 100, y: 200), to: CGPoint(x: 300, y: 200), at: 0)
        _ = h.log()
        try h.tap(2, 200, 500, at: 1000)
        try h.tap(3, 200, 500, at: 1150)
        #expect(h.log(only: "act(", "doubleTap:", "tap:", "canvas.tb(") == [
            "tap:possible→failed [another touch began after 1 tap(s) were complete]", "doubleTap:possible→ended", "act(doubleTap,ended)",
        ])
        #expect(canvas.finishedLines.isEmpty && canvas.currentLines.isEmpty)
    }

    /// Step 3 (UIKIT-MENU-SHOW, UIKIT-MENU-ITEM-ACTION): a tap on a line selects it (green) and shows Delete above
    /// it once the double tap failed; Delete removes it; a tap on no line hides the menu.
    @Test func touchTrackerTapSelectsALineAndDeleteRemovesIt() throws {
        let (h, canvas) = touchTracker()
        try line(h, 1, from: CGPoint(x: 100, y: 300), to: CGPoint(x: 300, y: 300), at: 0)
        try line(h, 2, from: CGPoint(x: 100, y: 500), to: CGPoint(x: 300, y: 500), at: 500)
        _ = h.log()
        try h.tap(3, 200, 310, at: 1000)
        try h.advance(to: 2000)
        #expect(h.log(only: "act(", "note:") == ["act(tap,ended)", "note: menu shown: Delete"])
        #expect(canvas.selectedLineIndex == 0 && canvas.isFirstResponder)
        let selected = try #require(h.app.renderTree().node(named: "canvas")?.displayList)
        #expect(selected.contains { if case .stroke(_, let colour, _, _, _) = $0 { colour == UIColor.systemGreen.cgColor } else { false } })
        let delete = try menuItem("Delete", in: h)
        #expect(abs(delete.y - (310 - 8 - 22)) < 1e-9, "the bar's bottom 8 pt above the tap")
        try h.tap(4, delete.x, delete.y, at: 3000)
        #expect(h.log(only: "act(", "note:", "menu-Delete:touchUpInside") == [
            "menu-Delete:touchUpInside", "note: menu hidden: Delete was tapped", "note: menu item Delete: deleteLine: sent to canvas",
        ])
        #expect(canvas.finishedLines.map(\.begin) == [canvas.convert(CGPoint(x: 100, y: 500), from: nil)])
        #expect(canvas.selectedLineIndex == nil)

        // Select the other line, then tap where there is none: the touch hides the menu and the tap selects nothing.
        try h.tap(5, 200, 500, at: 4000)
        try h.tap(6, 200, 700, at: 5000)
        try h.advance(to: 6000)
        #expect(h.log(only: "act(", "note:") == ["act(tap,ended)", "note: menu shown: Delete", "note: menu hidden: a touch began outside it", "act(tap,ended)"])
        #expect(canvas.selectedLineIndex == nil && canvas.finishedLines.count == 1)
    }

    /// Step 4: a long press on a line selects it, and the pan, running beside it, drags the line with the finger;
    /// lifting lets it go. The press's own touch draws nothing (the press cancels it).
    @Test func touchTrackerLongPressThenPanMovesALine() throws {
        let (h, canvas) = touchTracker()
        try line(h, 1, from: CGPoint(x: 100, y: 300), to: CGPoint(x: 300, y: 300), at: 0)
        _ = h.log()
        try h.down(2, 200, 300, at: 1000)
        try h.advance(to: 1600)
        #expect(canvas.selectedLineIndex == 0)
        for step in 1...10 { try h.move(2, 200 + CGFloat(step) * 5, 300 + CGFloat(step) * 10, at: 1600 + Double(step) * 16) }
        try h.up(2, 250, 400, at: 1800)
        #expect(h.log(only: "act(longPress", "act(pan,began)", "act(pan,ended)") == ["act(longPress,began)", "act(longPress,changed)", "act(pan,began)"]
            + Array(repeating: "act(longPress,changed)", count: 9) + ["act(longPress,ended)", "act(pan,ended)"])
        #expect(canvas.finishedLines.map(\.begin) == [canvas.convert(CGPoint(x: 150, y: 400), from: nil)])
        #expect(canvas.finishedLines.map(\.end) == [canvas.convert(CGPoint(x: 350, y: 400), from: nil)])
        #expect(canvas.selectedLineIndex == nil && canvas.currentLines.isEmpty)
    }

    /// Challenge: a three-finger swipe up shows the palette (its touches draw no line); a colour chosen there
    /// colours the lines finished afterwards.
    @Test func touchTrackerThreeFingerSwipeShowsThePalette() throws {
        let (h, canvas) = touchTracker()
        try h.frame([(.down, 1, 100, 600), (.down, 2, 200, 600), (.down, 3, 300, 600)], at: 0)
        for step in 1...5 {
            let y = 600 - CGFloat(step) * 40
            try h.frame([(.move, 1, 100, y), (.move, 2, 200, y), (.move, 3, 300, y)], at: Double(step) * 16)
        }
        try h.frame([(.up, 1, 100, 400), (.up, 2, 200, 400), (.up, 3, 300, 400)], at: 96)
        #expect(h.log(only: "act(threeFingerSwipe") == ["act(threeFingerSwipe,ended)"])
        #expect(!canvas.palette.isHidden && canvas.finishedLines.isEmpty && canvas.currentLines.isEmpty)
        let blue = try #require(canvas.palette.subviews.first { $0.accessibilityIdentifier == "palette-blue" })
        let point = blue.convert(CGPoint(x: blue.bounds.midX, y: blue.bounds.midY), to: nil)
        try h.tap(4, point.x, point.y, at: 1000)
        try h.advance(to: 2000)
        #expect(h.log(only: "palette-blue:touchUpInside") == ["palette-blue:touchUpInside"])
        #expect(canvas.palette.isHidden && canvas.chosenColour == .systemBlue && canvas.finishedLines.isEmpty)
        try line(h, 5, from: CGPoint(x: 100, y: 300), to: CGPoint(x: 300, y: 300), at: 3000)
        #expect(canvas.finishedLines.map(\.colour) == [.systemBlue])
    }

    // MARK: Apple's gesture sample: pieces

    private func pieces() -> (Harness, GesturePiecesViewController) {
        let h = Harness()
        let scene = GesturePiecesViewController()
        h.host(scene)
        return (h, scene)
    }

    /// Step 1 (UIKIT-LAYER-ANCHOR-POINT): a pinch off a piece's middle moves its anchor point to the fingers and
    /// scales it about them; its pan and rotation run beside the pinch; the other pieces' do not.
    @Test func piecesPinchAboutTheFingers() throws {
        let (h, scene) = pieces()
        let piece = scene.pieces[1]
        let local = CGPoint(x: piece.bounds.width / 4, y: piece.bounds.height / 4)
        let mid = piece.convert(local, to: nil)
        try h.frame([(.down, 1, mid.x - 10, mid.y), (.down, 2, mid.x + 10, mid.y)], at: 0)
        for step in 1...10 {
            let half = 10 + CGFloat(step)
            try h.frame([(.move, 1, mid.x - half, mid.y), (.move, 2, mid.x + half, mid.y)], at: Double(step) * 16)
        }
        let under = piece.convert(local, to: nil)
        #expect(abs(under.x - mid.x) < 1e-9 && abs(under.y - mid.y) < 1e-9, "the content under the fingers stays there")
        #expect(abs(piece.layer.anchorPoint.x - 0.25) < 1e-9 && abs(piece.layer.anchorPoint.y - 0.25) < 1e-9)
        #expect(abs(piece.transform.a - 2) < 1e-9, "20 pt apart to 40 pt: twice the size")
        try h.frame([(.up, 1, mid.x - 20, mid.y), (.up, 2, mid.x + 20, mid.y)], at: 200)
        // Symmetric fingers: the pinch begins; the pan (the fingers' middle stays put) and the rotation do not, and
        // nothing of the other pieces or the long press.
        #expect(h.log(only: "act(").filter { $0.hasSuffix(",began)") } == ["act(greenPinch,began)"])
    }

    /// Step 2: a pan drags a piece and brings it to the front.
    @Test func piecesPanDragsAPieceToTheFront() throws {
        let (h, scene) = pieces()
        let piece = scene.pieces[0]
        let start = piece.center
        let grabbed = piece.convert(start, from: nil)
        try h.drag(1, from: start, to: CGPoint(x: start.x + 60, y: start.y + 80), at: 0)
        // The pan moved the anchor point to the finger when it began: the point grabbed stays under the finger.
        let under = piece.convert(grabbed, to: nil)
        #expect(abs(under.x - (start.x + 60)) < 1e-9 && abs(under.y - (start.y + 80)) < 1e-9)
        #expect(scene.view.subviews.last === piece)
        #expect(h.log(only: "act(").first == "act(redPan,began)")
    }

    /// Step 3 (UIKIT-MENU-SHOW, UIKIT-MENU-ITEM-ACTION): a long press shows Reset at the finger, with the
    /// controller as first responder; Reset puts the anchor point back in the middle without moving the piece
    /// and animates the transform back to identity.
    @Test func piecesLongPressOffersResetWhichUndoesTheTransform() throws {
        let (h, scene) = pieces()
        let piece = scene.pieces[2]
        let c = piece.center
        // Rotate it about a point off its middle first.
        try h.frame([(.down, 1, c.x - 30, c.y - 10), (.down, 2, c.x + 10, c.y - 10)], at: 0)
        for step in 1...10 {
            let a = CGFloat(step) * 0.05
            try h.frame([(.move, 1, c.x - 10 - 20 * cos(a), c.y - 10 - 20 * sin(a)), (.move, 2, c.x - 10 + 20 * cos(a), c.y - 10 + 20 * sin(a))],
                        at: Double(step) * 16)
        }
        try h.frame([(.up, 1, c.x - 30, c.y), (.up, 2, c.x + 10, c.y)], at: 200)
        #expect(piece.transform != .identity && piece.layer.anchorPoint != CGPoint(x: 0.5, y: 0.5))
        let middleBefore = piece.convert(CGPoint(x: piece.bounds.midX, y: piece.bounds.midY), to: nil)
        _ = h.log()
        try h.down(3, c.x, c.y + 20, at: 1000)
        try h.advance(to: 1600)
        try h.up(3, c.x, c.y + 20, at: 1700)
        #expect(h.log(only: "act(", "note:") == ["act(blueLongPress,began)", "note: menu shown: Reset", "act(blueLongPress,ended)"])
        #expect(scene.isFirstResponder && scene.pieceForReset === piece)
        let reset = try menuItem("Reset", in: h)
        try h.tap(4, reset.x, reset.y, at: 2000)
        #expect(h.log(only: "note:") == ["note: menu hidden: Reset was tapped", "note: menu item Reset: resetPiece: sent to GesturePiecesViewController#3"])
        #expect(piece.transform == .identity && piece.layer.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(abs(piece.center.x - middleBefore.x) < 1e-9 && abs(piece.center.y - middleBefore.y) < 1e-9, "the middle stays put")
    }

    // MARK: The simultaneous recipe with a triple-tap reset

    /// Steps 1–2: pinch, rotation and pan together compose one transform, each counted from its own begin.
    @Test func tripleTapSceneComposesPinchRotationAndPan() throws {
        let h = Harness()
        let scene = TripleTapResetViewController()
        h.host(scene)
        let c = scene.piece.center
        try h.spreadAndTurn(about: c)
        try h.frame([(.up, 1, c.x - 100, c.y), (.up, 2, c.x + 100, c.y)], at: 200)
        #expect(abs(scene.piece.scale - 2) < 0.02 && abs(scene.piece.angle - 0.3) < 0.02)
        try h.drag(3, from: c, to: CGPoint(x: c.x + 40, y: c.y + 30), at: 1000)
        #expect(scene.piece.offset == CGPoint(x: 40, y: 30))
        let t = scene.piece.transform
        #expect(abs(t.tx - 40) < 1e-9 && abs(t.ty - 30) < 1e-9 && abs((t.a * t.a + t.b * t.b).squareRoot() - scene.piece.scale) < 1e-9)
        let actions = h.log(only: "act(").filter { $0.hasSuffix(",began)") }
        #expect(actions == ["act(pinch,began)", "act(rotation,began)", "act(pan,began)"], "the two fingers' middle stays put: no pan then")
    }

    /// Step 3: the third quick tap, read from `tapCount` in `touchesEnded`, resets the transform; two taps do not.
    @Test func tripleTapSceneResetsOnTheThirdTap() throws {
        let h = Harness()
        let scene = TripleTapResetViewController()
        h.host(scene)
        let c = scene.piece.center
        try h.drag(1, from: c, to: CGPoint(x: c.x + 40, y: c.y), at: 0)
        #expect(scene.piece.transform != .identity)
        let moved = scene.piece.center
        try h.tap(2, moved.x + 40, moved.y, at: 1000)
        try h.tap(3, moved.x + 40, moved.y, at: 1200)
        #expect(scene.piece.resets == 0 && scene.piece.transform != .identity)
        try h.tap(4, moved.x + 40, moved.y, at: 1400)
        #expect(scene.piece.resets == 1 && scene.piece.transform == .identity && scene.piece.offset == .zero)
        #expect(h.log(only: "image.te(").suffix(3) == ["image.te(2)", "image.te(3×2)", "image.te(4×3)"])
    }
}
