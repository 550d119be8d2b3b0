import Foundation
import Testing
import TouchBridgeProtocol

@Suite("Decoding client messages")
struct ClientMessageDecodingTests {
    @Test func helloDeviceWithNamedScene() throws {
        let message = try ClientMessage.decode("""
            {"type":"hello","protocol":1,"role":"device","scene":"photo","viewport":{"width":390,"height":844,"scale":3},
             "clock":"client","t":15234.5,"client":"web/1"}
            """)
        #expect(message == .hello(Hello(
            role: .device, scene: .named("photo"), viewport: Viewport(width: 390, height: 844, scale: 3),
            clock: .client, t: 15234.5, client: "web/1")))
    }

    @Test func helloWithInlineSceneKeepsItOpaque() throws {
        let message = try ClientMessage.decode("""
            {"type":"hello","protocol":1,"role":"device","scene":{"views":[{"kind":"label","text":"hi"}]},
             "viewport":{"width":100,"height":100,"scale":1},"clock":"manual"}
            """)
        guard case .hello(let hello) = message, case .inline(let scene) = hello.scene else {
            Issue.record("expected an inline scene, got \(message)")
            return
        }
        #expect(scene["views"] == .array([.object(["kind": .string("label"), "text": .string("hi")])]))
    }

    @Test func helloObserver() throws {
        let message = try ClientMessage.decode("""
            {"type":"hello","protocol":1,"role":"observer","session":"abc","viewport":{"width":10,"height":10,"scale":1},"clock":"client"}
            """)
        #expect(message == .hello(Hello(role: .observer, session: "abc", viewport: Viewport(width: 10, height: 10), clock: .client)))
    }

    @Test func inputWithEveryField() throws {
        let message = try ClientMessage.decode("""
            {"type":"input","seq":7,"pointers":[
              {"id":1,"phase":"move","x":120.5,"y":300,"t":16012.3,"pressure":0.5,"width":24,"height":20,"pointerType":"touch",
               "coalesced":[{"x":118,"y":301,"t":16004.1}]},
              {"id":2,"phase":"down","x":240,"y":310,"t":16011.9,"pointerType":"pen"}]}
            """)
        #expect(message == .input(Input(seq: 7, pointers: [
            Pointer(id: 1, phase: .move, x: 120.5, y: 300, t: 16012.3, pointerType: .touch, pressure: 0.5, width: 24, height: 20,
                    coalesced: [PointerSample(x: 118, y: 301, t: 16004.1)]),
            Pointer(id: 2, phase: .down, x: 240, y: 310, t: 16011.9, pointerType: .pen),
        ])))
    }

    @Test func commandMessages() throws {
        #expect(try ClientMessage.decode(#"{"type":"advance","t":16600,"seq":8}"#) == .advance(Advance(t: 16600, seq: 8)))
        #expect(try ClientMessage.decode(#"{"type":"motion","phase":"began","t":17000}"#) == .motion(Motion(phase: .began, t: 17000)))
        #expect(try ClientMessage.decode(#"{"type":"remote","command":"togglePlayPause","t":1,"seq":3}"#)
                == .remote(Remote(command: .togglePlayPause, t: 1, seq: 3)))
        #expect(try ClientMessage.decode(#"{"type":"resize","width":844,"height":390,"scale":3}"#)
                == .resize(Viewport(width: 844, height: 390, scale: 3)))
        #expect(try ClientMessage.decode(#"{"type":"scene","scene":"photo"}"#) == .scene(SceneSwitch(scene: .named("photo"))))
        #expect(try ClientMessage.decode(#"{"type":"ping","id":42}"#) == .ping(Ping(id: 42)))
        #expect(try ClientMessage.decode(#"{"type":"resync"}"#) == .resync)
    }

    @Test func everyRemoteCommandDecodes() throws {
        for command in RemoteCommand.allCases {
            #expect(try ClientMessage.decode(#"{"type":"remote","command":"\#(command.rawValue)","t":1}"#)
                    == .remote(Remote(command: command, t: 1)))
        }
    }

    @Test func encodedMessagesDecodeToThemselves() throws {
        let messages: [ClientMessage] = [
            .hello(Hello(role: .device, scene: .inline(.object(["a": .number(1)])), viewport: Viewport(width: 1, height: 2, scale: 3), clock: .manual, t: 5)),
            .input(Input(seq: 1, pointers: [Pointer(id: 3, phase: .up, x: 1, y: 2, t: 3, pointerType: .mouse, coalesced: [PointerSample(x: 0, y: 0, t: 2)])])),
            .advance(Advance(t: 9)), .motion(Motion(phase: .cancelled, t: 1, seq: 2)), .remote(Remote(command: .stop, t: 4)),
            .resize(Viewport(width: 5, height: 6, scale: 2)), .scene(SceneSwitch(scene: .named("x"))), .ping(Ping(id: -1)), .resync,
        ]
        for message in messages {
            #expect(try ClientMessage.decode(message.text) == message, "\(message.text)")
            #expect(message.text.contains(#""type":"\#(message.type)""#))
        }
    }

    @Test func nonFiniteCoordinatesReachTheEngineAsNaN() throws {
        // JSON.stringify turns NaN into null; the strings are the other common spelling.
        let message = try ClientMessage.decode("""
            {"type":"input","seq":1,"pointers":[{"id":1,"phase":"down","x":null,"y":"Infinity","t":"NaN","pointerType":"touch"}]}
            """)
        guard case .input(let input) = message else { Issue.record("not an input"); return }
        #expect(input.pointers[0].x.isNaN)
        #expect(input.pointers[0].y == .infinity)
        #expect(input.pointers[0].t.isNaN)
    }

    /// A message's own time has no engine check after it: NaN and infinities are a schema error
    /// naming `t` (issue 30: `act` with `"t":"NaN"` answered `time-went-backwards "nan < 0.01"`).
    @Test func nonFiniteMessageTimesAreASchemaErrorNamingT() {
        let messages = [
            #"{"type":"act","t":"NaN","actions":[{"op":"remove","view":"x"}]}"#, #"{"type":"advance","t":"Infinity"}"#,
            #"{"type":"motion","phase":"began","t":"-Infinity"}"#, #"{"type":"remote","command":"play","t":"NaN"}"#,
        ]
        for text in messages {
            let error = #expect(throws: ProtocolError.self, "\(text)") { try ClientMessage.decode(text) }
            #expect(error?.code == "schema", "\(text)")
            #expect(error?.path == "t", "\(text)")
        }
    }

    @Test func unknownFieldsAreIgnored() throws {
        #expect(try ClientMessage.decode(#"{"type":"ping","id":1,"future":true}"#) == .ping(Ping(id: 1)))
    }
}
