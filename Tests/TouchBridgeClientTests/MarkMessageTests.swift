import Foundation
import Testing
import TouchBridgeProtocol
import TouchBridgeServer

/// The `mark` client message (protocol §4.10): decoded and validated like every message, ignored by
/// the session (it exists for recordings), refused from observers.
@Suite("mark message")
struct MarkMessageTests {
    @Test func decodesAndEncodes() throws {
        #expect(try ClientMessage.decode(#"{"type":"mark","note":"that tap was wrong","t":17250.5}"#)
                == .mark(Mark(note: "that tap was wrong", t: 17250.5)))
        #expect(try ClientMessage.decode(#"{"type":"mark"}"#) == .mark(Mark()))
        #expect(ClientMessage.mark(Mark(note: "n")).text == #"{"note":"n","type":"mark"}"#)
        #expect(ClientMessage.mark(Mark()).changesSession == false)
    }

    @Test func validatesItsFields() {
        #expect(throws: ProtocolError.self) { try ClientMessage.decode(#"{"type":"mark","note":5}"#) }
        let long = String(repeating: "x", count: ProtocolLimits().maxStringLength + 1)
        #expect { try ClientMessage.decode(#"{"type":"mark","note":"\#(long)"}"#) } throws: { error in
            (error as? ProtocolError)?.code == ErrorCode.limit && (error as? ProtocolError)?.path == "note"
        }
    }

    @Test func theSessionIgnoresItAndObserversMayNotSendIt() throws {
        let hub = Hub(catalog: LibraryCatalog(), makeSessionID: { "00000000000000000000000000000001" })
        _ = hub.handle(.opened(), on: 1)
        let hello = #"{"type":"hello","protocol":1,"role":"device","scene":"tap-recognition","viewport":{"width":400,"height":800,"scale":2},"clock":"manual"}"#
        #expect(!hub.handle(.text(hello, receivedAt: 1), on: 1).isEmpty)
        #expect(hub.handle(.text(#"{"type":"mark","note":"here"}"#, receivedAt: 2), on: 1).isEmpty)

        _ = hub.handle(.opened(), on: 2)
        let watch = #"{"type":"hello","protocol":1,"role":"observer","session":"00000000000000000000000000000001","viewport":{"width":400,"height":800,"scale":2},"clock":"manual"}"#
        _ = hub.handle(.text(watch, receivedAt: 3), on: 2)
        let reply = hub.handle(.text(#"{"type":"mark","note":"here"}"#, receivedAt: 4), on: 2)
        guard case .error(let text)? = reply.first?.effect, case .error(let error) = try ServerMessage.decode(text) else {
            Issue.record("expected an error, got \(reply)")
            return
        }
        #expect(error.code == ErrorCode.notAllowed)
    }
}
