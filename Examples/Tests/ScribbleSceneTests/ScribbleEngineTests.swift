import ScribbleScene
import Testing
import TouchKit

/// The scene driven through TouchKit directly: scripted touches, a manual clock, the exact log.
@Suite struct ScribbleEngineTests {
    let application = UIApplication()
    let controller = ScribbleViewController()

    init() {
        let window = UIWindow(application: application, frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        window.accessibilityIdentifier = "window"
        controller.view.accessibilityIdentifier = "root"
        window.rootViewController = controller
        window.makeKeyAndVisible()
        _ = application.drainTrace()
    }

    /// One finger through `points`, 16 ms apart, then lifted; the log without diagnostics.
    func stroke(_ points: [(Double, Double)], from start: Double = 0) throws -> [String] {
        for (index, point) in points.enumerated() {
            let phase: PointerChange.Phase = index == 0 ? .down : index == points.count - 1 ? .up : .move
            try application.digitizer.process([PointerChange(
                pointerID: 1, phase: phase, location: CGPoint(x: point.0, y: point.1), timestamp: start + Double(index) * 0.016)])
        }
        try application.advance(to: start + Double(points.count) * 0.016 + 1)
        return application.drainTrace().filter { !$0.isDiagnostic }.map(\.notation)
    }

    /// One responder call on the card, forwarded up the chain (the card does not override it).
    func delivered(_ call: String) -> [String] {
        ["card.\(call)(1)", "root.\(call)(1) via card", "ScribbleViewController#3.\(call)(1) via root",
         "window.\(call)(1) via ScribbleViewController#3", "UIApplication#1.\(call)(1) via window"]
    }

    @Test func aScribbleErasesAndTheSwipeFails() throws {
        let log = try stroke([(100, 350), (140, 350), (180, 352), (140, 350), (100, 348), (140, 350), (180, 350), (140, 350), (140, 350)])
        // The third turn (back left at x 140) recognizes the scribble while the finger is still
        // down; the swipe, which required it to fail, fails; the card's touch is cancelled.
        #expect(log == delivered("tb") + (1...6).flatMap { _ in delivered("tm") } + [
            "scribble:possible→ended", "swipe:possible→failed [required scribble to fail, but it recognized]",
        ] + delivered("tc") + ["act(scribble,ended)"])
        #expect(controller.status.text == "Scribbled: erased.")
        #expect(controller.card.backgroundColor == .systemGray)
    }

    @Test func aSwipeCountsOnlyAfterTheScribbleFailed() throws {
        let log = try stroke((0...8).map { (60 + Double($0) * 30, 350) })
        // The swipe's distance and speed are reached mid-stroke, but it waits in `.possible` for
        // the scribble, which only fails when the finger lifts without having turned.
        #expect(log == delivered("tb") + (1...7).flatMap { _ in delivered("tm") } + [
            "scribble:possible→failed [state set to failed by ScribbleGestureRecognizer]", "swipe:possible→ended",
        ] + delivered("tc") + ["act(swipe,ended)"])
        #expect(controller.swipes == 1)
        #expect(controller.status.text == "Swiped right 1 time.")
        #expect(controller.card.backgroundColor == .systemOrange)
    }

    @Test func withoutTheFailureRequirementTheSwipeWouldWin() throws {
        // The same stroke as the scribble, with the requirement removed, shows why it is there:
        // the swipe recognizes on the first rightward leg and the scribble never gets its turns.
        let swipe = try #require(controller.card.gestureRecognizers?.first { $0.name == "swipe" })
        controller.card.removeGestureRecognizer(swipe)
        let eager = UISwipeGestureRecognizer(handler: { _ in })
        eager.name = "eager"
        eager.direction = .right
        controller.card.addGestureRecognizer(eager)
        let log = try stroke([(100, 350), (140, 350), (180, 352), (140, 350), (100, 348), (140, 350), (180, 350), (140, 350), (140, 350)])
        let calls = Set(["tb", "tm", "tc", "te"].flatMap(delivered))
        #expect(log.filter { !calls.contains($0) } == [
            "eager:possible→ended", "scribble:possible→failed [prevented by eager]", "act(eager,ended)",
        ])
        #expect(controller.status.text == "Swipe right on the card, or scribble over it.")
    }
}
