import Foundation
import TouchBridgeHost
import TouchBridgeProtocol

/// Paths inside the repository, whatever the working directory.
enum Repo {
    static let root: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static func path(_ relative: String) -> String { (root as NSString).appendingPathComponent(relative) }

    static func files(in directory: String, suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path(directory))) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { path("\(directory)/\($0)") }
    }
}

/// One real server (transport + hub) for the suites, started on first use on a free loopback port.
enum TestServer {
    static func settings() -> ServerSettings {
        var settings = InProcessServer.defaultSettings()
        settings.scenesDirectory = Repo.path("config/scenes")
        settings.webRoot = Repo.path("web")
        settings.logLevel = "error"
        return settings
    }

    static let shared: InProcessServer = {
        do {
            return try InProcessServer(settings: settings())
        } catch {
            fatalError("cannot start the in-process server: \(error)")
        }
    }()

    static var url: String { shared.url }
}

/// A declarative scene sent inline: a pad with a two-finger tap and a left screen-edge pan.
enum InlineScenes {
    static let edgeAndTwoFingerTap: JSONValue = {
        let text = """
            {"name": "edge-and-two-finger-tap",
             "views": [{"id": "pad", "kind": "view", "frame": [0, 0, 400, 800], "color": "#eeeeee", "multipleTouch": true}],
             "recognizers": [
               {"id": "twoFingerTap", "kind": "tap", "view": "pad", "numberOfTouchesRequired": 2},
               {"id": "edge", "kind": "screenEdgePan", "view": "pad", "edges": ["left"]}]}
            """
        return try! JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }()
}
