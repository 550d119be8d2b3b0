import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer

/// What a page needs to explain a session from the start: recognizers listed in full renders,
/// live pointers in the `events` answering input (for observers), the safe area in the viewport,
/// and whether the server records.
@Suite("Inspector fields")
struct InspectorFieldsTests {
    @Test func fullRendersListEveryRecognizerWithItsState() throws {
        let transport = VirtualTransport()
        transport.send(device, Script.hello(.manual))
        let render = try #require(transport.takeMessages(device).last?.render)
        #expect(render.recognizers == [
            RecognizerInfo(name: "pan", kind: "UIPanGestureRecognizer", view: "photo", state: "possible"),
            RecognizerInfo(name: "pinch", kind: "UIPinchGestureRecognizer", view: "photo", state: "possible"),
            RecognizerInfo(name: "tap", kind: "UITapGestureRecognizer", view: "photo", state: "possible"),
        ])
    }

    @Test func eventsAnsweringInputListThePointersStillDown() throws {
        let (transport, welcome) = joinedDevice()
        transport.send(observer, Script.observe(welcome.session))
        _ = transport.take(observer)
        transport.send(device, Script.frame(1, at: 0, [(.down, 7, 150, 400), (.down, 9, 250.5, 400)]))
        transport.send(device, Script.frame(2, at: 16, [(.up, 7, 150, 400)]))
        transport.send(device, Script.frame(3, at: 32, [(.up, 9, 250.5, 400)]))
        let events = transport.takeMessages(observer).compactMap(\.events)
        #expect(events.map(\.pointers) == [
            [LivePointer(id: 7, x: 150, y: 400), LivePointer(id: 9, x: 250.5, y: 400)],
            [LivePointer(id: 9, x: 250.5, y: 400)],
            [],
        ])
        transport.send(device, .advance(Advance(t: 1000, seq: 4)))
        #expect(transport.takeMessages(device).compactMap(\.events).last?.pointers == nil, "not an input")
    }

    @Test func welcomeSaysWhetherTheServerRecords() throws {
        #expect(joinedDevice().1.recording == false)
        #expect(joinedDevice().1.lan == nil)
        let hub = Hub(catalog: BuiltInScenes.catalog)
        hub.isRecording = true
        hub.lanAddress = LANAddress(url: "http://192.168.1.23:8080/", qr: QRCodePath(size: 21, path: "M0 0h7v7h-7z"))
        let welcome = joinedDevice(hub: hub).1
        #expect(welcome.recording == true)
        #expect(welcome.lan?.url == "http://192.168.1.23:8080/")
    }

    @Test func theSafeAreaIsReadAndValidated() throws {
        let hello = #"{"type":"hello","protocol":1,"role":"device","clock":"manual","viewport":{"width":390,"height":844,"scale":3,"safeArea":{"top":59,"left":0,"bottom":34,"right":0}}}"#
        guard case .hello(let message) = try ClientMessage.decode(hello) else { Issue.record("not a hello"); return }
        #expect(message.viewport.safeArea == SafeAreaInsets(top: 59, left: 0, bottom: 34, right: 0))
        let tooTall = #"{"type":"resize","width":390,"height":844,"scale":3,"safeArea":{"top":500,"left":0,"bottom":400,"right":0}}"#
        let negative = #"{"type":"resize","width":390,"height":844,"scale":3,"safeArea":{"top":-1,"left":0,"bottom":0,"right":0}}"#
        for (text, path, message) in [
            (tooTall, "safeArea.bottom", "safeArea.bottom: top + bottom insets must be less than the height 844.0"),
            (negative, "safeArea.top", "safeArea.top: expected a number of points ≥ 0"),
        ] {
            let error = #expect(throws: ProtocolError.self) { try ClientMessage.decode(text) }
            #expect(error?.path == path)
            #expect(error?.message == message)
        }
    }
}
