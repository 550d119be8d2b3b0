import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer
import TouchKit

/// The `coalesced` samples of an `input` message, as the page sends `getCoalescedEvents()`, reach app code
/// through `UIEvent.coalescedTouches(for:)`, each with its own location and time (UIKIT-TOUCH-COALESCED).
@Suite struct CoalescedInputTests {
    static let catalog = SceneRegistry([.viewController(SceneInfo(name: "ink", title: "Ink", description: "")) { InkViewController() }])

    /// Pins UIKIT-TOUCH-COALESCED: one `move` with three samples before it is one `touchesMoved`, and the
    /// drawing code gets all four points in order, at their own times.
    @Test func coalescedSamplesOfOneMessageReachTheDrawingCode() throws {
        let transport = VirtualTransport(hub: Hub(catalog: Self.catalog))
        var mirror = RenderMirror()
        var log: [String] = []
        func absorb() throws {
            for message in transport.takeMessages(device) {
                if let render = message.render { try mirror.apply(render) }
                if let events = message.events { log += events.log.map(\.text) }
                if let error = message.error { Issue.record("error \(error.code): \(error.message)") }
            }
        }
        transport.open(device)
        transport.send(device, #"{"type":"hello","protocol":1,"role":"device","clock":"manual","scene":"ink","viewport":{"width":400,"height":800,"scale":2}}"#)
        try absorb()
        transport.send(device, #"{"type":"input","seq":1,"pointers":[{"id":1,"phase":"down","x":100,"y":100,"t":1000,"pointerType":"touch"}]}"#)
        transport.send(device, #"{"type":"input","seq":2,"pointers":[{"id":1,"phase":"move","x":140,"y":130,"t":1016,"pointerType":"touch","#
            + #""coalesced":[{"x":110,"y":101,"t":1004},{"x":120,"y":110,"t":1008},{"x":130,"y":120,"t":1012}]}]}"#)
        try absorb()
        #expect(log.filter { $0.hasPrefix("ink.") } == ["ink.tb(1)", "ink.tm(1)"])
        let node = try #require(mirror.node(named: "samples"))
        #expect(mirror.resolvedProps(of: node.id)?.text?.optional
            == "tm: (110,101)@1004 (120,110)@1008 (130,120)@1012 (140,130)@1016; predicted 0")
    }
}

/// A view that writes, for its latest `touchesMoved`, every coalesced sample of the touch (point and
/// engine ms) and how many predicted samples came, in a label called `samples`.
private final class InkViewController: UIViewController {
    private let label = UILabel(frame: CGRect(x: 0, y: 700, width: 400, height: 60))

    override func loadView() {
        let ink = InkView(frame: CGRect(x: 0, y: 0, width: 400, height: 800))
        ink.accessibilityIdentifier = "ink"
        ink.label = label
        label.accessibilityIdentifier = "samples"
        ink.addSubview(label)
        view = ink
    }
}

private final class InkView: UIView {
    var label: UILabel?

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {}

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, let event else { return }
        let samples = (event.coalescedTouches(for: touch) ?? []).map { sample in
            let p = sample.location(in: self)
            return "(\(Int(p.x)),\(Int(p.y)))@\(Int((sample.timestamp * 1000).rounded()))"
        }
        label?.text = "tm: " + samples.joined(separator: " ") + "; predicted \(event.predictedTouches(for: touch)?.count ?? -1)"
    }
}
