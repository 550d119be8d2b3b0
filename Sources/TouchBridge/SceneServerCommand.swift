import ArgumentParser
import Foundation

/// The command line of a program built on `SceneServer`: `serve` (the default, so every
/// `touchbridge serve` flag works as it is) and `lint` for the program's own scenes.
struct SceneServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent },
        abstract: "Your scenes on a TouchBridge server (docs/your-own-code.md).",
        subcommands: [ServeCommand.self, LintCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}
