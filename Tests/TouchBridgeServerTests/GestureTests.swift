import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer

@Suite("Gestures through a session")
struct GestureTests {
    @Test func twoFingerPinchYieldsTransitionsAndATransformSet() throws {
        let (transport, _) = joinedDevice(.manual)
        var messages: [ServerMessage] = []
        for message in Script.pinch {
            transport.send(device, message)
            messages += transport.takeMessages(device)
        }
        #expect(messages.errors.isEmpty)
        let transitions = messages.logEntries.filter { $0.kind == "transition" && $0.recognizer == "pinch" }.map { "\($0.from!)→\($0.to!)" }
        #expect(transitions.prefix(3) == ["possible→began", "began→changed", "changed→ended"])
        let began = try #require(messages.logEntries.first { $0.kind == "transition" && $0.to == "began" && $0.recognizer == "pinch" })
        #expect(began.values?.numberOfTouches == 2)
        #expect(began.values?.scale == 1.4)
        #expect(began.text.hasPrefix("pinch:possible→began"))
        #expect(messages.logEntries.contains { $0.kind == "action" && $0.recognizer == "pinch" && $0.state == "began" })

        // Every input is acknowledged by exactly one events message with its seq, in order.
        #expect(messages.compactMap(\.events).map(\.seq) == [1, 2, 3, 4])
        #expect(messages.compactMap(\.events).map(\.t) == [1000, 1016, 1032, 1100])

        let photoSets = messages.renders.flatMap(\.ops).compactMap { op -> [Double]? in
            guard case .set(_, let props) = op else { return nil }
            return props.transform
        }
        #expect(photoSets.first == [1.4, 0, 0, 1.4, 0, 0])
        #expect(photoSets.last == [1.6, 0, 0, 1.6, 0, 0])
    }

    @Test func diffsRebuildExactlyWhatAFullRenderShows() throws {
        let transport = VirtualTransport()
        transport.send(device, Script.hello(.manual))
        var mirror = RenderMirror()
        for render in transport.takeMessages(device).renders { try mirror.apply(render) }
        let script = Script.pinch + [
            Script.frame(5, at: 1200, [(.down, 1, 200, 400)]),
            Script.frame(6, at: 1250, [(.move, 1, 260, 450)]),
            Script.frame(7, at: 1300, [(.up, 1, 260, 450)]),
            Script.frame(8, at: 1500, [(.down, 3, 260, 450)]),
            Script.frame(9, at: 1550, [(.up, 3, 260, 450)]),
            .resize(Viewport(width: 500, height: 700, scale: 2)),
        ]
        for message in script {
            transport.send(device, message)
            for render in transport.takeMessages(device).renders { try mirror.apply(render) }
        }
        transport.send(device, .resync)
        var fresh = RenderMirror()
        let resync = transport.takeMessages(device)
        #expect(resync.count == 1)
        for render in resync.renders { try fresh.apply(render) }
        #expect(mirror == fresh)
        let photo = try #require(fresh.node(named: "photo"))
        let props = try #require(fresh.resolvedProps(of: photo.id))
        #expect(props.center == [260, 450])  // panned by (60, 50) after the pinch
        #expect(props.backgroundColor == .value("#ff9500ff"))  // tapped once: next colour
        #expect(fresh.resolvedProps(of: try #require(fresh.node(named: "window")).id)?.bounds == [0, 0, 500, 700])
    }

