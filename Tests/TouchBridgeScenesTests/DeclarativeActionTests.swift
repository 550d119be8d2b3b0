import Foundation
import Testing
import TouchBridgeScenes
import TouchKit
import TouchKitTestSupport

/// App-side changes in declarative scenes: the shared action vocabulary (`SceneActionList`, as `act`
/// uses it), a scene's timeline, the controller as a responder, the test-double recognizer classes,
/// path hit shapes, autoresizing and `report` — on the manual clock with the exact ordered log.
@Suite struct DeclarativeActionTests: DeclarativeSceneTesting {
    private static let tapScene = #"""
        {"name": "t", "views": [{"id": "V", "frame": [0, 0, 400, 800], "responder": "log"}],
         "recognizers": [{"id": "T", "kind": "tap", "view": "V"}]}
        """#

    @Test func setActionsReachEveryDeclarativePropertyAndCheckValuesFirst() throws {
        let h = try host(Self.tapScene)
        #expect(throws: SceneError(path: "actions[1].set.value", message: "expected a number in 1.0…10.0")) {
            _ = try actions(#"[{"set": {"view": "V", "property": "cornerRadius", "value": 4}},"#
                            + #" {"set": {"recognizer": "T", "property": "numberOfTapsRequired", "value": 0}}]"#, h)
        }
        #expect(throws: SceneError(path: "actions[0].set.property", message: "expected one of allowableMovement, behaviour, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded, delegate, enabled, maximumIntervalBetweenSuccessiveTaps, maximumTapDuration, numberOfTapsRequired, numberOfTouchesRequired, target (a tap recognizer)")) {
            _ = try actions(#"[{"set": {"recognizer": "T", "property": "minimumPressDuration", "value": 1}}]"#, h)
        }
        try actions(#"[{"set": {"recognizer": "T", "property": "numberOfTapsRequired", "value": 2}}]"#, h).apply(at: 0)
        try h.tap(1, 100, 100, at: 10)
        try h.tap(2, 100, 100, at: 200)
        #expect(log(h) == ["note: act: set T.numberOfTapsRequired = 2", "V.tb(1)", "V.tb(2×2)", "T:possible→ended",
                           "V.tc(1)", "V.tc(2×2)", "act(T,ended)"])
    }

    @Test func addedViewsAndRecognizersWorkAtOnce() throws {
        let h = try host(Self.tapScene)
        try actions(#"""
            [{"add": {"view": {"id": "late", "frame": [0, 0, 100, 100], "responder": "log"}, "to": "V"}},
             {"add": {"recognizer": {"id": "press", "kind": "longPress", "view": "late", "minimumPressDuration": 0.1}}},
             {"relate": {"requireToFail": ["T", "press"]}}]
            """#, h).apply(at: 0)
        try h.down(1, 50, 50, at: 10)
        try h.advance(to: 110)
        #expect(log(h) == ["note: act: add view late to V", "note: act: add recognizer press (longPress) to late",
                           "note: act: T.require(toFail: press)", "late.tb(1)", "press:possible→began",
                           "T:possible→failed [required press to fail, but it recognized]", "late.tc(1)", "act(press,began)"])
        #expect(throws: SceneError(path: "actions[0].add.view", message: "a view named \"late\" exists")) {
            _ = try actions(#"[{"add": {"view": {"id": "late", "frame": [0, 0, 1, 1]}}}]"#, h)
        }
    }

    @Test func theTimelineRunsAfterAnInputAtItsInstant() throws {
        let h = try host(#"""
            {"name": "t", "views": [{"id": "V", "frame": [0, 0, 400, 800], "responder": "log"}],
             "timeline": [{"t": 50, "actions": [{"remove": {"view": "V"}}, {"report": {"view": "V", "property": "window"}}]}]}
            """#)
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 120, 100, at: 50)
        #expect(log(h) == ["V.tb(1)", "V.tm(1)"], "the input at 50 ms comes before the timeline entry at 50 ms")
        try h.advance(to: 50)
        #expect(log(h) == ["note: timeline: remove view V", "V.tc(1)", "note: timeline: V.window = nil"])
    }

    @Test(arguments: [
        (#"[{"t": 1, "actions": [{"set": {"view": "ghost", "property": "hidden", "value": true}}]}]"#,
         "timeline[0].actions[0].set.view: no view named \"ghost\""),
        (#"[{"t": 9, "actions": [{"app": "didBecomeActive"}]}, {"t": 8, "actions": [{"app": "didBecomeActive"}]}]"#,
         "timeline[1].t: entries go in time order"),
        (#"[{"t": 1, "actions": [{"set": {"view": "V", "property": "contentSize", "value": [1, 1]}}]}]"#,
         "timeline[0].actions[0].set.property: contentSize is for kind scrollView"),
        (#"[{"t": 1, "actions": [{"add": {"view": {"id": "W", "frame": [0, 0, 1, 1]}}}]}, {"t": 2, "actions": [{"remove": {"view": "W"}}]}]"#, ""),
        (#"[{"t": 1}]"#, "timeline[0].actions: required"),
    ])
    func timelinesAreCheckedWhenTheSceneLoads(timeline: String, expected: String) {
        let json = #"{"name": "t", "views": [{"id": "V", "frame": [0, 0, 10, 10]}], "timeline": "# + timeline + "}"
        do {
            _ = try SceneSpec.parse(Data(json.utf8))
            #expect(expected.isEmpty, "accepted")
        } catch {
            #expect(!expected.isEmpty && error.description.hasPrefix(expected), "got \(error)")
        }
    }

    @Test func aLoggingControllerEndsTheChainAndMayBecomeFirstResponder() throws {
        let h = try host(#"""
            {"name": "t", "views": [{"id": "S", "frame": [0, 0, 100, 100]}],
             "controller": {"responder": "log", "canBecomeFirstResponder": true}}
            """#)
        try h.tap(1, 50, 50, at: 0)
        try actions(#"[{"becomeFirstResponder": "controller"}]"#, h).apply(at: 0.1)
        try h.app.sendMotion(.began, timestamp: 0.2)
        #expect(log(h) == ["S.tb(1)", "root.tb(1) via S", "controller.tb(1) via root", "S.te(1)", "root.te(1) via S",
                           "controller.te(1) via root", "note: act: controller.becomeFirstResponder() → true",
                           "controller.motionBegan(motionShake)"])
    }

    @Test func theObserverSeesTouchesAndFirstTouchIgnoresTheRest() throws {
        let h = try host(#"""
            {"name": "t", "views": [{"id": "V", "frame": [0, 0, 400, 800], "responder": "log", "multipleTouch": true}],
             "recognizers": [{"id": "O", "kind": "custom", "class": "observer", "view": "V", "cancelsTouchesInView": false},
                             {"id": "G", "kind": "custom", "class": "firstTouch", "view": "V"}]}
            """#)
        try h.down(1, 100, 100, at: 0)
        try h.down(2, 200, 100, at: 10)
        try h.up(1, 100, 100, at: 50)
        try h.up(2, 200, 100, at: 60)
        // The observer never changes state itself; G's recognition prevents it (UIKIT-RELATION-EXCLUSIVE).
        #expect(log(h) == ["V.tb(1)", "V.tb(2)", "G:possible→ended", "O:possible→failed [prevented by G]", "V.tc(1)",
                           "act(G,ended)", "V.te(2)"])
    }

    @Test func pathHitShapesFollowTheirFillRule() throws {
        func lands(_ shape: String, _ x: CGFloat, _ y: CGFloat) throws -> Bool {
            let h = try host(#"{"name": "t", "views": [{"id": "V", "frame": [100, 100, 100, 100], "responder": "log", "hitShape": "#
                             + shape + "}]}")
            try h.down(1, x, y, at: 0)
            return h.log() == ["V.tb(1)"]
        }
        let rings = #"[["rect", 0, 0, 100, 100], ["rect", 25, 25, 50, 50]]"#
        #expect(try lands(#"{"path": "# + rings + "}", 150, 150))
        #expect(try !lands(#"{"evenOdd": true, "path": "# + rings + "}", 150, 150))
        #expect(try !lands(#"{"path": [["move", 0, 0], ["line", 100, 0], ["line", 100, 100]]}"#, 190, 110))
        #expect(try lands(#"{"path": [["move", 0, 0], ["line", 100, 0], ["line", 100, 100], ["close"]]}"#, 190, 110))
        #expect(try !lands(#"{"oval": true}"#, 105, 105))
    }

    @Test func autoresizingViewsFollowTheirMaskAndReportsReadThem() throws {
        let h = try host(#"""
            {"name": "t", "views": [{"id": "C", "frame": [100, 200, 100, 40],
                                      "autoresizing": ["flexibleLeftMargin", "flexibleWidth", "flexibleRightMargin"]}]}
            """#)
        h.window.transition(to: CGSize(width: 844, height: 390), safeAreaInsets: .zero)
        try actions(#"[{"report": {"view": "C", "property": "frame"}}]"#, h).apply(at: 0)
        h.window.transition(to: CGSize(width: 400, height: 800), safeAreaInsets: .zero)
        try actions(#"[{"report": {"view": "C", "property": "frame"}}]"#, h).apply(at: 0)
        #expect(log(h).filter { $0.hasPrefix("note: act:") } == ["note: act: C.frame = (211, 200, 211, 40)",
                                                                 "note: act: C.frame = (100, 200, 100, 40)"])
    }

    @Test func aShapeLayerIsPlacedByItsGeometry() throws {
        let h = try host(#"""
            {"name": "t", "views": [{"id": "V", "frame": [0, 0, 300, 300],
              "shape": {"path": [["move", 0, 0], ["line", 100, 0]], "bounds": [100, 50], "position": [100, 100]}}]}
            """#)
        try actions(#"[{"report": {"view": "V", "property": "shape.frame"}}, {"set": {"view": "V", "property": "shape", "value":"#
                    + #" {"path": [], "bounds": [100, 50], "position": [100, 100], "anchorPoint": [0, 0]}}},"#
                    + #" {"report": {"view": "V", "property": "shape.frame"}}]"#, h).apply(at: 0)
        #expect(log(h).filter { $0.contains(".frame") } == ["note: act: V.shape.frame = (50, 75, 100, 50)",
                                                            "note: act: V.shape.frame = (100, 100, 100, 50)"])
    }

    @Test func recognizerClassesAddedByTheTimelineOrByActionsMustBeRegistered() throws {
        let spec = try SceneSpec.parse(Data(#"""
            {"name": "t", "views": [{"id": "V", "frame": [0, 0, 10, 10]}],
             "timeline": [{"t": 1, "actions": [{"add": {"recognizer": {"id": "c", "kind": "custom", "class": "nope", "view": "V"}}}]}]}
            """#.utf8))
        #expect(throws: SceneError(path: "timeline[0].actions[0].add.recognizer.class",
                                   message: "no recognizer class 'nope' (classes: checkmark, firstTouch, observer)")) {
            try spec.checkRecognizerClasses(.builtIn)
        }
        let h = try host(Self.tapScene)
        #expect(throws: SceneError(path: "actions[0].add.recognizer.class",
                                   message: "no recognizer class 'nope' (classes: checkmark, firstTouch, observer)")) {
            _ = try actions(#"[{"add": {"recognizer": {"id": "c", "kind": "custom", "class": "nope", "view": "V"}}}]"#, h)
        }
    }
}
