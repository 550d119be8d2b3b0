import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer
import TouchKit

/// A scene with one long-press recognizer, registered through the injectable catalog.
let holdCatalog = SceneRegistry([.viewController(SceneInfo(name: "hold", title: "Hold", description: "A long press.")) {
    HoldViewController()
}])

final class HoldViewController: UIViewController {
    override func viewDidLoad() {
        view.accessibilityIdentifier = "root"
        let press = UILongPressGestureRecognizer(handler: { _ in })
        press.name = "press"
        view.addGestureRecognizer(press)
    }
}

@Suite("Clocks")
struct ClockTests {
    @Test func clientClockArmsATimerForALongPressAndFiringItBegins() throws {
        let transport = VirtualTransport(hub: Hub(catalog: holdCatalog))
        // Client clock 1000 ms arrives at server time 50 s: offset 49 s.
        transport.send(device, Script.hello(.client, t: 1000), at: 50)
        _ = transport.take(device)
        #expect(transport.engineTimers[device] == nil)

        // Down at client 1100 ms arrives 20 ms later than the best sample: the offset stays 49.
        transport.send(device, Script.frame(1, at: 1100, [(.down, 1, 100, 100)]), at: 50.12)
        let down = transport.takeMessages(device)
        #expect(down.logEntries.filter { $0.recognizer == "press" && $0.kind == "transition" }.isEmpty)
        // Deadline 1.6 s engine time → 50.6 s server time.
        let armed = try #require(transport.engineTimers[device])
        #expect(abs(armed - 50.6) < 1e-9)

        #expect(transport.fireTimer(on: device))
        let fired = transport.takeMessages(device)
        let events = try #require(fired.compactMap(\.events).first)
        #expect(events.seq == nil)
        #expect(events.t == 1600)
        #expect(fired.logText.contains("press:possible→began"))
        #expect(transport.engineTimers[device] == nil)

        // Lifting ends it; nothing left to arm.
        transport.send(device, Script.frame(2, at: 1700, [(.up, 1, 100, 100)]), at: 50.71)
        #expect(transport.takeMessages(device).logText.contains("press:began→ended"))
        #expect(transport.engineTimers[device] == nil)
    }

    /// (deadline + offset) − offset is often one rounding step below the deadline; the timer must
    /// still fire the long press (regression: it used to re-arm and wait for the next input).
    @Test func timersFireDespiteRoundingInTheClockMapping() throws {
        for index in 0..<40 {
            let transport = VirtualTransport(hub: Hub(catalog: holdCatalog))
            let start = 1000 + Double(index) * 37.3
            let server = 50 + Double(index) * 0.731
            transport.send(device, Script.hello(.client, t: start), at: server)
            transport.send(device, Script.frame(1, at: start + 100, [(.down, 1, 100, 100)]), at: server + 0.1)
            _ = transport.take(device)
            #expect(transport.fireTimer(on: device))
            #expect(transport.takeMessages(device).logText.contains("press:possible→began"), "start \(start), server \(server)")
        }
    }

    @Test func liftingBeforeTheDeadlineCancelsTheTimer() {
        let transport = VirtualTransport(hub: Hub(catalog: holdCatalog))
        transport.send(device, Script.hello(.client, t: 1000), at: 50)
        transport.send(device, Script.frame(1, at: 1100, [(.down, 1, 100, 100)]), at: 50.12)
        #expect(transport.engineTimers[device] != nil)
        transport.send(device, Script.frame(2, at: 1300, [(.up, 1, 100, 100)]), at: 50.32)
        #expect(transport.engineTimers[device] == nil)
        #expect(transport.transcript.last == "1 cancelTimer")
    }

    @Test func inputInFlightWhenATimerFiredIsAppliedButRealBackwardsTimeIsNot() throws {
        let transport = VirtualTransport(hub: Hub(catalog: holdCatalog))
        transport.send(device, Script.hello(.client, t: 1000), at: 50)
        transport.send(device, Script.frame(1, at: 1100, [(.down, 1, 100, 100)]), at: 50.1)
        #expect(transport.fireTimer(on: device))  // engine at 1600 ms
        _ = transport.take(device)
        // Sent at client 1590 ms (before the timer fired on the server), arriving late.
        transport.send(device, Script.frame(2, at: 1590, [(.move, 1, 101, 100)]), at: 50.7)
        #expect(transport.takeMessages(device).errors.isEmpty)
        // Earlier than the client's own previous time: the client's bug.
        transport.send(device, Script.frame(3, at: 1500, [(.move, 1, 102, 100)]), at: 50.71)
        #expect(transport.takeMessages(device).errors.map(\.code) == ["time-went-backwards"])
    }

    @Test func manualClockArmsNoTimersAndAdvanceFiresThem() {
        let transport = VirtualTransport(hub: Hub(catalog: holdCatalog))
        transport.send(device, Script.hello(.manual))
        transport.send(device, Script.frame(1, at: 1000, [(.down, 1, 100, 100)]))
        _ = transport.take(device)
        #expect(transport.engineTimers.isEmpty)
        #expect(!transport.transcript.contains { $0.contains("armTimer") })
        transport.send(device, .advance(Advance(t: 1400, seq: 2)))
        let early = transport.takeMessages(device)
        #expect(early.compactMap(\.events).map(\.seq) == [2])
        #expect(!early.logText.contains("press:possible→began"))
        transport.send(device, .advance(Advance(t: 1600, seq: 3)))
        #expect(transport.takeMessages(device).logText.contains("press:possible→began"))
        transport.send(device, .advance(Advance(t: 1500)))
        #expect(transport.takeMessages(device).errors.map(\.code) == ["time-went-backwards"])
    }

    @Test func advanceNeedsTheManualClock() {
        let (transport, _) = joinedDevice(.client, t: 0)
        transport.send(device, .advance(Advance(t: 5, seq: 1)))
        let error = transport.takeMessages(device).errors.first
        #expect(error?.code == "not-allowed")
        #expect(error?.seq == 1)
    }
}
