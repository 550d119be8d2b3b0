import Foundation
import Testing
import TouchBridgeArtefact

/// The frames of a saved failure, cut from what a server sent, and the page bundled around them.
@Suite("Failure artefact: timeline and page")
struct FailureArtefactTimelineTests {
    static let welcome = #"{"type":"welcome","session":"s","scene":"a"}"#
    static func full(_ t: Double, lints: Bool) -> String {
        #"{"type":"render","full":true,"scene":"a","t":\#(t),"ops":[]"# + (lints ? #","lints":[]}"# : "}")
    }
    static func events(_ t: Double, pointers: String = "[]") -> String {
        #"{"type":"events","t":\#(t),"log":[{"kind":"note","text":"x"}],"pointers":\#(pointers)}"#
    }

    @Test func receivedMessagesAreCutWhereTheEngineTimeChanges() {
        let received = [Self.welcome, Self.full(0, lints: true), Self.events(0), Self.events(8), #"{"type":"pong","id":1}"#, Self.events(16)]
        let groups = ArtefactTimeline.grouped(received: received)
        #expect(groups.map(\.source) == [0, 3, 5])
        #expect(groups.map { $0.messages.count } == [3, 2, 1])
    }

    @Test func framesKeepRendersEventsFingersAndSceneStarts() throws {
        var timeline = ArtefactTimeline()
        try timeline.append([Self.welcome, Self.full(0, lints: true)], source: 3)
        try timeline.append([#"{"type":"pong","id":1}"#, "not json"], source: 5)
        try timeline.append([Self.events(8, pointers: #"[{"id":1,"x":2,"y":3}]"#)], source: 6)
        // A resync's full render leaves the lints out: the same scene, redrawn.
        try timeline.append([Self.full(9, lints: false), Self.events(9)], source: 9)
        #expect(timeline.welcome == Self.welcome)
        #expect(timeline.frames.map(\.startsScene) == [true, false, false])
        #expect(timeline.frames.map(\.t) == [0, 8, 9])
        #expect(timeline.frames[1].pointers == #"[{"id":1,"x":2,"y":3}]"#)
        #expect(timeline.frame(atOrBefore: 7) == 1)
        #expect(timeline.frame(atOrBefore: 2) == nil)
    }

    @Test func aSessionPastTheBoundIsRefusedBeforeItIsKept() throws {
        var timeline = ArtefactTimeline(maxBytes: 300)
        try timeline.append([Self.welcome, Self.full(0, lints: true)], source: 1)
        let before = timeline.bytes
        #expect(throws: ArtefactError.tooLarge("more than 300 bytes")) {
            for index in 2..<20 { try timeline.append([Self.events(Double(index))], source: index) }
        }
        #expect(timeline.bytes <= 300 && timeline.bytes > before)
    }

    @Test func framesAndFullRendersAreBoundedToo() throws {
        var frames = ArtefactTimeline(maxFrames: 3)
        try frames.append([Self.welcome, Self.full(0, lints: true)], source: 1)
        try frames.append([Self.events(1)], source: 2)
        try frames.append([Self.events(2)], source: 3)
        #expect(throws: ArtefactError.tooLarge("more than 3 frames")) { try frames.append([Self.events(3)], source: 4) }
        #expect(frames.frames.count == 3)
        var renders = ArtefactTimeline(maxFullRenders: 2)
        try renders.append([Self.welcome, Self.full(0, lints: true)], source: 1)
        try renders.append([Self.full(1, lints: false)], source: 2)
        #expect(throws: ArtefactError.tooLarge("more than 2 full renders")) { try renders.append([Self.full(2, lints: false)], source: 3) }
        #expect(renders.frames.count == 2 && renders.fullRenderCount == 2)
    }

    @Test func theEmbeddedTimelineCannotEndItsElement() throws {
        var timeline = ArtefactTimeline()
        try timeline.append([#"{"type":"welcome","session":"</script><script>alert(1)</script>"}"#, Self.full(0, lints: true)], source: 1)
        let html = try FailureArtefact(name: "</script>", reason: "<!--", timeline: timeline, openFrame: nil).html(page: PageBundle())
        let start = try #require(html.range(of: "id=\"touchbridge-artefact\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = html[start.upperBound..<end.lowerBound]
        #expect(!data.contains("<"))
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        #expect(parsed["name"] as? String == "</script>")
    }

    @Test func thePageIsBundledWithNothingLeftToFetch() throws {
        var timeline = ArtefactTimeline()
        try timeline.append([Self.welcome, Self.full(0, lints: true)], source: 1)
        let html = try FailureArtefact(name: "a", reason: nil, timeline: timeline, openFrame: nil).html(page: PageBundle())
        #expect(!html.contains("src=\"app.mjs\""))
        #expect(!html.contains("href=\"style.css\""))
        #expect(!html.contains("src=\"icon.svg\""))
        #expect(html.contains("<script type=\"importmap\">"))
        #expect(!html.contains("rel=\"manifest\""))
        #expect(html.contains("\"touchbridge/artefact.mjs\":\"data:text/javascript;base64,"))
    }

    @Test func anImportTheBundlerCannotRewriteIsAnError() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("page-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let page = URL(fileURLWithPath: PageBundle.packagedWebRoot)
        try FileManager.default.copyItem(at: page, to: root)
        try "import { x } from '../outside.mjs';\n".write(to: root.appendingPathComponent("extra.mjs"), atomically: true, encoding: .utf8)
        #expect(throws: ArtefactError.self) { try PageBundle(webRoot: root.path) }
    }
}
