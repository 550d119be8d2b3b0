import ArgumentParser
import Foundation
import Logging
import TouchBridgeHost
import TouchBridgeScenes
import TouchBridgeServer

/// Runs the server: the page on `/`, the protocol on `/ws`. `touchbridge serve` and every
/// `SceneServer.main()` are this command; the scenes it serves are `SceneServer.current`'s.
public struct ServeCommand: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the touch lab page and the WebSocket protocol (the default command).",
        discussion: """
            Open the printed URL on a phone on the same network. Motion sensors need https: make a \
            self-signed pair with scripts/make-cert.sh and pass --tls-certificate/--tls-private-key. \
            Listening beyond loopback, the server requires an access token (generated at start unless \
            accessToken is set; --no-token turns it off): the printed URLs carry it as ?token=. \
            The default web root (web), when the working directory has none, is the web/ of the \
            TouchBridge checkout this program was built from. docs/protocol.md describes the protocol.

            Every setting comes from its built-in default, then --config (default \
            config/touchbridge.json when it exists), then its TOUCHBRIDGE_* environment variable, then its \
            flag. The settings, with their environment variables and defaults, are listed under <settings>.
            """
    )

    @Option(help: "A JSON settings file (config/touchbridge.json lists every setting).")
    var config: String?

    @OptionGroup var scenes: ScenesOption

    @Option(help: "Record every session into this directory (created private to you; serve fails at start if it cannot write there), one JSON Lines file each (replay with `touchbridge replay FILE`; the page lists them to step through), bounded by maxRecordingBytesPerSession and maxRecordingBytes.")
    var record: String?

    @Flag(help: "Echo every message back instead of running sessions: the transport-only baseline `touchbridge bench load` compares with.")
    var echo = false

    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Any setting, as --name value:", discussion: settingsHelp, valueName: "settings"))
    var settingArguments: [String] = []

    public init() {}

    public func run() async throws {
        let defaultConfig = "config/touchbridge.json"
        var settings = try await ServerSettings.read(
            file: config ?? (FileManager.default.fileExists(atPath: defaultConfig) ? defaultConfig : nil),
            environment: ProcessInfo.processInfo.environment, arguments: settingArguments)
        if let directory = scenes.directory { settings.scenesDirectory = directory }
        settings.webRoot = WebRoot.resolve(settings.webRoot)
        settings = try settings.validated()

        let level = Logger.Level(rawValue: settings.logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "touchbridge")
        let scenes = SceneServer.current
        let host = try ServerHost(
            settings: settings, logger: logger, echo: echo, swiftScenes: scenes.entries, defaultScene: scenes.effectiveDefaultScene,
            recognizerClasses: scenes.recognizerClasses)
        if let record { try host.record(to: record) }
        let urls = host.urls
        let shards = host.transport.shards.count
        var banner = "TouchBridge listening on \(urls[0])\(shards > 1 ? " (\(shards) shards)" : "")\n"
        for url in urls.dropFirst() { banner += "  on your network: \(url)\n" }
        if let code = host.lanQRCodeText { banner += "  scan to open it on your phone:\n\(code)\n" }
        // Unbuffered, so scripts waiting for the first line see it at once.
        FileHandle.standardOutput.write(Data(banner.utf8))
        try await host.runOnItsOwnThread()
    }

    /// Every setting with its flag, environment variable, default and meaning, for `--help`.
    static var settingsHelp: String {
        let defaults = ServerSettings()
        return ServerSettings.all.map { $0.helpLine(defaults: defaults) }.joined(separator: "\n")
    }
}
