import ArgumentParser
import Foundation
import TouchBridgeProtocol
import TouchBridgeScenes
import TouchBridgeServer
import TouchKit

/// Lints scenes before the first touch: `touchbridge lint`, and the same subcommand of every program
/// built on `SceneServer` (`swift run my-server lint`), which lints that program's own scenes.
public struct LintCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find gesture conflicts in scenes before the first touch (docs/margins-and-lints.md).",
        discussion: """
            Each lint has an id (TB-L01…), the UIKit rule it derives from (docs/uikit-rules.md), a message and a \
            fix. Without arguments: every scene this program registers (a SceneServer program's own scenes; \
            touchbridge's built-in ones) and every declarative scene of --scenes. An argument is \
            a scene name, a declarative scene file (*.json) or a directory of them. Exit status: 0 when no lint \
            reaches --fail-on, 1 when one does, 2 when an argument cannot be read or a scene cannot be built, 64 \
            for a bad option. The work per scene is bounded \
            by the scene: checks over pairs of its recognizers and views (a built-in scene lints in well under \
            a millisecond: `touchbridge bench lint`).
            """
    )

    @Argument(help: "Scene names, declarative scene files or directories (default: every scene this program registers).")
    var targets: [String] = []

    @Option(help: "The directory of declarative scenes linted with the registered ones when no target is given.")
    var scenes = "config/scenes"

    @Option(help: "The lowest severity that fails the run: error, warning, info or never.")
    var failOn = "error"

    @Flag(help: "Print JSON: [{\"scene\": name, \"lints\": [...]}].")
    var json = false

    public init() {}

    public func validate() throws {
        guard failOn == "never" || GestureLint.Severity(rawValue: failOn) != nil else {
            throw ValidationError("--fail-on must be error, warning, info or never, not '\(failOn)'")
        }
    }

    /// The windows of every scene `lint` checks without arguments (the program's registered scenes, then
    /// `scenesDirectory`'s files), built as `lint` builds them: for `touchbridge bench lint`.
    public static func registeredSceneWindows(scenesDirectory: String) throws -> [(name: String, window: UIWindow)] {
        try LintSubject.registered(SceneServer.current, scenesDirectory: scenesDirectory).map { ($0.name, try $0.window()) }
    }

    public func run() throws {
        let run = LintRun(server: SceneServer.current, targets: targets, scenesDirectory: scenes, failOn: GestureLint.Severity(rawValue: failOn))
        if let problem = run.problem { FileHandle.standardError.write(Data("touchbridge lint: \(problem)\n".utf8)) }
        if !run.results.isEmpty || run.problem == nil { print(json ? run.json : run.text) }
        if run.exitStatus != 0 { throw ExitCode(run.exitStatus) }
    }
}

/// One lint run over a server's scenes: what `lint` prints and its exit status, apart from the
/// command line so tests can run it on a server of their own.
struct LintRun {
    /// Each scene linted, in order, with its lints.
    private(set) var results: [(scene: String, lints: [GestureLint])] = []
    /// A target that cannot be read or a scene that cannot be built (then nothing is linted: exit 2).
    private(set) var problem: String?
    /// 0 none reaches `failOn`, 1 one does, 2 `problem`.
    let exitStatus: Int32

    /// Lints `targets` (names of `server`'s scenes, declarative files, directories; none: every scene
    /// `server` registers, then `scenesDirectory`'s files); `failOn` nil never fails.
    init(server: SceneServer, targets: [String], scenesDirectory: String, failOn: GestureLint.Severity?) {
        do {
            let subjects = targets.isEmpty ? try LintSubject.registered(server, scenesDirectory: scenesDirectory)
                : try targets.flatMap { target throws in try LintSubject.resolve(target, server: server) }
            for subject in subjects {
                let window = try subject.window()
                results.append((subject.name, SceneLinting.lints(of: window)))
            }
        } catch {
            results = []
            problem = "\(error)"
            exitStatus = 2
            return
        }
        let ranks = GestureLint.Severity.allCases
        let threshold = failOn.flatMap(ranks.firstIndex(of:)) ?? -1
        let failing = results.contains { $0.lints.contains { (ranks.firstIndex(of: $0.severity) ?? ranks.count) <= threshold } }
        exitStatus = failing ? 1 : 0
    }

