import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer

/// Every built-in scene, end to end through the protocol: JSON in, the scene's gesture, then the
/// transitions in the `events` log and the visible result in a client-side render mirror.
@Suite struct SceneProtocolTests {
    /// A manual-clock device session on one scene, with a render mirror of what it was sent.
    final class Client {
        let transport: VirtualTransport
        var mirror = RenderMirror()
        var log: [String] = []
        private var seq = 0

        init(scene: String, catalog: LibraryCatalog = LibraryCatalog()) throws {
            transport = VirtualTransport(hub: Hub(catalog: catalog))
            transport.open(device)
            transport.send(device, Script.hello(.manual, scene: scene))
            try absorb()
            #expect(mirror.scene == scene)
        }

        func absorb() throws {
            for message in transport.takeMessages(device) {
                if let render = message.render { try mirror.apply(render) }
                if let events = message.events { log += events.log.map(\.text) }
                if let error = message.error { Issue.record("error \(error.code): \(error.message)") }
            }
        }

        /// One frame of `(phase, id, x, y)` at `t` ms.
        func frame(_ t: Double, _ changes: (PointerPhase, Int, Double, Double)...) throws {
            seq += 1
            transport.send(device, Script.frame(seq, at: t, changes))
            try absorb()
        }

        func tap(_ x: Double, _ y: Double, at t: Double, id: Int = 1) throws {
            try frame(t, (.down, id, x, y))
            try frame(t + 80, (.up, id, x, y))
        }

        func drag(_ id: Int, from start: (Double, Double), to end: (Double, Double), at t: Double, steps: Int = 8) throws {
            try frame(t, (.down, id, start.0, start.1))
            for step in 1...steps {
                let f = Double(step) / Double(steps)
                try frame(t + Double(step) * 16, (.move, id, start.0 + (end.0 - start.0) * f, start.1 + (end.1 - start.1) * f))
            }
            try frame(t + Double(steps + 1) * 16, (.up, id, end.0, end.1))
        }

        func advance(to t: Double) throws {
            transport.send(device, .advance(Advance(t: t)))
            try absorb()
        }

        func props(_ name: String) throws -> RenderProps {
            let node = try #require(mirror.node(named: name), "no view named \(name)")
            return try #require(mirror.resolvedProps(of: node.id))
        }

        func center(_ name: String) throws -> [Double] { try props(name).center ?? [] }
    }

    @Test func welcomeCardTapsAndAButtonOpensAScene() throws {
        let client = try Client(scene: "welcome")
        try client.tap(200, 150, at: 0)
        #expect(client.log.contains("act(tap,ended)"))
        try client.tap(100, 262, at: 1000)
        #expect(client.mirror.scene == "image-translation")
    }

    @Test func imageTranslation() throws {
        let client = try Client(scene: "image-translation")
        try client.drag(1, from: (200, 400), to: (260, 480), at: 0)
        #expect(client.log.contains("pan:possible→began") && client.log.contains("pan:changed→ended"))
        #expect(try client.center("image") == [260, 480])
    }

    @Test func tapRecognition() throws {
        let client = try Client(scene: "tap-recognition")
        try client.tap(80, 650, at: 0)
        #expect(client.log.contains("tap:possible→ended"))
        #expect(try client.center("image") == [80, 650])
    }

    @Test func dragAndDrop() throws {
        let client = try Client(scene: "drag-and-drop")
        try client.frame(0, (.down, 1, 200, 400))
        try client.advance(to: 500)
        #expect(client.log.contains("longPress:possible→began"))
        #expect(try client.props("image").alpha == 0.5)
        try client.frame(550, (.move, 1, 230, 420))
        try client.frame(600, (.move, 1, 260, 460))
        #expect(try client.center("image") == [260, 460])
        try client.frame(650, (.up, 1, 260, 460))
        #expect(try client.props("image").alpha == 1)
    }

    @Test func drawLines() throws {
        let client = try Client(scene: "draw-lines")
        try client.frame(0, (.down, 1, 100, 100), (.down, 2, 300, 100))
        try client.frame(16, (.move, 1, 100, 300), (.move, 2, 300, 300))
        try client.frame(32, (.up, 1, 100, 300), (.up, 2, 300, 300))
        let lines = try #require(client.mirror.node(named: "canvas")?.displayList)
        #expect(lines.count == 2)
        try client.tap(200, 600, at: 1000)
        try client.tap(200, 600, at: 1200, id: 3)
        #expect(client.mirror.node(named: "canvas")?.displayList == nil, "a double tap clears")
    }

