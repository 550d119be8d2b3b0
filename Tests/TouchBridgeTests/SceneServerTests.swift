import Foundation
import Testing
import TouchBridge
import TouchBridgeClient
import TouchBridgeProtocol

/// `SceneServer`, the library product, over a real socket with the Swift client.
@Suite("SceneServer", .serialized)
struct SceneServerTests {
    /// A view controller as a user writes one: a tap recognizer that turns the view green.
    final class TapToGreen: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.accessibilityIdentifier = "pad"
            view.backgroundColor = .white
            let tap = UITapGestureRecognizer(target: self, action: TapToGreen.tapped)
            tap.name = "tap"
            view.addGestureRecognizer(tap)
        }

        func tapped() { view.backgroundColor = .green }
    }

    struct NotToday: Error {}

    func server(builtIns: Bool) -> SceneServer {
        var server = SceneServer(includingBuiltInScenes: builtIns)
        server.register("tap-to-green", title: "Tap to green", description: "A tap turns the view green.") { TapToGreen() }
        server.register("broken", title: "Broken", description: "Its factory throws.") { throw NotToday() }
        return server
    }

    @Test func yourSceneIsTheDefaultAndComesBeforeTheBuiltInOnes() async throws {
        let running = try server(builtIns: true).startInProcess()
        defer { running.stop() }
        let session = try await TouchBridgeSession.connect(running.url)
        #expect(session.welcome.scene == "tap-to-green")
        #expect(session.welcome.scenes.prefix(3).map(\.name) == ["tap-to-green", "broken", "welcome"])
        #expect(session.welcome.scenes.contains { $0.name == "draw-lines" })
        try await session.perform(.tap(at: Point(200, 400)))
        try await session.expectTransition("tap", to: .ended)
        try await session.expectAction("tap", .ended)
        try await session.expectRender("pad", "backgroundColor", "#00ff00ff")
        await session.close()
    }

    /// A recognizer of the user's own, recognizing any touch's lift.
    final class LiftRecognizer: UIGestureRecognizer {
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { state = .ended }
    }

    @Test func declarativeScenesAttachYourRecognizerClassesByName() async throws {
        var server = server(builtIns: false)
        server.registerRecognizer("lift") { LiftRecognizer() }
        let running = try server.startInProcess()
        defer { running.stop() }
        let scene = try JSONParser.parse(#"""
            {"name": "mine", "views": [{"id": "pad", "frame": [0, 0, 400, 800]}],
             "recognizers": [{"id": "lift", "kind": "custom", "class": "lift", "view": "pad"}]}
            """#)
        let session = try await TouchBridgeSession.connect(running.url, sceneRequest: .inline(scene))
        try await session.perform(.tap(at: Point(200, 400)))
        try await session.expectTransition("lift", to: .ended)
        await session.close()
        let unknown = try JSONParser.parse(#"""
            {"name": "x", "views": [{"id": "pad", "frame": [0, 0, 10, 10]}],
             "recognizers": [{"id": "c", "kind": "custom", "class": "nope", "view": "pad"}]}
            """#)
        do {
            _ = try await TouchBridgeSession.connect(running.url, sceneRequest: .inline(unknown))
            Issue.record("an unknown class was accepted")
        } catch SessionError.server(let error) {
            #expect(error.message == "inline scene: recognizers[0].class: no recognizer class 'nope' (classes: checkmark, firstTouch, lift, observer)")
        }
    }

    /// A class whose relationship overrides a scene gives as data (`overrides`): it subclasses the library's
    /// `OverridableGestureRecognizer`; a class that does not is refused with the reason.
    final class PatientLift: OverridableGestureRecognizer {
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { state = .ended }
    }

    @Test func yourClassTakesOverridesWhenItSubclassesOverridableGestureRecognizer() async throws {
        var server = server(builtIns: false)
        server.registerRecognizer("lift") { LiftRecognizer() }
        server.registerRecognizer("patientLift") { PatientLift() }
        let running = try server.startInProcess()
        defer { running.stop() }
        func scene(_ className: String) throws -> JSONValue {
            try JSONParser.parse(#"{"name": "mine", "views": [{"id": "pad", "frame": [0, 0, 400, 800]}], "recognizers": ["#
                + #"{"id": "lift", "kind": "custom", "class": ""# + className + #"", "view": "pad", "overrides": {"canBePrevented": {"*": false}}}]}"#)
        }
        let session = try await TouchBridgeSession.connect(running.url, sceneRequest: .inline(try scene("patientLift")))
        try await session.perform(.tap(at: Point(200, 400)))
        try await session.expectTransition("lift", to: .ended)
        await session.close()
        do {
            _ = try await TouchBridgeSession.connect(running.url, sceneRequest: .inline(try scene("lift")))
            Issue.record("a class without overrides took them")
        } catch SessionError.server(let error) {
            #expect(error.message == "inline scene: recognizers[0].overrides: class lift does not take overrides (a class that does subclasses OverridableGestureRecognizer: observer, firstTouch)")
        }
    }

    @Test func builtInScenesCanBeLeftOut() async throws {
        let running = try server(builtIns: false).startInProcess()
        defer { running.stop() }
        let session = try await TouchBridgeSession.connect(running.url)
        // Declarative scenes of the scenes directory (config/scenes here) still follow yours.
        let names = session.welcome.scenes.map(\.name)
        #expect(names.prefix(2) == ["tap-to-green", "broken"])
        #expect(!names.contains("welcome") && !names.contains("draw-lines"))
        await session.close()
        await #expect(throws: SessionError.self) { try await TouchBridgeSession.connect(running.url, scene: "welcome") }
    }

    @Test func aSceneThatThrowsAnswersWhyAndTheOthersAreStillServed() async throws {
        let running = try server(builtIns: false).startInProcess()
        defer { running.stop() }
        do {
            _ = try await TouchBridgeSession.connect(running.url, scene: "broken")
            Issue.record("the broken scene opened")
        } catch SessionError.server(let error) {
            #expect(error.code == "scene-failed")
            #expect(error.message.hasPrefix(#"scene "broken" could not be built: "#))
            #expect(error.message.contains("NotToday"))
        }
        let session = try await TouchBridgeSession.connect(running.url, scene: "tap-to-green")
        #expect(session.welcome.scene == "tap-to-green")
        await session.close()
    }
}
