import Foundation
import Testing
@testable import TouchBridgeTransport

@Suite("Timers and shutdown")
struct LifecycleTests {
    @Test func timersFireInOrderAndCancelledOnesDoNot() throws {
        let d = RecordingDelegate()
        d.onOpen = { t, id in
            t.armTimer(for: id, token: 3, after: 0.15)
            t.armTimer(for: id, token: 1, after: 0.05)
            t.armTimer(for: id, token: 2, after: 0.10)
            t.cancelTimer(for: id, token: 2)
        }
        d.onTimer = { t, id, token in t.send("timer \(token)", to: id) }
        let s = try RunningServer(delegate: d)
        let c = try WSClient(port: s.port)
        let start = Date()
        #expect(try c.readText() == "timer 1")
        #expect(try c.readText() == "timer 3")
        #expect(Date().timeIntervalSince(start) >= 0.1)
        usleep(100_000)
        let fired = d.events.compactMap { if case .timer(_, let token) = $0 { token } else { nil } }
        #expect(fired == [1, 3])
    }

    @Test func rearmingATimerMovesIt() throws {
        let d = RecordingDelegate()
        d.onOpen = { t, id in
            t.armTimer(for: id, token: 7, after: 0.05)
            t.armTimer(for: id, token: 7, after: 0.25)
        }
        d.onTimer = { t, id, token in t.send("timer \(token)", to: id) }
        let s = try RunningServer(delegate: d)
        let c = try WSClient(port: s.port)
        let start = Date()
        #expect(try c.readText() == "timer 7")
        #expect(Date().timeIntervalSince(start) >= 0.2)
        usleep(100_000)
        #expect(d.events.filter { if case .timer = $0 { true } else { false } }.count == 1)
    }

    @Test func timersAreCancelledWhenTheConnectionCloses() throws {
        let d = RecordingDelegate()
        d.onOpen = { t, id in t.armTimer(for: id, token: 9, after: 0.2) }
        let s = try RunningServer(delegate: d)
        for _ in 0..<20 {  // many closes with a pending timer: a use-after-free would show up here
            let c = try WSClient(port: s.port)
            try c.sendClose()
            _ = try c.readClose()
        }
        #expect(d.waitUntil { $0.closes().count == 20 })
        usleep(400_000)
        #expect(!d.events.contains { if case .timer = $0 { true } else { false } })
        // The server is still healthy.
        let c = try WSClient(port: s.port)
        try c.sendText("ok?")
        #expect(try c.readText() == "ok?")
    }

    @Test func gracefulStopSends1001ToEveryClientAndReturnsQuickly() throws {
        let s = try RunningServer()
        let clients = try (0..<10).map { _ in try WSClient(port: s.port) }
        #expect(s.delegate.waitUntil { $0.openIDs.count == 10 })
        let d = s.delegate
        let start = Date()
        s.server.requestStop()
        for c in clients {
            let close = try c.readClose()
            #expect(close.code == 1001)
            #expect(close.reason == "server shutting down")
        }
        #expect(Date().timeIntervalSince(start) < 1, "every client got its close promptly")
        let took = s.stop(timeout: 3)
        #expect(took != nil && took! < 2)
        #expect(d.closes().count == 10)
        #expect(d.closes().allSatisfy { $0.1 == 1001 })
        // The listener is gone.
        #expect(throws: (any Error).self) { try RawSocket(port: s.port) }
    }

    @Test func stopDoesNotWaitForeverForAClientThatNeverAnswers() throws {
        let s = try RunningServer { $0.shutdownGracePeriod = 0.5 }
        let mute = try WSClient(port: s.port)  // reads nothing, never answers the close
        #expect(s.delegate.waitUntil { $0.openIDs.count == 1 })
        let took = s.stop(timeout: 3)
        #expect(took != nil && took! < 2)
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
        #expect(s.stop(timeout: 2) != nil)
    }

    @Test func stopBeforeAnyClientReturnsAtOnce() throws {
        let s = try RunningServer()
        let took = s.stop(timeout: 3)
        #expect(took != nil && took! < 0.5)
    }

    @Test func secondServerOnTheSamePortFails() throws {
        let s = try RunningServer()
        var config = TransportConfiguration(host: "127.0.0.1", port: s.port)
        config.webRoot = nil
        #expect(throws: TransportError.self) { try TransportServer(configuration: config) }
    }
}
