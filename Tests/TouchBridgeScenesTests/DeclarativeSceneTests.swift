import Foundation
import Testing
import TouchBridgeScenes
import TouchKit
import TouchKitTestSupport

/// Declarative scenes: the example files, validation errors with paths, and equivalence with Swift.
@Suite struct DeclarativeSceneTests {
    static let scenesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("config/scenes")

    private func load(_ name: String) throws -> SceneSpec {
        try SceneSpec.parse(Data(contentsOf: Self.scenesDirectory.appendingPathComponent(name + ".json")))
    }

    private func parse(_ json: String) -> SceneError? {
        do {
            _ = try SceneSpec.parse(Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func everyExampleFileLoads() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.scenesDirectory.path).filter { $0.hasSuffix(".json") }
        #expect(files.count >= 3)
        for file in files {
            let spec = try load(String(file.dropLast(5)))
            #expect(spec.name + ".json" == file)
            let h = Harness()
            h.host(DeclarativeSceneViewController(spec: spec))
            #expect(h.app.renderTree().nodes.count > 2)
        }
    }

    @Test(arguments: [
        (#"{"views": []}"#, "name: required"),
        (#"{"name": "x", "views": [{"id": "a"}]}"#, "views[0].frame: required"),
        (#"{"name": "x", "views": [{"id": "a", "frame": [0, 0, 10]}]}"#, "views[0].frame: expected [x, y, width, height]"),
        (##"{"name": "x", "views": [{"id": "a", "frame": [0, 0, 10, 10], "colour": "#fff"}]}"##, "views[0].colour: unknown field"),
        (#"{"name": "x", "views": [{"id": "a", "frame": [0, 0, 10, 10], "alpha": 2}]}"#, "views[0].alpha: expected a number in 0.0…1.0"),
        (#"{"name": "x", "views": [{"id": "a", "frame": [0, 0, 10, 10], "hidden": 1}]}"#, "views[0].hidden: expected true or false"),
        (#"{"name": "x", "views": [{"id": "a", "frame": [0,0,1,1]}, {"id": "a", "frame": [0,0,1,1]}]}"#, "views[1].id: duplicate view id 'a'"),
        (#"{"name": "x", "views": [{"id": "a", "frame": [0,0,1,1]}], "recognizers": [{"id": "t", "kind": "tap", "view": "b"}]}"#, "recognizers[0].view: no view with id 'b'"),
        (#"{"name": "x", "views": [{"id": "a", "frame": [0,0,1,1]}], "recognizers": [{"id": "t", "kind": "wink", "view": "a"}]}"#, "recognizers[0].kind: expected one of"),
        (#"{"name": "x", "views": [{"id": "a", "frame": [0,0,1,1]}], "recognizers": [{"id": "t", "kind": "tap", "view": "a", "direction": ["up"]}]}"#, "recognizers[0].direction: unknown field"),
        (#"{"name": "x", "views": [{"id": "a", "frame": [0,0,1,1]}], "recognizers": [{"id": "s", "kind": "swipe", "view": "a", "direction": ["sideways"]}]}"#, "recognizers[0].direction[0]: expected one of right, left, up, down"),
        (#"{"name": "x", "views": [{"id": "a", "frame": [0,0,1,1]}], "recognizers": [{"id": "t", "kind": "tap", "view": "a", "numberOfTapsRequired": 0}]}"#, "recognizers[0].numberOfTapsRequired: expected a number in 1.0…10.0"),
        (#"{"name": "x", "views": [{"id": "a", "frame": [0,0,1,1]}], "recognizers": [{"id": "t", "kind": "tap", "view": "a"}], "relationships": [{"requireToFail": ["t", "u"]}]}"#, "relationships[0].requireToFail[1]: no recognizer with id 'u'"),
        ("{not json", "not valid JSON"),
    ])
    func validationNamesTheBadField(json: String, expected: String) {
        let error = parse(json)
        #expect(error?.description.hasPrefix(expected) == true, "got \(String(describing: error))")
    }

    @Test func inlineScenesAreBounded() {
        var limits = SceneSpec.Limits()
        limits.maximumDepth = 3
        let deep = #"{"name": "x", "views": [{"id": "a", "frame": [0,0,1,1], "children": [{"id": "b", "frame": [0,0,1,1], "children": [{"id": "c", "frame": [0,0,1,1], "children": [{"id": "d", "frame": [0,0,1,1]}]}]}]}]}"#
        #expect(throws: SceneError(path: "views[0].children[0].children[0].children[0]", message: "views nest deeper than 3")) {
            try SceneSpec.parse(Data(deep.utf8), limits: limits)
        }
        limits = SceneSpec.Limits()
        limits.maximumViews = 2
        let many = #"{"name": "x", "views": [{"id": "a", "frame": [0,0,1,1]}, {"id": "b", "frame": [0,0,1,1]}, {"id": "c", "frame": [0,0,1,1]}]}"#
        #expect(throws: SceneError.self) { try SceneSpec.parse(Data(many.utf8), limits: limits) }
    }

    /// The S43 file against the same configuration built in Swift: identical logs.
    /// Pins UIKIT-RELATION-REQUIRE-FAILURE.
    @Test func s43FileMatchesItsSwiftTwin() throws {
        func play(_ h: Harness) throws -> [String] {
            try h.tap(1, 100, 100, at: 0)
            try h.advance(to: 500)
            try h.tap(2, 100, 100, at: 1000)
            try h.tap(3, 100, 100, at: 1200)
            try h.advance(to: 2000)
            return h.log(diagnostics: true)
        }
        let declarative = Harness()
        declarative.host(DeclarativeSceneViewController(spec: try load("s43-single-waits-for-double")))

        final class Twin: UIViewController {
            final class Handling: UIView {
                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}
                override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {}
                override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {}
                override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {}
            }
            override func viewDidLoad() {
                view.accessibilityIdentifier = "root"
                let v = Handling(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
                v.accessibilityIdentifier = "V"
                view.addSubview(v)
                let s = UITapGestureRecognizer(handler: { _ in }); s.name = "S"
                let d = UITapGestureRecognizer(handler: { _ in }); d.name = "D"; d.numberOfTapsRequired = 2
                s.require(toFail: d)
                v.addGestureRecognizer(s)
                v.addGestureRecognizer(d)
            }
        }
        let swift = Harness()
        swift.host(Twin())
        let expected = try play(swift)
        #expect(try play(declarative) == expected)
        #expect(expected.contains("act(S,ended)") && expected.contains("act(D,ended)"))
    }

    @Test func behavioursAndDelegateAnswers() throws {
        let h = Harness()
        let scene = DeclarativeSceneViewController(spec: try load("tap-over-controls"))
        h.host(scene)
        try h.tap(1, 50, 50, at: 0)
        #expect(h.log(only: "containerTap:").isEmpty, "shouldReceive hid the band")
        try h.tap(2, 200, 140, at: 1000)
        #expect(h.log(only: "containerTap:") == ["containerTap:possible→failed [button is a UIButton and keeps its single tap (iOS 6 rule)]"])
        try h.tap(3, 60, 700, at: 2000)
        #expect(h.app.renderTree().node(named: "marker")?.center == CGPoint(x: 60, y: 700))
    }

    @Test func photoGesturesRunTogether() throws {
        let h = Harness()
        h.host(DeclarativeSceneViewController(spec: try load("photo-gestures")))
        try h.frame([(.down, 1, 150, 350), (.down, 2, 250, 350)], at: 0)
        for step in 1...8 {
            let spread = CGFloat(step) * 6
            try h.frame([(.move, 1, 150 - spread, 350 + CGFloat(step) * 3), (.move, 2, 250 + spread, 350 - CGFloat(step) * 3)], at: Double(step) * 16)
        }
        let log = h.log()
        #expect(log.contains("act(pinch,began)") && log.contains("act(rotation,began)"))
        let transform = try #require(h.app.renderTree().node(named: "photo")?.transform)
        #expect(transform != .identity)
    }
}

extension DeclarativeSceneTests {
    /// S51 and S56 from one file: the button keeps its tap, the custom control's tap goes to the
    /// recognizer, and a quick drag scrolls without the button seeing anything.
    /// Pins UIKIT-SCROLL-CONTENT-TOUCHES.
    @Test func scrollViewAndControlKinds() throws {
        let h = Harness()
        h.host(DeclarativeSceneViewController(spec: try load("scroll-over-buttons")))
        try h.tap(1, 200, 130, at: 0)
        var log = h.log()
        #expect(log.contains("button:touchUpInside") && !log.contains("contentTap:possible→ended"))
        try h.tap(2, 200, 330, at: 1000)
        log = h.log()
        // The scroll view held the custom control's touchesBegan back (delaysContentTouches); the tap
        // recognizer claimed the touch at the lift, so the control never saw it.
        #expect(log.contains("contentTap:possible→ended") && !log.contains { $0.hasPrefix("custom:") })
        try h.down(3, 200, 130, at: 2000)
        try h.move(3, 200, 100, at: 2060)
        try h.move(3, 200, 30, at: 2150)
        try h.up(3, 200, 30, at: 2160)
        log = h.log()
        #expect(!log.contains { $0.hasPrefix("button:") })
        #expect(h.app.renderTree().node(named: "scroller")?.bounds.origin.y == 100)
    }

    @Test func scrollViewFieldsBelongToScrollViews() {
        let json = #"{"name": "x", "views": [{"id": "a", "frame": [0,0,1,1], "contentSize": [10, 10]}]}"#
        #expect(throws: SceneError(path: "views[0].contentSize", message: "contentSize is for kind scrollView")) {
            try SceneSpec.parse(Data(json.utf8))
        }
    }
}

/// Relative frames: fractions and anchored edges follow the superview at every layout.
@Suite struct DeclarativeFrameTests {
    @Test func fractionsAndAnchorsFollowRotations() throws {
        let json = #"""
        {"name": "x", "views": [
          {"id": "full", "frame": ["0%", "0%", "100%", "100%"], "children": [
            {"id": "band", "frame": {"left": 10, "right": 10, "top": 0, "height": 50}},
            {"id": "middle", "frame": {"centerX": "50%", "centerY": "50%", "width": 100, "height": "10%"}},
            {"id": "corner", "frame": {"right": 0, "width": 40, "bottom": 0, "height": 40}}]}]}
        """#
        let h = Harness(width: 400, height: 800)
        let scene = DeclarativeSceneViewController(spec: try SceneSpec.parse(Data(json.utf8)))
        h.host(scene)
        func frame(_ name: String) -> CGRect? {
            h.app.renderTree().node(named: name).map { CGRect(x: $0.center.x - $0.bounds.width / 2, y: $0.center.y - $0.bounds.height / 2, width: $0.bounds.width, height: $0.bounds.height) }
        }
        #expect(frame("band") == CGRect(x: 10, y: 0, width: 380, height: 50))
        #expect(frame("middle") == CGRect(x: 150, y: 360, width: 100, height: 80))
        #expect(frame("corner") == CGRect(x: 360, y: 760, width: 40, height: 40))
        h.window.transition(to: CGSize(width: 844, height: 390), safeAreaInsets: .zero)
        #expect(frame("full") == CGRect(x: 0, y: 0, width: 844, height: 390))
        #expect(frame("band") == CGRect(x: 10, y: 0, width: 824, height: 50))
        #expect(frame("middle") == CGRect(x: 372, y: 175.5, width: 100, height: 39))
        #expect(frame("corner") == CGRect(x: 804, y: 350, width: 40, height: 40))
    }

    /// A frame anchored to the safe area stays clear of the insets, and follows them when they change.
    /// Pins UIKIT-LAYOUT-SAFE-AREA.
    @Test func safeAreaGuideKeepsClearOfTheInsets() throws {
        let json = #"{"name": "x", "views": [{"id": "bar", "frame": {"guide": "safeArea", "left": 0, "right": 0, "top": 0, "height": 50}}]}"#
        let h = Harness(width: 390, height: 844)
        h.host(DeclarativeSceneViewController(spec: try SceneSpec.parse(Data(json.utf8))))
        h.window.transition(to: CGSize(width: 390, height: 844), safeAreaInsets: UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        try h.advance(to: 0)
        let bar = try #require(h.window.rootViewController?.view.subviews.first)
        #expect(bar.frame == CGRect(x: 0, y: 47, width: 390, height: 50))
        h.window.transition(to: CGSize(width: 844, height: 390), safeAreaInsets: UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47))
        try h.advance(to: 0)
        #expect(bar.frame == CGRect(x: 47, y: 0, width: 750, height: 50))
    }

    /// A size-class variant replaces the frame while its classes match, and the frame comes back after.
    /// Pins UIKIT-LAYOUT-SIZE-CLASSES.
    @Test func variantsFollowTheSizeClasses() throws {
        let json = #"""
        {"name": "x", "views": [{"id": "v", "frame": [10, 100, 50, 50],
          "variants": [{"horizontalSizeClass": "regular", "verticalSizeClass": "compact", "frame": [30, 30, 60, 60]},
                       {"verticalSizeClass": "compact", "frame": [20, 20, 40, 40]}]}]}
        """#
        let h = Harness(width: 390, height: 844)
        h.host(DeclarativeSceneViewController(spec: try SceneSpec.parse(Data(json.utf8))))
        let view = try #require(h.window.rootViewController?.view.subviews.first)
        var frames: [CGRect] = []
        for size in [CGSize(width: 390, height: 844), CGSize(width: 844, height: 390), CGSize(width: 932, height: 430), CGSize(width: 390, height: 844)] {
            h.window.transition(to: size, safeAreaInsets: .zero)
            try h.advance(to: 0)
            frames.append(view.frame)
        }
        #expect(frames == [CGRect(x: 10, y: 100, width: 50, height: 50), CGRect(x: 20, y: 20, width: 40, height: 40),
                           CGRect(x: 30, y: 30, width: 60, height: 60), CGRect(x: 10, y: 100, width: 50, height: 50)])
    }

    @Test(arguments: [
        (#"[{"frame": [0, 0, 1, 1]}]"#, "views[0].variants[0]: give horizontalSizeClass, verticalSizeClass or both"),
        (#"[{"verticalSizeClass": "tiny", "frame": [0, 0, 1, 1]}]"#, "views[0].variants[0].verticalSizeClass: expected one of compact, regular"),
        (#"[{"verticalSizeClass": "compact"}]"#, "views[0].variants[0].frame: required"),
        (#"[{"verticalSizeClass": "compact", "frame": [0, 0, 1, 1], "hidden": true}]"#, "views[0].variants[0].hidden: unknown field"),
        (#"{"verticalSizeClass": "compact"}"#, "views[0].variants: expected an array"),
        ("[" + Array(repeating: #"{"verticalSizeClass": "compact", "frame": [0, 0, 1, 1]}"#, count: 5).joined(separator: ", ") + "]",
         "views[0].variants: at most 4 entries"),
    ])
    func badVariantsAreRejectedWithTheirPath(variants: String, message: String) {
        let json = #"{"name": "x", "views": [{"id": "a", "frame": [0, 0, 1, 1], "variants": "# + variants + "}]}"
        do {
            _ = try SceneSpec.parse(Data(json.utf8))
            Issue.record("accepted \(variants)")
        } catch {
            #expect(error.description.hasPrefix(message), "got \(error.description)")
        }
    }

    @Test(arguments: [
        (#"{"left": 0, "right": 0, "width": 10, "top": 0, "height": 5}"#, "views[0].frame: give two of left, width and right, or centerX and width"),
        (#"{"centerX": 0, "left": 3, "width": 10, "top": 0, "height": 5}"#, "views[0].frame: give two of left, width and right, or centerX and width"),
        (#"["0%", "0%", "-10%", 5]"#, "views[0].frame[2]: expected points or a percentage such as \"50%\""),
        (#"{"guide": "screen", "left": 0, "right": 0, "top": 0, "bottom": 0}"#, "views[0].frame.guide: expected one of bounds, safeArea"),
        (#"["0", 0, 10, 5]"#, "views[0].frame[0]: expected points or a percentage such as \"50%\""),
        (#"[0, 0, 10]"#, "views[0].frame: expected [x, y, width, height]"),
    ])
    func badFramesAreRejectedWithTheirPath(frame: String, message: String) {
        let json = #"{"name": "x", "views": [{"id": "a", "frame": "# + frame + "}]}"
        #expect(throws: SceneError.self) { try SceneSpec.parse(Data(json.utf8)) }
        do {
            _ = try SceneSpec.parse(Data(json.utf8))
        } catch {
            #expect(error.description == message)
        }
    }
}

/// Recognizers on the scene's root view and on its window (UIKIT-GESTURE-PARTICIPANTS: they see every touch below them).
@Suite struct DeclarativeRecognizerPlacementTests {
    /// Pins UIKIT-GESTURE-PARTICIPANTS.
    @Test func recognizersOnRootAndWindowSeeTouchesOfEveryView() throws {
        let json = #"""
        {"name": "x", "views": [{"id": "a", "frame": [0, 0, 100, 100], "responder": "log"}],
         "recognizers": [{"id": "rootTap", "kind": "tap", "view": "root"},
                         {"id": "windowPress", "kind": "longPress", "view": "window", "cancelsTouchesInView": false}]}
        """#
        let h = Harness()
        h.host(DeclarativeSceneViewController(spec: try SceneSpec.parse(Data(json.utf8))))
        #expect(h.window.gestureRecognizers?.map(\.name) == ["windowPress"])
        try h.down(1, 50, 50, at: 0)
        try h.advance(to: 600)
        try h.up(1, 50, 50, at: 700)
        #expect(h.log().filter { $0.hasPrefix("rootTap:") || $0.hasPrefix("windowPress:") } == [
            "windowPress:possible→began", "rootTap:possible→failed [prevented by windowPress]", "windowPress:began→ended",
        ])
    }

    @Test func rootAndWindowAreNotViewIDs() {
        let json = #"{"name": "x", "views": [{"id": "window", "frame": [0, 0, 1, 1]}]}"#
        #expect(throws: SceneError(path: "views[0].id", message: "'window' names the scene's own view")) {
            try SceneSpec.parse(Data(json.utf8))
        }
    }
}

/// Hit shapes: a touch area other than the bounds, as a `point(inside:with:)` override (UIKIT-HIT-POINT-INSIDE).
@Suite struct DeclarativeHitShapeTests {
    private func hitPath(_ json: String, at point: CGPoint) throws -> String {
        let h = Harness()
        h.host(DeclarativeSceneViewController(spec: try SceneSpec.parse(Data(json.utf8))))
        try h.tap(1, point.x, point.y, at: 0)
        return h.log(diagnostics: true).first { $0.hasPrefix("hit(1)") } ?? ""
    }

    /// Pins UIKIT-HIT-POINT-INSIDE.
    @Test func anEnlargedButtonARoundViewAndATriangle() throws {
        let json = #"""
        {"name": "x", "views": [
          {"id": "button", "kind": "button", "text": "OK", "frame": [100, 100, 100, 40], "hitShape": {"inset": -20}},
          {"id": "round", "frame": [100, 300, 100, 100], "responder": "log", "hitShape": {"circle": true}},
          {"id": "triangle", "kind": "control", "frame": [100, 500, 100, 100], "hitShape": {"polygon": [[0, 0], [100, 0], [0, 100]]}}]}
        """#
        #expect(try hitPath(json, at: CGPoint(x: 90, y: 95)) == "hit(1) Window>root>button", "20 pt around the button count")
        #expect(try hitPath(json, at: CGPoint(x: 75, y: 95)) == "hit(1) Window>root")
        #expect(try hitPath(json, at: CGPoint(x: 150, y: 350)) == "hit(1) Window>root>round")
        #expect(try hitPath(json, at: CGPoint(x: 105, y: 305)) == "hit(1) Window>root", "the bounds' corner is outside the circle")
        #expect(try hitPath(json, at: CGPoint(x: 120, y: 520)) == "hit(1) Window>root>triangle")
        #expect(try hitPath(json, at: CGPoint(x: 190, y: 590)) == "hit(1) Window>root", "past the diagonal")
    }

    @Test(arguments: [
        (#"{"kind": "label", "hitShape": {"circle": true}}"#, "views[0].hitShape: hitShape is for kinds view, button and control"),
        (#"{"hitShape": {"circle": true, "inset": 2}}"#, "views[0].hitShape: give one of inset, circle, oval, polygon or path"),
        (#"{"hitShape": {"polygon": [[0, 0], [1, 1]]}}"#, "views[0].hitShape.polygon: at least 3 points"),
        (#"{"hitShape": {"circle": false}}"#, "views[0].hitShape.circle: expected true"),
    ])
    func badHitShapesAreRejected(fields: String, message: String) {
        let json = #"{"name": "x", "views": [{"id": "a", "frame": [0, 0, 10, 10], "# + fields.dropFirst() + "]}"
        do {
            _ = try SceneSpec.parse(Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.description == message)
        }
    }
}

/// Custom recognizers by name: a registered `UIGestureRecognizer` subclass attached in JSON.
@Suite struct DeclarativeCustomRecognizerTests {
    static let json = #"""
    {"name": "x", "views": [{"id": "pad", "frame": ["0%", "0%", "100%", "100%"], "responder": "log"}],
     "recognizers": [{"id": "check", "kind": "custom", "class": "checkmark", "view": "pad", "cancelsTouchesInView": false}]}
    """#

    @Test func theCheckmarkRecognizerByName() throws {
        let h = Harness()
        let spec = try SceneSpec.parse(Data(Self.json.utf8))
        try spec.checkRecognizerClasses(.builtIn)
        h.host(DeclarativeSceneViewController(spec: spec))
        try h.down(1, 100, 300, at: 0)
        for (step, point) in [(130, 340), (150, 360), (200, 280), (250, 200)].enumerated() {
            try h.move(1, CGFloat(point.0), CGFloat(point.1), at: Double(step + 1) * 16)
        }
        try h.up(1, 250, 200, at: 80)
        #expect(h.log(only: "check:") == ["check:possible→ended"])
    }

    /// A user's own recognizer, registered under a name; it ignores its second touch
    /// (`ignore(_:for:)`), so the view still gets that touch's whole sequence.
    final class FirstFingerOnly: UIGestureRecognizer {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            for touch in touches where touch.identifier > 1 { ignore(touch, for: event) }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            if touches.contains(where: { $0.identifier == 1 }) { state = .ended }
        }
    }

    @Test func aRegisteredClassAndUnknownOnes() throws {
        var classes = RecognizerClasses.builtIn
        classes.register("first-finger", { FirstFingerOnly() })
        #expect(classes.names == ["checkmark", "first-finger", "firstTouch", "observer"])
        let json = Self.json.replacingOccurrences(of: #""class": "checkmark""#, with: #""class": "first-finger""#)
            .replacingOccurrences(of: #""responder": "log""#, with: #""responder": "log", "multipleTouch": true"#)
            .replacingOccurrences(of: #""cancelsTouchesInView": false"#, with: #""cancelsTouchesInView": true"#)
        let spec = try SceneSpec.parse(Data(json.utf8))
        #expect(throws: SceneError(path: "recognizers[0].class", message: "no recognizer class 'first-finger' (classes: checkmark, firstTouch, observer)")) {
            try spec.checkRecognizerClasses(.builtIn)
        }
        try spec.checkRecognizerClasses(classes)
        let h = Harness()
        h.host(DeclarativeSceneViewController(spec: spec, recognizerClasses: classes))
        try h.frame([(.down, 1, 100, 100), (.down, 2, 200, 200)], at: 0)
        try h.frame([(.up, 2, 200, 200)], at: 50)
        try h.frame([(.up, 1, 100, 100)], at: 100)
        #expect(h.log() == ["pad.tb(1,2)", "pad.te(2)", "check:possible→ended", "pad.tc(1)", "act(check,ended)"],
                "the ignored touch is neither withheld nor cancelled")
    }

    @Test func aCustomRecognizerNeedsItsClass() {
        let json = #"{"name": "x", "views": [{"id": "a", "frame": [0, 0, 1, 1]}], "recognizers": [{"id": "c", "kind": "custom", "view": "a"}]}"#
        #expect(throws: SceneError(path: "recognizers[0].class", message: "required")) { try SceneSpec.parse(Data(json.utf8)) }
    }
}
