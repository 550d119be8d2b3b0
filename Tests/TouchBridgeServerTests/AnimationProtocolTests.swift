import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer

/// Animations on the wire: the move-me scene's placard animations as `animations` render props
/// (model values plus additive from/to, begin, duration, curve), the render's engine time, the
/// log entries, and byte-identical replay on the manual clock.
@Suite struct AnimationProtocolTests {
    static let script: [ClientMessage] = [
        Script.hello(.manual, scene: "move-me"),
        Script.frame(1, at: 100, [(.down, 1, 240, 400)]),
        .advance(Advance(t: 200, seq: 2)),
        Script.frame(3, at: 300, [(.up, 1, 240, 400)]),
        Script.frame(4, at: 400, [(.down, 2, 40, 700)]), Script.frame(5, at: 460, [(.up, 2, 40, 700)]),
        .advance(Advance(t: 1000, seq: 6)),
    ]

    static func run(spacing: Double) -> [String] {
        let transport = VirtualTransport(hub: Hub(catalog: LibraryCatalog(), makeSessionID: { "00000000000000000000000000000001" }))
        transport.open(device)
        for (index, message) in script.enumerated() {
            transport.send(device, message, at: 100 + Double(index) * spacing)
        }
        return transport.transcript
    }

    @Test func manualClockSessionsWithAnimationsReplayByteForByte() {
        let first = Self.run(spacing: 0.37)
        #expect(first == Self.run(spacing: 0.011))
        #expect(first.contains { $0.contains(#"\"animations\":[{\"autoreverses\":false"#) })
    }

    @Test func theRenderCarriesTheAnimationsAndTheEngineTime() throws {
        let transport = VirtualTransport(hub: Hub(catalog: LibraryCatalog()))
        transport.open(device)
        transport.send(device, Self.script[0])
        let placard = try #require(transport.takeMessages(device).compactMap(\.render).first?.ops.first { op in
            if case .create(_, _, _, _, "placard", _) = op { return true } else { return false }
        }?.id)
        transport.send(device, Self.script[1])
        let messages = transport.takeMessages(device)
        let render = try #require(messages.compactMap(\.render).first)
        #expect(render.t == 100)
        let props = try #require(render.ops.compactMap { op -> RenderProps? in
            if case .set(placard, let props) = op { props } else { nil }
        }.first)
        let animations = try #require(props.animations)
        #expect(animations.map(\.property) == ["transform", "transform", "center"])
        #expect(animations[0] == WireAnimation(id: 1, property: "transform", from: [1, 0, 0, 1, 0, 0], to: [1.2, 0, 0, 1.2, 0, 0],
                                               begin: 100, duration: 500, curve: "easeInOut"))
        #expect(animations[1].from == [1.2, 0, 0, 1.2, 0, 0] && animations[1].to == [1.1, 0, 0, 1.1, 0, 0])
        #expect(animations[2].to == [240, 400] && animations[2].duration == 250)
        #expect(props.transform == [1.1, 0, 0, 1.1, 0, 0] && props.center == [240, 400], "the props are model values")
        let log = messages.compactMap(\.events).flatMap(\.log)
        #expect(log.filter { $0.kind == "animation" }.map { $0.message ?? "" } == [
            "animation 1 began: placard.transform over 500 ms, easeInOut, interaction off",
            "animation 2 began: placard.transform over 500 ms, easeInOut, interaction off",
            "animation 3 began: placard.center over 250 ms, easeInOut, interaction off",
        ])
        // When every animation is over, the property is emptied and renders stop carrying `t`.
        transport.send(device, Script.frame(2, at: 150, [(.up, 1, 240, 400)]))
        transport.send(device, .advance(Advance(t: 2000, seq: 3)))
        let last = try #require(transport.takeMessages(device).compactMap(\.render).last)
        #expect(last.t == nil)
        #expect(last.ops.contains { if case .set(placard, let p) = $0 { p.animations == [] } else { false } })
    }
}
