import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer

@Suite("hello and welcome")
struct HelloTests {
    @Test func deviceHelloGetsWelcomeThenFullRender() throws {
        let transport = VirtualTransport()
        transport.open(device)
        transport.send(device, Script.hello(.manual))
        let messages = transport.takeMessages(device)
        #expect(messages.count == 2)
        let welcome = try #require(messages.first?.welcome)
        #expect(welcome.protocolVersion == 1)
        #expect(welcome.role == .device)
        #expect(welcome.scene == "photo")
        #expect(welcome.clock == .manual)
        #expect(welcome.scenes.map(\.name) == ["photo"])
        #expect(welcome.thresholds.longPressMinimumDurationMs == 500)
        #expect(welcome.thresholds.tapMaximumIntervalMs == 350)
        #expect(welcome.thresholds.pinchHysteresisPt == 8)
        #expect(welcome.limits == ProtocolLimits())
        #expect(transport.hub.sessionID(of: device) == welcome.session)

        let render = try #require(messages.last?.render)
        #expect(render.full)
        #expect(render.scene == "photo")
        var mirror = RenderMirror()
        try mirror.apply(render)
        let window = try #require(mirror.node(named: "window"))
        #expect(window.kind == "UIWindow")
        #expect(window.parent == nil)
        #expect(mirror.resolvedProps(of: window.id)?.bounds == [0, 0, 400, 800])
        let photo = try #require(mirror.node(named: "photo"))
        #expect(photo.kind == "UIImageView")
        let props = try #require(mirror.resolvedProps(of: photo.id))
        #expect(props.center == [200, 400])
        #expect(props.bounds == [0, 0, 200, 150])
        #expect(props.image == .value("photo"))
        #expect(props.backgroundColor == .value("#007affff"))
    }

