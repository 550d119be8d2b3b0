import Foundation
import Testing
import TouchBridgeScenes
import TouchKit
import TouchKitTestSupport

/// The paths-and-layers scene: a path decides hit-testing, shape layers show state.
@Suite struct PathsAndLayersSceneTests {
    /// Pins UIKIT-PATH-CONTAINS.
    @Test func theRingsHoleLetsTouchesThroughAndTheRingAdvancesItsProgress() throws {
        let h = Harness()
        let scene = PathsAndLayersViewController()
        h.host(scene)
        try h.tap(1, 40 + 90, 90 + 90, at: 0)          // the ring's centre: the hole
        try h.advance(to: 1000)
        #expect(h.log().contains("backgroundTap:possible→ended"))
        #expect(scene.status.text == "Missed: the hole is not part of the ring.")
        try h.tap(2, 40 + 10 + 10, 90 + 90, at: 2000)  // on the ring, left side
        try h.advance(to: 3000)
        #expect(h.log().contains("ringTap:possible→ended"))
        #expect(scene.ring.progress == 0.5)
        #expect(scene.status.text == "Ring: progress 50 %")
        let ring = try #require(h.app.renderTree().node(named: "ring")?.displayList)
        guard case .fill(_, _, true) = ring[0], case .stroke(_, _, 16, .round, .miter) = ring[1] else {
            Issue.record("expected the even-odd ring, then the progress arc: \(ring)")
            return
        }
    }

    /// Pins UIKIT-SHAPE-LAYER.
    @Test func theCheckboxStrokesItsCheckmarkAndTheDialTurns() throws {
        let h = Harness()
        let scene = PathsAndLayersViewController()
        h.host(scene)
        #expect(h.app.renderTree().node(named: "checkbox")?.displayList == nil)
        let shadow = try #require(h.app.renderTree().node(named: "backdrop")?.shadow)
        #expect(shadow.color == UIColor.black.cgColor && abs(shadow.opacity - 0.35) < 1e-6)
        #expect(shadow.offset == CGSize(width: 0, height: 6) && shadow.radius == 8)
        #expect(h.app.renderTree().node(named: "checkbox")?.shadow == nil, "shadowOpacity 0 (the default): no shadow")
        try h.tap(1, 302, 182, at: 0)
        #expect(scene.checkbox.isChecked && scene.status.text == "Checked")
        #expect(h.app.renderTree().node(named: "checkbox")?.displayList?.count == 1)
        try h.drag(2, from: CGPoint(x: 200, y: 330), to: CGPoint(x: 280, y: 410), at: 1000)
        #expect(scene.status.text == "Dial: 0°")
        #expect(abs(scene.dial.angle) < 1e-9)
    }
}
