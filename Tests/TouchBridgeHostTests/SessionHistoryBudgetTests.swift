import Testing
import TouchBridgeProtocol
import TouchBridgeServer
@testable import TouchBridgeHost

/// Stepping keeps every live device's messages (`SessionHistory`); all of them together are bounded
/// in bytes, so the memory stepping costs does not grow with the number of sessions.
@Suite struct SessionHistoryBudgetTests {
    let hub = Hub(catalog: LibraryCatalog())
    let stepper: SessionStepper

    init() {
        stepper = SessionStepper(catalog: LibraryCatalog(), limits: ProtocolLimits(), clock: { 0 }, analyses: LiveSteppingAnalyses(),
                                 historyBudgetBytes: 6_000)
    }

    /// What `HubBridge` does with one message: the hub handles it, the stepper keeps what its journal reports.
    func deliver(_ input: SessionInput, on id: ConnectionID) {
        _ = hub.handle(input, on: id)
        stepper.keep(input, on: id, hub: hub, now: 0)
    }

    /// What `HubBridge` does with a message the system sends the app (pausing makes it resign active).
    func system(_ id: ConnectionID) -> (String) -> Void {
        { act in deliver(.text(act, receivedAt: 0), on: id) }
    }

    func join(_ id: ConnectionID) {
        deliver(.opened(), on: id)
        deliver(.text(#"{"type":"hello","protocol":1,"role":"device","scene":"tap-recognition","viewport":{"width":400,"height":800,"scale":2},"clock":"manual"}"#, receivedAt: 0), on: id)
    }

    func tap(_ count: Int, on id: ConnectionID) {
        for index in 0..<count {
            let t = Double(index) * 1_000
            for (phase, at) in [("down", t), ("up", t + 80)] {
                deliver(.text(#"{"type":"input","seq":\#(index),"pointers":[{"id":1,"phase":"\#(phase)","x":60,"y":700,"t":\#(at),"pointerType":"touch"}]}"#,
                              receivedAt: at / 1000), on: id)
            }
        }
    }

    /// The code of the error the stepper answers `pause` with, or nil when the session pauses.
    func pauseError(_ id: ConnectionID) -> String? {
        guard let text = stepper.handle(.success(.pause), from: id, hub: hub, system: system(id)).first?.1.message else {
            Issue.record("pause was not the stepper's")
            return nil
        }
        guard case .error(let error)? = try? ServerMessage.decode(text) else { return nil }
        return error.code
    }

    @Test func pastTheBudgetTheLargestHistoryIsDropped() {
        join(1)
        join(2)
        tap(3, on: 2)
        #expect(pauseError(2) == nil, "within the budget")
        _ = stepper.handle(.success(.resume), from: 2, hub: hub, system: system(2))
        tap(20, on: 1)
        #expect(pauseError(1) == StepErrorCode.tooLong, "the largest history went")
        #expect(hub.interruptionMessage(.begins, for: 1) != nil, "a refused pause leaves the app active (it resigned, then came back)")
        #expect(pauseError(2) == nil, "the others are kept")
        #expect(hub.interruptionMessage(.begins, for: 2) == nil, "a paused session's app is inactive")
    }

    @Test func aClosedConnectionGivesItsBytesBack() {
        join(1)
        tap(10, on: 1)
        deliver(.closed, on: 1)
        join(2)
        tap(10, on: 2)
        #expect(pauseError(2) == nil)
    }

    /// An observer's history, kept while it had no role, is given back when it joins: observers coming
    /// and going never eat the budget of the device they watch (they once counted forever, and a
    /// class of observers reconnecting had the device's history dropped).
    @Test func observersComingAndGoingLeaveTheBudgetToTheDevices() throws {
        join(1)
        tap(3, on: 1)
        let session = try #require(hub.sessionID(of: 1))
        for id: ConnectionID in 2...201 {
            deliver(.opened(), on: id)
            deliver(.text(#"{"type":"hello","protocol":1,"role":"observer","session":"\#(session)","viewport":{"width":400,"height":800,"scale":2},"clock":"manual"}"#, receivedAt: 0), on: id)
            #expect(hub.role(of: id) == .observer)
            deliver(.closed, on: id)
        }
        #expect(pauseError(1) == nil, "the device's history is kept")
    }

    /// The bound is on memory: a message costs its text, the string's heap bookkeeping and its
    /// entry's slot; a timer costs its slot.
    @Test func aHistoryCountsTheMemoryItsEntriesHold() {
        let text = #"{"type":"input","seq":1,"pointers":[]}"#
        var history = SessionHistory()
        history.append(.text(text, receivedAt: 0), at: 0)
        let slot = MemoryLayout<Recording.Entry>.stride
        #expect(history.bytes == slot + text.utf8.count + 48)
        history.append(.timerFired, at: 1)
        #expect(history.bytes == 2 * slot + text.utf8.count + 48)
    }
}
