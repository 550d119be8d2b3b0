import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer
import TouchKit

/// One screen per session: the client's viewport is `UIScreen.main` while the session's scene builds and
/// runs, and follows a resize; `UIWindow(frame:)` in a scene joins the session's application
/// (UIKIT-SCREEN-MAIN).
@Suite struct ScreenSessionTests {
    static let catalog = SceneRegistry([.viewController(SceneInfo(name: "screen", title: "Screen", description: "")) { ScreenViewController() }])

    func hello(width: Int, height: Int, scale: Double) -> String {
        #"{"type":"hello","protocol":1,"role":"device","clock":"manual","scene":"screen","viewport":{"width":\#(width),"height":\#(height),"scale":\#(scale)}}"#
    }

    /// The label's text, as the client's mirror of the renders shows it.
    func text(_ mirror: RenderMirror) -> String? {
        guard let node = mirror.node(named: "screen") else { return nil }
        return mirror.resolvedProps(of: node.id)?.text?.optional
    }

    /// Pins UIKIT-SCREEN-MAIN.
    @Test func eachSessionSeesItsOwnViewportAsTheMainScreen() throws {
        let transport = VirtualTransport(hub: Hub(catalog: Self.catalog))
        var mirrors = [RenderMirror(), RenderMirror()]
        func absorb(_ index: Int) throws {
            for message in transport.takeMessages(ConnectionID(index + 1)) {
                if let render = message.render { try mirrors[index].apply(render) }
                if let error = message.error { Issue.record("error \(error.code): \(error.message)") }
            }
        }
        transport.open(1)
        transport.open(2)
        transport.send(1, hello(width: 390, height: 844, scale: 3))
        transport.send(2, hello(width: 1024, height: 768, scale: 2))
        try absorb(0)
        try absorb(1)
        #expect(text(mirrors[0]) == "loaded 390×844 @3 (1170×2532 px); extra window in app: true")
        #expect(text(mirrors[1]) == "loaded 1024×768 @2 (1536×2048 px); extra window in app: true")
        for (index, t) in [(0, 0.0), (1, 0.0)] {
            transport.send(ConnectionID(index + 1), .input(Input(seq: 1, pointers: [Pointer(id: 1, phase: .down, x: 50, y: 300, t: t)])))
            transport.send(ConnectionID(index + 1), .input(Input(seq: 2, pointers: [Pointer(id: 1, phase: .up, x: 50, y: 300, t: t + 80)])))
            try absorb(index)
        }
        #expect(text(mirrors[0]) == "tapped 390×844 @3 (1170×2532 px)")
        #expect(text(mirrors[1]) == "tapped 1024×768 @2 (1536×2048 px)")
        transport.send(1, .resize(Viewport(width: 844, height: 390, scale: 3)))
        try absorb(0)
        #expect(text(mirrors[0]) == "transition 844×390 @3 (1170×2532 px)")
    }
}

/// Shows `UIScreen.main` in a label when it loads, on a tap and on a size transition; makes a window
/// with `UIWindow(frame:)` when it loads.
private final class ScreenViewController: UIViewController {
    private let label = UILabel(frame: CGRect(x: 0, y: 0, width: 300, height: 400))

    override func viewDidLoad() {
        label.accessibilityIdentifier = "screen"
        label.isUserInteractionEnabled = true
        label.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ScreenViewController.tapped))
        view.addSubview(label)
        let extra = UIWindow(frame: UIScreen.main.bounds)
        show("loaded", suffix: "; extra window in app: \(extra.application?.windows.contains { $0 === extra } == true)")
    }

    func tapped() { show("tapped") }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        show("transition")
    }

    private func show(_ moment: String, suffix: String = "") {
        let screen = UIScreen.main
        func number(_ value: CGFloat) -> String { String(Int(value)) }
        label.text = "\(moment) \(number(screen.bounds.width))×\(number(screen.bounds.height)) @\(number(screen.scale)) "
            + "(\(number(screen.nativeBounds.width))×\(number(screen.nativeBounds.height)) px)" + suffix
    }
}
