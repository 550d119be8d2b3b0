import ArgumentParser

/// `--diagnostics`, shared by the commands that print an event log (demo, replay).
struct DiagnosticsOption: ParsableArguments {
    @Flag(name: .customLong("diagnostics"), help: "Also print diagnostics: hit-test paths, withheld touches, waits and resets.")
    var isOn = false
}
