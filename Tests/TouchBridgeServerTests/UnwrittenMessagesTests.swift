import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer
import TouchKit

/// `Hub.writesMessages = false`, the mode of a flake sweep's and a what-if's replays: the sessions
/// write no `welcome`, `render` or `events` text, and everything else — the log `logTap` sees, errors,
/// pongs, timers, closes — is exactly what a hub that writes them produces.
@Suite struct UnwrittenMessagesTests {
    /// What one run of `script` on every built-in scene produced.
    struct Run {
        var log: [String] = []
        var transcript: [String] = []
    }

    /// On `scene`: a device joins, an observer joins, a finger pans across the middle of the window
    /// and taps twice, an `act` takes the app out of the foreground and back, a resync, a ping, a
    /// move of a finger that is not down (an error), a switch to `next` and a tap there; then the
    /// device leaves.
    static func run(scene: String, next: String, writesMessages: Bool) -> Run {
        let hub = Hub(catalog: LibraryCatalog(), makeSessionID: { "s" })
        hub.writesMessages = writesMessages
        var run = Run()
        hub.logTap = { t, entries in run.log += entries.map { "\(t) \($0.kind) \($0.text)" } }
        let transport = VirtualTransport(hub: hub)
        transport.open(device)
        transport.send(device, Script.hello(.manual, scene: scene, t: 0), at: 100)
        transport.open(observer)
        transport.send(observer, Script.observe("s"))
        let pan = (0...12).map { (step: Int) -> ClientMessage in
            let phase: PointerPhase = step == 0 ? .down : step == 12 ? .up : .move
            let x = 120 + Double(step) * 12
            return Script.frame(step + 1, at: 100 + Double(step) * 16, [(phase, 1, x, 380)])
        }
        let taps = [Script.frame(20, at: 600, [(.down, 2, 200, 300)]), Script.frame(21, at: 660, [(.up, 2, 200, 300)]),
                    Script.frame(22, at: 760, [(.down, 3, 200, 300)]), Script.frame(23, at: 820, [(.up, 3, 200, 300)])]
        for message in pan + taps { transport.send(device, message) }
        transport.send(device, #"{"type":"act","t":900,"seq":30,"actions":[{"app":"willResignActive"},{"app":"didBecomeActive"}]}"#)
        transport.send(device, .advance(Advance(t: 2000, seq: 31)))
        transport.send(device, .resync, at: 200)
        transport.send(device, .ping(Ping(id: 1)))
        transport.send(device, Script.frame(32, at: 2100, [(.move, 77, 0, 0)]))
        transport.send(device, .scene(SceneSwitch(scene: .named(next))))
        transport.send(device, Script.frame(33, at: 2200, [(.down, 1, 200, 400)]))
        transport.send(device, Script.frame(34, at: 2260, [(.up, 1, 200, 400)]))
        transport.send(device, .advance(Advance(t: 4000, seq: 35)))
        transport.disconnect(device)
        run.transcript = transport.transcript
        return run
    }

    /// A transcript line carrying a text the mode leaves unwritten.
    static func isUnwritten(_ line: Substring) -> Bool {
        line.hasPrefix("render(") || line.hasPrefix("events(") || (line.hasPrefix("reply(") && line.contains(#"\"type\":\"welcome\""#))
    }

    @Test func everyBuiltInSceneLogsTheSameAndOnlyTheWelcomeRendersAndEventsAreLeftOut() {
        let scenes = LibraryCatalog().scenes.map(\.name)
        #expect(scenes.count >= 20)
        for (index, scene) in scenes.enumerated() {
            let next = scenes[(index + 1) % scenes.count]
            let written = Self.run(scene: scene, next: next, writesMessages: true)
            let unwritten = Self.run(scene: scene, next: next, writesMessages: false)
            #expect(!written.log.isEmpty, "\(scene)")
            #expect(unwritten.log == written.log, "\(scene)")
            let kept = written.transcript.filter { !Self.isUnwritten($0.drop { $0 != " " }.dropFirst()) }
            #expect(unwritten.transcript == kept, "\(scene)")
            // The counts: what was left out is there to leave out (renders, events, two welcomes), and none of it is written.
            let leftOut = written.transcript.count - kept.count
            let writtenAnyway = unwritten.transcript.filter { Self.isUnwritten($0.drop { $0 != " " }.dropFirst()) }.count
            #expect(leftOut > 20 && writtenAnyway == 0, "\(scene): \(leftOut) left out, \(writtenAnyway) written anyway")
            #expect(kept.contains { $0.contains("pong") } && kept.contains { $0.contains("error") }, "\(scene)")
        }
    }
}

extension UnwrittenMessagesTests {
    /// Unnamed recognizers are named by id (`UITapGestureRecognizer#7`), and a full render's listing gives
    /// them theirs in tree order: a session that writes none still lists them, or the right half's tap,
    /// touched first, would take the left one's id.
    @Test func unnamedRecognizersGetTheIDsAWrittenFullRenderGivesThem() {
        func log(writesMessages: Bool) -> [String] {
            let scene = SceneInfo(name: "unnamed-taps", title: "Unnamed taps", description: "Two taps without names, side by side.")
            let hub = Hub(catalog: SceneRegistry([.viewController(scene) { UnnamedTapsController() }]), makeSessionID: { "s" })
            hub.writesMessages = writesMessages
            var log: [String] = []
            hub.logTap = { _, entries in log += entries.map(\.text) }
            let transport = VirtualTransport(hub: hub)
            transport.open(device)
            transport.send(device, Script.hello(.manual, scene: "unnamed-taps", t: 0))
            transport.send(device, Script.frame(1, at: 10, [(.down, 1, 300, 400)]))
            transport.send(device, Script.frame(2, at: 60, [(.up, 1, 300, 400)]))
            return log
        }
        let written = log(writesMessages: true)
        #expect(written.contains { $0.contains("UITapGestureRecognizer#") })
        #expect(log(writesMessages: false) == written)
    }
}

/// Two views side by side, each with a tap recognizer that has no name.
final class UnnamedTapsController: UIViewController {
    override func viewDidLoad() {
        for index in 0..<2 {
            let half = UIView(frame: CGRect(x: Double(index) * 200, y: 0, width: 200, height: 800))
            half.addGestureRecognizer(UITapGestureRecognizer(target: self, action: UnnamedTapsController.tapped))
            view.addSubview(half)
        }
    }

    func tapped(_ recognizer: UITapGestureRecognizer) {}
}
