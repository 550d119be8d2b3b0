import Testing
import TouchBridgeProtocol
import TouchBridgeServer
import TouchBridgeTesting

/// Render coalescing for a slow connection, end to end through the `EffectExecutor` on a
/// `VirtualTransport`: a stalled observer, a device that keeps moving, and the manual clock.
@Suite("Slow consumers")
struct SlowConsumerTests {
    static let backlogLimit = 8

    /// A device and an observer of its session; the observer reads nothing from now on.
    static func stalledObserver() -> VirtualTransport {
        let transport = VirtualTransport(hub: Hub(catalog: BuiltInScenes.catalog),
                                         coalescer: RenderCoalescer(backlogLimit: backlogLimit, catchUpInterval: 0.05))
        transport.send(device, Script.hello(.manual))
        let session = transport.takeMessages(device).compactMap(\.welcome).first?.session ?? ""
        transport.send(observer, Script.observe(session))
        #expect(transport.takeMessages(observer).count == 2)
        transport.stall(observer)
        return transport
    }

    /// One finger down on the photo, then `moves` moves of 4 pt, 16 ms apart: an events message each, and a
    /// render each once the pan has begun.
    static func drag(_ transport: VirtualTransport, moves: Int) {
        transport.send(device, Script.frame(1, at: 1000, [(.down, 1, 200, 400)]))
        for index in 1...moves {
            transport.send(device, Script.frame(1 + index, at: 1000 + 16 * Double(index), [(.move, 1, 200 + 4 * Double(index), 400)]))
        }
    }

    @Test func aStalledObserverGetsNoDiffsPastTheLimitButEveryEventsMessage() throws {
        let transport = Self.stalledObserver()
        Self.drag(transport, moves: 20)
        let toDevice = transport.takeMessages(device)
        #expect(toDevice.renders.count > Self.backlogLimit, "the device gets every render")
        #expect(transport.executor.coalescer.isLagging(observer))
        #expect(!transport.executor.coalescer.isLagging(device))
        #expect(transport.executor.coalescer.coalescedCount > 0)
        // Renders only until its queue reached the limit; the event log, all of it.
        transport.drain(observer)
        let toObserver = transport.takeMessages(observer)
        #expect(toObserver.renders.count < Self.backlogLimit)
        #expect(toObserver.compactMap(\.events) == toDevice.compactMap(\.events))
    }

    @Test func theObserverCatchesUpWithOneFullRenderOnceItsQueueDrains() throws {
        let transport = Self.stalledObserver()
        Self.drag(transport, moves: 20)
        let armed = try #require(transport.deadline(of: .renderCatchUp, on: observer))
        #expect(armed == transport.now + 0.05, "armed one interval after the observer fell behind")

        // Still behind when the timer fires: it looks again one interval later, and sends nothing.
        transport.advance(to: armed)
        #expect(transport.executor.coalescer.isLagging(observer))
        #expect(transport.deadline(of: .renderCatchUp, on: observer) == armed + 0.05)

        transport.drain(observer)
        #expect(transport.takeMessages(observer).renders.allSatisfy { !$0.full })
        transport.advance(to: armed + 0.05)
        #expect(!transport.executor.coalescer.isLagging(observer))
        #expect(transport.deadline(of: .renderCatchUp, on: observer) == nil)
        let caughtUp = transport.takeMessages(observer)
        #expect(caughtUp.count == 1)
        #expect(caughtUp.first?.render?.full == true)

        // It is exactly the state the device has now.
        _ = transport.take(device)
        transport.send(device, .resync, at: transport.now + 1)
        #expect(caughtUp == transport.takeMessages(device))
        // And diffs flow again.
        transport.send(device, Script.frame(30, at: 2000, [(.move, 1, 300, 420)]))
        #expect(!transport.takeMessages(observer).renders.isEmpty)
    }

    @Test func aFullRenderSupersedesTheRendersStillQueued() throws {
        let transport = Self.stalledObserver()
        transport.send(device, Script.frame(1, at: 1000, [(.down, 1, 200, 400)]))
        transport.send(device, Script.frame(2, at: 1016, [(.move, 1, 215, 400)]))
        transport.send(device, Script.frame(3, at: 1032, [(.move, 1, 230, 400)]))
        #expect(transport.queuedMessageCount(for: observer) > 3, "three events and render diffs, below the limit")
        transport.send(observer, .resync, at: transport.now + 1)
        #expect(transport.queuedMessageCount(for: observer) == 4, "the diffs gave way to the full render")
        transport.drain(observer)
        let messages = transport.takeMessages(observer)
        #expect(messages.map(\.type) == ["events", "events", "events", "render"])
        #expect(messages.last?.render?.full == true)
        #expect(!transport.executor.coalescer.isLagging(observer))
    }
}
