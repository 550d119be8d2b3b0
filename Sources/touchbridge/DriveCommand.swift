import ArgumentParser
import Foundation
import TouchBridge
import TouchBridgeClient
import TouchBridgeHost

/// Runs gesture scripts (docs/scripting.md) and reports pass/fail for people and CI.
struct DriveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drive",
        abstract: "Run gesture test scripts against a server; exit 1 if any expectation fails.",
        discussion: """
            A script is a JSON file: a scene, then steps — gestures (tap, doubleTap, longPress, pan, swipe, \
            pinch, rotate, edgePan, raw, or W3C WebDriver Actions), waits, app-side changes (act), and expectations on transitions \
            (with values), actions, responder calls, control events and render properties. See docs/scripting.md. \
            Without --url the scripts run against a server started inside this process (manual clock by \
            default, so results are exact). A directory argument runs every *.json file in it. \
            --html-on-failure DIR saves each failed expectation's session as one HTML file there, opening at \
            the frame where it was decided (docs/scripting.md §6; the Swift client does the same with \
            TOUCHBRIDGE_HTML_ON_FAILURE=DIR).
            """
    )

    @Argument(help: "Script files or directories of them.")
    var scripts: [String]

    @Option(help: "A running server: its WebSocket URL (ws://HOST:PORT/ws) or page address (http://HOST:PORT/). Default: start one in this process.")
    var url: String?

    @OptionGroup var scenes: ScenesOption

    @Option(help: "Record the in-process server's sessions into this directory (see `touchbridge replay`).")
    var record: String?

    @Flag(help: "Show the event log of every gesture and the entry each expectation matched.")
    var verbose = false

    @Option(name: .customLong("html-on-failure"), help: ArgumentHelp(
        "Save each failed expectation's session as an HTML file to step through, in this directory.", valueName: "dir"))
    var htmlOnFailure: String?

    func run() async throws {
        let paths = try Self.expand(scripts, suffix: ".json")
        guard !paths.isEmpty else { throw ValidationError("no script files in \(scripts.joined(separator: ", "))") }
        var server: InProcessServer?
        var target = url.map(Self.webSocketURL)
        if target == nil {
            var settings = InProcessServer.defaultSettings()
            if let directory = scenes.directory { settings.scenesDirectory = directory }
            let started = try InProcessServer(settings: settings, record: record)
            server = started
            target = started.url
        }
        defer { server?.stop() }
        let runner = DriveRun(paths: paths, url: target!, verbose: verbose, failures: htmlOnFailure)
        let failed = await runner.run()
        print(failed == 0 ? "drive: all \(paths.count) script\(paths.count == 1 ? "" : "s") passed"
              : "drive: \(failed) of \(paths.count) script\(paths.count == 1 ? "" : "s") failed")
        if failed > 0 { throw ExitCode.failure }
    }

    /// The page's address (`http://host:8080/`, as `serve` prints it) becomes its WebSocket URL.
    static func webSocketURL(_ url: String) -> String {
        for (http, ws) in [("http://", "ws://"), ("https://", "wss://")] where url.hasPrefix(http) {
            let rest = url.dropFirst(http.count)
            let authority = rest.prefix { $0 != "/" }
            return ws + authority + "/ws"
        }
        return url
    }

    /// Files as given, directories as their files ending in `suffix` (sorted).
    static func expand(_ arguments: [String], suffix: String) throws -> [String] {
        var paths: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw ValidationError("\(argument): no such file or directory")
            }
            if isDirectory.boolValue {
                let names = try FileManager.default.contentsOfDirectory(atPath: argument).filter { $0.hasSuffix(suffix) }.sorted()
                paths += names.map { (argument as NSString).appendingPathComponent($0) }
            } else {
                paths.append(argument)
            }
        }
        return paths
    }
}

/// Runs the scripts one after another, printing each report as it finishes.
private struct DriveRun: Sendable {
    let paths: [String]
    let url: String
    let verbose: Bool
    let failures: String?

    /// The number of scripts that failed.
    func run() async -> Int {
        var failed = 0
        for path in paths {
            let script: Script
            do {
                script = try Script.load(path: path)
            } catch {
                print("\(path)\n  FAIL cannot read the script: \(error)\nFAIL \(path)\n")
                failed += 1
                continue
            }
            let report = await ScriptRunner.run(script, url: url, verbose: verbose, failures: failures)
            print(report.text)
            if !report.passed { failed += 1 }
        }
        return failed
    }
}
