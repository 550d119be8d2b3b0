import ArgumentParser
import Foundation
import TouchBridgeScenes
import TouchKit

/// Lints scenes before the first touch: the built-in ones, named ones, declarative files or directories.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Find gesture conflicts in scenes before the first touch (docs/margins-and-lints.md).",
        discussion: """
            Each lint has an id (TB-L01…), the UIKit rule it derives from (docs/uikit-rules.md), a message and a \
            fix. Without arguments: every built-in scene and every declarative scene of --scenes. An argument is \
            a scene name, a declarative scene file (*.json) or a directory of them. Exit status: 0 when no lint \
            reaches --fail-on, 1 when one does, 2 when an argument cannot be read, 64 for a bad option. The work per scene is bounded \
            by the scene: checks over pairs of its recognizers and views (a built-in scene lints in well under \
            a millisecond: `touchbridge bench lint`).
            """
    )

    @Argument(help: "Scene names, declarative scene files or directories (default: every built-in scene).")
    var targets: [String] = []

    @Option(help: "The directory of declarative scenes linted with the built-in ones when no target is given.")
    var scenes = "config/scenes"

    @Option(help: "The lowest severity that fails the run: error, warning, info or never.")
    var failOn = "error"

    @Flag(help: "Print JSON: [{\"scene\": name, \"lints\": [...]}].")
    var json = false

    func validate() throws {
        guard failOn == "never" || GestureLint.Severity(rawValue: failOn) != nil else {
            throw ValidationError("--fail-on must be error, warning, info or never, not '\(failOn)'")
        }
    }

    func run() throws {
        let subjects: [LintSubject]
        do {
            subjects = targets.isEmpty ? try LintSubject.builtIn(scenesDirectory: scenes) : try targets.flatMap(LintSubject.resolve)
        } catch let error as LintSubject.Unreadable {
            FileHandle.standardError.write(Data("touchbridge lint: \(error.message)\n".utf8))
            throw ExitCode(2)
        }
        let results = subjects.map { ($0.name, SceneLinting.lints(of: SceneLinting.window(showing: $0.make()))) }
        print(json ? Self.json(results) : Self.text(results))
        let ranks = GestureLint.Severity.allCases
        guard let threshold = ranks.firstIndex(where: { $0.rawValue == failOn }) else { return }
        if results.contains(where: { $0.1.contains { ranks.firstIndex(of: $0.severity)! <= threshold } }) { throw ExitCode(1) }
    }

    static func text(_ results: [(String, [GestureLint])]) -> String {
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

    static func json(_ results: [(String, [GestureLint])]) -> String {
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

/// A scene to lint: its name and how to build its root view controller.
struct LintSubject {
    struct Unreadable: Error { var message: String }

    var name: String
    var make: () -> UIViewController

    /// Every built-in Swift scene, then the declarative scenes of `scenesDirectory` (a missing one adds none).
    static func builtIn(scenesDirectory: String) throws -> [LintSubject] {
        let swift = SceneLibrary.all.map { descriptor in LintSubject(name: descriptor.name, make: descriptor.make) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scenesDirectory, isDirectory: &isDirectory), isDirectory.boolValue else { return swift }
        return swift + (try directory(scenesDirectory))
    }

    /// A scene name, a declarative file or a directory of them.
    static func resolve(_ target: String) throws -> [LintSubject] {
        if let descriptor = SceneLibrary.descriptor(named: target) { return [LintSubject(name: descriptor.name, make: descriptor.make)] }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory) else {
            throw Unreadable(message: "'\(target)' is neither a built-in scene (\(SceneLibrary.all.map(\.name).joined(separator: ", "))) nor a file or directory")
        }
        return isDirectory.boolValue ? try directory(target) : [try file(target)]
    }

    static func directory(_ path: String) throws -> [LintSubject] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return try names.filter { $0.hasSuffix(".json") }.sorted().map { try file((path as NSString).appendingPathComponent($0)) }
    }

    static func file(_ path: String) throws -> LintSubject {
        guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(message: "cannot read \(path)") }
        do {
            let spec = try SceneSpec.parse(data)
            try spec.checkRecognizerClasses(.builtIn)
            return LintSubject(name: path) { DeclarativeSceneViewController(spec: spec) }
        } catch {
            throw Unreadable(message: "\(path): \(error)")
        }
    }
}
