import ArgumentParser
import Foundation
import TouchBridge
import TouchBridgeHost
import TouchBridgeProtocol

/// Turns a recorded session into something another tool runs: W3C WebDriver Actions for a real iPhone
/// (Appium's XCUITest driver) or a `drive` script that plays them here.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a recording's finger trace as W3C WebDriver Actions or a pytest test.",
        discussion: """
            --as script (the default) writes a `touchbridge drive` script: the recording's scene and viewport, \
            the manual clock, and one step of W3C WebDriver Actions — run it with `touchbridge drive FILE`. \
            --as actions writes only the Actions body, `{"actions": [...]}`, which WebDriver clients send to \
            POST /session/{id}/actions (Appium's XCUITest driver plays it on a real iPhone). Every pointer \
            is one pointer source; times are whole milliseconds. --as pytest writes a test on the Python client \
            (clients/python): the recorded trace on its scene and viewport, then the decisions the recording's \
            replay made, in order (transitions, actions, control events), so a change that alters one fails \
            it by name. What a pointer trace cannot carry (a resize after the first touch, act, scene \
            switches, motion, coalesced samples) is left out and listed on standard error. docs/scripting.md §5.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case script, actions, pytest
    }

    @Argument(help: "A recording (`serve --record` file).")
    var recording: String

    @Option(name: .customLong("as"), help: "script: a drive script; actions: the bare W3C Actions body; pytest: a test on the Python client.")
    var format = Format.script

    @OptionGroup var scenes: ScenesOption

    func run() throws {
        let loaded = try Recording.load(path: recording)
        let name = URL(fileURLWithPath: recording).deletingPathExtension().lastPathComponent
        let notes: [String]
        do {
            if format == .pytest {
                let replay = try SessionReplay.run(loaded, scenesDirectory: scenes.directory)
                let test = try PytestExport(loaded, name: name, decided: replay.outbound)
                print(test.source, terminator: "")
                notes = test.notes
            } else {
                let export = try WebDriverActionsExport(loaded)
                print(WireJSON.text(format == .script ? export.driveScript(name: name) : export.actions))
                notes = export.notes
            }
        } catch let error as ExportError {
            throw ValidationError("\(recording): \(error.description)")
        }
        for note in notes { FileHandle.standardError.write(Data("left out: \(note)\n".utf8)) }
    }
}
