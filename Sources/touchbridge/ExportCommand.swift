import ArgumentParser
import Foundation
import TouchBridgeHost
import TouchBridgeProtocol

/// Turns a recorded session into something another tool runs: W3C WebDriver Actions for a real iPhone
/// (Appium's XCUITest driver) or a `drive` script that plays them here.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a recording's finger trace as W3C WebDriver Actions.",
        discussion: """
            --as script (the default) writes a `touchbridge drive` script: the recording's scene and viewport, \
            the manual clock, and one step of W3C WebDriver Actions — run it with `touchbridge drive FILE`. \
            --as actions writes only the Actions body, `{"actions": [...]}`, which WebDriver clients send to \
            POST /session/{id}/actions (Appium's XCUITest driver plays it on a real iPhone). Every pointer \
            is one pointer source; times are whole milliseconds. What actions cannot carry (a resize after \
            the first touch, act, scene switches, motion, coalesced samples) is left out and listed on \
            standard error. docs/scripting.md §5.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case script, actions
    }

    @Argument(help: "A recording (`serve --record` file).")
    var recording: String

    @Option(name: .customLong("as"), help: "script: a drive script; actions: the bare W3C Actions body.")
    var format = Format.script

    func run() throws {
        let loaded = try Recording.load(path: recording)
        let export: WebDriverActionsExport
        do {
            export = try WebDriverActionsExport(loaded)
        } catch let error as ExportError {
            throw ValidationError("\(recording): \(error.description)")
        }
        let name = URL(fileURLWithPath: recording).deletingPathExtension().lastPathComponent
        let json = format == .script ? export.driveScript(name: name) : export.actions
        print(WireJSON.text(json))
        for note in export.notes { FileHandle.standardError.write(Data("left out: \(note)\n".utf8)) }
    }
}
