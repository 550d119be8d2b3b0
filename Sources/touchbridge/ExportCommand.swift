import ArgumentParser
import Foundation
import TouchBridge
import TouchBridgeHost
import TouchBridgeProtocol

/// Turns a recorded session into something another tool runs: W3C WebDriver Actions for a real iPhone
/// (Appium's XCUITest driver), a `drive` script that plays them here, or a test in Swift or Python.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a recording's finger trace as W3C WebDriver Actions, a Swift test or a pytest test.",
        discussion: """
            --as script (the default) writes a `touchbridge drive` script: the recording's scene and viewport, \
            the manual clock, and one step of W3C WebDriver Actions — run it with `touchbridge drive FILE`. \
            --as actions writes only the Actions body, `{"actions": [...]}`, which WebDriver clients send to \
            POST /session/{id}/actions (Appium's XCUITest driver plays it on a real iPhone). Every pointer \
            is one pointer source; times are whole milliseconds. --as swift writes a Swift Testing test on \
            TouchBridgeClient, --as pytest the same test on the Python client (clients/python): named steps at \
            their recorded times on the recording's scene and viewport, each a synthesis call (tap, double tap, \
            long press, pan, swipe, pinch, rotate) where one stays within 2 pt and 1 ms of the recorded \
            fingers, else the recorded changes; after each step, what the recording's replay decided meanwhile, \
            in order (transitions, actions, control events, cancelled touches), so a change that alters one \
            fails the test by name. What a pointer trace cannot carry (a resize after the first touch, act, \
            scene switches, motion, coalesced samples) is left out and listed on standard error. \
            docs/scripting.md §5.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case script, actions, swift, pytest
    }

    @Argument(help: "A recording (`serve --record` file).")
    var recording: String

    @Option(name: .customLong("as"), help: "script: a drive script; actions: the bare W3C Actions body; swift: a Swift Testing test; pytest: a test on the Python client.")
    var format = Format.script

    @Option(name: .customLong("swift-server"), help: ArgumentHelp(
        "With --as swift: the Swift expression of the server URL the @Test connects to (e.g. an in-process server's `server.url`).",
        valueName: "expression"))
    var swiftServer = SwiftTestExport.defaultServer

    @OptionGroup var scenes: ScenesOption

    func run() throws {
        let loaded = try Recording.load(path: recording)
        let name = URL(fileURLWithPath: recording).deletingPathExtension().lastPathComponent
        let notes: [String]
        do {
            if format == .swift || format == .pytest {
                let replay = try SessionReplay.run(loaded, scenesDirectory: scenes.directory)
                let session = try ExportedSession(loaded, name: name, decided: replay.outbound)
                print(format == .swift ? SwiftTestExport(session, server: swiftServer).source : PytestExport(session).source, terminator: "")
                notes = session.notes
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
