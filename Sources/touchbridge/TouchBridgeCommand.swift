import ArgumentParser
import TouchBridge

@main
struct TouchBridgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchbridge",
        abstract: "UIKit's touch-event model, in any browser.",
        discussion: """
            TouchBridge runs a UIKit-faithful engine (TouchKit) on the server: touches, hit-testing, the \
            responder chain and gesture recognizers behave as on iOS, and every decision is logged with \
            its reason.
            """,
        subcommands: [ServeCommand.self, DemoCommand.self, BenchCommand.self, DriveCommand.self, ReplayCommand.self, FlakeCommand.self,
                      ExportCommand.self, LintCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}