    @Test func checkmark() throws {
        let client = try Client(scene: "checkmark")
        try client.frame(0, (.down, 1, 100, 300))
        try client.frame(16, (.move, 1, 140, 350))
        try client.frame(32, (.move, 1, 200, 260))
        try client.frame(48, (.move, 1, 260, 180))
        try client.frame(64, (.up, 1, 260, 180))
        #expect(client.log.contains("checkmark:possible→ended"))
        #expect(try client.props("status").text?.optional == "✓ recognized (1)")
    }

    @Test func transformImage() throws {
        let client = try Client(scene: "transform-image")
        try client.frame(0, (.down, 1, 150, 400), (.down, 2, 250, 400))
        for step in 1...5 {
            let spread = Double(step) * 10
            try client.frame(Double(step) * 16, (.move, 1, 150 - spread, 400), (.move, 2, 250 + spread, 400))
        }
        try client.frame(100, (.up, 1, 100, 400), (.up, 2, 300, 400))
        #expect(client.log.contains("act(pinch,began)"))
        let transform = try #require(try client.props("image").transform)
        #expect(abs(transform[0] - 2.0) < 0.02, "scale 100 → 200 pt")
    }

    @Test func singleDoubleTap() throws {
        let client = try Client(scene: "single-double-tap")
        try client.tap(100, 400, at: 0)
        try client.advance(to: 430)
        #expect(client.log.contains("singleTap:possible→ended"))
        #expect(try client.props("recognizerResult").text?.optional == "single (350 ms)")
    }

    @Test func swipe() throws {
        let client = try Client(scene: "swipe")
        try client.drag(1, from: (100, 200), to: (300, 200), at: 0, steps: 4)
        #expect(client.log.contains("swipe-right:possible→ended"))
        #expect(try client.props("status").text?.optional == "recognizer: right")
    }

    @Test func moveMe() throws {
        let client = try Client(scene: "move-me")
        let start = try client.center("placard")
        try client.frame(0, (.down, 1, start[0], start[1]))
        try client.frame(16, (.move, 1, 100, 150))
        #expect(try client.center("placard") == [100, 150])
        try client.frame(32, (.up, 1, 100, 150))
        #expect(try client.center("placard") == start)
        try client.tap(40, 750, at: 1000)
        try client.tap(40, 750, at: 1200, id: 2)
        #expect(try client.props("placard").text?.optional == "Bienvenue")
    }

    @Test func deliveryLab() throws {
        let client = try Client(scene: "delivery-lab")
        try client.tap(200, 200, at: 0)
        try client.tap(200, 200, at: 200, id: 2)
        #expect(client.log.contains("doubleTap:possible→ended"))
        #expect(try client.props("messages").text?.optional == "double tap → touchesBegan, touchesBegan, touchesCancelled, touchesCancelled")
    }

    @Test func hitTestLab() throws {
        let client = try Client(scene: "hit-test-lab")
        try client.tap(220, 340, at: 0)
        #expect(client.log.contains("hit(1) window>root>A>C>E"))
        #expect(try client.props("hitPath").text?.optional == "hit path: A → C → E")
    }

    @Test func responderChain() throws {
        let client = try Client(scene: "responder-chain")
        client.transport.send(device, .motion(Motion(phase: .began, t: 10)))
        try client.absorb()
        #expect(client.log.contains { $0.hasSuffix(".motionBegan(motionShake)") })
        #expect(try client.props("log").text?.optional == "controller: motionBegan(motionShake)")
    }

    @Test func controls() throws {
        let client = try Client(scene: "controls")
        try client.tap(110, 122, at: 0)
        #expect(client.log.contains("button:touchUpInside"))
        #expect(!client.log.contains("act(containerTap,ended)"))
        try client.tap(60, 275, at: 1000)
        #expect(try client.props("switch").control?.optional?.on == true)
    }

    @Test func scrollView() throws {
        let client = try Client(scene: "scroll-view")
        try client.drag(1, from: (200, 600), to: (200, 300), at: 0, steps: 6)
        let bounds = try #require(try client.props("scrollView").bounds)
        #expect(bounds[1] == 300, "contentOffset is the bounds origin")
    }

    @Test func declarativeS43() throws {
        let client = try Client(scene: "s43-single-waits-for-double", catalog: LibraryCatalog(declarativeScenes: [SceneSpecFixture.s43()]))
        try client.tap(100, 100, at: 0)
        try client.advance(to: 430)
        #expect(client.log.suffix(6).contains("act(S,ended)"))
    }
}
