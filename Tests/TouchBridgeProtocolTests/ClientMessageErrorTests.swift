import Foundation
import Testing
import TouchBridgeProtocol

/// The error a decode throws (fails the test if it does not throw).
func decodeError(_ text: String, limits: ProtocolLimits = ProtocolLimits()) -> ProtocolError? {
    do {
        let message = try ClientMessage.decode(text, limits: limits)
        Issue.record("expected an error, decoded \(message)")
        return nil
    } catch {
        return error
    }
}

let pointerJSON = #"{"id":1,"phase":"down","x":1,"y":2,"t":3,"pointerType":"touch"}"#

@Suite("Rejecting client messages")
struct ClientMessageErrorTests {
    @Test func badJSON() {
        #expect(decodeError("{\"type\":").map(\.code) == "bad-json")
        #expect(decodeError("[1,2]").map(\.code) == "bad-json")
        #expect(decodeError("").map(\.code) == "bad-json")
    }

    @Test func unknownOrMissingType() {
        let unknown = decodeError(#"{"type":"teleport"}"#)
        #expect(unknown?.code == "unknown-type")
        #expect(unknown?.message.contains("teleport") == true)
        #expect(decodeError(#"{"seq":1}"#)?.code == "unknown-type")
        #expect(decodeError(#"{"type":7}"#)?.code == "unknown-type")
    }

    @Test func missingNestedFieldNamesItsPath() {
        let error = decodeError(#"{"type":"input","seq":4,"pointers":[\#(pointerJSON),{"id":2,"x":1,"y":2,"t":3,"pointerType":"touch"}]}"#)
        #expect(error?.code == "schema")
        #expect(error?.path == "pointers[1].phase")
        #expect(error?.message.hasPrefix("pointers[1].phase: ") == true)
        #expect(error?.seq == 4)
    }

    @Test func badEnumValueListsTheAllowedOnes() {
        let error = decodeError(#"{"type":"input","seq":1,"pointers":[{"id":1,"phase":"press","x":1,"y":2,"t":3,"pointerType":"touch"}]}"#)
        #expect(error?.code == "schema")
        #expect(error?.path == "pointers[0].phase")
        #expect(error?.message == #"pointers[0].phase: expected one of down, move, up, cancel, got "press""#)
    }

    @Test func wrongTypesNameTheExpectedOne() {
        let width = decodeError(#"{"type":"hello","protocol":1,"role":"device","viewport":{"width":"wide","height":1,"scale":1},"clock":"client"}"#)
        #expect(width?.path == "viewport.width")
        #expect(width?.message == "viewport.width: expected a number")
        let seq = decodeError(#"{"type":"input","seq":1.5,"pointers":[\#(pointerJSON)]}"#)
        #expect(seq?.path == "seq")
        #expect(seq?.message == "seq: expected an integer")
        let id = decodeError(#"{"type":"ping","id":null}"#)
        #expect(id?.path == "id")
        #expect(id?.message == "id: expected an integer, got null")
        let coalesced = decodeError(#"{"type":"input","seq":1,"pointers":[{"id":1,"phase":"move","x":1,"y":2,"t":3,"pointerType":"touch","coalesced":[{"x":1,"y":"up","t":2}]}]}"#)
        #expect(coalesced?.path == "pointers[0].coalesced[0].y")
    }

    @Test func valueRules() {
        let observer = decodeError(#"{"type":"hello","protocol":1,"role":"observer","viewport":{"width":1,"height":1,"scale":1},"clock":"client"}"#)
        #expect(observer?.code == "schema")
        #expect(observer?.path == "session")
        let empty = decodeError(#"{"type":"input","seq":1,"pointers":[]}"#)
        #expect(empty?.path == "pointers")
        let negativeSeq = decodeError(#"{"type":"input","seq":-1,"pointers":[\#(pointerJSON)]}"#)
        #expect(negativeSeq?.path == "seq")
        let zeroWidth = decodeError(#"{"type":"resize","width":0,"height":1,"scale":1}"#)
        #expect(zeroWidth?.path == "width")
        let coalescedOnDown = decodeError(#"{"type":"input","seq":1,"pointers":[{"id":1,"phase":"down","x":1,"y":2,"t":3,"pointerType":"touch","coalesced":[{"x":1,"y":1,"t":2}]}]}"#)
        #expect(coalescedOnDown?.code == "schema")
        #expect(coalescedOnDown?.path == "pointers[0].coalesced")
        let sceneType = decodeError(#"{"type":"scene","scene":5}"#)
        #expect(sceneType?.path == "scene")
    }

    @Test func unsupportedProtocolVersion() {
        let error = decodeError(#"{"type":"hello","protocol":2,"role":"device","everything":"different"}"#)
        #expect(error?.code == "unsupported-protocol")
        #expect(error?.path == "protocol")
    }
}

@Suite("Limits")
struct LimitTests {
    @Test func tooManyPointers() {
        let limits = ProtocolLimits(maxPointersPerInput: 2)
        let text = #"{"type":"input","seq":9,"pointers":[\#(pointerJSON),\#(pointerJSON),\#(pointerJSON)]}"#
        let error = decodeError(text, limits: limits)
        #expect(error?.code == "limit")
        #expect(error?.path == "pointers")
        #expect(error?.message.contains("maxPointersPerInput 2") == true)
        #expect(error?.seq == 9)
        #expect(throws: Never.self) { try ClientMessage.decode(text, limits: ProtocolLimits(maxPointersPerInput: 3)) }
    }

    @Test func tooManyCoalescedSamples() {
        let sample = #"{"x":1,"y":1,"t":1}"#
        let text = #"{"type":"input","seq":1,"pointers":[{"id":1,"phase":"move","x":1,"y":2,"t":3,"pointerType":"touch","coalesced":[\#(sample),\#(sample)]}]}"#
        let error = decodeError(text, limits: ProtocolLimits(maxCoalescedPerPointer: 1))
        #expect(error?.code == "limit")
        #expect(error?.path == "pointers[0].coalesced")
    }

    @Test func messageSize() {
        let text = #"{"type":"ping","id":1,"padding":"\#(String(repeating: "x", count: 100))"}"#
        #expect(decodeError(text, limits: ProtocolLimits(maxMessageBytes: 64))?.code == "limit")
        #expect(throws: Never.self) { try ClientMessage.decode(text, limits: ProtocolLimits(maxMessageBytes: 200)) }
    }

    @Test func inlineSceneSize() {
        let text = #"{"type":"scene","scene":{"blob":"\#(String(repeating: "y", count: 50))"}}"#
        let error = decodeError(text, limits: ProtocolLimits(maxInlineSceneBytes: 40))
        #expect(error?.code == "limit")
        #expect(error?.path == "scene")
        #expect(throws: Never.self) { try ClientMessage.decode(text, limits: ProtocolLimits(maxInlineSceneBytes: 80)) }
    }

    @Test func viewportAndStrings() {
        let big = decodeError(#"{"type":"hello","protocol":1,"role":"device","viewport":{"width":9000,"height":1,"scale":1},"clock":"client"}"#)
        #expect(big?.code == "limit")
        #expect(big?.path == "viewport.width")
        let scale = decodeError(#"{"type":"resize","width":10,"height":10,"scale":20}"#)
        #expect(scale?.code == "limit")
        #expect(scale?.path == "scale")
        let long = decodeError(#"{"type":"scene","scene":"abcdef"}"#, limits: ProtocolLimits(maxStringLength: 5))
        #expect(long?.code == "limit")
        #expect(long?.path == "scene")
    }
}
