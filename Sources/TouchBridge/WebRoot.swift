import Foundation
import TouchBridgeHost

/// Where the page is served from when the web root is left at its default (`web`, relative) and
/// the working directory has no such directory.
///
/// A program built on this library usually runs from its own package, where `web/` does not
/// exist. The page ships with TouchBridge's sources, so the default is the `web/` directory of the
/// TouchBridge checkout this library was compiled from (SwiftPM keeps it under
/// `.build/checkouts/`, or at the path of a path dependency). A binary copied to another machine
/// needs `--web-root` (or `TOUCHBRIDGE_WEB_ROOT`) pointing at a copy of `web/`.
enum WebRoot {
    /// The checkout's `web/`: this file is `Sources/TouchBridge/WebRoot.swift`.
    static let packaged = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("web").path

    /// The packaged page when `configured` is the default and no such directory exists here;
    /// otherwise `configured` (a web root someone chose is never replaced: a wrong one fails loudly).
    static func resolve(_ configured: String, isDirectory: (String) -> Bool = WebRoot.isDirectory) -> String {
        guard configured == ServerSettings().webRoot, !isDirectory(configured), isDirectory(packaged) else { return configured }
        return packaged
    }

    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
