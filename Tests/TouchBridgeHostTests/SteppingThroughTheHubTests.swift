import Foundation
import Logging
import Testing
@testable import TouchBridgeHost
import TouchBridgeProtocol
import TouchBridgeServer

/// Issue 29: the stepper was a second session authority beside the hub — `HubBridge` handed it every
/// message before the hub and every hub input after. Now a stepping request is a hub input the hub routes to
/// its `SteppingHandler`; the bridge runs only the stepper's replay-slice timers and reports what the hub's
/// journal tells it.
@Suite struct SteppingThroughTheHubTests {
    /// A stepping handler that answers every request with one `stub` message.
    final class Stub: SteppingHandler {
        var asked = 0

        func handle(
            _ request: Result<StepRequest, ProtocolError>, from connection: ConnectionID, hub: Hub, system: (String) -> Void
        ) -> [(connection: ConnectionID, effect: SessionEffect)] {
            asked += 1
            return [(connection, .reply(#"{"type":"stub"}"#))]
        }

        func refusal(of message: ClientMessage, from connection: ConnectionID) -> ProtocolError? { nil }
        func observerJoined(_ observer: ConnectionID, hub: Hub) -> [SessionEffect] { [] }
    }

    /// A bridge with no stepper of its own, whose hub has a stepping handler: the request reaches the
    /// handler only if the shell hands it to the hub (a shell that routed stepping beside the hub
    /// would answer it as an unknown type).
    @Test func theShellHandsSteppingRequestsToTheHub() {
        let bridge = HubBridge(hub: Hub(catalog: LibraryCatalog(), makeSessionID: { "s" }), logger: Logger(label: "test"),
                               clock: HubBridgeDoorTests.CountingClock().now)
        let stub = Stub()
        bridge.hub.stepping = stub
        let transport = HubBridgeDoorTests.RecordingTransport()
        bridge.opened(1, info: HubBridgeDoorTests.info, transport)
        bridge.received(HubBridgeDoorTests.hello, from: 1, at: 0, transport)
        transport.sent = []
        bridge.received(#"{"type":"pause"}"#, from: 1, at: 0, transport)
        bridge.received(#"{"type":"step","frame":"x"}"#, from: 1, at: 0, transport)
        #expect(stub.asked == 2, "a request with a bad field is the handler's to answer too")
        #expect(transport.types(to: 1) == ["stub tag 0", "stub tag 0"])
    }

    /// What the shell may ask the stepper (each with why): nothing that sees a message before or after
    /// the hub but the journal's one seam.
    static let allowed: [String: String] = [
        "isReplaying": "a replay-slice timer: whether to arm the next",
        "replayWaitsForEngineShare": "a replay-slice timer: whether the slice waits for the engine share",
        "continueReplay": "a replay-slice timer fired: the next slice",
        "keep": "the hub's journal (HubBridge.applied): the input a session applied, for the history",
        "serveRecordings": "construction: the recordings directory (ServerHost.record)",
    ]

    /// Every `stepper.X` / `stepper?.X` in the shell's sources (TouchBridgeHost, but the stepper's own file).
    @Test func theShellUsesTheStepperOnlyForTimersTheJournalAndConstruction() throws {
        let pattern = try NSRegularExpression(pattern: #"\bstepper\??\.(\w+)"#)
        let host = NumericConversionSweepTests.sources.appendingPathComponent("TouchBridgeHost")
        var used: [String: [String]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: host.path) where file.hasSuffix(".swift") && file != "SessionStepper.swift" {
            let text = try String(contentsOf: host.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length)) {
                used[(text as NSString).substring(with: match.range(at: 1)), default: []].append(file)
            }
        }
        let outside = used.filter { Self.allowed[$0.key] == nil }.map { "\($0.key) in \(Set($0.value).sorted())" }.sorted()
        #expect(outside.isEmpty, "the shell reaches the stepper around the hub: \(outside)")
        #expect(used["continueReplay"] != nil && used["keep"] != nil, "the scan finds the uses it allows: \(used.keys.sorted())")
    }
}
