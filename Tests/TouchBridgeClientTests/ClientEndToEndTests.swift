import Foundation
import Testing
import TouchBridgeClient
import TouchBridgeProtocol

/// The client library against the real server (transport, hub, engine) running in this process.
@Suite("TouchBridgeClient end to end")
struct ClientEndToEndTests {
    func connect(_ scene: String, clock: ClockMode = .manual) async throws -> TouchBridgeSession {
        try await TouchBridgeSession.connect(TestServer.url, scene: scene, clock: clock)
    }

    @Test func aTapMovesTheImageWhereItLanded() async throws {
        let session = try await connect("tap-recognition")
        #expect(session.welcome.scene == "tap-recognition")
        #expect(session.renderProperty("image", "center") == .array([.number(200), .number(400)]))
        try await session.perform(.tap(at: Point(220, 410)))
        try await session.expectTransition("tap", to: .ended, from: .possible, values: ["location": [220, 410], "numberOfTouches": 1])
        try await session.expectAction("tap", .ended)
        try await session.expectResponder("image", .touchesBegan, touches: 1)
        try await session.expectRender("image", "center", [220, 410])
        await session.close()
    }

    @Test func theCompleteLogOnRequest() async throws {
        let session = try await TouchBridgeSession.connect(TestServer.url, sceneRequest: .named("tap-recognition"), log: .complete)
        try await session.perform(.tap(at: Point(220, 410)))
        try await session.expectTransition("tap", to: .ended)
        let texts = session.log.map(\.entry.text)
        #expect(texts.contains("tap got tb(1) [all 1:began]"))
        #expect(texts.contains("image.tb(1) [all 1:began]"))
        await session.close()
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() async throws {
        let session = try await connect("single-double-tap")
        let tap = try await session.perform(.tap(at: Point(100, 400)))
        #expect(tap.end == 60)
        // The single tap can only end once the double tap failed: the expectation lets manual time pass.
        try await session.expectSequence([.transition("doubleTap", to: .failed), .transition("singleTap", to: .ended)])
        #expect(session.now > 60 && session.now <= 60 + 350 + session.waitStep)
        try await session.expectRender("recognizerResult", "text", .any)

        try await session.advance(by: 1000)
        try await session.perform(.doubleTap(at: Point(100, 400)))
        try await session.expectTransition("doubleTap", to: .ended)
        try await session.expectNo(.transition("singleTap", to: .ended), within: 500)
        try await session.expectTransition("singleTap", to: .failed)
        await session.close()
    }

    @Test func pinchAndRotateTransformTheImage() async throws {
        let session = try await connect("transform-image")
        try await session.perform(.pinch(center: Point(200, 400), from: 100, to: 200, duration: 300))
        try await session.expectResponder("image", .touchesBegan, touches: 2)
        try await session.expectTransition("pinch", to: .began, values: ["numberOfTouches": 2, "scale": .atLeast(1.05)], tolerance: 0.01)
        try await session.expectRender("image", "transform", [2, 0, 0, 2, 0, 0], tolerance: 0.01)
        let props = try #require(session.props(of: "image"))
        #expect(abs((props.transform?[0] ?? 0) - 2) < 0.01)

        try await session.advance(by: 500)
        try await session.perform(.rotate(center: Point(200, 400), radius: 80, degrees: 90, duration: 400))
        try await session.expectTransition("rotation", to: .ended)
        // Scale 2 then a quarter turn clockwise: [a b c d] = 2·[cos sin −sin cos] at 90°.
        try await session.expectRender("image", "transform", [0, 2, -2, 0, 0, 0], tolerance: 0.05)
        await session.close()
    }

    @Test func dragAndDropNeedsALongPressFirst() async throws {
        let session = try await connect("drag-and-drop")
        // Without holding, the pan alone does not move the image.
        try await session.perform(.pan(from: Point(200, 400), to: Point(300, 500), duration: 300))
        try await session.expectTransition("pan", to: .began)
        try await session.expectNo(.transition("longPress", to: .began))
        try await session.expectRender("image", "center", [200, 400])

        try await session.advance(by: 500)
        try await session.perform(.pan(from: Point(200, 400), to: Point(300, 500), duration: 300, hold: 700))
        try await session.expectSequence([.transition("longPress", to: .began), .action("longPress", .began),
                                          .transition("pan", to: .began), .transition("longPress", to: .ended),
                                          .transition("pan", to: .ended)])
        try await session.expectRender("image", "center", [300, 500])
        try await session.expectRender("image", "alpha", 1)
        await session.close()
    }

    @Test func aButtonTapSendsControlEventsAndKeepsTheContainerTapOut() async throws {
        let session = try await connect("controls")
        try await session.perform(.tap(at: Point(110, 122)))
        try await session.expectControlEvent("button", "touchDown")
        try await session.expectControlEvent("button", "touchUpInside")
        try await session.expectNo(.action("containerTap", .ended), within: 400)
        await session.close()
    }

    @Test func swipesAreRecognizedByDirection() async throws {
        let session = try await connect("swipe")
        try await session.perform(.swipe(.right, from: Point(80, 200), distance: 200, speed: 1000))
        try await session.expectTransition("swipe-right", to: .ended)
        try await session.expectTransition("swipe-left", to: .failed)
        try await session.expectRender("status", "text", "recognizer: right")
        await session.close()
    }

    @Test func edgePansAndTwoFingerTapsOnAnInlineScene() async throws {
        let session = try await TouchBridgeSession.connect(TestServer.url, sceneRequest: .inline(InlineScenes.edgeAndTwoFingerTap))
        try await session.perform(.edgePan(from: .left, distance: 150))
        try await session.expectTransition("edge", to: .began)
        try await session.expectTransition("edge", to: .ended)
        try await session.perform(.edgePan(from: .right, distance: 150))
        try await session.expectTransition("edge", to: .failed)

        try await session.perform(.tap(at: Point(200, 400), fingers: 2))
        try await session.expectTransition("twoFingerTap", to: .ended, values: ["numberOfTouches": 2])
        try await session.perform(.tap(at: Point(200, 400)))
        try await session.expectTransition("twoFingerTap", to: .failed)
        await session.close()
    }

    @Test func actChangesTheAppBetweenGesturesAndRejectsBadActions() async throws {
        let session = try await TouchBridgeSession.connect(TestServer.url, sceneRequest: .inline(InlineScenes.edgeAndTwoFingerTap))
        let disable = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"set": {"recognizer": "twoFingerTap", "property": "enabled", "value": false}}"#.utf8))
        let entries = try await session.act([disable])
        #expect(entries.map(\.text) == ["note: act: set twoFingerTap.enabled = false"])
        try await session.perform(.tap(at: Point(200, 400), fingers: 2))
        try await session.expectNo(.transition("twoFingerTap", to: .ended))
        let ghost = try JSONDecoder().decode(JSONValue.self, from: Data(#"{"remove": {"view": "ghost"}}"#.utf8))
        do {
            try await session.act([ghost])
            Issue.record("an unknown view was accepted")
        } catch SessionError.server(let error) {
            #expect(error.path == "actions[0].remove.view" && error.message.contains("no view named \"ghost\""))
        }
        await session.close()
    }

    @Test func rawSequencesAndPauses() async throws {
        let session = try await connect("tap-recognition")
        try await session.perform(.raw([
            PointerEvent(finger: 1, phase: .down, point: Point(200, 400), t: 0),
            PointerEvent(finger: 1, phase: .move, point: Point(202, 401), t: 16),
            PointerEvent(finger: 1, phase: .up, point: Point(202, 401), t: 40),
        ]))
        try await session.expectTransition("tap", to: .ended, values: ["location": [202, 401]])
        let before = session.now
        try await session.perform(.pause(250))
        #expect(session.now == before + 250)
        await session.close()
    }

    @Test func aLongPressFiresOnTheServersTimerWithTheClientClock() async throws {
        let session = try await connect("drag-and-drop", clock: .client)
        let started = ContinuousClock.now
        try await session.perform(.longPress(at: Point(200, 400), duration: 700))
        #expect(ContinuousClock.now - started >= .milliseconds(650))
        let began = try await session.expectTransition("longPress", to: .began)
        #expect(began.values?.numberOfTouches == 1)
        // The transition came in a timer-driven dispatch (no seq): the server fired it on its own.
        let logged = try #require(session.log.first { $0.entry == began })
        #expect(logged.seq == nil)
        #expect(logged.t >= 500 && logged.t < 700)
        await session.close()
    }

    @Test func failedExpectationsExplainThemselves() async throws {
        let session = try await connect("tap-recognition")
        try await session.perform(.tap(at: Point(200, 400)))
        let site = #line + 2
        do {
            try await session.expectTransition("tap", to: .began, within: 100)
            Issue.record("a discrete tap never begins")
        } catch let failure as ExpectationFailure {
            #expect(failure.expectation == "expected transition tap → began")
            #expect(failure.description.contains("tap:possible→ended"))
            // The failure names the line of the expectation, not the test's.
            #expect(failure.location == "TouchBridgeClientTests/ClientEndToEndTests.swift:\(site)")
            #expect(failure.description.hasPrefix("TouchBridgeClientTests/ClientEndToEndTests.swift:\(site): expected transition tap → began"))
        }
        do {
            try await session.expectRender("image", "center", [0, 0], within: 0)
            Issue.record("the image is not at the origin")
        } catch let failure as ExpectationFailure {
            #expect(failure.detail == "it is [200,400]")
        }
        do {
            try await session.expectTransition("tap", to: .ended, values: ["numberOfTouches": 3], within: 0)
            Issue.record("one finger tapped")
        } catch let failure as ExpectationFailure {
            #expect(failure.detail.contains("numberOfTouches = 1 (expected 3)"))
        }
        await session.close()
    }

    @Test func aFailureShowsTheRecognizersOwnDecisionsAsClosest() async throws {
        let session = try await connect("single-double-tap")
        try await session.perform(.doubleTap(at: Point(100, 400)))
        do {
            try await session.expectTransition("singleTap", to: .ended, within: 400)
            Issue.record("the double tap wins")
        } catch let failure as ExpectationFailure {
            #expect(failure.detail == "closest: singleTap:possible→failed [another touch began after 1 tap(s) were complete]")
        }
        try await session.advance(by: 500)
        try await session.perform(.doubleTap(at: Point(100, 400)))
        do {
            // Only the entries that differ in their values alone: not doubleTap's other transitions, not resets.
            try await session.expectTransition("doubleTap", to: .ended, values: ["numberOfTouches": 2], within: 0)
            Issue.record("one finger tapped")
        } catch let failure as ExpectationFailure {
            #expect(failure.detail == "closest: doubleTap:possible→ended: numberOfTouches = 1 (expected 2)")
        }
        await session.close()
    }

    @Test func theClosestTransitionsAreTheDecisionsNotTheChangedStream() async throws {
        let session = try await connect("transform-image")
        try await session.perform(.pan(from: Point(200, 400), to: Point(300, 400)))
        do {
            try await session.expectTransition("pan", to: .failed, within: 0)
            Issue.record("the pan ended")
        } catch let failure as ExpectationFailure {
            #expect(failure.detail == "closest: pan:possible→began · pan:changed→ended")
        }
        do {
            // Expecting `changed` itself: the stream is what came closest.
            try await session.expectTransition("pan", to: .changed, from: .possible, within: 0)
            Issue.record("a pan never changes from possible")
        } catch let failure as ExpectationFailure {
            #expect(failure.detail.hasPrefix("closest: pan:possible→began · pan:began→changed · pan:changed→changed"))
        }
        await session.close()
    }

    @Test func aNameTheSceneDoesNotHaveIsAnErrorInEveryExpectation() async throws {
        let session = try await connect("controls")
        try await session.perform(.tap(at: Point(20, 20)))
        // A misspelled control in expectNo would pass whatever happened.
        do {
            try await session.expectNo(.controlEvent("crad", "touchUpInside"))
            Issue.record("an unknown control passed")
        } catch let failure as ExpectationFailure {
            #expect(failure.detail == "no control named \"crad\" in this scene (controls: button, customControl, segmented, slider, stepper, switch)")
        }
        do {
            try await session.expectTransition("swipee", to: .ended, within: 0)
            Issue.record("an unknown recognizer was found")
        } catch let failure as ExpectationFailure {
            #expect(failure.detail.hasPrefix("no recognizer named \"swipee\" in this scene (recognizers: "))
        }
        do {
            try await session.expectSequence([.action("nope", .ended)], within: 0)
            Issue.record("an unknown recognizer was found in a sequence")
        } catch let failure as ExpectationFailure {
            #expect(failure.detail.hasPrefix("no recognizer named \"nope\""))
        }
        await session.close()
    }

    @Test func serverErrorsAndMarks() async throws {
        let session = try await connect("tap-recognition")
        await #expect(throws: SessionError.self) {
            try await session.perform(.tap(at: Point(200, 400), fingers: 11, spread: 10))
        }
        #expect(session.errors.last?.code == "too-many-touches")
        try await session.mark("that tap was wrong")
        #expect(session.errors.count == 1)
        // The session still works.
        try await session.perform(.tap(at: Point(200, 400)))
        try await session.expectAction("tap", .ended)
        await #expect(throws: SessionError.self) { try await session.switchScene("no-such-scene") }
        try await session.switchScene("transform-image")
        #expect(session.mirror.scene == "transform-image")
        await session.close()
    }

    @Test func unknownScenesAndUnreachableServersAreErrors() async throws {
        await #expect(throws: SessionError.self) { _ = try await connect("no-such-scene") }
        await #expect(throws: SessionError.self) {
            _ = try await TouchBridgeSession.connect("ws://127.0.0.1:1/ws", timeout: 5)
        }
    }
}
