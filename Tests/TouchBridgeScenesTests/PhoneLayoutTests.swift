import Foundation
import Testing
import TouchBridgeScenes
import TouchKit

/// Issue 24: every registered scene is usable at every area a phone gives it — portrait, landscape, an SE with a
/// tab bar, the inspector sheet's detents — laid out through the real engine (`UIWindow.transition`), and its
/// layout is a function of the current bounds, safe area and traits only: after any sequence of size changes it
/// equals a fresh load at the same area.
@Suite struct PhoneLayoutTests {
    /// A fresh load at each phone area passes every check of `PhoneLayoutAudit`.
    @Test(arguments: AuditedScene.all)
    func freshLoadIsUsableAtEveryPhoneArea(scene: AuditedScene) {
        for area in PhoneArea.all {
            let problems = PhoneLayoutAudit.problems(in: HostedScene(scene, in: area))
            #expect(problems.isEmpty, Comment(rawValue: "\(scene) at \(area):\n" + problems.joined(separator: "\n")))
        }
    }

    /// Every state a tap reaches: each interactive view of a fresh load tapped in turn (its middle, 600 ms apart,
    /// the timers run out after), and still every label and title whole — read-outs fit what they come to say.
    @Test(arguments: AuditedScene.all)
    func textStaysWholeAfterTappingEveryControl(scene: AuditedScene) throws {
        for area in PhoneArea.all {
            let hosted = HostedScene(scene, in: area)
            let targets = hosted.visibleViews().filter { PhoneLayoutAudit.isInteractive($0.1) && !($0.1 is UIScrollView) }
            var ms = 1000.0
            for (_, view) in targets {
                let point = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: nil)
                try hosted.tap(at: point, ms: ms)
                ms += 600
            }
            try hosted.application.advance(to: (ms + 2000) / 1000)
            let problems = PhoneLayoutAudit.textProblems(in: hosted)
            #expect(problems.isEmpty, Comment(rawValue: "\(scene) at \(area) after tapping every control:\n" + problems.joined(separator: "\n")))
        }
    }

    /// One window goes through every area and back (as a user opening and closing the sheet, then rotating):
    /// at each step the layout equals a fresh load's at that area.
    @Test(arguments: AuditedScene.all)
    func resizedLayoutEqualsFreshLayout(scene: AuditedScene) {
        let start = PhoneArea.all[6]
        let travelled = HostedScene(scene, in: start)
        for area in PhoneArea.all + [start] + PhoneArea.all.reversed() {
            travelled.resize(to: area)
            let differences = PhoneLayoutAudit.differences(travelled.layout(), HostedScene(scene, in: area).layout())
            #expect(differences.isEmpty, Comment(rawValue: "\(scene) at \(area) after resizing:\n" + differences.joined(separator: "\n")))
        }
    }
}