    @Test func sessionIDsAre32HexCharactersAndDiffer() {
        let ids = (0..<200).map { _ in SessionID.random() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.count == 32)
            #expect(id.allSatisfy { "0123456789abcdef".contains($0) })
        }
        let hub = Hub(catalog: BuiltInScenes.catalog)
        let transport = VirtualTransport(hub: hub)
        for connection: ConnectionID in 1...3 { transport.send(connection, Script.hello()) }
        let hubIDs = (1...3).compactMap { hub.sessionID(of: ConnectionID($0)) }
        #expect(Set(hubIDs).count == 3)
        #expect(hubIDs.allSatisfy { $0.count == 32 })
    }

    /// A fixed id generator (a replay's: every session gets the recorded id) gave a second device an
    /// endless loop looking for a free id — an uploaded recording with two sessions hung the service
    /// thread (found by the recording-upload fuzzer). A taken id now gets a suffix.
    @Test(.timeLimit(.minutes(1))) func aTakenSessionIDGetsASuffixInsteadOfWaitingForever() {
        let hub = Hub(catalog: BuiltInScenes.catalog, makeSessionID: { "recorded" })
        let transport = VirtualTransport(hub: hub)
        for connection: ConnectionID in 1...3 { transport.send(connection, Script.hello()) }
        #expect((1...3).map { hub.sessionID(of: ConnectionID($0)) } == ["recorded", "recorded-2", "recorded-3"])
        transport.disconnect(2)
        transport.send(4, Script.hello())
        #expect(hub.sessionID(of: 4) == "recorded-2", "a freed id is used again")
    }

    @Test func messagesBeforeHelloAreNotAllowed() {
        let transport = VirtualTransport()
        transport.send(device, Script.pinch[0])
        #expect(transport.takeMessages(device).errors.map(\.code) == ["not-allowed"])
        transport.send(device, Script.hello())
        transport.send(device, Script.hello())
        #expect(transport.takeMessages(device).errors.map(\.code) == ["not-allowed"])
    }

    @Test func unknownSceneLeavesTheConnectionUnjoined() {
        let transport = VirtualTransport()
        transport.send(device, Script.hello(scene: "nope"))
        let error = transport.takeMessages(device).errors.first
        #expect(error?.code == "unknown-scene")
        #expect(error?.path == "scene")
        #expect(transport.hub.role(of: device) == nil)
        transport.send(device, Script.hello(scene: "photo"))
        #expect(transport.hub.role(of: device) == .device)
    }

    @Test func inlineScenesAreRefusedUntilTheScenesModuleDefinesThem() {
        let transport = VirtualTransport()
        transport.send(device, .hello(Hello(role: .device, scene: .inline(.object([:])), viewport: Script.viewport, clock: .manual)))
        #expect(transport.takeMessages(device).errors.map(\.code) == ["unknown-scene"])
    }

    @Test func wrongSubprotocolIsClosed() {
        let transport = VirtualTransport()
        transport.open(device, subprotocol: "touchbridge.v9")
        #expect(transport.closes[device]?.code == 1002)
        #expect(transport.hub.connectionCount == 0)
    }

    @Test func aSessionWorksWithoutAHub() throws {
        let session = Session(environment: SessionEnvironment(catalog: BuiltInScenes.catalog, makeSessionID: { "abc" }))
        #expect(session.handle(.opened()).isEmpty)
        let joined = session.handle(.text(Script.hello(.manual).text, receivedAt: 1))
        #expect(joined.count == 2)
        #expect(session.role == .device)
        #expect(session.sessionID == "abc")
        let effects = session.handle(.text(Script.pinch[0].text, receivedAt: 2))
        guard case .events(let text) = try #require(effects.last) else {
            Issue.record("expected an events message, got \(effects)")
            return
        }
        #expect(try ServerMessage.decode(text).events?.seq == 1)
        // Alone, nobody can observe it; closing just ends it.
        #expect(session.handle(.closed).isEmpty)
        #expect(session.role == nil)
    }

    /// The shell decodes each text once (`InboundMessage`) and hands the result on: the session then
    /// answers exactly as it answers the raw text, errors included.
    @Test func aDecodedMessageIsHandledAsItsText() {
        let texts = [Script.hello(.manual).text, Script.pinch[0].text, Script.pinch[1].text, #"{"type":"teleport","seq":9}"#]
        let fromText = Session(environment: SessionEnvironment(catalog: BuiltInScenes.catalog, makeSessionID: { "abc" }))
        let fromDecoded = Session(environment: SessionEnvironment(catalog: BuiltInScenes.catalog, makeSessionID: { "abc" }))
        for (index, text) in texts.enumerated() {
            let at = Double(index + 1)
            guard case .session(let decoded) = InboundMessage.decode(text, limits: ProtocolLimits()) else {
                Issue.record("\(text) is not a session message")
                return
            }
            let expected = fromText.handle(.text(text, receivedAt: at))
            #expect(!expected.isEmpty)
            #expect(fromDecoded.handle(.decoded(decoded, text: text, receivedAt: at)) == expected)
        }
    }

    @Test func pingIsAnsweredWithEngineTime() {
        let (transport, _) = joinedDevice(.manual, t: 1234)
        transport.send(device, .ping(Ping(id: 42)))
        #expect(transport.takeMessages(device).compactMap(\.pong) == [Pong(id: 42, t: 1234)])
    }

    /// Issue 30: receive times that go backwards (a damaged recording replayed) made the resync
    /// rate limit's retry hint `Int(1e300 * 1000)`, which trapped and took the whole server down.
    @Test func aResyncReceivedBeforeTheLastOneAnsweredGetsABoundedRetryHint() throws {
        let session = Session(environment: SessionEnvironment(catalog: BuiltInScenes.catalog, makeSessionID: { "abc" }))
        _ = session.handle(.text(Script.hello(.manual).text, receivedAt: 0))
        #expect(session.handle(.text(#"{"type":"resync"}"#, receivedAt: 1e300)).count == 1)
        let refused = session.handle(.text(#"{"type":"resync"}"#, receivedAt: 0))
        guard case .error(let text)? = refused.first, case .error(let error)? = try? ServerMessage.decode(text) else {
            Issue.record("expected an error, got \(refused)")
            return
        }
        #expect(error.code == "rate-limited")
        #expect(error.retryAfterMs == 250)
    }
}
