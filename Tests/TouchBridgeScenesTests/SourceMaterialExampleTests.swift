import Foundation
import Testing
import TouchBridgeScenes
import TouchKit
import TouchKitTestSupport
import TouchKitBenchSupport

/// The worked examples of the source material, driven through the digitizer.
@Suite struct SourceMaterialExampleTests {
    @Test func imageTranslationMovesTheImageByEachStep() throws {
        let h = Harness()
        let scene = ImageTranslationViewController()
        h.host(scene)
        let start = scene.imageView.center
        try h.drag(1, from: start, to: CGPoint(x: start.x + 100, y: start.y - 50), at: 0)
        #expect(scene.imageView.center == CGPoint(x: start.x + 100, y: start.y - 50))
        let actions = h.log(only: "act(pan")
        #expect(actions.first == "act(pan,began)" && actions.last == "act(pan,ended)")
    }

    @Test func tapRecognitionMovesTheImageToTheTap() throws {
        let h = Harness()
        let scene = TapRecognitionViewController()
        h.host(scene)
        try h.tap(1, 60, 700, at: 0)
        #expect(scene.imageView.center == CGPoint(x: 60, y: 700))
        #expect(h.log(only: "act") == ["act(tap,ended)"])
    }

    @Test func dragAndDropNeedsTheLongPressFirst() throws {
        let h = Harness()
        let scene = DragAndDropViewController()
        h.host(scene)
        let start = scene.imageView.center
        // A quick drag: the long press fails by movement, the pan moves nothing.
        try h.drag(1, from: start, to: CGPoint(x: start.x + 100, y: start.y), at: 0, steps: 5)
        #expect(scene.imageView.center == start)
        #expect(h.log(only: "longPress:").first?.hasPrefix("longPress:possible→failed [moved") == true)

        // Hold still, then drag: alpha 0.5 while dragging, image follows, alpha back on lift.
        try h.down(2, start.x, start.y, at: 1000)
        try h.advance(to: 1500)
        #expect(scene.imageView.alpha == 0.5)
        try h.move(2, start.x + 30, start.y + 40, at: 1550)
        try h.move(2, start.x + 60, start.y + 80, at: 1600)
        #expect(scene.imageView.center == CGPoint(x: start.x + 60, y: start.y + 80))
        #expect(scene.imageView.alpha == 0.5)
        try h.up(2, start.x + 60, start.y + 80, at: 1650)
        #expect(scene.imageView.alpha == 1.0)
        let log = h.log()
        #expect(log.contains("act(longPress,began)") && log.contains("act(pan,began)"), "simultaneous through the delegate")
    }

