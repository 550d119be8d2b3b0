import Foundation
import Testing
import TouchBridgeProtocol

/// The render fixtures `RenderMirror` shares with the page's mirror (Tests/fixtures/render, also run by
/// Tests/web/mirror.test.mjs): from each fixture's messages, both must rebuild exactly the tree its
/// expected full render states, or both must notice that they lost track.
@Suite struct RenderMirrorFixtureTests {
    struct Fixture: CustomTestStringConvertible, Sendable {
        let name: String
        let description: String
        /// The messages as wire text, read by the client's own decoder.
        let messages: [String]
        let expected: String?
        let outOfSync: Bool
        var testDescription: String { name }

        init(name: String, data: Data) throws {
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            func text(_ object: Any) throws -> String {
                String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            }
            self.name = name
            description = root["description"] as? String ?? ""
            messages = try (root["messages"] as? [Any] ?? []).map(text)
            expected = try root["expected"].map(text)
            outOfSync = root["outOfSync"] as? Bool ?? false
        }
    }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/render")

    static func fixtures() throws -> [Fixture] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted().map { name in
            try Fixture(name: name, data: Data(contentsOf: directory.appendingPathComponent(name)))
        }
    }

    static func render(_ text: String) throws -> RenderMessage {
        let message = try ServerMessage.decode(text)
        guard case .render(let render) = message else {
            Issue.record("not a render message: \(text)")
            return RenderMessage(full: false, scene: nil, ops: [])
        }
        return render
    }

    @Test func theFixturesAreThere() throws {
        #expect(try Self.fixtures().count >= 7)
    }

    @Test(arguments: try fixtures()) func diffsRebuildTheExpectedTree(_ fixture: Fixture) throws {
        var mirror = RenderMirror()
        let messages = try fixture.messages.map(Self.render)
        if fixture.outOfSync {
            #expect(throws: MirrorError.self, "\(fixture.description)") {
                for message in messages { try mirror.apply(message) }
            }
            return
        }
        for message in messages { try mirror.apply(message) }
        var expected = RenderMirror()
        try expected.apply(Self.render(try #require(fixture.expected)))
        #expect(mirror == expected, "\(fixture.description)")
    }
}