    /// For people: per scene its lint count, then each lint with its fix.
    var text: String {
        var lines: [String] = []
        for (scene, lints) in results {
            lines.append("\(scene): \(lints.isEmpty ? "no lints" : "\(lints.count) lint\(lints.count == 1 ? "" : "s")")")
            for lint in lints {
                lines.append("  \(lint.severity.rawValue) \(lint.id) \(lint.name) [\(lint.rule)]: \(lint.message)")
                lines.append("    fix: \(lint.fix)")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// For programs: `[{"scene", "lints": [{"id", "name", "severity", "rule", "message", "fix", "subjects"}]}]`.
    var json: String {
        let objects: [[String: Any]] = results.map { scene, lints in
            ["scene": scene, "lints": lints.map { lint in
                ["id": lint.id, "name": lint.name, "severity": lint.severity.rawValue, "rule": lint.rule, "message": lint.message,
                 "fix": lint.fix, "subjects": lint.subjects] as [String: Any]
            }]
        }
        let data = (try? JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .prettyPrinted])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

/// A scene to lint: its name and how to build it (a fresh application, as a session would get).
struct LintSubject {
    struct Unreadable: Error, CustomStringConvertible { var description: String }

    /// The window size scenes are built for: a phone's.
    static let size = CGSize(width: 390, height: 844)

    var name: String
    var build: (CGSize) throws -> UIApplication

    /// The scene's key window, built; a factory's error says which scene.
    func window() throws -> UIWindow {
        let application: UIApplication
        do {
            application = try build(Self.size)
        } catch {
            throw Unreadable(description: "scene \(name) cannot be built: \(error)")
        }
        guard let window = application.keyWindow ?? application.windows.first else {
            throw Unreadable(description: "scene \(name) has no window")
        }
        _ = application.drainTrace()
        return window
    }

    /// `server`'s own scenes (TouchBridge's when it registers none), then the declarative scenes of
    /// `scenesDirectory` (a missing one adds none).
    static func registered(_ server: SceneServer, scenesDirectory: String) throws -> [LintSubject] {
        let entries = server.lintedEntries.map { LintSubject(name: $0.info.name, build: $0.build) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scenesDirectory, isDirectory: &isDirectory), isDirectory.boolValue else { return entries }
        return entries + (try directory(scenesDirectory, server: server))
    }

    /// A scene name of `server`, a declarative file or a directory of them.
    static func resolve(_ target: String, server: SceneServer) throws -> [LintSubject] {
        if let entry = server.entries.first(where: { $0.info.name == target }) { return [LintSubject(name: entry.info.name, build: entry.build)] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) else {
            throw Unreadable(description: "'\(target)' is neither a scene (\(server.entries.map(\.info.name).joined(separator: ", "))) nor a file or directory")
        }
        return isDirectory.boolValue ? try directory(target, server: server) : [try file(target, server: server)]
    }

    static func directory(_ path: String, server: SceneServer) throws -> [LintSubject] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return try names.filter { $0.hasSuffix(".json") }.sorted().map { try file((path as NSString).appendingPathComponent($0), server: server) }
    }

    static func file(_ path: String, server: SceneServer) throws -> LintSubject {
        guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(description: "cannot read \(path)") }
        let classes = server.recognizerClasses
        do {
            let spec = try SceneSpec.parse(data)
            try spec.checkRecognizerClasses(classes)
            let entry = SceneRegistry.Entry.viewController(SceneInfo(name: path, title: path, description: "")) {
                DeclarativeSceneViewController(spec: spec, recognizerClasses: classes)
            }
            return LintSubject(name: path, build: entry.build)
        } catch {
            throw Unreadable(description: "\(path): \(error)")
        }
    }
}
