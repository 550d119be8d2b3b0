import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer
import TouchKit

/// A scene that cannot be built fails only itself: the client asking for it gets a clear error,
/// and the same server keeps serving every other scene, on the same and on other connections.
@Suite struct SceneFailureTests {
    struct Broken: Error, CustomStringConvertible {
        var description: String { "the nib is missing" }
    }

    static let catalog = SceneRegistry([
        .viewController(SceneInfo(name: "good", title: "Good", description: "")) { UIViewController() },
        .viewController(SceneInfo(name: "throws", title: "Throws", description: "")) { throw Broken() },
        .viewController(SceneInfo(name: "twice", title: "First", description: "")) { UIViewController() },
        .viewController(SceneInfo(name: "twice", title: "Second", description: "")) { UIViewController() },
        .viewController(SceneInfo(name: "bad name!", title: "Bad", description: "")) { UIViewController() },
    ])

    func hello(_ scene: String) -> String {
        let name = String(decoding: try! JSONEncoder().encode(scene), as: UTF8.self)
        return #"{"type":"hello","protocol":1,"role":"device","clock":"manual","viewport":{"width":400,"height":800,"scale":1},"scene":"# + name + "}"
    }

    @Test func refusedRegistrationsAreLeftOutOfThePickerWithTheirReason() {
        #expect(Self.catalog.scenes.map(\.name) == ["good", "throws"])
        #expect(Self.catalog.refused["twice"] == #"scene name "twice" is registered twice ("First" and "Second"); rename one"#)
        #expect(Self.catalog.refused["bad name!"] == #"scene name "bad name!" (Bad) is not 1–64 letters, digits, - or _; rename it"#)
    }

    @Test(arguments: [
        ("throws", #"scene "throws" could not be built: the nib is missing"#),
        ("twice", #"scene name "twice" is registered twice ("First" and "Second"); rename one"#),
        ("bad name!", #"scene name "bad name!" (Bad) is not 1–64 letters, digits, - or _; rename it"#),
    ])
    func aSceneThatCannotBeBuiltAnswersWhyAndTheServerKeepsServing(scene: String, message: String) throws {
        let transport = VirtualTransport(hub: Hub(catalog: Self.catalog))
        transport.open(1)
        transport.open(2)
        transport.send(1, hello(scene))
        let error = try #require(transport.takeMessages(1).errors.first)
        #expect(error.code == "scene-failed")
        #expect(error.message == message)
        #expect(error.path == "scene")
        #expect(transport.closes[1] == nil)

        // The same connection can still join another scene, and so can a new one.
        transport.send(1, hello("good"))
        #expect(transport.takeMessages(1).compactMap(\.welcome).first?.scene == "good")
        transport.send(2, hello("good"))
        #expect(transport.takeMessages(2).compactMap(\.welcome).first?.scene == "good")
    }

    @Test func switchingToASceneThatThrowsKeepsTheCurrentScene() throws {
        let transport = VirtualTransport(hub: Hub(catalog: Self.catalog))
        transport.open(1)
        transport.send(1, hello("good"))
        _ = transport.takeMessages(1)
        transport.send(1, #"{"type":"scene","scene":"throws"}"#)
        let error = try #require(transport.takeMessages(1).errors.first)
        #expect(error.code == "scene-failed")
        transport.send(1, #"{"type":"resync"}"#)
        #expect(transport.takeMessages(1).renders.first?.scene == "good")
    }
}
