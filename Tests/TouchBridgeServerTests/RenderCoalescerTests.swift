import Testing
import TouchBridgeServer

/// The slow-consumer policy on its own: numbers in, decisions out.
@Suite("Render coalescing policy")
struct RenderCoalescerTests {
    @Test func rendersAreSentWhileTheQueueIsBelowTheLimit() {
        var coalescer = RenderCoalescer(backlogLimit: 64)
        #expect(coalescer.admit(renderTo: 1, queued: 0) == .send)
        #expect(coalescer.admit(renderTo: 1, queued: 63) == .send)
        #expect(coalescer.coalescedCount == 0)
        #expect(!coalescer.isLagging(1))
    }

    @Test func atTheLimitRendersAreHeldAndTheConnectionIsWatchedOnce() {
        var coalescer = RenderCoalescer(backlogLimit: 64)
        #expect(coalescer.admit(renderTo: 1, queued: 64) == .holdAndWatch)
        #expect(coalescer.isLagging(1))
        // Held even once the queue is short again: a diff needs every diff before it.
        #expect(coalescer.admit(renderTo: 1, queued: 0) == .hold)
        #expect(coalescer.admit(renderTo: 1, queued: 70) == .hold)
        #expect(coalescer.coalescedCount == 3)
        // Other connections are not affected.
        #expect(coalescer.admit(renderTo: 2, queued: 10) == .send)
    }

    @Test func aLaggingConnectionCatchesUpBelowHalfTheLimitWithOneFullRender() {
        var coalescer = RenderCoalescer(backlogLimit: 64)
        _ = coalescer.admit(renderTo: 1, queued: 64)
        #expect(coalescer.catchUp(1, queued: 40) == .keepWaiting)
        #expect(coalescer.catchUp(1, queued: 32) == .keepWaiting)
        #expect(coalescer.catchUp(1, queued: 31) == .sendFullRender)
        #expect(!coalescer.isLagging(1))
        #expect(coalescer.admit(renderTo: 1, queued: 31) == .send)
        // A late catch-up timer for a connection that is not behind does nothing.
        #expect(coalescer.catchUp(1, queued: 0) == .nothing)
        #expect(coalescer.catchUp(2, queued: 0) == .nothing)
    }

    @Test func aClosedConnectionIsForgotten() {
        var coalescer = RenderCoalescer(backlogLimit: 4)
        _ = coalescer.admit(renderTo: 1, queued: 4)
        coalescer.forget(1)
        #expect(!coalescer.isLagging(1))
        #expect(coalescer.catchUp(1, queued: 0) == .nothing)
        #expect(coalescer.admit(renderTo: 1, queued: 0) == .send)
    }
}
