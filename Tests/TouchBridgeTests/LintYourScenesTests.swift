import ArgumentParser
import Foundation
import Testing
@testable import TouchBridge

/// `lint` on a developer's own scenes: the subcommand every `SceneServer` program has (`swift run
/// my-server lint`) lints the scenes it registers — not TouchBridge's — with the lints' ids and an
/// exit status for CI.
@Suite struct LintYourScenesTests {
    /// A map as an iOS developer writes one: a single tap hides the callout, a double tap zooms, and
    /// nothing makes the single tap wait (GC-S06).
    final class MapViewController: UIViewController {
        let waitsForDoubleTap: Bool

        init(waitsForDoubleTap: Bool) {
            self.waitsForDoubleTap = waitsForDoubleTap
            super.init()
        }

        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            let map = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            map.accessibilityIdentifier = "map"
            view.addSubview(map)
            let hideCallout = UITapGestureRecognizer(target: self, action: MapViewController.hideCallout)
            hideCallout.name = "hideCallout"
            let zoom = UITapGestureRecognizer(target: self, action: MapViewController.zoom)
            zoom.name = "zoom"
            zoom.numberOfTapsRequired = 2
            if waitsForDoubleTap { hideCallout.require(toFail: zoom) }
            map.addGestureRecognizer(hideCallout)
            map.addGestureRecognizer(zoom)
        }

        func hideCallout() {}
        func zoom() {}
    }

    static var server: SceneServer {
        var server = SceneServer()
        server.register("map", title: "Map", description: "Tap hides the callout, double tap zooms.") { MapViewController(waitsForDoubleTap: false) }
        server.register("map-fixed", title: "Map, fixed", description: "The tap waits for the double tap.") { MapViewController(waitsForDoubleTap: true) }
        return server
    }

    static func lint(_ targets: [String] = [], failOn: GestureLint.Severity? = .warning) -> LintRun {
        LintRun(server: server, targets: targets, scenesDirectory: "no-such-directory", failOn: failOn)
    }

    @Test func yourScenesLintWithTheirIdsAndFailOnAWarning() {
        let run = Self.lint()
        #expect(run.text == """
            map: 1 lint
              warning TB-L02 tap-ladder-without-failure [UIKIT-RELATION-CAN-PREVENT]: «hideCallout» (1 tap) will fire on the first tap of every «zoom» (2 taps).
                fix: relate requireToFail [hideCallout, zoom] — and accept a delay of maximumIntervalBetweenSuccessiveTaps on hideCallout (TB-L03)
            map-fixed: 1 lint
              info TB-L03 failure-wait-latency [UIKIT-RELATION-REQUIRE-FAILURE]: «hideCallout» cannot act until «zoom» fails: every single hideCallout is delayed by ≥ 350 ms after the finger lifts.
                fix: accept it, restrict zoom to where it is needed (shouldReceiveInside), or shorten zoom.maximumIntervalBetweenSuccessiveTaps
            """)
        #expect(run.exitStatus == 1)
        #expect(Self.lint(failOn: .error).exitStatus == 0)
    }

    @Test func theFixedSceneAloneKeepsOnlyItsLatencyNoteAndPasses() {
        let run = Self.lint(["map-fixed"])
        #expect(run.text == """
            map-fixed: 1 lint
              info TB-L03 failure-wait-latency [UIKIT-RELATION-REQUIRE-FAILURE]: «hideCallout» cannot act until «zoom» fails: every single hideCallout is delayed by ≥ 350 ms after the finger lifts.
                fix: accept it, restrict zoom to where it is needed (shouldReceiveInside), or shorten zoom.maximumIntervalBetweenSuccessiveTaps
            """)
        #expect(run.exitStatus == 0)
        #expect(Self.lint(["map-fixed"], failOn: .info).exitStatus == 1)
    }

    @Test func anUnknownTargetIsStatus2AndLintsNothing() {
        let run = Self.lint(["map", "nowhere"])
        #expect(run.exitStatus == 2)
        #expect(run.results.isEmpty)
        #expect(run.problem?.hasPrefix("'nowhere' is neither a scene (map, map-fixed, welcome") == true)
    }

    @Test func yourProgramHasTheLintSubcommandBesideServe() throws {
        let command = try SceneServerCommand.parseAsRoot(["lint", "map", "--fail-on", "warning"])
        #expect(command is LintCommand)
        #expect(try SceneServerCommand.parseAsRoot(["--port", "0"]) is ServeCommand)
    }
}
