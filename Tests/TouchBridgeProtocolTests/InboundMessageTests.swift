import Testing
import TouchBridgeProtocol

/// One parse for the stepper and the session (`InboundMessage`): stepping requests are told apart
/// by their `type`, and every other text decodes exactly as `ClientMessage.decode` decodes it.
@Suite("Decoding a client text once")
struct InboundMessageTests {
    let limits = ProtocolLimits()

    @Test func steppingRequestsAreReadAsSuch() {
        #expect(InboundMessage.decode(#"{"type":"pause"}"#, limits: limits) == .stepping(.success(.pause)))
        #expect(InboundMessage.decode(#"{"type":"resume"}"#, limits: limits) == .stepping(.success(.resume)))
        #expect(InboundMessage.decode(#"{"type":"step","frame":12}"#, limits: limits) == .stepping(.success(.step(frame: 12))))
        #expect(InboundMessage.decode(#"{"type":"recordings"}"#, limits: limits) == .stepping(.success(.listRecordings)))
        #expect(InboundMessage.decode(#"{"type":"open-recording","name":"a.jsonl"}"#, limits: limits)
            == .stepping(.success(.openRecording(name: "a.jsonl"))))
        #expect(InboundMessage.decode(#"{"type":"open-recording","data":"x","part":1,"parts":2}"#, limits: limits)
            == .stepping(.success(.uploadRecording(part: 1, parts: 2, data: "x", name: nil))))
        #expect(InboundMessage.decode(#"{"type":"export-test","as":"swift"}"#, limits: limits) == .stepping(.success(.exportTest(format: .swift))))
        #expect(InboundMessage.decode(#"{"type":"export-test","as":"actions"}"#, limits: limits) == .stepping(.success(.exportTest(format: .actions))))
    }

    @Test func anExportOfAFormatNoWriterKnowsNamesTheFormatsThereAre() {
        guard case .stepping(.failure(let error)) = InboundMessage.decode(#"{"type":"export-test","as":"kotlin"}"#, limits: limits) else {
            Issue.record("expected a stepping error")
            return
        }
        #expect(error.code == "schema" && error.path == "as")
        #expect(error.message.contains("expected one of swift, pytest, actions, got \"kotlin\""), "\(error.message)")
    }

    @Test func whatIfAndFlakeAreSteppingRequestsWithTheirDefaults() {
        // A change is a short form (a string) or an act action (an object, kept as its JSON text).
        #expect(InboundMessage.decode(#"{"type":"what-if","changes":["pan.enabled=false",{"unrelate":{"requireToFail":["a","b"]}}]}"#, limits: limits)
            == .stepping(.success(.whatIf(WhatIfRequest(changes: ["pan.enabled=false", #"{"unrelate":{"requireToFail":["a","b"]}}"#])))))
        #expect(InboundMessage.decode(#"{"type":"flake"}"#, limits: limits)
            == .stepping(.success(.flake(FlakeRequest(variants: 100, seed: 1, jitterMs: 8, jitterPt: 3, dropFrames: 0, frameRate: nil)))))
        #expect(InboundMessage.decode(#"{"type":"flake","variants":1000,"seed":9007199254740992,"jitterMs":0,"frameRate":60}"#, limits: limits)
            == .stepping(.success(.flake(FlakeRequest(variants: 1000, seed: 9_007_199_254_740_992, jitterMs: 0, frameRate: 60)))))
        for (text, path) in [(#"{"type":"flake","variants":1001}"#, "variants"), (#"{"type":"flake","jitterPt":"Infinity"}"#, "jitterPt"),
                             (#"{"type":"flake","dropFrames":-0.1}"#, "dropFrames"), (#"{"type":"what-if","changes":[null]}"#, "changes[0]")] {
            guard case .stepping(.failure(let error)) = InboundMessage.decode(text, limits: limits) else {
                Issue.record("expected a stepping error for \(text)")
                continue
            }
            #expect(error.path == path, "\(text)")
        }
    }

    @Test func aBadSteppingFieldIsTheSteppersErrorNamingTheField() {
        guard case .stepping(.failure(let error)) = InboundMessage.decode(#"{"type":"step","frame":-1}"#, limits: limits) else {
            Issue.record("expected a stepping error")
            return
        }
        #expect(error.code == "schema")
        #expect(error.path == "frame")
        guard case .stepping(.failure(let upload)) = InboundMessage.decode(#"{"type":"open-recording","data":"x","part":2,"parts":2}"#,
                                                                          limits: limits) else {
            Issue.record("expected a stepping error")
            return
        }
        #expect(upload.path == "part")
    }

    /// Stepping requests are read from their declarations (`WireObject`) like session messages: each
    /// field is checked in declaration order as soon as it is read, and every declared field's type is
    /// checked, also `part` of an open-by-name (it used to be read only with `data`).
    @Test func steppingFieldsAreCheckedInTheirDeclaredOrder() {
        let cases: [(String, String, String)] = [
            (#"{"type":"flake","variants":0,"seed":-1}"#, "variants", "limit"),
            (#"{"type":"flake","seed":-1,"jitterMs":5000}"#, "seed", "schema"),
            (#"{"type":"open-recording","name":"\#(String(repeating: "n", count: 300))","data":5}"#, "name", "limit"),
            (#"{"type":"open-recording","data":5}"#, "data", "schema"),
            (#"{"type":"open-recording"}"#, "name", "schema"),
            (#"{"type":"open-recording","name":"a.jsonl","part":"x"}"#, "part", "schema"),
            (#"{"type":"open-recording","data":"x","parts":0}"#, "parts", "schema"),
            (#"{"type":"export-test","as":null}"#, "as", "schema"),
        ]
        for (text, path, code) in cases {
            guard case .stepping(.failure(let error)) = InboundMessage.decode(text, limits: limits) else {
                Issue.record("expected a stepping error for \(text)")
                continue
            }
            #expect(error.path == path && error.code == code, "\(text): \(error)")
        }
        #expect(InboundMessage.decode(#"{"type":"open-recording","name":"a.jsonl","parts":0}"#, limits: limits)
            == .stepping(.success(.openRecording(name: "a.jsonl"))))
    }

    @Test func everyOtherTextDecodesAsTheSessionWouldDecodeIt() {
        let texts = [
            #"{"type":"input","seq":3,"pointers":[{"id":1,"phase":"down","x":1,"y":2,"t":3,"pointerType":"touch"}]}"#,
            #"{"type":"ping","id":7}"#,
            #"{"type":"input","seq":4,"pointers":[{"id":1,"x":1,"y":2,"t":3,"pointerType":"touch"}]}"#,
            #"{"type":"teleport"}"#, #"{"type":7}"#, "[1]", "{\"type\":", "",
            String(repeating: " ", count: limits.maxMessageBytes + 1),
        ]
        for text in texts {
            let direct = Result { () throws(ProtocolError) in try ClientMessage.decode(text, limits: limits) }
            #expect(InboundMessage.decode(text, limits: limits) == .session(direct), "\(text.prefix(80))")
        }
    }
}
