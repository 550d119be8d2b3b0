import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeClient

@Suite("Gesture synthesis")
struct GestureTests {
    let context = GestureContext(viewport: Viewport(width: 400, height: 800, scale: 2))

    func timeline(_ gesture: Gesture) throws -> Timeline { try gesture.timeline(in: context) }

    @Test func aTapIsOneFrameDownAndOneUp() throws {
        let frames = try timeline(.tap(at: Point(100, 200))).frames
        #expect(frames.map(\.t) == [0, 60])
        #expect(frames[0].events == [PointerEvent(finger: 1, phase: .down, point: Point(100, 200), t: 0)])
        #expect(frames[1].events == [PointerEvent(finger: 1, phase: .up, point: Point(100, 200), t: 60)])
    }

    @Test func nFingerTapsLandTogetherSideBySide() throws {
        let t = try timeline(.tap(at: Point(200, 400), fingers: 3, spread: 30))
        #expect(t.frames.count == 2)
        #expect(t.frames[0].events.map(\.point) == [Point(170, 400), Point(200, 400), Point(230, 400)])
        #expect(t.frames[0].events.allSatisfy { $0.phase == .down })
        #expect(Set(t.frames[1].events.map(\.finger)) == [1, 2, 3])
    }

    @Test func aDoubleTapUsesANewContactForTheSecondTap() throws {
        let t = try timeline(.doubleTap(at: Point(50, 60), duration: 50, interval: 100))
        #expect(t.events.map(\.t) == [0, 50, 150, 200])
        #expect(t.events.map(\.finger) == [1, 1, 2, 2])
        #expect(t.events.map(\.phase) == [.down, .up, .down, .up])
    }

    @Test func aLongPressHoldsStill() throws {
        let t = try timeline(.longPress(at: Point(10, 20), duration: 700))
        #expect(t.events.map(\.phase) == [.down, .up])
        #expect(t.duration == 700)
    }

    @Test func aPanIsSampledAtTheFrameRateAndEndsExactly() throws {
        let t = try timeline(.pan(from: Point(100, 100), to: Point(200, 100), duration: 100, hold: 500))
        let moves = t.events.filter { $0.phase == .move }
        #expect(moves.map(\.t) == [516.667, 533.333, 550, 566.667, 583.333, 600])
        #expect(moves.map(\.point.x) == [116.667, 133.333, 150, 166.667, 183.333, 200])
        #expect(t.events.first?.t == 0)
        #expect(t.events.last == PointerEvent(finger: 1, phase: .up, point: Point(200, 100), t: 600))
        // 120 Hz doubles the samples.
        let fast = try timeline(.pan(from: Point(100, 100), to: Point(200, 100), duration: 100, sampleRate: 120))
        #expect(fast.events.filter { $0.phase == .move }.count == 12)
    }

    @Test func aPanFollowsAPolylineAtConstantSpeed() throws {
        let t = try timeline(.pan(along: [Point(0, 0), Point(100, 0), Point(100, 100)], duration: 200, sampleRate: 10))
        let moves = t.events.filter { $0.phase == .move }
        #expect(moves.map(\.t) == [100, 200])
        #expect(moves.map(\.point) == [Point(100, 0), Point(100, 100)])
    }

    @Test func easingStartsAndEndsSlowly() throws {
        let t = try timeline(.pan(from: Point(0, 0), to: Point(100, 0), duration: 100, sampleRate: 40, easing: .easeInOut))
        let xs = t.events.filter { $0.phase == .move }.map(\.point.x)
        #expect(xs == [15.625, 50, 84.375, 100])
    }

    @Test func aSwipeTakesDistanceOverSpeed() throws {
        let t = try timeline(.swipe(.left, from: Point(300, 200), distance: 200, speed: 2000))
        #expect(t.duration == 100)
        #expect(t.events.last?.point == Point(100, 200))
    }

    @Test func aPinchMovesTwoFingersSymmetrically() throws {
        let t = try timeline(.pinch(center: Point(200, 400), from: 100, to: 200, degrees: 90, duration: 100))
        #expect(t.frames.first?.events.map(\.point) == [Point(200, 350), Point(200, 450)])
        // The last frame: the final moves, then both fingers lift there.
        #expect(t.frames.last?.events.map(\.point) == [Point(200, 300), Point(200, 500), Point(200, 300), Point(200, 500)])
        #expect(t.frames.last?.events.map(\.phase) == [.move, .move, .up, .up])
        for frame in t.frames {
            let points = frame.events.map(\.point)
            #expect(abs((points[0].y + points[1].y) / 2 - 400) < 0.01)
        }
    }

    @Test func aRotationTurnsBothFingersAroundTheCentre() throws {
        let t = try timeline(.rotate(center: Point(200, 400), radius: 50, degrees: 90, duration: 100))
        #expect(t.frames.first?.events.map(\.point) == [Point(250, 400), Point(150, 400)])
        #expect(t.frames.last?.events.suffix(2).map(\.point) == [Point(200, 450), Point(200, 350)])
        for frame in t.frames {
            #expect(frame.events.allSatisfy { abs($0.point.distance(to: Point(200, 400)) - 50) < 0.01 })
        }
    }

    @Test func anEdgePanStartsInsideTheEdgeOfTheViewport() throws {
        let right = try timeline(.edgePan(from: .right, distance: 100))
        #expect(right.events.first?.point == Point(398, 400))
        #expect(right.events.last?.point == Point(298, 400))
        let top = try timeline(.edgePan(from: .top, at: 50, distance: 100))
        #expect(top.events.first?.point == Point(50, 2))
        #expect(top.events.last?.point == Point(50, 102))
    }

