import Foundation
import Testing
@testable import TouchBridgeProtocol

/// docs/protocol.md's field tables and the fixture the page's Node tests read
/// (Tests/fixtures/protocol/client-messages.json) are made from the messages' declarations
/// (`WireObject`): a field added, renamed or made optional in the code and not in them fails here.
/// `TOUCHBRIDGE_WRITE_FIXTURES=1` rewrites both from the declarations.
@Suite struct ProtocolDeclarationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let document = root.appendingPathComponent("docs/protocol.md")
    static let fixture = root.appendingPathComponent("Tests/fixtures/protocol/client-messages.json")
    static let serverFixtureFile = root.appendingPathComponent("Tests/fixtures/protocol/server-messages.json")
    /// Every message a client may send: session messages and stepping requests.
    static let declarations = ClientMessage.declarations + StepRequest.declarations
    static var writing: Bool { ProcessInfo.processInfo.environment["TOUCHBRIDGE_WRITE_FIXTURES"] == "1" }

    /// The marker a message's table follows: `sender` tells a server's `step` from a client's.
    static func opening(_ type: String, sender: String = "") -> String {
        "<!-- fields of \(sender)\(type), from its declaration (ProtocolDeclarationTests) -->\n"
    }
    static let closing = "<!-- end of fields -->"

    /// The document with the table of each declared message between its markers: the client's, then the
    /// server's (`the server's step`).
    static func documentFromDeclarations(_ text: String) -> (text: String, missing: [String]) {
        var text = text
        var missing: [String] = []
        let documented = declarations.filter { !$0.fields.isEmpty }.map { (name: $0.type, sender: "", table: WireDocumentation.table(of: $0.fields)) }
            + ServerMessage.declarations.filter { !$0.fields.isEmpty }.map { (name: $0.type, sender: "the server's ", table: WireDocumentation.table(of: $0.fields)) }
            + ServerMessage.documentedParts.map { (name: $0.name, sender: "the server's ", table: $0.table) }
        for (name, sender, table) in documented {
            guard let start = text.range(of: opening(name, sender: sender)),
                  let end = text.range(of: closing, range: start.upperBound..<text.endIndex)
            else {
                missing.append(sender + name)
                continue
            }
            text.replaceSubrange(start.upperBound..<end.lowerBound, with: table + "\n")
        }
        return (text, missing)
    }

    /// A fixture's text: one line per member of each of `sections`, so a change reads as a one-line diff.
    static func fixtureText(_ fixture: JSONValue, sections: [String]) -> String {
        guard case .object(let members) = fixture, let description = members["description"] else { return "" }
        let parts = sections.map { section -> String in
            guard case .object(let entries)? = members[section] else { return "" }
            let lines = entries.keys.sorted().map { "    \(WireJSON.text(.string($0))): \(WireJSON.text(entries[$0]!))" }
            return "  \(WireJSON.text(.string(section))): {\n" + lines.joined(separator: ",\n") + "\n  }"
        }
        return "{\n  \"description\": \(WireJSON.text(description)),\n" + parts.joined(separator: ",\n") + "\n}\n"
    }

    /// The server's fixture: its declarations and an example of each message by the server's writers.
    static func serverFixture() throws -> JSONValue {
        let decoder = WireJSON.makeDecoder()
        var examples: [String: JSONValue] = [:]
        for (type, texts) in ServerExamples.all {
            var values: [JSONValue] = []
            for text in texts { values.append(try decoder.decode(JSONValue.self, from: Data(text.utf8))) }
            examples[type] = .array(values)
        }
        return .object([
            "description": .string("The fields of every server message, from the Swift declarations (WireMessage), and examples written by the server's writers (ServerExamples); the page's readers are tested on them (Tests/web/served.test.mjs). Regenerate with TOUCHBRIDGE_WRITE_FIXTURES=1 swift test --filter ProtocolDeclarationTests."),
            "messages": WireDocumentation.fixture(of: ServerMessage.declarations)["messages"] ?? .null,
            "examples": .object(examples),
        ])
    }

    /// Checks `url` holds `expected`, rewriting it first when asked to.
    static func expectFixture(_ url: URL, _ expected: String) throws {
        if Self.writing {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try expected.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == expected, "\(url.lastPathComponent) differs (TOUCHBRIDGE_WRITE_FIXTURES=1 rewrites it)")
    }

    @Test func everyDeclaredMessageHasItsTableInTheDocument() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let (expected, missing) = Self.documentFromDeclarations(text)
        #expect(missing.isEmpty, "docs/protocol.md has no table markers for \(missing)")
        if Self.writing, expected != text { try expected.write(to: Self.document, atomically: true, encoding: .utf8) }
        #expect(expected == text, "docs/protocol.md's field tables differ from the declarations (TOUCHBRIDGE_WRITE_FIXTURES=1 rewrites them)")
    }

    @Test func theSharedFixtureIsTheDeclarations() throws {
        try Self.expectFixture(Self.fixture, Self.fixtureText(WireDocumentation.fixture(of: Self.declarations), sections: ["messages"]))
    }

    @Test func theServersFixtureIsItsDeclarationsAndItsWritersExamples() throws {
        try Self.expectFixture(Self.serverFixtureFile, Self.fixtureText(try Self.serverFixture(), sections: ["messages", "examples"]))
    }

    @Test func theServersExamplesHoldEveryKindOfPathElement() throws {
        var coverage = WireCoverage()
        let fields = ServerMessage.declarations.first { $0.type == "render" }?.fields ?? []
        for text in ServerExamples.all["render"] ?? [] { coverage.note(try JSONParser.parse(text), fields: fields, at: "render") }
        #expect(coverage.unwritten(DisplayPathElement.tupleDeclaration) == [])
    }

    @Test func everyServerMessageTypeIsDeclaredOnceWithAnExample() {
        let types = ServerMessage.declarations.map(\.type)
        #expect(Set(types).count == types.count)
        #expect(Set(types) == Set(ServerExamples.all.keys))
        #expect(Set(["welcome", "render", "events", "error", "pong"]).isSubset(of: Set(types)))
    }

    @Test func everyMessageTypeIsDeclaredOnce() {
        let types = Self.declarations.map(\.type)
        #expect(Set(types).count == types.count)
        #expect(types.count == 19)
        #expect(StepRequest.types == ["pause", "resume", "step", "recordings", "open-recording", "export-test", "what-if", "flake"])
        #expect(ClientMessage.declarations.first { $0.type == "input" }?.fields.map(\.key) == ["seq", "pointers"])
    }

    @Test func aMessageWrittenFromItsDeclarationReadsBackTheSame() throws {
        let hello = Hello(role: .device, scene: .inline(.object(["views": .array([])])), viewport: Viewport(
            width: 390, height: 844, scale: 3, safeArea: SafeAreaInsets(top: 47, left: 0, bottom: 34, right: 0)), clock: .manual, t: 12.5,
                          client: "test/1")
        let messages: [ClientMessage] = [
            .hello(hello), .input(Input(seq: 3, pointers: [Pointer(id: 1, phase: .move, x: 1, y: 2, t: 3, pointerType: .pen, pressure: 0.5,
                                                               coalesced: [PointerSample(x: 0.5, y: 1.5, t: 2.5)])])),
            .advance(Advance(t: 40, seq: 2)), .motion(Motion(phase: .ended, t: 9)), .remote(Remote(command: .nextTrack, t: 1, seq: 4)),
            .resize(Viewport(width: 320, height: 568)), .scene(SceneSwitch(scene: .named("photo"))), .ping(Ping(id: 9)), .resync,
            .mark(Mark(note: "here", t: 1)), .act(AppActions(t: 5, seq: 1, actions: [.object(["remove": .object(["view": .string("image")])])])),
        ]
        for message in messages {
            #expect(try ClientMessage.decode(message.text) == message, "\(message.text)")
            #expect(try WireJSON.makeDecoder().decode(JSONValue.self, from: Data(message.text.utf8))["type"] == .string(message.type))
        }
        #expect(ClientMessage.ping(Ping(id: 9)).text == #"{"id":9,"type":"ping"}"#)
        #expect(ClientMessage.advance(Advance(t: 40)).text == #"{"t":40,"type":"advance"}"#)
        let decoded = try WireJSON.makeDecoder().decode(Hello.self, from: Data(#"{"protocol":1,"role":"device","viewport":{"width":1,"height":2,"scale":1},"clock":"client","log":"complete"}"#.utf8))
        #expect(decoded.log == .complete)
    }
}
