import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer
import TouchKit

/// The server's real catalog: library scenes, declarative files, inline scenes, scene links.
@Suite struct LibraryCatalogTests {
    @Test func welcomeListsTheLibraryAndOpensWithTheWelcomeScene() {
        let (_, welcome) = joinedDevice(hub: Hub(catalog: LibraryCatalog()))
        #expect(welcome.scene == "welcome")
        #expect(welcome.scenes.map(\.name).contains("draw-lines"))
        #expect(welcome.scenes.count >= 15)
    }

    @Test func aWelcomeButtonSwitchesTheSceneThroughUIApplicationOpen() throws {
        let (transport, _) = joinedDevice(hub: Hub(catalog: LibraryCatalog()))
        // The first scene button ("open-image-translation") sits at (20, 240, 175, 44).
        transport.send(device, Script.frame(1, at: 100, [(.down, 1, 100, 260)]))
        transport.send(device, Script.frame(2, at: 180, [(.up, 1, 100, 260)]))
        let messages = transport.takeMessages(device)
        #expect(messages.logText.contains("note: open touchbridge:scene/image-translation"))
        let full = try #require(messages.renders.last)
        #expect(full.full && full.scene == "image-translation")
    }

    @Test func inlineScenesAreBuiltAndBadOnesNameTheField() throws {
        let transport = VirtualTransport(hub: Hub(catalog: LibraryCatalog()))
        transport.open(device)
        let bad = #"{"type":"hello","protocol":1,"role":"device","clock":"manual","viewport":{"width":400,"height":800,"scale":1},"scene":{"name":"x","views":[{"id":"a"}]}}"#
        transport.send(device, bad)
        let error = try #require(transport.takeMessages(device).errors.first)
        #expect(error.code == "schema")
        #expect(error.message.contains("views[0].frame: required"))
        let good = #"{"type":"hello","protocol":1,"role":"device","clock":"manual","viewport":{"width":400,"height":800,"scale":1},"scene":{"name":"x","views":[{"id":"a","frame":[0,0,400,800]}],"recognizers":[{"id":"t","kind":"tap","view":"a"}]}}"#
        transport.send(device, good)
        let welcome = try #require(transport.takeMessages(device).compactMap(\.welcome).first)
        #expect(welcome.scene == "inline")
        transport.send(device, Script.frame(1, at: 0, [(.down, 1, 50, 50)]))
        transport.send(device, Script.frame(2, at: 80, [(.up, 1, 50, 50)]))
        #expect(transport.takeMessages(device).logText.contains("t:possible→ended"))
    }

    @Test func inlineScenesCanBeDisabled() throws {
        let transport = VirtualTransport(hub: Hub(catalog: LibraryCatalog(allowsInlineScenes: false)))
        transport.open(device)
        transport.send(device, #"{"type":"hello","protocol":1,"role":"device","clock":"manual","viewport":{"width":400,"height":800,"scale":1},"scene":{"name":"x","views":[]}}"#)
        #expect(transport.takeMessages(device).errors.first?.code == "unknown-scene")
    }

    @Test func declarativeFilesJoinTheCatalog() throws {
        let spec = try SceneSpecFixture.s43()
        let catalog = LibraryCatalog(declarativeScenes: [spec])
        #expect(catalog.scenes.last?.name == "s43-single-waits-for-double")
        #expect(try catalog.makeApplication(scene: "s43-single-waits-for-double", windowSize: CGSize(width: 400, height: 800)) != nil)
    }
}

import TouchBridgeScenes

enum SceneSpecFixture {
    static func s43() throws -> SceneSpec {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("config/scenes/s43-single-waits-for-double.json")
        return try SceneSpec.parse(Data(contentsOf: url))
    }
}
