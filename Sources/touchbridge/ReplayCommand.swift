import ArgumentParser
import Foundation
import TouchBridge
import TouchBridgeHost
import TouchBridgeProtocol

/// Re-runs recordings headlessly and prints their event log; `--check` compares with the recording.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run a session recording headlessly and print its event log.",
        discussion: """
            A recording is what `touchbridge serve --record DIR` writes: one JSON Lines file per session. \
            Replay feeds the recorded messages, with their recorded receive times and timer firings, to a \
            fresh session (same session id, same clock mode), and prints one line per responder call, \
            transition (with its reason) and action, plus scene switches, errors, marks and what a client's act \
            did and answered (its `note: act: …` lines). The output is \
            byte-identical on every run. --check also compares every message the replay sends with the \
            recorded one and exits 1 at the first difference, showing it. A directory argument replays \
            every *.jsonl file in it.

            --html OUT.html writes the replay as one self-contained HTML file: the page in its stepping \
            mode with the session's frames embedded, opened from anywhere (file://, no server, no \
            network) at the last frame, or with --check at the frame where the first difference was \
            decided, the difference in its log. A failing --check writes one anyway: to \
            --html-on-failure OUT.html, else into touchbridge-failures-UID in the temporary directory \
            (private to you; the path is printed). \
            docs/scripting.md §6.

            --what-if replays the same finger trace against a changed app and says which decisions \
            flip: both timelines' outcomes (recognizers' ends, views' touchesEnded/Cancelled, controls' \
            touch-up events), the first event whose log differs, and each changed outcome with the \
            log's reason. A change is `NAME.PROPERTY=VALUE` (a recognizer or view property, as an `act` \
            `set` takes it: pan.minimumNumberOfTouches=2, doubleTap.maximumIntervalBetweenSuccessiveTaps=0.2, \
            tap.cancelsTouchesInView=false) or any `act` action as JSON \
            ('{"relate":{"requireToFail":["singleTap","doubleTap"]}}', '{"remove":{"recognizer":"pan"}}'), or a \
            relationship taken away ('{"unrelate":{"requireToFail":["singleTap","doubleTap"]}}', \
            '{"unrelate":{"simultaneous":["pinch","rotation"]}}'); \
            repeat the option for several (applied in order to every scene the replay builds). \
            docs/whatif.md has a worked example.
            """
    )

    @Argument(help: "Recording files or directories of them.")
    var files: [String]

    @Flag(help: "Compare the replayed outbound messages with the recorded ones; exit 1 at the first difference.")
    var check = false

    @OptionGroup var diagnostics: DiagnosticsOption

    @Flag(help: "Print only the check's verdict, not the event log.")
    var quiet = false

    @OptionGroup var scenes: ScenesOption

    @Option(name: .customLong("what-if"), help: ArgumentHelp(
        "A change to replay against: NAME.PROPERTY=VALUE or an act action as JSON (repeatable).", valueName: "change"))
    var whatIf: [String] = []

    @Flag(help: "With --what-if: print the answer as one JSON object per recording.")
    var json = false

    @Option(help: ArgumentHelp("Write the replay as one self-contained HTML file to step through in a browser (one recording).", valueName: "file"))
    var html: String?

    @Option(name: .customLong("html-on-failure"), help: ArgumentHelp(
        "With --check: where a difference's HTML file goes (default: the temporary directory).", valueName: "file"))
    var htmlOnFailure: String?

    func validate() throws {
        if !whatIf.isEmpty && check { throw ValidationError("--what-if and --check do not go together (a what-if changes the app)") }
        if json && whatIf.isEmpty { throw ValidationError("--json goes with --what-if") }
        if (html != nil || htmlOnFailure != nil) && !whatIf.isEmpty { throw ValidationError("--html goes with a replay, not --what-if") }
        if htmlOnFailure != nil && !check { throw ValidationError("--html-on-failure goes with --check") }
    }

    func run() throws {
        let paths = try DriveCommand.expand(files, suffix: ".jsonl")
        guard !paths.isEmpty else { throw ValidationError("no recordings in \(files.joined(separator: ", "))") }
        if html != nil && paths.count > 1 { throw ValidationError("--html writes one recording's file: \(paths.count) recordings given") }
        if !whatIf.isEmpty {
            let changes = try whatIf.map { text throws(WhatIfError) in try AppChange(text) }
            for path in paths {
                let report = try WhatIfReplay.run(try Recording.load(path: path), changes: changes, scenesDirectory: scenes.directory)
                print(json ? WireJSON.text(WhatIfOutput(file: path, report: report)) : "# what-if \(path)\n" + report.text, terminator: json ? "\n" : "")
            }
            return
        }
        for path in paths {
            let recording = try Recording.load(path: path)
            warnIfScenesAreMissing(recording, path: path)
            let result = try SessionReplay.run(recording, scenesDirectory: scenes.directory, diagnostics: diagnostics.isOn)
            if !quiet { print("# replay \(path)\n" + result.trace, terminator: "") }
            if let html { ReplayArtefact.write(result, checked: check, recording: path, to: html) }
            guard check else { continue }
            if let difference = result.difference {
                print("FAIL \(path): the replay differs from the recording\n\(difference)", terminator: "")
                if html == nil {
                    ReplayArtefact.write(result, checked: true, recording: path, to: htmlOnFailure ?? ReplayArtefact.defaultPath(for: path),
                                         privately: htmlOnFailure == nil)
                }
                throw ExitCode.failure
            }
            print("ok \(path): \(result.inboundCount) inbound messages, \(result.outbound.count) outbound messages identical")
        }
    }

    /// The recording names the declarative scenes directory the server read, as the server was given it —
    /// often relative (`config/scenes`). Replayed from elsewhere, the scene list differs at the welcome and
    /// `--check` fails there; say why before it does.
    private func warnIfScenesAreMissing(_ recording: Recording, path: String) {
        let directory = scenes.directory ?? recording.header.scenesDirectory
        var isDirectory: ObjCBool = false
        guard !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue else { return }
        let given = scenes.directory == nil ? "the recording's scenes directory" : "--scenes"
        let note = "note: \(path): \(given) \(directory) is not found from \(FileManager.default.currentDirectoryPath), "
            + "so the replay has none of its declarative scenes; run from the directory the server ran in, or pass --scenes DIR\n"
        FileHandle.standardError.write(Data(note.utf8))
    }
}

/// One line of `replay --what-if --json`: the recording and the what-if's answer.
struct WhatIfOutput: Encodable {
    var file: String
    var report: WhatIfReport
}