    @Test func drawLinesDrawsParallelLinesAndClearsOnDoubleTap() throws {
        let h = Harness()
        let scene = DrawLinesViewController()
        h.host(scene)
        let canvas = try #require(scene.view as? DrawLinesView)
        try h.frame([(.down, 1, 100, 100), (.down, 2, 300, 100)], at: 0)
        try h.frame([(.move, 1, 100, 300), (.move, 2, 300, 300)], at: 16)
        #expect(canvas.pendingLines.map(\.line) == [Line(begin: CGPoint(x: 100, y: 100), end: CGPoint(x: 100, y: 300)),
                                                     Line(begin: CGPoint(x: 300, y: 100), end: CGPoint(x: 300, y: 300))])
        let pending = try #require(h.app.renderTree().node(named: "canvas")?.displayList)
        #expect(pending.count == 2)
        #expect(pending.allSatisfy { if case .stroke(_, let color, 10, .round, _) = $0 { return color == UIColor.red.cgColor } else { return false } })

        try h.up(1, 100, 300, at: 32)
        try h.cancel(2, 300, 300, at: 48)
        #expect(canvas.pendingLines.isEmpty)
        #expect(canvas.finishedLines.count == 2, "a cancelled line is finished too")
        let finished = try #require(h.app.renderTree().node(named: "canvas")?.displayList)
        #expect(finished.allSatisfy { if case .stroke(_, let color, _, _, _) = $0 { return color == UIColor.black.cgColor } else { return false } })

        try h.tap(3, 200, 600, at: 1000)
        #expect(canvas.finishedLines.count == 3, "the first tap of a double tap leaves a dot")
        try h.tap(4, 200, 600, at: 1200)
        #expect(canvas.finishedLines.isEmpty)
        #expect(canvas.pendingLines.isEmpty)
        try h.tap(6, 100, 100, at: 1300)
        #expect(canvas.finishedLines.count == 1)
        try h.tap(5, 200, 600, at: 1400)
        #expect(canvas.finishedLines.isEmpty, "tapCount 3 > 1 clears as well")
        #expect(h.app.renderTree().node(named: "canvas")?.displayList == nil)
    }

    @Test func checkmarkRecognizesOnlyACheckmark() throws {
        let h = Harness()
        let scene = CheckmarkViewController()
        h.host(scene)
        try h.down(1, 100, 300, at: 0)
        try h.move(1, 130, 340, at: 16)
        try h.move(1, 150, 360, at: 32)
        try h.move(1, 200, 280, at: 48)
        try h.move(1, 250, 200, at: 64)
        try h.up(1, 250, 200, at: 80)
        #expect(scene.recognizedCount == 1)
        #expect(scene.status.text == "✓ recognized (1)")
        #expect(h.log(only: "checkmark:") == ["checkmark:possible→ended"])

        // Going left first is not a checkmark.
        try h.down(2, 300, 300, at: 1000)
        try h.move(2, 280, 320, at: 1016)
        #expect(h.log(only: "checkmark:") == ["checkmark:possible→failed [state set to failed by CheckmarkGestureRecognizer]"])
        try h.up(2, 280, 320, at: 1032)
        // Ending below the turning point is not one either.
        try h.down(3, 100, 300, at: 2000)
        try h.move(3, 150, 350, at: 2016)
        try h.move(3, 160, 340, at: 2032)
        try h.move(3, 170, 360, at: 2048)
        try h.up(3, 170, 360, at: 2064)
        #expect(scene.recognizedCount == 1)
    }

    @Test func transformImageAppliesPinchRotationAndPanIncrementally() throws {
        let h = Harness()
        let scene = TransformImageViewController()
        h.host(scene)
        try h.spreadAndTurn(about: scene.imageView.center)
        let t = scene.imageView.transform
        let scale = (t.a * t.a + t.b * t.b).squareRoot()
        let angle = atan2(t.b, t.a)
        #expect(abs(scale - 2.0) < 0.02, "scales accumulate to the distance ratio 100 → 200 pt")
        #expect(abs(angle - 0.3) < 0.02, "rotations accumulate to 0.3 rad")
        let log = h.log()
        for name in ["pinch", "rotation"] { #expect(log.contains("act(\(name),began)"), "\(name) runs simultaneously") }
    }

    /// Pins UIKIT-RELATION-REQUIRE-FAILURE.
    @Test func singleDoubleTapShowsBothLatencies() throws {
        let h = Harness()
        let scene = SingleDoubleTapViewController()
        h.host(scene)
        try h.tap(1, 100, 400, at: 0)
        #expect(scene.recognizerLabel.text == "require(toFail:)")
        try h.advance(to: 430)
        #expect(scene.recognizerLabel.text == "single (350 ms)")

        try h.tap(2, 300, 400, at: 1000)
        try h.advance(to: 1379)
        #expect(scene.tapCountLabel.text == "tapCount")
        try h.advance(to: 1381)
        #expect(scene.tapCountLabel.text == "single (300 ms)")

        try h.tap(3, 300, 400, at: 2000)
        try h.tap(4, 300, 400, at: 2150)
        try h.advance(to: 2600)
        #expect(scene.tapCountLabel.text == "double (0 ms)", "the delayed single was cancelled by tapCount 2")

        try h.tap(5, 100, 400, at: 3000)
        try h.tap(6, 100, 400, at: 3150)
        #expect(scene.recognizerLabel.text == "double (0 ms)")
    }

    @Test func swipeSceneRecognizersAndHandTracking() throws {
        let h = Harness()
        let scene = SwipeViewController()
        h.host(scene)
        try h.drag(1, from: CGPoint(x: 300, y: 200), to: CGPoint(x: 150, y: 200), at: 0, steps: 5)
        #expect(scene.status.text == "recognizer: left")
        try h.down(2, 100, 600, at: 1000)
        try h.move(2, 106, 602, at: 1016)
        try h.move(2, 113, 603, at: 1032)
        #expect(scene.status.text == "tracked by hand: right")
    }

    @Test func moveMePlacardFollowsPulsesAndReturns() throws {
        let h = Harness()
        let scene = MoveMeViewController()
        h.host(scene)
        let moveMe = try #require(scene.view as? MoveMeView)
        let placard = moveMe.placardView
        let centre = placard.center
        try h.down(1, centre.x, centre.y, at: 0)
        #expect(placard.transform == CGAffineTransform(scaleX: 1.1, y: 1.1))
        try h.move(1, 100, 150, at: 16)
        #expect(placard.center == CGPoint(x: 100, y: 150))
        #expect(h.log(only: "placard.", "moveMe.").contains("moveMe.tm(1) via placard"), "the placard forwards to MoveMeView")
        try h.up(1, 100, 150, at: 32)
        #expect(placard.center == centre)
        #expect(placard.transform == .identity)

        try h.tap(2, 50, 700, at: 1000)
        #expect(placard.text == "Welcome")
        try h.tap(3, 50, 700, at: 1200)
        #expect(placard.text == "Bienvenue")
    }

    /// Pins UIKIT-ANIM-INTERACTION-LOCK.
    @Test func moveMeAnimatesAsTheSourceDoesAndLocksInteractionWhileReturning() throws {
        let h = Harness()
        let scene = MoveMeViewController()
        h.host(scene)
        let moveMe = try #require(scene.view as? MoveMeView)
        let placard = moveMe.placardView
        let centre = placard.center
        try h.down(1, centre.x + 40, centre.y, at: 0)
        #expect(h.log(only: "anim:") == [
            "anim: animation 1 began: placard.transform over 500 ms, easeInOut, interaction off",
            "anim: animation 2 began: placard.transform over 500 ms, easeInOut, interaction off",
            "anim: animation 3 began: placard.center over 250 ms, easeInOut, interaction off",
        ])
        #expect(placard.center.x == centre.x + 40, "the model is under the finger at once")
        try h.advance(to: 125)
        let halfway = try #require(placard.layer.presentation())
        #expect(halfway.position.x > centre.x && halfway.position.x < centre.x + 40, "drawn on its way: \(halfway.position.x)")
        #expect(halfway.affineTransform().a > 1 && halfway.affineTransform().a < 1.2)
        try h.up(1, centre.x + 40, centre.y, at: 300)
        #expect(!moveMe.isUserInteractionEnabled && placard.center == centre && placard.transform == .identity)
        #expect(h.log(only: "anim:").contains("anim: animation 4 began: placard.transform, placard.center over 500 ms, spring, interaction off"))
        // While it returns, a double tap outside the placard reaches nothing.
        try h.tap(2, 50, 700, at: 400)
        try h.tap(3, 50, 700, at: 500)
        #expect(placard.text == "Welcome")
        try h.advance(to: 800)
        #expect(moveMe.isUserInteractionEnabled, "the completion turned interaction back on")
        #expect(h.log(only: "anim:").contains("anim: animation 4 ended (finished true)"))
        try h.tap(4, 50, 700, at: 1000)
        try h.tap(5, 50, 700, at: 1200)
        #expect(placard.text == "Bienvenue")
    }

    @Test func singleTapShrinksAndDoubleTapGrowsTheSquareByTenPercent() throws {
        let h = Harness()
        let scene = SingleDoubleTapViewController()
        h.host(scene)
        try h.tap(1, 100, 200, at: 0)
        try h.advance(to: 430)
        #expect(scene.recognizerSquare.bounds.size == CGSize(width: 108, height: 108))
        #expect(scene.recognizerSquare.center == CGPoint(x: 100, y: 360), "about its centre, the middle of its pane")
        try h.advance(to: 530)
        let drawn = try #require(scene.recognizerSquare.layer.presentation()).bounds.width
        #expect(drawn > 108 && drawn < 120, "animated over 0.2 s: \(drawn)")
        try h.tap(2, 100, 200, at: 1000)
        try h.tap(3, 100, 200, at: 1150)
        #expect(abs(scene.recognizerSquare.bounds.width - 118.8) < 1e-9)

        try h.tap(4, 300, 200, at: 2000)
        try h.tap(5, 300, 200, at: 2150)
        #expect(abs(scene.tapCountSquare.bounds.width - 132) < 1e-9, "the tapCount pane's double tap grows its square")
        try h.tap(6, 300, 200, at: 3000)
        try h.advance(to: 3400)
        #expect(abs(scene.tapCountSquare.bounds.width - 118.8) < 1e-9)
    }

    /// Source material: dragging a view by the delta of `previousLocation(in:)`.
    @Test func draggingWithPreviousLocation() throws {
        final class Draggable: UIView {
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
                guard let touch = touches.first else { return }
                let location = touch.location(in: self), previous = touch.previousLocation(in: self)
                var frame = self.frame
                frame.origin.x += location.x - previous.x
                frame.origin.y += location.y - previous.y
                self.frame = frame
            }
        }
        let h = Harness()
        let v = h.add(Draggable(100, 100, 50, 50), "D")
        try h.drag(1, from: CGPoint(x: 120, y: 120), to: CGPoint(x: 220, y: 170), at: 0, steps: 4)
        #expect(v.frame.origin == CGPoint(x: 200, y: 150))
    }

    @Test func libraryListsEveryScene() {
        #expect(SceneLibrary.all.count == Set(SceneLibrary.all.map(\.name)).count)
        for descriptor in SceneLibrary.all {
            #expect(!descriptor.summary.isEmpty)
            #expect(SceneLibrary.descriptor(named: descriptor.name) != nil)
        }
    }
}

/// `bench load`'s gesture keeps the finger on image-translation's image however long it runs, so
/// every frame drags the image (a recognizer change and a render), not the cheap miss path.
@Suite struct LoadPanTests {
    @Test func theLoadGeneratorsPanStaysOnTheImage() throws {
        let h = Harness(width: 400, height: 800)
        let scene = ImageTranslationViewController()
        h.host(scene)
        let start = scene.imageView.center
        for frame in 0..<(LoadPan.framesPerPan * 20) {
            let (phase, x, y) = LoadPan.frame(frame)
            let point = CGPoint(x: x, y: y)
            if phase == .down { #expect(scene.imageView.frame.contains(point), "pan \(frame / LoadPan.framesPerPan) starts on the image") }
            try h.app.digitizer.process([PointerChange(pointerID: 1, phase: phase, location: point, timestamp: Double(frame) / 120)])
            if frame % (2 * LoadPan.framesPerPan) == 2 * LoadPan.framesPerPan - 1 {
                #expect(abs(scene.imageView.center.x - start.x) < 0.5 && abs(scene.imageView.center.y - start.y) < 0.5,
                        "the image is back after every pair of pans")
            }
        }
    }
}
