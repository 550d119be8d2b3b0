import Testing
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// `what-if` and `flake` through the stepper, as `HubBridge` drives them: a slice per service turn,
/// waiting for the connection's engine share between slices; one request per connection, four per
/// server; a connection that closes drops its request.
@Suite struct LiveAnalysisStepperTests {
    let hub = Hub(catalog: LibraryCatalog())
    let clock = Ticking()
    let stepper: SessionStepper

    init() {
        stepper = SessionStepper(catalog: LibraryCatalog(), limits: ProtocolLimits(), clock: clock.now, analyses: LiveSteppingAnalyses())
    }

    /// What `HubBridge` does with one message: the hub handles it, the stepper keeps what its journal reports.
    func deliver(_ input: SessionInput, on id: ConnectionID) {
        _ = hub.handle(input, on: id)
        stepper.keep(input, on: id, hub: hub, now: 0)
    }

    func join(_ id: ConnectionID) {
        deliver(.opened(), on: id)
        deliver(.text(#"{"type":"hello","protocol":1,"role":"device","scene":"single-double-tap","viewport":{"width":400,"height":800,"scale":2},"clock":"manual"}"#, receivedAt: 0), on: id)
        for (seq, phase, t) in [(1, "down", 0.0), (2, "up", 60.0)] {
            deliver(.text(#"{"type":"input","seq":\#(seq),"pointers":[{"id":1,"phase":"\#(phase)","x":100,"y":400,"t":\#(t),"pointerType":"touch"}]}"#,
                          receivedAt: t / 1000), on: id)
        }
    }

    /// A clock that moves a second at every read: every slice stops after one event.
    final class Ticking: @unchecked Sendable {
        var seconds = 0.0
        func now() -> Double {
            seconds += 1
            return seconds
        }
    }

    func ask(_ request: StepRequest, from id: ConnectionID) -> [(connection: ConnectionID, effect: SessionEffect)] {
        stepper.handle(.success(request), from: id, hub: hub, system: { _ in })
    }

    func code(_ replies: [(connection: ConnectionID, effect: SessionEffect)]) -> String? {
        guard let text = replies.first?.1.message, case .error(let error)? = try? ServerMessage.decode(text) else { return nil }
        return error.code
    }

    static let unrelate = WhatIfRequest(changes: [#"{"unrelate":{"requireToFail":["singleTap","doubleTap"]}}"#])

    @Test func aWhatIfRunsASliceAtATimeWaitingForTheShareAndAnswersDeviceAndObservers() throws {
        join(1)
        deliver(.opened(), on: 2)
        let session = try #require(hub.sessionID(of: 1))
        deliver(.text(#"{"type":"hello","protocol":1,"role":"observer","session":"\#(session)","viewport":{"width":400,"height":800,"scale":1},"clock":"manual"}"#,
                      receivedAt: 0), on: 2)
        #expect(ask(.whatIf(Self.unrelate), from: 1).isEmpty, "one step per slice: not done yet")
        #expect(stepper.isReplaying(1) && stepper.replayWaitsForEngineShare(1), "its slices wait for the connection's share")
        #expect(code(ask(.flake(FlakeRequest(variants: 2)), from: 1)) == StepErrorCode.busy)
        var slices = 1
        var answer: [(connection: ConnectionID, effect: SessionEffect)] = []
        while answer.isEmpty, slices < 100 {
            answer = stepper.continueReplay(for: 1, hub: hub, system: { _ in })
            slices += 1
        }
        // open, hello, two inputs: four entries read, the replays started, four events run, one per slice.
        #expect(slices == 9)
        #expect(answer.map(\.0) == [1, 2], "the device and its observer")
        guard let text = answer.first?.1.message else { return }
        #expect(text.hasSuffix(#""source":"live","type":"what-if"}"#))
        #expect(!stepper.isReplaying(1))
    }

    @Test func aClosedConnectionDropsItsRequestAndFourRunAtOnce() {
        for id: ConnectionID in 1...5 { join(id) }
        for id: ConnectionID in 1...4 { #expect(ask(.whatIf(Self.unrelate), from: id).isEmpty) }
        #expect(code(ask(.whatIf(Self.unrelate), from: 5)) == StepErrorCode.serverBusy)
        deliver(.closed, on: 1)
        #expect(!stepper.isReplaying(1))
        #expect(stepper.continueReplay(for: 1, hub: hub, system: { _ in }).isEmpty)
        #expect(ask(.whatIf(Self.unrelate), from: 5).isEmpty, "its place is free")
    }
}
