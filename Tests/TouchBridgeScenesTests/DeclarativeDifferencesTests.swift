import Foundation
import Testing
import TouchBridgeScenes
import TouchKit
import TouchKitTestSupport

/// Declarative scenes as UIKit: image and label kinds ignore touches by default, every kind may
/// override the touch methods (`responder`), and a scroll view's own pan is a recognizer scenes and
/// `act` can relate — on the manual clock with the exact log.
@Suite struct DeclarativeDifferencesTests {
    private func host(_ json: String) throws -> Harness {
        let h = Harness()
        h.host(DeclarativeSceneViewController(spec: try SceneSpec.parse(Data(json.utf8))))
        return h
    }

    private func act(_ json: String, _ h: Harness, at ms: Double) throws(SceneError) {
        try SceneActionList(json: Data(json.utf8), application: h.app).apply(at: ms / 1000)
    }

    /// The log with hit paths, skips and notes, without resets, waits and withheld notes.
    private func log(_ h: Harness) -> [String] {
        h.log(diagnostics: true).filter { !$0.hasSuffix("→possible [reset]") && !$0.contains(" waits [") && !$0.contains("withheld") }
    }

    /// GC-S16 ("tap recognizer on a UIImageView never fires"): the symptom, its reason, and the fix.
    /// Pins UIKIT-HIT-INTERACTION-DEFAULTS.
    @Test func anImageKindIgnoresTouchesUntilUserInteractionIsOn() throws {
        let h = try host(#"""
            {"name": "gc-s16", "views": [{"id": "avatar", "kind": "image", "frame": [145, 200, 100, 100]}],
             "recognizers": [{"id": "avatarTap", "kind": "tap", "view": "avatar"}]}
            """#)
        try h.tap(1, 195, 250, at: 0)
        #expect(log(h) == ["hit(1) Window>root",
                           "1@avatar: skipped by hit-testing: isUserInteractionEnabled false (UIImageView default); avatarTap cannot see the touch",
                           "root.tb(1)", "controller.tb(1) via root", "Window.tb(1) via controller",
                           "UIApplication#1.tb(1) via Window", "root.te(1)", "controller.te(1) via root", "Window.te(1) via controller",
                           "UIApplication#1.te(1) via Window"])
        try act(#"[{"set": {"view": "avatar", "property": "userInteraction", "value": true}}]"#, h, at: 500)
        try h.tap(2, 195, 250, at: 1000)
        #expect(log(h) == ["note: act: set avatar.userInteraction = true", "hit(2) Window>root>avatar",
                           "avatar.tb(2)", "root.tb(2) via avatar", "controller.tb(2) via root", "Window.tb(2) via controller",
                           "UIApplication#1.tb(2) via Window", "avatarTap:possible→ended",
                           "avatar.tc(2)", "root.tc(2) via avatar", "controller.tc(2) via root", "Window.tc(2) via controller",
                           "UIApplication#1.tc(2) via Window", "act(avatarTap,ended)"])
    }

    /// A link label (a UILabel subclass overriding the touch methods): `responder` on a label, which
    /// still needs user interaction on, as in UIKit; then the chain stops at the label. A button that
    /// overrides the touch methods without calling super no longer tracks.
    /// Pins UIKIT-RESPONDER-FORWARDING.
    @Test func everyKindMayOverrideTheTouchMethods() throws {
        let h = try host(#"""
            {"name": "kinds", "views": [
              {"id": "link", "kind": "label", "text": "terms", "frame": [0, 0, 400, 100], "responder": "log"},
              {"id": "photo", "kind": "image", "frame": [0, 100, 400, 100], "responder": "forward", "userInteraction": true},
              {"id": "ok", "kind": "button", "text": "OK", "frame": [0, 200, 400, 100], "responder": "log"},
              {"id": "flag", "kind": "switch", "frame": [0, 300, 60, 40], "responder": "forward"},
              {"id": "level", "kind": "slider", "frame": [0, 400, 400, 40], "responder": "log"},
              {"id": "pad", "kind": "drawing", "frame": [0, 450, 400, 100], "responder": "log"},
              {"id": "list", "kind": "scrollView", "frame": [0, 600, 400, 200], "responder": "log"},
              {"id": "knob", "kind": "control", "frame": [0, 550, 400, 50], "responder": "forward"}]}
            """#)
        try h.tap(1, 200, 50, at: 0)
        #expect(log(h) == ["hit(1) Window>root", "root.tb(1)", "controller.tb(1) via root", "Window.tb(1) via controller",
                           "UIApplication#1.tb(1) via Window", "root.te(1)", "controller.te(1) via root", "Window.te(1) via controller",
                           "UIApplication#1.te(1) via Window"],
                "a label's user interaction is off by default, responder or not")
        try act(#"[{"set": {"view": "link", "property": "userInteraction", "value": true}}]"#, h, at: 500)
        try h.tap(2, 200, 50, at: 1000)
        #expect(log(h) == ["note: act: set link.userInteraction = true", "hit(2) Window>root>link", "link.tb(2)", "link.te(2)"])
        try h.tap(3, 200, 150, at: 2000)
        #expect(log(h) == ["hit(3) Window>root>photo", "photo.tb(3)", "root.tb(3) via photo", "controller.tb(3) via root",
                           "Window.tb(3) via controller", "UIApplication#1.tb(3) via Window", "photo.te(3)", "root.te(3) via photo",
                           "controller.te(3) via root", "Window.te(3) via controller", "UIApplication#1.te(3) via Window"])
        try h.tap(4, 200, 250, at: 3000)
        #expect(log(h) == ["hit(4) Window>root>ok", "ok.tb(4)", "ok.te(4)"], "no touchDown, no touchUpInside: the override skips UIControl's tracking")
        let kinds = Dictionary(uniqueKeysWithValues: h.app.renderTree().nodes.map { ($0.name, $0.kind) })
        #expect(kinds["link"] == "SceneLabel" && kinds["photo"] == "SceneImageView" && kinds["flag"] == "SceneSwitch"
                && kinds["level"] == "SceneSlider" && kinds["pad"] == "SceneDrawingView" && kinds["list"] == "SceneScrollView")
    }

    /// `responder` changes at run time only where the class has the overrides (declared, or a plain
    /// view, button or control); elsewhere it is refused, not ignored.
    @Test func responderChangesOnlyWhereTheClassOverrides() throws {
        let h = try host(#"""
            {"name": "r", "views": [{"id": "caption", "kind": "label", "frame": [0, 0, 10, 10]},
                                    {"id": "link", "kind": "label", "frame": [0, 0, 10, 10], "responder": "forward"},
                                    {"id": "ok", "kind": "button", "frame": [0, 0, 10, 10]}]}
            """#)
        #expect(throws: SceneError(path: "actions[0].set.property", message: "responder changes only on a view whose class overrides the touch methods: declare it in the scene")) {
            try act(#"[{"set": {"view": "caption", "property": "responder", "value": "log"}}]"#, h, at: 0)
        }
        try act(#"[{"set": {"view": "link", "property": "responder", "value": "log"}}, {"set": {"view": "ok", "property": "responder", "value": "log"}}]"#, h, at: 0)
    }

    private static let pagerScene = #"""
        {"name": "gc-s14", "views": [{"id": "pager", "kind": "scrollView", "frame": [0, 0, "100%", "100%"],
                                      "contentSize": [1170, 800], "alwaysBounceHorizontal": true}],
         "recognizers": [{"id": "edgePop", "kind": "screenEdgePan", "view": "root", "edges": ["left"]}]}
        """#

    /// An edge swipe on page 0 of a pager.
    private func edgeSwipe(_ h: Harness, id: Int, at ms: Double) throws {
        try h.drag(id, from: CGPoint(x: 4, y: 400), to: CGPoint(x: 180, y: 402), at: ms, steps: 6, interval: 40)
    }

    /// GC-S14: the pager's own pan takes the edge swipe; `pager.pan` `require(toFail: edgePop)` — the
    /// fix people use — names the scroll view's panGestureRecognizer and works, from `act` and from
    /// the scene file alike.
    /// Pins UIKIT-SCROLL-OWN-RECOGNIZERS.
    @Test func aScrollViewsPanIsARecognizerRelationshipsCanName() throws {
        let h = try host(Self.pagerScene)
        try edgeSwipe(h, id: 1, at: 0)
        let symptom = h.log(only: "pager.pan:", "edgePop:")
        #expect(symptom.first == "pager.pan:possible→began" && symptom.contains { $0.hasPrefix("edgePop:possible→failed") })

        try act(#"[{"relate": {"requireToFail": ["pager.pan", "edgePop"]}}]"#, h, at: 1000)
        try edgeSwipe(h, id: 2, at: 2000)
        let fixed = h.log(only: "pager.pan:", "edgePop:", "note:")
        #expect(fixed.prefix(3) == ["note: act: pager.pan.require(toFail: edgePop)", "edgePop:possible→began",
                                    "pager.pan:possible→failed [required edgePop to fail, but it recognized]"])

        let file = Self.pagerScene.replacingOccurrences(of: #""edges": ["left"]}]"#, with: #""edges": ["left"]}], "relationships": [{"requireToFail": ["pager.pan", "edgePop"]}]"#)
        let h2 = try host(file)
        try edgeSwipe(h2, id: 1, at: 0)
        #expect(Array(h2.log(only: "pager.pan:", "edgePop:").prefix(2)) == ["edgePop:possible→began", "pager.pan:possible→failed [required edgePop to fail, but it recognized]"])
    }

    /// GC-S21's scene: a carousel pan simultaneous with the feed's own pan — on a drag the feed can
    /// scroll (mostly vertical) both run; without the relation the carousel's pan, nearer the touch,
    /// excludes the feed's.
    /// Pins UIKIT-SCROLL-OWN-RECOGNIZERS.
    @Test func simultaneityWithAScrollViewsPan() throws {
        let scene = #"""
            {"name": "gc-s21", "views": [{"id": "feed", "kind": "scrollView", "frame": [0, 0, "100%", "100%"], "contentSize": [400, 4000],
                                          "children": [{"id": "carousel", "frame": [0, 200, "100%", 200]}]}],
             "recognizers": [{"id": "carouselPan", "kind": "pan", "view": "carousel"}]RELATIONS}
            """#
        let trace: (Harness) throws -> Void = { h in
            try h.drag(1, from: CGPoint(x: 300, y: 300), to: CGPoint(x: 270, y: 390), at: 0, steps: 6, interval: 50)
        }
        let alone = try host(scene.replacingOccurrences(of: "RELATIONS", with: ""))
        try trace(alone)
        let exclusive = alone.log(only: "carouselPan:possible", "feed.pan:possible")
        #expect(exclusive.count == 2 && exclusive.contains { $0.contains("→failed [prevented by") })
        let together = try host(scene.replacingOccurrences(of: "RELATIONS", with: #", "relationships": [{"simultaneous": ["carouselPan", "feed.pan"]}]"#))
        try trace(together)
        let both = together.log(only: "carouselPan:possible", "feed.pan:possible")
        #expect(both.sorted() == ["carouselPan:possible→began", "feed.pan:possible→began"])
    }

    /// Names of recognizers that do not exist are refused with an error, in files and in `act`: never
    /// accepted silently.
    @Test(arguments: [
        (#"[{"relate": {"requireToFail": ["pager.pinch", "edgePop"]}}]"#, "actions[0].relate.requireToFail[0]: no recognizer with id 'pager.pinch' (a scroll view's own pan is named after it: scrollViewID.pan)"),
        (#"[{"relate": {"simultaneous": ["nope.pan", "edgePop"]}}]"#, "actions[0].relate.simultaneous[0]: no recognizer with id 'nope.pan'"),
        (#"[{"relate": {"simultaneous": ["pager.pan", "pager.delayContentTouches"]}}]"#, "actions[0].relate.simultaneous: pager.pan and pager.delayContentTouches keep their own delegates"),
        (#"[{"set": {"recognizer": "pager.pan", "property": "behaviour", "value": "translate"}}]"#, "actions[0].set.property: behaviour is for recognizers a declarative scene declares"),
    ])
    func unknownOrUnrelatableNamesAreRefused(json: String, expected: String) throws {
        let h = try host(Self.pagerScene)
        do {
            try act(json, h, at: 0)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.description.hasPrefix(expected), "got \(error)")
        }
    }

    @Test(arguments: [
        (#""relationships": [{"requireToFail": ["pager.pinch", "edgePop"]}]"#, "relationships[0].requireToFail[0]: no recognizer with id 'pager.pinch' (a scroll view's own pan is named after it: scrollViewID.pan)"),
        (#""relationships": [{"requireToFail": ["edgePop.pan", "edgePop"]}]"#, "relationships[0].requireToFail[0]: no recognizer with id 'edgePop.pan'"),
        (#""relationships": [{"simultaneous": ["pager.pan", "other.pan"]}]"#, "relationships[0].simultaneous: pager.pan and other.pan keep their own delegates"),
    ])
    func sceneFilesRefuseUnknownNames(relationships: String, expected: String) {
        let json = #"""
            {"name": "x", "views": [{"id": "pager", "kind": "scrollView", "frame": [0, 0, 10, 10]},
                                    {"id": "other", "kind": "scrollView", "frame": [0, 0, 10, 10]}],
             "recognizers": [{"id": "edgePop", "kind": "screenEdgePan", "view": "root"}],
            """# + relationships + "}"
        do {
            _ = try SceneSpec.parse(Data(json.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix(expected), "got \(error)")
        }
    }
}
