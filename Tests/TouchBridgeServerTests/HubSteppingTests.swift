import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer

/// Issue 29's "one door out": a stepping request is an ordinary hub input (`SessionInput.stepping`, decoded
/// once by the shell). The `Hub` routes it to its `SteppingHandler`, whose replies come back as the hub's
/// effects and leave through the `EffectExecutor` (here onto the `VirtualTransport`); a session change of a
/// held session gets the handler's refusal and never reaches the session; the journal sees only what
/// sessions applied.
@Suite struct HubSteppingTests {
    /// A stepping handler that answers every request with a `stepping`-like reply and a `step`, after
    /// running one system message (a `ping`, which the session answers with a `pong`), and holds the
    /// session once it has answered.
    final class StubStepper: SteppingHandler {
        var requests: [(ConnectionID, StepRequest)] = []
        var holding = false

        func handle(
            _ request: Result<StepRequest, ProtocolError>, from connection: ConnectionID, hub: Hub, system: (String) -> Void
        ) -> [(connection: ConnectionID, effect: SessionEffect)] {
            guard case .success(let request) = request else { return [(connection, .error("bad request"))] }
            requests.append((connection, request))
            system(#"{"type":"ping","id":7}"#)
            holding = true
            return [(connection, .reply("stub stepping")), (connection, .step("stub step"))]
        }

        func refusal(of message: ClientMessage, from connection: ConnectionID) -> ProtocolError? {
            holding ? ProtocolError(code: StepErrorCode.paused, message: "held by the stub", seq: message.seq) : nil
        }

        func observerJoined(_ observer: ConnectionID, hub: Hub) -> [SessionEffect] {
            holding ? [.reply("stub shows the paused frame")] : []
        }
    }

    /// Keeps what the hub's journal reports: each applied input's kind.
    final class Journal: SessionJournal {
        var applied: [String] = []

        func applied(_ input: SessionInput, on connection: ConnectionID, effects: [(connection: ConnectionID, effect: SessionEffect)], hub: Hub) {
            switch input {
            case .text(let text, _), .decoded(_, let text, _): applied.append("\(connection) \(text)")
            case .stepping(let request, _): applied.append("\(connection) stepping \(request.text)")
            case .opened, .timerFired, .closed: applied.append("\(connection) \(input)")
            }
        }
    }

    static let pause = SessionInput.stepping(DecodedStepRequest(.success(.pause), text: #"{"type":"pause"}"#), receivedAt: 101)

    static func joined(stepping: StubStepper?, journal: Journal?) -> (VirtualTransport, Welcome) {
        let hub = Hub(catalog: LibraryCatalog())
        hub.stepping = stepping
        hub.journal = journal
        return joinedDevice(hub: hub)
    }

    @Test func aSteppingRequestGoesToTheHandlerAndItsRepliesLeaveThroughTheExecutor() {
        let stepper = StubStepper()
        let journal = Journal()
        let (transport, _) = Self.joined(stepping: stepper, journal: journal)
        journal.applied = []
        transport.deliver(Self.pause, on: device)
        #expect(stepper.requests.map(\.0) == [device] && stepper.requests.map(\.1) == [.pause])
        let sent = transport.take(device)
        #expect(sent.count == 3, "\(sent)")
        #expect(sent.first?.contains(#""type":"pong""#) == true, "the system message's answer leaves first: \(sent)")
        #expect(Array(sent.dropFirst()) == ["stub stepping", "stub step"])
        #expect(journal.applied == [#"1 {"type":"ping","id":7}"#], "the journal sees the system message, not the stepping request")
    }

    @Test func aHeldSessionsChangeGetsTheRefusalAndNeverReachesTheSession() throws {
        let stepper = StubStepper()
        let journal = Journal()
        let (transport, _) = Self.joined(stepping: stepper, journal: journal)
        transport.deliver(Self.pause, on: device)
        _ = transport.take(device)
        journal.applied = []
        let frame = Script.frame(3, at: 1000, [(.down, 1, 200, 400)])
        transport.deliver(.decoded(.success(frame), text: "frame", receivedAt: 102), on: device)
        let error = try #require(transport.takeMessages(device).errors.first)
        #expect(error.code == StepErrorCode.paused && error.seq == 3)
        #expect(journal.applied.isEmpty, "the session never saw it")
        transport.deliver(.decoded(.success(.ping(Ping(id: 4))), text: "ping", receivedAt: 103), on: device)
        #expect(transport.takeMessages(device).compactMap(\.pong).count == 1, "what does not change the session passes")
    }

    @Test func anObserverJoiningIsShownWhatTheHandlerHolds() {
        let stepper = StubStepper()
        let (transport, welcome) = Self.joined(stepping: stepper, journal: nil)
        transport.deliver(Self.pause, on: device)
        transport.open(observer)
        transport.send(observer, Script.observe(welcome.session))
        #expect(transport.take(observer).last == "stub shows the paused frame")
    }

    /// A connection its session closed (a subprotocol it does not speak) is gone from the hub when the
    /// transport reports the close; the journal is told all the same, so the recorder and the stepper
    /// forget it instead of keeping its state for good.
    @Test func theJournalIsToldOfEveryCloseEvenOfAConnectionTheHubForgot() {
        let journal = Journal()
        let hub = Hub(catalog: LibraryCatalog())
        hub.journal = journal
        let transport = VirtualTransport(hub: hub)
        transport.open(3, subprotocol: "other")
        #expect(transport.isClosed(3) || transport.closes[3] != nil, "the session closed it")
        transport.disconnect(3)
        #expect(journal.applied.last == "3 closed")
    }

    /// Without a handler a stepping request reaches the session, which answers it as the unknown type it is to v1.
    @Test func withoutAHandlerTheSessionAnswersItAsAnUnknownType() throws {
        let journal = Journal()
        let (transport, _) = Self.joined(stepping: nil, journal: journal)
        transport.deliver(Self.pause, on: device)
        let error = try #require(transport.takeMessages(device).errors.first)
        #expect(error.code == ErrorCode.unknownType)
        #expect(journal.applied.last == #"1 stepping {"type":"pause"}"#)
    }
}
