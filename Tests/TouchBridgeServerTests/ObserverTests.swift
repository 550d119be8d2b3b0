import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer

@Suite("Observers")
struct ObserverTests {
    @Test func observerJoinsByIdAndReceivesTheSameRendersAndEvents() throws {
        let (transport, welcome) = joinedDevice(.manual)
        transport.send(device, Script.pinch[0])
        _ = transport.take(device)

        transport.send(observer, Script.observe(welcome.session))
        let joined = transport.takeMessages(observer)
        #expect(joined.count == 2)
        #expect(joined.first?.welcome?.role == .observer)
        #expect(joined.first?.welcome?.session == welcome.session)
        // The observer's full render is exactly what the device would get now, but for the scene's lints: a
        // client starting the scene gets them, a resync leaves them out (they have not changed).
        transport.send(device, .resync)
        guard case .render(var observed)? = joined.last else { Issue.record("no full render for the observer"); return }
        #expect(observed.lints == [])
        observed.lints = nil
        #expect(ServerMessage.render(observed) == transport.takeMessages(device).first)

        for message in Script.pinch.dropFirst() {
            transport.send(device, message)
            let toDevice = transport.take(device)
            #expect(!toDevice.isEmpty)
            #expect(transport.take(observer) == toDevice)
        }
    }

    @Test func observerInputIsRejectedAndChangesNothing() throws {
        let (transport, welcome) = joinedDevice(.manual)
        transport.send(observer, Script.observe(welcome.session))
        _ = transport.take(observer)
        transport.send(observer, Script.frame(5, at: 1000, [(.down, 1, 200, 400)]))
        let error = try #require(transport.takeMessages(observer).errors.first)
        #expect(error.code == "not-allowed")
        #expect(error.seq == 5)
        #expect(transport.take(device).isEmpty)
        for message: ClientMessage in [.advance(Advance(t: 5)), .resize(Script.viewport), .scene(SceneSwitch(scene: .named("photo"))),
                                        .motion(Motion(phase: .began, t: 1)), .remote(Remote(command: .play, t: 1))] {
            transport.send(observer, message)
            #expect(transport.takeMessages(observer).errors.map(\.code) == ["not-allowed"])
        }
        // Pointer 1 was not applied: the device can put it down.
        transport.send(device, Script.frame(1, at: 1000, [(.down, 1, 200, 400)]))
        #expect(transport.takeMessages(device).errors.isEmpty)
        // Observers may ping and resync.
        transport.send(observer, .ping(Ping(id: 9)))
        #expect(transport.takeMessages(observer).compactMap(\.pong).map(\.id).contains(9))
        transport.send(observer, .resync)
        #expect(transport.takeMessages(observer).renders.last?.full == true)
    }

    @Test func unknownSessionIsAnError() {
        let (transport, _) = joinedDevice(.manual)
        transport.send(observer, Script.observe("0123456789abcdef0123456789abcdef"))
        let error = transport.takeMessages(observer).errors.first
        #expect(error?.code == "unknown-session")
        #expect(transport.hub.role(of: observer) == nil)
    }

    @Test func observersPerSessionAreLimited() {
        let hub = Hub(catalog: BuiltInScenes.catalog, limits: ProtocolLimits(maxObserversPerSession: 1))
        let (transport, welcome) = joinedDevice(.manual, hub: hub)
        transport.send(2, Script.observe(welcome.session))
        transport.send(3, Script.observe(welcome.session))
        #expect(transport.takeMessages(2).errors.isEmpty)
        #expect(transport.takeMessages(3).errors.map(\.code) == ["limit"])
        transport.disconnect(2)
        transport.send(3, Script.observe(welcome.session))
        #expect(transport.takeMessages(3).errors.isEmpty)
    }
}

@Suite("Disconnects")
struct DisconnectTests {
    @Test func deviceDisconnectMidGestureCancelsTouchesAndFreesTheSession() throws {
        let (transport, welcome) = joinedDevice(.manual)
        transport.send(observer, Script.observe(welcome.session))
        // A finger down and moved a little (below the pan's hysteresis): the view still has it.
        transport.send(device, Script.frame(1, at: 1000, [(.down, 1, 200, 400)]))
        transport.send(device, Script.frame(2, at: 1050, [(.move, 1, 205, 400)]))
        _ = transport.take(observer)
        _ = transport.take(device)
        #expect(transport.hub.sessionCount == 1)

        transport.disconnect(device)
        let last = transport.takeMessages(observer)
        let cancelled = last.logEntries.filter { $0.kind == "responder" && $0.method == "touchesCancelled" }
        #expect(cancelled.first?.responder == "photo")
        #expect(cancelled.first?.touches?.first?.phase == "cancelled")
        #expect(last.logText.contains("photo.tc(1)"))
        #expect(last.logEntries.contains { $0.kind == "transition" && $0.recognizer == "tap" && $0.to == "failed" })
        #expect(transport.closes[observer]?.code == 4001)
        #expect(transport.take(device).isEmpty)
        #expect(transport.hub.sessionCount == 0)
        #expect(transport.hub.connectionCount == 1)

        // The id is gone: nobody can join it any more.
        transport.send(3, Script.observe(welcome.session))
        #expect(transport.takeMessages(3).errors.map(\.code) == ["unknown-session"])
        transport.disconnect(observer)
        transport.disconnect(3)
        #expect(transport.hub.connectionCount == 0)
    }

    @Test func observerDisconnectLeavesTheSessionRunning() {
        let (transport, welcome) = joinedDevice(.manual)
        transport.send(observer, Script.observe(welcome.session))
        transport.disconnect(observer)
        transport.send(device, Script.pinch[0])
        #expect(transport.takeMessages(device).errors.isEmpty)
        #expect(transport.hub.sessionCount == 1)
        #expect(transport.hub.connectionCount == 1)
    }
}
