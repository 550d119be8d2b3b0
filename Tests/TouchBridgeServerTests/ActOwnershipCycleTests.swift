import Testing
import TouchBridgeProtocol
import TouchBridgeScenes
@testable import TouchBridgeServer
import TouchKit

/// A client's `act` can move a view into a view it holds: TouchTracker's canvas keeps its palette, so
/// `move canvas to palette` makes each keep the other alive, and a `remove` of the palette then takes the
/// pair out of the window. Each session that did so would leave the scene's views behind when it ended;
/// the session takes its app's trees apart when it ends or switches scene (`SharedSession.deinit`,
/// `UIApplication.takeViewTreesApart()`), so they go with it.
@Suite struct ActOwnershipCycleTests {
    private static let moves = #"{"type":"act","t":100,"seq":1,"actions":[{"move":{"view":"canvas","to":"palette"}}]}"#
    private static let removes = #"{"type":"act","t":200,"seq":2,"actions":[{"remove":{"view":"palette"}}]}"#

    @Test(arguments: [false, true])
    func aCanvasMovedIntoItsPaletteGoesWithTheSession(paletteRemoved: Bool) throws {
        weak var application: UIApplication?
        weak var canvas: UIView?
        weak var palette: UIView?
        do {
            let shared = try Self.trackerSession()
            application = shared.application
            let tracker = try #require(Self.tracker(in: shared.application))
            canvas = tracker
            palette = tracker.palette
            for text in paletteRemoved ? [Self.moves, Self.removes] : [Self.moves] { try Self.act(text, on: shared) }
            #expect(tracker.isDescendant(of: tracker.palette), "the act moved the canvas into its palette")
            #expect((tracker.window == nil) == paletteRemoved)
        }
        #expect(application == nil)
        #expect(canvas == nil, "the canvas outlived its session")
        #expect(palette == nil, "the palette outlived its session")
    }

    /// A scene switch retires the app it replaces: the cycle goes then, while the session lives on.
    @Test func aCanvasMovedIntoItsPaletteGoesWhenTheSessionSwitchesScene() throws {
        let shared = try Self.trackerSession()
        weak var canvas: UIView?
        do {
            let tracker = try #require(Self.tracker(in: shared.application))
            canvas = tracker
            try Self.act(Self.moves, on: shared)
        }
        #expect(canvas != nil, "the scene is still showing")
        _ = try shared.switchScene(to: .named("image-translation"))
        #expect(canvas == nil, "the replaced scene's canvas outlived the switch")
    }

    private static func trackerSession() throws -> SharedSession {
        let hello = Hello(role: .device, scene: .named("touch-tracker"), viewport: Viewport(width: 400, height: 800, scale: 2), clock: .manual)
        return try SharedSession(id: "cycle", hello: hello, receivedAt: 0, environment: SessionEnvironment(catalog: LibraryCatalog()))
    }

    /// Applies the `act` message `text` as the session does: at its time, in one engine step.
    private static func act(_ text: String, on shared: SharedSession) throws {
        guard case .act(let act) = try ClientMessage.decode(text) else {
            Issue.record("not an act: \(text)")
            return
        }
        let runner = try AppActionRunner(act.actions, application: shared.application)
        _ = try shared.step(seq: act.seq, alwaysReport: true) { app throws(InputError) in
            try app.advance(to: act.t / 1000)
            try runner.apply(at: act.t / 1000)
        }
    }

    private static func tracker(in application: UIApplication) -> TouchTrackerView? {
        var found: TouchTrackerView?
        func visit(_ view: UIView) {
            if let tracker = view as? TouchTrackerView { found = tracker }
            view.subviews.forEach(visit)
        }
        application.windows.forEach(visit)
        return found
    }
}
