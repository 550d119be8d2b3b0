import ArgumentParser

/// `--scenes DIR`, shared by the commands that serve scenes (serve, drive, replay).
public struct ScenesOption: ParsableArguments {
    @Option(name: .customLong("scenes"), help: "Directory of declarative scenes (*.json).")
    public var directory: String?

    public init() {}
}
