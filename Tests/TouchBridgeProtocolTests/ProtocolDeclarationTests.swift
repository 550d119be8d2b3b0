import Foundation
import Testing
import TouchBridgeProtocol

/// docs/protocol.md's field tables and the fixture the page's Node tests read
/// (Tests/fixtures/protocol/client-messages.json) are made from the messages' declarations
/// (`WireObject`): a field added, renamed or made optional in the code and not in them fails here.
/// `TOUCHBRIDGE_WRITE_FIXTURES=1` rewrites both from the declarations.
@Suite struct ProtocolDeclarationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let document = root.appendingPathComponent("docs/protocol.md")
    static let fixture = root.appendingPathComponent("Tests/fixtures/protocol/client-messages.json")
    /// Every message a client may send: session messages and stepping requests.
    static let declarations = ClientMessage.declarations + StepRequest.declarations
    static var writing: Bool { ProcessInfo.processInfo.environment["TOUCHBRIDGE_WRITE_FIXTURES"] == "1" }

    static func opening(_ type: String) -> String { "<!-- fields of \(type), from its declaration (ProtocolDeclarationTests) -->\n" }
    static let closing = "<!-- end of fields -->"

    /// The document with the table of each declared message between its markers.
    static func documentFromDeclarations(_ text: String) -> (text: String, missing: [String]) {
        var text = text
        var missing: [String] = []
        for declaration in declarations where !declaration.fields.isEmpty {
            guard let start = text.range(of: opening(declaration.type)),
                  let end = text.range(of: closing, range: start.upperBound..<text.endIndex)
            else {
                missing.append(declaration.type)
                continue
            }
            text.replaceSubrange(start.upperBound..<end.lowerBound, with: WireDocumentation.table(of: declaration.fields) + "\n")
        }
        return (text, missing)
    }

    /// The fixture's text: one line per message, so a change reads as a one-line diff.
    static func fixtureText() -> String {
        guard case .object(let members) = WireDocumentation.fixture(of: declarations),
              case .object(let messages)? = members["messages"], let description = members["description"]
        else { return "" }
        let lines = messages.keys.sorted().map { "    \(WireJSON.text(.string($0))): \(WireJSON.text(messages[$0]!))" }
        return "{\n  \"description\": \(WireJSON.text(description)),\n  \"messages\": {\n" + lines.joined(separator: ",\n") + "\n  }\n}\n"
    }

    @Test func everyDeclaredMessageHasItsTableInTheDocument() throws {
        let text = try String(contentsOf: Self.document, encoding: .utf8)
        let (expected, missing) = Self.documentFromDeclarations(text)
        #expect(missing.isEmpty, "docs/protocol.md has no table markers for \(missing)")
        if Self.writing, expected != text { try expected.write(to: Self.document, atomically: true, encoding: .utf8) }
        #expect(expected == text, "docs/protocol.md's field tables differ from the declarations (TOUCHBRIDGE_WRITE_FIXTURES=1 rewrites them)")
    }

    @Test func theSharedFixtureIsTheDeclarations() throws {
        let expected = Self.fixtureText()
        if Self.writing {
            try FileManager.default.createDirectory(at: Self.fixture.deletingLastPathComponent(), withIntermediateDirectories: true)
            try expected.write(to: Self.fixture, atomically: true, encoding: .utf8)
        }
        #expect(try String(contentsOf: Self.fixture, encoding: .utf8) == expected)
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
