import ArgumentParser

/// `--scenes DIR`, shared by the commands that serve scenes (serve, drive, replay).
public struct ScenesOption: ParsableArguments {
    /// The directory given; nil keeps the command's default (the settings' `scenesDirectory`, or the recording's for `replay`).
    @Option(name: .customLong("scenes"), help: "Directory of declarative scenes (*.json). Default: the settings' scenesDirectory; for replay, the one the recording names (relative to where its server ran).")
    public var directory: String?

    public init() {}
}
