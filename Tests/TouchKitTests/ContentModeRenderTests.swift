import Foundation
import Testing
import TouchKit
import TouchKitTestSupport

/// `contentMode` in the render tree (UIKIT-VIEW-CONTENT-MODE): the mode and the size of the content it places — an
/// image view's image, or what `draw(_:)` drew at the bounds' size then — and `redraw` drawing again on a resize.
@Suite struct ContentModeRenderTests {
    /// Fills its top-left quarter; counts its draws.
    final class Quarter: UIView {
        var draws = 0
        override func draw(_ rect: CGRect) {
            draws += 1
            UIGraphicsGetCurrentContext()?.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height / 2))
        }
    }

    /// Pins UIKIT-VIEW-CONTENT-MODE: an image's size against the bounds, and the mode by UIKit's name.
    @Test func anImageIsPlacedByItsSizeAndTheMode() throws {
        let h = Harness()
        let photo = h.add(UIImageView(frame: CGRect(x: 0, y: 0, width: 200, height: 100)), "photo")
        photo.image = UIImage(named: "photo", size: CGSize(width: 100, height: 100))
        try h.advance(to: 1)
        var node = try #require(h.app.renderTree().node(named: "photo"))
        #expect(node.contentMode == nil && node.contentSize == nil, "scaleToFill stretches the 100 × 100 image to the bounds")
        photo.contentMode = .scaleAspectFit
        try h.advance(to: 2)
        node = try #require(h.app.renderTree().node(named: "photo"))
        #expect(node.contentMode == "scaleAspectFit" && node.contentSize == CGSize(width: 100, height: 100))
        photo.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        try h.advance(to: 3)
        node = try #require(h.app.renderTree().node(named: "photo"))
        #expect(node.contentMode == "scaleAspectFit" && node.contentSize == nil, "the image is the bounds' size")
    }

    /// Pins UIKIT-VIEW-CONTENT-MODE: a resize keeps what was drawn, at the size it was drawn, unless the mode is `redraw`.
    @Test func drawnContentKeepsItsSizeUnlessTheModeRedraws() throws {
        let h = Harness()
        let v = h.add(Quarter(frame: CGRect(x: 0, y: 0, width: 100, height: 100)), "V")
        try h.advance(to: 1)
        #expect(v.draws == 1 && h.app.renderTree().node(named: "V")?.contentSize == nil)
        v.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        try h.advance(to: 2)
        var node = try #require(h.app.renderTree().node(named: "V"))
        #expect(v.draws == 1 && node.contentMode == nil && node.contentSize == CGSize(width: 100, height: 100))
        #expect(node.displayList == [.fill(path: [.rect(CGRect(x: 0, y: 0, width: 50, height: 50))], color: UIColor.black.cgColor)])
        v.contentMode = .redraw
        v.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        try h.advance(to: 3)
        node = try #require(h.app.renderTree().node(named: "V"))
        #expect(v.draws == 2 && node.contentMode == "redraw" && node.contentSize == nil)
        #expect(node.displayList == [.fill(path: [.rect(CGRect(x: 0, y: 0, width: 150, height: 150))], color: UIColor.black.cgColor)])
    }
}
