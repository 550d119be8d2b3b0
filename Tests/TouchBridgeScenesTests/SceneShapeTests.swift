import Foundation
import Testing
import TouchBridgeScenes
import TouchKit
import TouchKitTestSupport

/// The scene bounds (500 views, 200 recognizers, 32 levels) hold for the scene as `act` and `timeline`
/// make it (`SceneShape`), each refusal naming the bound with nothing applied (issue 30, items 3 and 4).
@Suite struct SceneShapeTests {
    private static let scene = #"{"name": "s", "views": [{"id": "top", "frame": [0, 0, 400, 800]}]}"#

    /// A view `levels` deep, ids `prefix0`, `prefix1`, … as JSON.
    private static func chain(_ prefix: String, _ levels: Int) -> String {
        (0..<levels).reversed().reduce("") { inner, level in
            #"{"id": "\#(prefix)\#(level)", "frame": [0, 0, 10, 10]"# + (inner.isEmpty ? "" : #", "children": [\#(inner)]"#) + "}"
        }
    }

    private static func add(_ view: String, to parent: String = "top") -> String { #"{"add": {"view": \#(view), "to": "\#(parent)"}}"# }

    private func host() throws -> Harness {
        let h = Harness()
        h.host(DeclarativeSceneViewController(spec: try SceneSpec.parse(Data(Self.scene.utf8))))
        return h
    }

    private func act(_ actions: [String], _ h: Harness) throws(SceneError) {
        try SceneActionList(json: Data(("[" + actions.joined(separator: ",") + "]").utf8), application: h.app).apply(at: 0)
    }

    @Test func actsNestAtMostThirtyTwoDeepAcrossMessages() throws {
        let h = try host()
        try act([Self.add(Self.chain("a", 31))], h)
        #expect(throws: SceneError(path: "actions[1]", message: "views would nest 33 deep; a scene nests at most 32 (maximumDepth)")) {
            try act([Self.add(#"{"id": "early", "frame": [0, 0, 1, 1]}"#), Self.add(Self.chain("b", 1), to: "a30")], h)
        }
        #expect(throws: SceneError(path: "actions[0].report.view", message: #"no view named "early""#)) {
            try act([#"{"report": {"view": "early", "property": "frame"}}"#], h)
        }
        try act([Self.add(Self.chain("c", 5))], h)
        #expect(throws: SceneError(path: "actions[0]", message: "views would nest 33 deep; a scene nests at most 32 (maximumDepth)")) {
            try act([#"{"move": {"view": "c0", "to": "a26"}}"#], h)
        }
        try act([#"{"move": {"view": "c0", "to": "a25"}}"#], h)
    }

    @Test func actsAddAtMostFiveHundredViewsCountingRemovedOnes() throws {
        let h = try host()
        func parent(_ id: String, children: Int) -> String {
            let list = (0..<children).map { #"{"id": "\#(id)\#($0)", "frame": [0, 0, 1, 1]}"# }.joined(separator: ",")
            return #"{"id": "\#(id)", "frame": [0, 0, 1, 1], "children": [\#(list)]}"#
        }
        try act([Self.add(parent("wide", children: 399)), #"{"remove": {"view": "wide"}}"#], h)
        #expect(throws: SceneError(path: "actions[1]", message: "the scene would have 501 views; a scene has at most 500 (maximumViews), counting removed ones")) {
            try act([Self.add(#"{"id": "first", "frame": [0, 0, 1, 1]}"#), Self.add(parent("more", children: 98))], h)
        }
        try act([Self.add(parent("more", children: 98))], h)
    }

    @Test func actsAddAtMostTwoHundredRecognizers() throws {
        let h = try host()
        for batch in 0..<4 {
            try act((0..<50).map { #"{"add": {"recognizer": {"id": "r\#(batch)-\#($0)", "kind": "tap", "view": "top"}}}"# }, h)
        }
        #expect(throws: SceneError(path: "actions[1]", message: "the scene would have 201 recognizers; a scene has at most 200 (maximumRecognizers), counting removed ones")) {
            try act([#"{"remove": {"recognizer": "r0-0"}}"#, #"{"add": {"recognizer": {"id": "x", "kind": "tap", "view": "top"}}}"#], h)
        }
    }

    @Test func aTimelineIsCheckedAsItChangesTheScene() {
        let json = #"{"name": "s", "views": [{"id": "top", "frame": [0, 0, 400, 800]}], "timeline": ["#
            + #"{"t": 10, "actions": [\#(Self.add(Self.chain("a", 31)))]}, {"t": 20, "actions": [\#(Self.add(Self.chain("b", 31), to: "a30"))]}]}"#
        #expect(throws: SceneError(path: "timeline[1].actions[0]", message: "views would nest 63 deep; a scene nests at most 32 (maximumDepth)")) {
            _ = try SceneSpec.parse(Data(json.utf8))
        }
    }

    @Test func aTimelineEntryThatActCrowdsOutIsSkippedWithANote() throws {
        let json = #"{"name": "s", "views": [{"id": "top", "frame": [0, 0, 400, 800]}], "timeline": ["#
            + #"{"t": 100, "actions": [\#(Self.add(#"{"id": "late", "frame": [0, 0, 1, 1]}"#))]}]}"#
        let h = Harness()
        h.host(DeclarativeSceneViewController(spec: try SceneSpec.parse(Data(json.utf8))))
        let children = (0..<498).map { #"{"id": "f\#($0)", "frame": [0, 0, 1, 1]}"# }.joined(separator: ",")
        try act([Self.add(#"{"id": "filler", "frame": [0, 0, 1, 1], "children": [\#(children)]}"#)], h)
        try h.advance(to: 200)
        #expect(h.log(diagnostics: true).contains(
            "note: timeline: add view late to top skipped: the scene would have 501 views; a scene has at most 500 (maximumViews), counting removed ones"))
    }
}