    @Test func rawSequencesAreCheckedForImpossibleOrders() throws {
        let good = Gesture.raw([
            PointerEvent(finger: 1, phase: .down, point: Point(1, 1), t: 0),
            PointerEvent(finger: 2, phase: .down, point: Point(5, 5), t: 10),
            PointerEvent(finger: 1, phase: .up, point: Point(1, 1), t: 20),
            PointerEvent(finger: 1, phase: .down, point: Point(1, 1), t: 30),
            PointerEvent(finger: 1, phase: .cancel, point: Point(1, 1), t: 40),
            PointerEvent(finger: 2, phase: .up, point: Point(5, 5), t: 40),
        ])
        #expect(try timeline(good).frames.count == 5)
        let bad = Gesture.raw([PointerEvent(finger: 1, phase: .move, point: Point(1, 1), t: 0)])
        #expect(throws: GestureError("finger 1 moves at 0 ms but is not down")) { try timeline(bad) }
        let twice = Gesture.raw([PointerEvent(finger: 1, phase: .down, point: Point(1, 1), t: 0),
                                 PointerEvent(finger: 1, phase: .down, point: Point(1, 1), t: 5)])
        #expect(throws: GestureError.self) { try timeline(twice) }
    }

    @Test func sequencesChainGesturesAndRenumberFingers() throws {
        let t = try timeline(.sequence([.tap(at: Point(1, 1)), .pause(100), .tap(at: Point(2, 2))]))
        #expect(t.events.map(\.t) == [0, 60, 160, 220])
        #expect(t.events.map(\.finger) == [1, 1, 2, 2])
        #expect(t.duration == 220)
    }

    // MARK: W3C WebDriver Actions

    static func touchSource(_ id: String, _ actions: [JSONValue]) -> JSONValue {
        .object(["type": .string("pointer"), "id": .string(id),
                 "parameters": .object(["pointerType": .string("touch")]), "actions": .array(actions)])
    }

    static func move(_ x: Double, _ y: Double, duration: Double? = nil, origin: String? = nil) -> JSONValue {
        var object: [String: JSONValue] = ["type": .string("pointerMove"), "x": .number(x), "y": .number(y)]
        if let duration { object["duration"] = .number(duration) }
        if let origin { object["origin"] = .string(origin) }
        return .object(object)
    }

    static let down: JSONValue = .object(["type": .string("pointerDown"), "button": .number(0)])
    static let up: JSONValue = .object(["type": .string("pointerUp"), "button": .number(0)])
    static func pause(_ ms: Double) -> JSONValue { .object(["type": .string("pause"), "duration": .number(ms)]) }

    @Test func webDriverActionsGiveTheSameStreamAsTheBuiltInPan() throws {
        let actions = JSONValue.object(["actions": .array([Self.touchSource("finger1", [
            Self.move(100, 100), Self.down, Self.pause(500), Self.move(200, 100, duration: 100), Self.up,
        ])])])
        let w3c = try WebDriverActions.timeline(actions)
        #expect(w3c == (try timeline(.pan(from: Point(100, 100), to: Point(200, 100), duration: 100, hold: 500))))
    }

    @Test func webDriverActionsGiveTheSameStreamAsTheBuiltInPinch() throws {
        let actions = JSONValue.array([
            Self.touchSource("a", [Self.move(150, 400), Self.down, Self.move(100, 400, duration: 300), Self.up]),
            Self.touchSource("b", [Self.move(250, 400), Self.down, Self.move(300, 400, duration: 300), Self.up]),
        ])
        let w3c = try WebDriverActions.timeline(actions)
        #expect(w3c == (try timeline(.pinch(center: Point(200, 400), from: 100, to: 200, duration: 300))))
    }

    @Test func webDriverTicksLastAsLongAsTheirLongestAction() throws {
        let actions = JSONValue.array([
            Self.touchSource("a", [Self.move(10, 10), Self.down, Self.pause(200), Self.up]),
            Self.touchSource("b", [Self.move(50, 50), Self.pause(0), Self.down, Self.move(10, 0, duration: 50, origin: "pointer"), Self.up]),
            .object(["type": .string("none"), "id": .string("wait"), "actions": .array([Self.pause(100)])]),
        ])
        let t = try WebDriverActions.timeline(actions)
        // tick 0: 100 ms (the none source's pause); tick 1: a lands at 100, 0 ms; tick 2: b lands at 100, a's
        // pause makes it 200 ms; tick 3: a lifts at 300, b moves 300…350; tick 4: b lifts at 350.
        #expect(t.events.filter { $0.phase != .move }.map { "\($0.finger)\($0.phase.rawValue)@\(Point.format($0.t))" }
                == ["1down@100", "2down@100", "1up@300", "2up@350"])
        #expect(t.duration == 350)
        #expect(t.events.last?.point == Point(60, 50))
    }

    @Test func webDriverRefusesWhatHasNoMeaningWithoutADOM() {
        let key = JSONValue.array([.object(["type": .string("key"), "id": .string("k"), "actions": .array([])])])
        #expect(throws: GestureError.self) { try WebDriverActions.timeline(key) }
        let element = JSONValue.array([Self.touchSource("a", [.object([
            "type": .string("pointerMove"), "x": .number(0), "y": .number(0),
            "origin": .object(["element-6066-11e4-a52e-4f735466cecf": .string("x")]),
        ])])])
        #expect(throws: GestureError.self) { try WebDriverActions.timeline(element) }
    }
}
