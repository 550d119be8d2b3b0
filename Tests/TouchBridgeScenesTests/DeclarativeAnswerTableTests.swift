import Foundation
import Testing
import TouchBridgeScenes
import TouchKit
import TouchKitTestSupport

/// What UIKit code says in overrides and delegate methods, said as data in a declarative scene and
/// through `act` (issue 27, part 3): a custom class's relationship overrides and the delegate's answers
/// about other recognizers (answer tables keyed by recognizer names), `shouldReceive(event)`, a
/// control's tracking calls, `autoresizesSubviews` and nested `animate` calls — on the manual clock
/// with the exact ordered log, and hostile tables refused with the path of the bad entry.
@Suite struct DeclarativeAnswerTableTests: DeclarativeSceneTesting {
    /// A view V with a custom `firstTouch` recognizer F (`overrides` given) and a pan P.
    private func firstTouchAndPan(_ overrides: String) -> String {
        #"{"name": "t", "views": [{"id": "V", "frame": [0, 0, 400, 800], "responder": "log"}], "recognizers": ["#
            + #"{"id": "F", "kind": "custom", "class": "firstTouch", "view": "V", "cancelsTouchesInView": false, "overrides": "#
            + overrides + "}, "
            + #"{"id": "P", "kind": "pan", "view": "V", "cancelsTouchesInView": false}]}"#
    }

