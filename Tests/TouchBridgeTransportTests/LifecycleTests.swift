import Foundation
import Testing
@testable import TouchBridgeTransport

@Suite("Timers and shutdown")
struct LifecycleTests {
    // Timers fire in deadline order on the one service thread, so a later "fence" timer proves that
    // an earlier one that should not fire did not: no test sleeps and then asserts that nothing happened.

    @Test func timersFireInOrderAndCancelledOnesDoNot() throws {
        let d = RecordingDelegate()
        d.onOpen = { t, id in
            t.armTimer(for: id, token: 3, after: 0.15)
            t.armTimer(for: id, token: 1, after: 0.05)
            t.armTimer(for: id, token: 2, after: 0.10)
            t.cancelTimer(for: id, token: 2)
            t.armTimer(for: id, token: 4, after: 0.30)  // the fence
        }
        d.onTimer = { t, id, token in t.send("timer \(token)", to: id) }
        let s = try RunningServer(delegate: d)
        let start = Date()
        let c = try WSClient(port: s.port)
        #expect(try (0..<3).map { _ in try c.readText() } == ["timer 1", "timer 3", "timer 4"])
        #expect(Date().timeIntervalSince(start) >= 0.15, "no timer fires before its time")
        #expect(d.events.compactMap { if case .timer(_, let token) = $0 { token } else { nil } } == [1, 3, 4] as [UInt64])
    }

    @Test func rearmingATimerMovesIt() throws {
        let d = RecordingDelegate()
        d.onOpen = { t, id in
            t.armTimer(for: id, token: 7, after: 0.05)
            t.armTimer(for: id, token: 7, after: 0.25)
            t.armTimer(for: id, token: 6, after: 0.15)  // between the old and the new time
            t.armTimer(for: id, token: 8, after: 0.35)  // the fence
        }
        d.onTimer = { t, id, token in t.send("timer \(token)", to: id) }
        let s = try RunningServer(delegate: d)
        let start = Date()
        let c = try WSClient(port: s.port)
        #expect(try (0..<3).map { _ in try c.readText() } == ["timer 6", "timer 7", "timer 8"])
        #expect(Date().timeIntervalSince(start) >= 0.25)
    }

    @Test func timersAreCancelledWhenTheConnectionCloses() throws {
        let d = RecordingDelegate()
        d.onOpen = { t, id in t.armTimer(for: id, token: 9, after: 0.2) }
        d.onTimer = { t, id, token in t.send("timer \(token)", to: id) }
        let s = try RunningServer(delegate: d)
        for _ in 0..<20 {  // many closes with a pending timer: a use-after-free would show up here
            let c = try WSClient(port: s.port)
            try c.sendClose()
            _ = try c.readClose()
        }
        #expect(d.waitUntil { $0.closes().count == 20 })
        // The fence: this connection's timer is due after every closed one's, and still fires.
        let c = try WSClient(port: s.port)
        #expect(try c.readText() == "timer 9")
        let fired = d.events.compactMap { if case .timer(let id, _) = $0 { id } else { nil } }
        #expect(fired == Array(d.openIDs.suffix(1)))
        // The server is still healthy.
        try c.sendText("ok?")
        #expect(try c.readText() == "ok?")
    }

    // Stopping is checked against a grace period far longer than the generous wait for it, never
    // against a short real-time bound.

    @Test func gracefulStopSends1001ToEveryClientAndDoesNotWaitForTheGracePeriod() throws {
        let s = try RunningServer { $0.shutdownGracePeriod = 600 }
        let clients = try (0..<10).map { _ in try WSClient(port: s.port) }
        #expect(s.delegate.waitUntil { $0.openIDs.count == 10 })
        let d = s.delegate
        s.server.requestStop()
        for c in clients {
            let close = try c.readClose()
            #expect(close.code == 1001)
            #expect(close.reason == "server shutting down")
        }
        #expect(s.stop(timeout: 60) != nil, "every client answered, so the server stops without waiting 600 s")
        #expect(d.closes().count == 10)
        #expect(d.closes().allSatisfy { $0.1 == 1001 })
        // The listener is gone.
        #expect(throws: (any Error).self) { try RawSocket(port: s.port) }
    }

    @Test func stopDoesNotWaitForeverForAClientThatNeverAnswers() throws {
        let s = try RunningServer { $0.shutdownGracePeriod = 0.5 }
        let mute = try WSClient(port: s.port)  // reads nothing, never answers the close
        #expect(s.delegate.waitUntil { $0.openIDs.count == 1 })
        #expect(s.stop(timeout: 60) != nil, "stops once the 0.5 s grace period is over")
        #expect(s.delegate.closes().count == 1)
        withExtendedLifetime(mute) {}
    }

    @Test func signalStopsTheServerWhicheverThreadReceivesIt() throws {
        let s = try RunningServer()
        let c = try WSClient(port: s.port)
        #expect(s.delegate.waitUntil { $0.openIDs.count == 1 })
        s.server.installSignalHandlers([SIGUSR1])  // late, with many threads around: must still work
        kill(getpid(), SIGUSR1)
        #expect(try c.readClose().code == 1001)
        #expect(s.delegate.waitUntil { $0.closes().count == 1 })
        #expect(s.stop(timeout: 60) != nil)
    }

    @Test func stopBeforeAnyClientDoesNotWaitForTheGracePeriod() throws {
        let s = try RunningServer { $0.shutdownGracePeriod = 600 }
        #expect(s.stop(timeout: 60) != nil)
    }

    @Test func secondServerOnTheSamePortFails() throws {
        let s = try RunningServer()
        var config = TransportConfiguration(host: "127.0.0.1", port: s.port)
        config.webRoot = nil
        #expect(throws: TransportError.self) { try TransportServer(configuration: config) }
    }
}
