import Foundation
import Testing
import TouchBridgeProtocol

@Suite("Encoding server messages")
struct ServerMessageTests {
    @Test func numbersAreRoundedToThreeDecimalsWithoutNegativeZero() {
        #expect(WireJSON.rounded(12.34567) == 12.346)
        #expect(WireJSON.rounded(-0.0001) == 0)
        #expect(WireJSON.rounded(-0.0001).sign == .plus)
        #expect(ServerMessage.pong(Pong(id: 1, t: WireJSON.rounded(1000.0004))).text == #"{"id":1,"t":1000,"type":"pong"}"#)
    }

    @Test func keysAreSortedAndTypeIsIncluded() {
        let text = ServerMessage.error(ErrorMessage(code: "schema", message: "seq: bad", path: "seq", seq: 2)).text
        #expect(text == #"{"code":"schema","message":"seq: bad","path":"seq","seq":2,"type":"error"}"#)
    }

    @Test func renderOpsEncodeAsDocumented() throws {
        var props = RenderProps()
        props.center = [1.5, 2]
        props.backgroundColor = .null
        props.image = .value("photo")
        let message = RenderMessage(full: false, ops: [
            .create(id: 3, parent: nil, index: 0, kind: "UIWindow", name: "window", props: RenderProps()),
            .set(id: 3, props: props),
            .move(id: 4, parent: 3, index: 1),
            .remove(id: 5),
            .display(id: 3, displayList: nil),
            .display(id: 4, displayList: [
                .stroke(path: [.move(x: 1, y: 2), .line(x: 3, y: 4), .close], color: "#000000ff", lineWidth: 2, lineCap: "round"),
                .fill(path: [.ellipse(x: 0, y: 0, width: 5, height: 5), .rect(x: 1, y: 1, width: 2, height: 2)], color: "#ff0000ff"),
                .text("hi", at: [1, 2], fontSize: 17, color: "#00ff00ff"),
                .stroke(path: [.move(x: 0, y: 0)], color: "#000000ff", lineWidth: 1, lineCap: "butt", lineJoin: "round"),
                .fill(path: [.rect(x: 0, y: 0, width: 1, height: 1)], color: "#000000ff", rule: "evenodd"),
            ]),
        ])
        let text = ServerMessage.render(message).text
        #expect(text.contains(#"{"id":3,"index":0,"kind":"UIWindow","name":"window","op":"create","parent":null,"props":{}}"#))
        #expect(text.contains(#"{"id":3,"op":"set","props":{"backgroundColor":null,"center":[1.5,2],"image":"photo"}}"#))
        #expect(text.contains(#"{"id":4,"index":1,"op":"move","parent":3}"#))
        #expect(text.contains(#"{"id":5,"op":"remove"}"#))
        #expect(text.contains(#"{"displayList":null,"id":3,"op":"display"}"#))
        #expect(text.contains(#""path":[["move",1,2],["line",3,4],["close"]]"#))
        #expect(text.contains(#"["ellipse",0,0,5,5]"#))
        #expect(text.contains(##"{"at":[1,2],"cmd":"text","color":"#00ff00ff","fontSize":17,"text":"hi"}"##))
        // lineJoin and rule appear only away from their defaults (miter, nonzero).
        #expect(text.contains(##"{"cmd":"stroke","color":"#000000ff","lineCap":"round","lineWidth":2,"path":"##))
        #expect(text.contains(##"{"cmd":"stroke","color":"#000000ff","lineCap":"butt","lineJoin":"round","lineWidth":1,"path":[["move",0,0]]}"##))
        #expect(text.contains(##"{"cmd":"fill","color":"#000000ff","path":[["rect",0,0,1,1]],"rule":"evenodd"}"##))
        #expect(try ServerMessage.decode(text) == .render(message))
    }

    @Test func everyServerMessageDecodesToItself() throws {
        var entry = LogEntry(kind: "transition", text: "pinch:possible→began", diagnostic: false)
        entry.recognizer = "pinch"
        entry.values = LogValues(location: [1, 2], numberOfTouches: 2)
        let messages: [ServerMessage] = [
            .welcome(Welcome(
                session: "s", role: .device, scenes: [SceneInfo(name: "a", title: "A", description: "d")], scene: "a",
                clock: .manual, thresholds: Thresholds(
                    tapMaximumDurationMs: 1, tapMaximumIntervalMs: 2, tapAllowableMovementPt: 3, multiTapRadiusPt: 4,
                    longPressMinimumDurationMs: 5, longPressAllowableMovementPt: 6, panHysteresisPt: 7, swipeMaximumDurationMs: 8,
                    swipeMinimumPrimaryMovementPt: 9, swipePrimaryDecayPerSecond: 10, swipeMaximumSecondaryMovementPt: 11,
                    swipeSecondaryDecayPerSecond: 12, pinchHysteresisPt: 13, rotationHysteresisPt: 14, screenEdgeBandWidthPt: 15,
                    scrollContentTouchDelayMs: 16, controlTouchInsideSlopPt: 17, maximumTouches: 18, maximumPossibleForce: 19),
                limits: ProtocolLimits())),
            .events(EventsMessage(seq: nil, t: 5, log: [entry])),
            .error(ErrorMessage(code: "c", message: "m")),
            .pong(Pong(id: 2, t: 3)),
        ]
        for message in messages {
            #expect(try ServerMessage.decode(message.text) == message)
        }
        #expect(messages[0].text.contains(#""protocol":1"#))
    }
}

@Suite("Render mirror")
struct RenderMirrorTests {
    @Test func appliesCreateMoveSetRemoveAsDocumented() throws {
        var mirror = RenderMirror()
        var red = RenderProps()
        red.backgroundColor = .value("#ff0000ff")
        try mirror.apply(RenderMessage(full: true, scene: "s", ops: [
            .create(id: 1, parent: nil, index: 0, kind: "UIWindow", name: "w", props: RenderProps()),
            .create(id: 2, parent: 1, index: 0, kind: "UIView", name: "a", props: red),
            .create(id: 3, parent: 1, index: 1, kind: "UIView", name: "b", props: RenderProps()),
            .create(id: 4, parent: 2, index: 0, kind: "UIView", name: "c", props: RenderProps()),
        ]))
        #expect(mirror.nodes[1]?.children == [2, 3])
        #expect(mirror.resolvedProps(of: 2)?.alpha == 1)
        var cleared = RenderProps()
        cleared.backgroundColor = .null
        try mirror.apply(RenderMessage(full: false, ops: [
            .move(id: 4, parent: 3, index: 0), .move(id: 3, parent: 1, index: 0), .set(id: 2, props: cleared), .remove(id: 2),
        ]))
        #expect(mirror.nodes[1]?.children == [3])
        #expect(mirror.nodes[3]?.children == [4])
        #expect(mirror.nodes[2] == nil)
        #expect(throws: MirrorError.unknown(2)) { try mirror.apply(RenderMessage(full: false, ops: [.remove(id: 2)])) }
    }

    @Test func nullInAPatchClearsTheValue() throws {
        let text = #"{"full":false,"ops":[{"id":1,"op":"set","props":{"text":null}}],"type":"render"}"#
        guard case .render(let message) = try ServerMessage.decode(text), case .set(_, let props) = message.ops[0] else {
            Issue.record("not a set")
            return
        }
        #expect(props.text == .null)
        #expect(props.textColor == nil)
    }
}