    @Test func badPointerIsRejectedWithTheEngineCodeAndNothingApplied() throws {
        let (transport, _) = joinedDevice(.manual)
        // Pointer 1 lands, pointer 99 was never down: the whole frame is rejected.
        transport.send(device, Script.frame(1, at: 1000, [(.down, 1, 200, 400), (.move, 99, 10, 10)]))
        let rejected = transport.takeMessages(device)
        #expect(rejected.count == 1)
        #expect(rejected.errors.first?.code == "unknown-pointer")
        #expect(rejected.errors.first?.seq == 1)

        // NaN (sent as null, as JSON.stringify does) is the engine's non-finite-value.
        transport.send(device, #"{"type":"input","seq":2,"pointers":[{"id":1,"phase":"down","x":null,"y":1,"t":1000,"pointerType":"touch"}]}"#)
        let nan = transport.takeMessages(device)
        #expect(nan.errors.map(\.code) == ["non-finite-value"])
        #expect(nan.errors.first?.seq == 2)

        // Had pointer 1's down been applied, this would be pointer-already-down.
        transport.send(device, Script.frame(3, at: 1000, [(.down, 1, 200, 400)]))
        let accepted = transport.takeMessages(device)
        #expect(accepted.errors.isEmpty)
        #expect(accepted.logText.contains("hit(1) window>root>photo"))
    }

    @Test func malformedJSONGetsAnErrorAndTheNextMessageWorks() {
        let (transport, _) = joinedDevice(.manual)
        transport.send(device, #"{"type":"input","seq":1,"pointers":["#)
        #expect(transport.takeMessages(device).errors.map(\.code) == ["bad-json"])
        transport.send(device, #"{"type":"input","seq":2,"pointers":[{"id":1,"phase":"hover","x":1,"y":1,"t":1,"pointerType":"touch"}]}"#)
        let schema = transport.takeMessages(device).errors.first
        #expect(schema?.code == "schema")
        #expect(schema?.path == "pointers[0].phase")
        #expect(schema?.seq == 2)
        transport.send(device, Script.pinch[0])
        let messages = transport.takeMessages(device)
        #expect(messages.errors.isEmpty)
        #expect(messages.compactMap(\.events).map(\.seq) == [1])
    }

    @Test func timeGoingBackwardsIsRejected() {
        let (transport, _) = joinedDevice(.manual)
        transport.send(device, Script.frame(1, at: 1000, [(.down, 1, 200, 400)]))
        transport.send(device, Script.frame(2, at: 900, [(.move, 1, 210, 400)]))
        #expect(transport.takeMessages(device).errors.map(\.code) == ["time-went-backwards"])
    }

    @Test func sceneSwitchSendsAFullRenderAndForgetsTouches() throws {
        let (transport, _) = joinedDevice(.manual)
        transport.send(device, Script.frame(1, at: 1000, [(.down, 1, 200, 400)]))
        _ = transport.take(device)
        transport.send(device, .scene(SceneSwitch(scene: .named("missing"))))
        #expect(transport.takeMessages(device).errors.map(\.code) == ["unknown-scene"])
        transport.send(device, .scene(SceneSwitch(scene: .named("photo"))))
        let switched = transport.takeMessages(device)
        #expect(switched.renders.count == 1)
        #expect(switched.renders.first?.full == true)
        #expect(switched.renders.first?.scene == "photo")
        transport.send(device, Script.frame(2, at: 1100, [(.move, 1, 210, 400)]))
        #expect(transport.takeMessages(device).errors.map(\.code) == ["unknown-pointer"])
        // Engine time carried over: the new app is at 1000 ms.
        transport.send(device, .ping(Ping(id: 1)))
        #expect(transport.takeMessages(device).compactMap(\.pong).first?.t == 1000)
    }

    @Test func motionAndRemoteAreDispatched() {
        let (transport, _) = joinedDevice(.manual)
        transport.send(device, .motion(Motion(phase: .began, t: 10, seq: 1)))
        let motion = transport.takeMessages(device)
        #expect(motion.compactMap(\.events).first?.seq == 1)
        #expect(motion.logEntries.contains { $0.kind == "responder" && $0.method == "motionBegan" && $0.subtype == "motionShake" })
        transport.send(device, .remote(Remote(command: .play, t: 20, seq: 2)))
        let remote = transport.takeMessages(device)
        #expect(remote.logEntries.contains { $0.kind == "note" && $0.message?.contains("dropped") == true })
    }
}
