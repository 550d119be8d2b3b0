import Foundation
import Testing
@testable import TouchBridge

/// A user's program runs from its own package, where `web/` does not exist: the default web root
/// then falls back to the page of the TouchBridge checkout it was built from.
@Suite struct WebRootTests {
    @Test func theDefaultFallsBackToTheCheckoutsPage() {
        #expect(WebRoot.packaged.hasSuffix("/web"))
        #expect(FileManager.default.fileExists(atPath: WebRoot.packaged + "/index.html"))
        #expect(WebRoot.resolve("web", isDirectory: { $0 == WebRoot.packaged }) == WebRoot.packaged)
    }

    @Test func aWebRootThatExistsOrWasChosenIsKept() {
        #expect(WebRoot.resolve("web", isDirectory: { _ in true }) == "web")
        #expect(WebRoot.resolve("site", isDirectory: { $0 == WebRoot.packaged }) == "site")
        #expect(WebRoot.resolve("/srv/page", isDirectory: { $0 == WebRoot.packaged }) == "/srv/page")
    }
}
