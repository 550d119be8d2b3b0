import Foundation
import TouchBridgeProtocol

/// The page (`web/`) as one HTML document that loads from `file://` with no server: its style sheet and
/// icon inlined, and its ES modules — which a browser does not load from `file://` — given to it through
/// an import map of `data:` URLs, their `./name.mjs` imports rewritten to the map's names
/// (`touchbridge/name.mjs`). The bundle starts `artefact.mjs` (the in-page transport) before `app.mjs`,
/// so the page runs its live code path against the embedded timeline.
package struct PageBundle: Sendable {
    /// The `web/` directory of the TouchBridge checkout this library was compiled from (this file is
    /// `Sources/TouchBridgeArtefact/PageBundle.swift`).
    package static let packagedWebRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("web").path

    /// Where the page is read from when nobody says: `TOUCHBRIDGE_WEB_ROOT`, else `web/` in the working
    /// directory, else the checkout's (`packagedWebRoot`) — as `serve` finds it.
    package static func defaultWebRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let configured = environment["TOUCHBRIDGE_WEB_ROOT"], !configured.isEmpty { return configured }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "web/app.mjs", isDirectory: &isDirectory), !isDirectory.boolValue { return "web" }
        return packagedWebRoot
    }

    /// The prefix of every module's name in the import map.
    static let modulePrefix = "touchbridge/"
    /// The id of the element that carries the timeline (web/artefact.mjs reads it).
    package static let dataElementID = "touchbridge-artefact"

    /// The page's HTML with `<!--TOUCHBRIDGE-ARTEFACT-DATA-->` where the timeline goes.
    let template: String
    static let dataMarker = "<!--TOUCHBRIDGE-ARTEFACT-DATA-->"

    /// Reads and bundles the page in `webRoot`; fails with `ArtefactError.page` naming what is missing
    /// or what the bundler does not understand (a page that changed shape fails loudly, never half-inlined).
    package init(webRoot: String = PageBundle.defaultWebRoot()) throws(ArtefactError) {
        let root = URL(fileURLWithPath: webRoot)
        func read(_ name: String) throws(ArtefactError) -> Data {
            do { return try Data(contentsOf: root.appendingPathComponent(name)) } catch {
                throw .page("\(root.appendingPathComponent(name).path) cannot be read (set TOUCHBRIDGE_WEB_ROOT to a copy of web/)")
            }
        }
        func text(_ name: String) throws(ArtefactError) -> String { String(decoding: try read(name), as: UTF8.self) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".mjs") }.sorted()
        } catch {
            throw .page("\(root.path) cannot be listed (set TOUCHBRIDGE_WEB_ROOT to a copy of web/)")
        }
        guard names.contains("app.mjs"), names.contains("artefact.mjs") else { throw .page("\(root.path) has no app.mjs and artefact.mjs") }
        var imports: [String: String] = [:]
        for name in names {
            let module = try Self.rewriteImports(text(name), of: name)
            imports[Self.modulePrefix + name] = "data:text/javascript;base64," + Data(module.utf8).base64EncodedString()
        }
        let importMap = WireJSON.text(JSONValue.object(["imports": .object(imports.mapValues { .string($0) })]))
        let icon = "data:image/svg+xml;base64," + (try read("icon.svg")).base64EncodedString()
        let css = try text("style.css")
        guard !css.contains("</style") else { throw .page("style.css contains </style") }

        var html = try text("index.html")
        // The links a file does not need or cannot follow (manifest, icons), then the style sheet and the script.
        html = html.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("<link rel=\"manifest\"") && !$0.contains("<link rel=\"icon\"") && !$0.contains("<link rel=\"apple-touch-icon\"") }
            .joined(separator: "\n")
        let bootstrap = "<script type=\"importmap\">\(importMap)</script>\n\(Self.dataMarker)\n"
            + "<script type=\"module\">import '\(Self.modulePrefix)artefact.mjs'; import '\(Self.modulePrefix)app.mjs';</script>"
        for (old, new) in [
            ("<link rel=\"stylesheet\" href=\"style.css\">", "<style>\n\(css)</style>"),
            ("<script type=\"module\" src=\"app.mjs\"></script>", bootstrap),
            ("src=\"icon.svg\"", "src=\"\(icon)\""),
        ] {
            guard html.contains(old) else { throw .page("index.html has no \(old)") }
            html = html.replacingOccurrences(of: old, with: new)
        }
        template = html
    }

    /// `module` with each `from './name.mjs'` and `import './name.mjs'` naming the import map's module;
    /// any other relative import is an error (it would not load from a file).
    static func rewriteImports(_ module: String, of name: String) throws(ArtefactError) -> String {
        var lines: [String] = []
        for line in module.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(line)
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("import ") || trimmed.hasPrefix("export ") || trimmed.hasPrefix("} from ") {
                line = line.replacingOccurrences(of: "from './", with: "from '\(modulePrefix)")
                    .replacingOccurrences(of: "import './", with: "import '\(modulePrefix)")
                if line.contains("'./") || line.contains("\"./") || line.contains("'../") {
                    throw .page("\(name): an import the bundler cannot rewrite: \(line)")
                }
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The page with `json` (the timeline, a JSON object) embedded where artefact.mjs reads it. Every `<`
    /// becomes `\u003c` (valid in JSON, where it only occurs in strings), so no text of the session can
    /// end the element.
    func html(embedding json: String) -> String {
        let escaped = json.replacingOccurrences(of: "<", with: "\\u003c")
        let element = "<script type=\"application/json\" id=\"\(Self.dataElementID)\">\(escaped)</script>"
        return template.replacingOccurrences(of: Self.dataMarker, with: element)
    }
}