    /// Pins UIKIT-RELATION-CAN-PREVENT.
    @Test func aCustomClassThatCannotBePreventedKeepsItsGestureWhenAPanBegins() throws {
        var h = try host(firstTouchAndPan("{}"))
        try h.drag(1, from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), at: 0, steps: 2)
        #expect(log(h) == ["V.tb(1)", "P:possible→began", "F:possible→failed [prevented by P]", "act(P,began)", "V.tm(1)",
                           "P:began→changed", "act(P,changed)", "V.tm(1)", "P:changed→ended", "act(P,ended)", "V.te(1)"])
        h = try host(firstTouchAndPan(#"{"canBePrevented": {"P": false}}"#))
        try h.drag(1, from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), at: 0, steps: 2)
        // F keeps its gesture and recognizes on the lift; recognizing, it may prevent P (P's canBePrevented is UIKit's).
        #expect(log(h) == ["V.tb(1)", "P:possible→began", "act(P,began)", "V.tm(1)", "P:began→changed", "act(P,changed)", "V.tm(1)",
                           "F:possible→ended", "P:changed→cancelled [prevented by F, which began first in this frame: P had not yet been"
                           + " given the frame's touches (they go to the recognizers nearest the touched view first, each view's in the"
                           + " order they were added)]", "act(F,ended)", "act(P,cancelled)", "V.te(1)"])
    }

    /// Pins UIKIT-RELATION-CAN-PREVENT.
    @Test func aCustomClassThatCannotPreventLetsTheOtherRecognizeToo() throws {
        let scene = #"{"name": "t", "views": [{"id": "V", "frame": [0, 0, 400, 800], "responder": "log"}], "recognizers": ["#
            + #"{"id": "F", "kind": "custom", "class": "firstTouch", "view": "V", "overrides": {"canPrevent": {"*": false}}},"#
            + #" {"id": "T", "kind": "tap", "view": "V"}]}"#
        let h = try host(scene)
        try h.tap(1, 100, 100, at: 0)
        #expect(log(h) == ["V.tb(1)", "F:possible→ended", "T:possible→ended", "V.tc(1)", "act(F,ended)", "act(T,ended)"])
        let plain = try host(scene.replacingOccurrences(of: #""overrides": {"canPrevent": {"*": false}}"#, with: #""enabled": true"#))
        try plain.tap(1, 100, 100, at: 0)
        #expect(log(plain) == ["V.tb(1)", "F:possible→ended", "T:possible→failed [prevented by F, which began first in this frame: T had not"
                               + " yet been given the frame's touches (they go to the recognizers nearest the touched view first, each view's"
                               + " in the order they were added)]", "V.tc(1)", "act(F,ended)"])
    }

    /// Pins UIKIT-RELATION-REQUIRE-FAILURE.
    @Test func aCustomClassAndDelegatesMakeDynamicFailureRequirements() throws {
        let scenes = [
            #"{"id": "S", "kind": "custom", "class": "firstTouch", "view": "V", "overrides": {"shouldRequireFailureOf": {"D": true}}}, {"id": "D", "kind": "tap", "view": "V", "numberOfTapsRequired": 2}"#,
            #"{"id": "S", "kind": "custom", "class": "firstTouch", "view": "V"}, {"id": "D", "kind": "tap", "view": "V", "numberOfTapsRequired": 2, "delegate": {"shouldBeRequiredToFailBy": {"S": true}}}"#,
            #"{"id": "S", "kind": "custom", "class": "firstTouch", "view": "V", "delegate": {"shouldRequireFailureOf": {"D": true}}}, {"id": "D", "kind": "tap", "view": "V", "numberOfTapsRequired": 2}"#,
        ]
        for recognizers in scenes {
            let h = try host(#"{"name": "t", "views": [{"id": "V", "frame": [0, 0, 400, 800], "responder": "log"}], "recognizers": ["#
                             + recognizers + "]}")
            try h.tap(1, 100, 100, at: 0)
            try h.advance(to: 500)
            // S holds the lift back (delaysTouchesEnded) while it waits; recognizing, it cancels the touch in V.
            #expect(log(h) == ["V.tb(1)", "D:possible→failed [multi-tap interval 350 ms elapsed after tap 1 of 2]", "S:possible→ended",
                               "V.tc(1)", "act(S,ended)"], "\(recognizers)")
        }
    }

    /// Pins UIKIT-GESTURE-SHOULD-RECEIVE-EVENT.
    @Test func aDelegateTableLetsTwoPansRunTogetherAndRefusesEventsWithMoreTouches() throws {
        let scene = #"{"name": "t", "views": [{"id": "O", "frame": [0, 0, 400, 800], "responder": "log", "multipleTouch": true,"#
            + #" "children": [{"id": "I", "frame": [0, 0, 400, 400], "responder": "log", "multipleTouch": true}]}], "recognizers": ["#
            + #"{"id": "inner", "kind": "pan", "view": "I", "delegate": {"shouldRecognizeSimultaneouslyWith": {"outer": true}, "shouldReceiveEvent": {"allTouchesAtMost": 1}}},"#
            + #" {"id": "outer", "kind": "pan", "view": "O"}]}"#
        let h = try host(scene)
        try h.down(1, 100, 100, at: 0)
        try h.down(2, 200, 200, at: 10)
        try h.move(1, 160, 100, at: 20)
        #expect(h.log(diagnostics: true).filter { !$0.hasPrefix("hit(") } == [
            "I.tb(1)", "2@inner: withheld from recognizer: delegate shouldReceive(event) returned false", "I.tb(2)",
            "inner:possible→began", "outer:possible→began", "I.tc(1)", "act(inner,began)", "I.tc(2)", "act(outer,began)",
        ])
    }

    /// Pins UIKIT-CONTROL-TRACKING.
    @Test func aControlNotesItsTrackingCallsAndMayStopTracking() throws {
        let h = try host(#"""
            {"name": "t", "views": [{"id": "K", "kind": "control", "frame": [0, 0, 200, 200], "tracking": {"continueTracking": false}},
                                     {"id": "W", "kind": "switch", "frame": [0, 300, 51, 31], "tracking": true},
                                     {"id": "plain", "kind": "switch", "frame": [0, 400, 51, 31]}]}
            """#)
        try h.down(1, 100, 100, at: 0)
        try h.move(1, 110, 100, at: 20)
        try h.move(1, 120, 100, at: 40)
        try h.up(1, 120, 100, at: 60)
        try h.down(2, 20, 310, at: 1000)
        try h.cancel(2, 20, 310, at: 1020)
        #expect(log(h) == [
            "K.tb(1)", "note: K.beginTracking(1) → true", "K:touchDown", "K.tm(1)", "note: K.continueTracking(1) → false", "K:touchDragInside",
            "K.tm(1)", "K:touchDragInside", "K.te(1)", "K:touchUpInside",
            "W.tb(2)", "note: W.beginTracking(2) → true", "W:touchDown", "W.tc(2)", "note: W.cancelTracking", "W:touchCancel",
        ])
        #expect(throws: SceneError(path: "actions[0].set.property", message: "tracking changes only on a control whose class overrides the tracking methods: declare it in the scene")) {
            _ = try actions(#"[{"set": {"view": "plain", "property": "tracking", "value": true}}]"#, h)
        }
    }

    /// Pins UIKIT-LAYOUT-AUTORESIZING.
    @Test func autoresizesSubviewsFalseKeepsTheSubviewsFrames() throws {
        let h = try host(#"""
            {"name": "t", "views": [{"id": "P", "frame": ["0%", "0%", "100%", "100%"], "autoresizesSubviews": false,
              "children": [{"id": "C", "frame": [100, 200, 100, 40], "autoresizing": ["flexibleWidth"]}]}]}
            """#)
        h.window.transition(to: CGSize(width: 800, height: 800), safeAreaInsets: .zero)
        try actions(#"[{"report": {"view": "C", "property": "frame"}}, {"set": {"view": "P", "property": "autoresizesSubviews", "value": true}}]"#, h).apply(at: 0)
        h.window.transition(to: CGSize(width: 1000, height: 800), safeAreaInsets: .zero)
        try actions(#"[{"report": {"view": "C", "property": "frame"}}]"#, h).apply(at: 0)
        // 800 → 1000 with the mask at work: the whole 200 pt go to the flexible width.
        #expect(log(h).filter { $0.hasPrefix("note: act:") } == [
            "note: act: C.frame = (100, 200, 100, 40)", "note: act: set P.autoresizesSubviews = true",
            "note: act: C.frame = (100, 200, 300, 40)",
        ])
    }

    /// Pins UIKIT-ANIM-NESTED.
    @Test func aNestedAnimateActionInheritsTheBlocksDurationAndCurve() throws {
        let h = try host(#"""
            {"name": "t", "views": [{"id": "A", "frame": [0, 0, 100, 100]}, {"id": "B", "frame": [0, 200, 100, 100]}]}
            """#)
        try actions(#"""
            [{"animate": {"view": "A", "duration": 1000, "options": ["curveLinear"], "to": {"centerX": 250}, "nested": [
                {"view": "B", "duration": 200, "options": ["curveEaseIn"], "to": {"alpha": 0}},
                {"view": "B", "duration": 200, "options": ["overrideInheritedDuration", "overrideInheritedCurve", "curveEaseIn"], "to": {"centerY": 400}}]}}]
            """#, h).apply(at: 0)
        try h.advance(to: 1000)
        #expect(log(h) == [
            #"note: act: animate A to {"centerX":250} over 1000 ms after 0 ms options [curveLinear] { animate B to {"alpha":0} over 200 ms after 0 ms options [curveEaseIn]; animate B to {"centerY":400} over 200 ms after 0 ms options [overrideInheritedDuration, overrideInheritedCurve, curveEaseIn] }"#,
            "anim: animation 1 began: B.alpha over 1000 ms, linear, interaction off, nested: inherits its duration and curve",
            "anim: animation 2 began: B.center over 200 ms, easeIn, interaction off",
            "anim: animation 3 began: A.center over 1000 ms, linear, interaction off",
            "anim: animation 2 ended (finished true)", "note: animation of B done(true)",
            "anim: animation 1 ended (finished true)", "note: animation of B done(true)",
            "anim: animation 3 ended (finished true)", "note: animation of A done(true)",
        ])
    }

    @Test(arguments: [
        (#"{"id": "T", "kind": "tap", "view": "V", "delegate": {"shouldRequireFailureOf": {"ghost": true}}}"#,
         "recognizers[0].delegate.shouldRequireFailureOf.ghost", "no recognizer with id 'ghost' (a scroll view's own pan is named after it: scrollViewID.pan)"),
        (#"{"id": "T", "kind": "tap", "view": "V", "delegate": {"shouldRecognizeSimultaneouslyWith": {"T": true}}}"#,
         "recognizers[0].delegate.shouldRecognizeSimultaneouslyWith.T", "a recognizer is never asked about itself"),
        (#"{"id": "T", "kind": "tap", "view": "V", "delegate": {"shouldBeRequiredToFailBy": {"U": "yes"}}}, {"id": "U", "kind": "tap", "view": "V"}"#,
         "recognizers[0].delegate.shouldBeRequiredToFailBy.U", "expected true or false"),
        (#"{"id": "T", "kind": "tap", "view": "V", "delegate": {"shouldRequireFailureOf": ["U"]}}"#,
         "recognizers[0].delegate.shouldRequireFailureOf", "expected an object of recognizer names to true or false"),
        (#"{"id": "T", "kind": "tap", "view": "V", "overrides": {"canPrevent": {}}}"#,
         "recognizers[0].overrides", "unknown field (allowed: allowableMovement, behaviour, cancelsTouchesInView, delaysTouchesBegan, delaysTouchesEnded, delegate, enabled, id, kind, maximumIntervalBetweenSuccessiveTaps, maximumTapDuration, numberOfTapsRequired, numberOfTouchesRequired, target, view)"),
        (#"{"id": "F", "kind": "custom", "class": "observer", "view": "V", "overrides": {"canPrevents": {}}}"#,
         "recognizers[0].overrides.canPrevents", "unknown field (allowed: canBePrevented, canPrevent, shouldBeRequiredToFailBy, shouldRequireFailureOf)"),
        (#"{"id": "T", "kind": "tap", "view": "V", "delegate": {"shouldReceiveEvent": {"allTouchesAtMost": 0}}}"#,
         "recognizers[0].delegate.shouldReceiveEvent.allTouchesAtMost", "expected a number in 1.0…100.0"),
        (#"{"id": "T", "kind": "tap", "view": "V", "delegate": {"shouldReceiveEvent": 1}}"#,
         "recognizers[0].delegate.shouldReceiveEvent", #"expected true, false or {"allTouchesAtMost": N}"#),
    ])
    func badTablesAreRefusedWithTheirEntry(recognizers: String, path: String, message: String) {
        #expect(throws: SceneError(path: path, message: message)) {
            _ = try SceneSpec.parse(Data((#"{"name": "t", "views": [{"id": "V", "frame": [0, 0, 10, 10]}], "recognizers": ["# + recognizers + "]}").utf8))
        }
    }

    @Test func aHugeTableIsRefusedAndAClassWithoutOverridesToo() throws {
        let entries = (0...AnswerTableSize.maximum).map { #""r\#($0)": true"# }.joined(separator: ", ")
        #expect(throws: SceneError(path: "recognizers[0].delegate.shouldRequireFailureOf", message: "at most 201 entries")) {
            _ = try SceneSpec.parse(Data((#"{"name": "t", "views": [{"id": "V", "frame": [0, 0, 10, 10]}], "recognizers": [{"id": "T", "kind": "tap", "view": "V", "delegate": {"shouldRequireFailureOf": {"# + entries + "}}}]}").utf8))
        }
        let spec = try SceneSpec.parse(Data(#"""
            {"name": "t", "views": [{"id": "V", "frame": [0, 0, 10, 10]}],
             "recognizers": [{"id": "C", "kind": "custom", "class": "checkmark", "view": "V", "overrides": {"canPrevent": {"*": false}}}]}
            """#.utf8))
        let noOverrides = "class checkmark does not take overrides (a class that does subclasses OverridableGestureRecognizer: observer, firstTouch)"
        #expect(throws: SceneError(path: "recognizers[0].overrides", message: noOverrides)) {
            try spec.checkRecognizerClasses(.builtIn)
        }
        let h = try host(firstTouchAndPan("{}"))
        #expect(throws: SceneError(path: "actions[0].add.recognizer.overrides", message: noOverrides)) {
            _ = try actions(#"[{"add": {"recognizer": {"id": "C", "kind": "custom", "class": "checkmark", "view": "V", "overrides": {}}}}]"#, h)
        }
        let timeline = try SceneSpec.parse(Data(#"""
            {"name": "t", "views": [{"id": "V", "frame": [0, 0, 10, 10]}],
             "recognizers": [{"id": "C", "kind": "custom", "class": "checkmark", "view": "V"}],
             "timeline": [{"t": 5, "actions": [{"set": {"recognizer": "C", "property": "overrides", "value": {"canPrevent": {"*": false}}}}]}]}
            """#.utf8))
        #expect(throws: SceneError(path: "timeline[0].actions[0].set.value", message: noOverrides)) {
            try timeline.checkRecognizerClasses(.builtIn)
        }
    }

    @Test func actSetsAndAddsTablesCheckingEveryName() throws {
        let h = try host(firstTouchAndPan("{}"))
        #expect(throws: SceneError(path: "actions[0].set.value.canBePrevented.ghost", message: "no recognizer with id 'ghost' (a scroll view's own pan is named after it: scrollViewID.pan)")) {
            _ = try actions(#"[{"set": {"recognizer": "F", "property": "overrides", "value": {"canBePrevented": {"ghost": false}}}}]"#, h)
        }
        #expect(throws: SceneError(path: "actions[0].set.value.shouldRequireFailureOf.P", message: "a recognizer is never asked about itself")) {
            _ = try actions(#"[{"set": {"recognizer": "P", "property": "delegate", "value": {"shouldRequireFailureOf": {"P": true}}}}]"#, h)
        }
        #expect(throws: SceneError(path: "actions[0].set.property", message: "tracking is for kinds button, switch, slider and control")) {
            _ = try actions(#"[{"set": {"view": "V", "property": "tracking", "value": true}}]"#, h)
        }
        try actions(#"""
            [{"add": {"recognizer": {"id": "Q", "kind": "pan", "view": "V", "delegate": {"shouldRecognizeSimultaneouslyWith": {"P": true}}}}},
             {"set": {"recognizer": "F", "property": "overrides", "value": {"canBePrevented": {"*": false}}}}]
            """#, h).apply(at: 0)
        try h.drag(1, from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 100), at: 0, steps: 2)
        let transitions = log(h).filter { $0.contains(":possible→") }
        #expect(transitions == ["P:possible→began", "Q:possible→began", "F:possible→ended"])
    }

    @Test func aRequirementCycleInTablesWaitsWithoutHanging() throws {
        let h = try host(#"""
            {"name": "t", "views": [{"id": "V", "frame": [0, 0, 400, 800], "responder": "log"}], "recognizers": [
              {"id": "A", "kind": "tap", "view": "V", "delegate": {"shouldRequireFailureOf": {"B": true}}},
              {"id": "B", "kind": "tap", "view": "V", "delegate": {"shouldRequireFailureOf": {"A": true}}}]}
            """#)
        try h.tap(1, 100, 100, at: 0)
        try h.advance(to: 2000)
        #expect(h.log(diagnostics: true) == ["hit(1) Window>root>V", "V.tb(1)", "A waits [waiting for failure of B]",
                                             "B waits [waiting for failure of A]", "1@V: touchesEnded withheld: delaysTouchesEnded of A"],
                "each waits for the other, as with a require(toFail:) cycle; nothing hangs")
    }
}

/// The bound of an answer table, as the tests see it.
private enum AnswerTableSize {
    static let maximum = 201
}
