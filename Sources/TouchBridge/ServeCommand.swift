import ArgumentParser
import Foundation
import Logging
import TouchBridgeHost
import TouchBridgeScenes
import TouchBridgeServer

/// Runs the server: the page on `/`, the protocol on `/ws`. `touchbridge serve` and every
/// `SceneServer.main()` are this command; the scenes it serves are `SceneServer.current`'s.
public struct ServeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the touch lab page and the WebSocket protocol (the default command).",
        discussion: """
            Open the printed URL on a phone on the same network. Motion sensors need https: make a \
            self-signed pair with scripts/make-cert.sh and pass --tls-certificate/--tls-private-key. \
            Settings come from built-in defaults, then --config (default config/touchbridge.json when \
            it exists), then TOUCHBRIDGE_* environment variables (TOUCHBRIDGE_PORT=9000), then these flags. \
            Listening beyond loopback, the server requires an access token (generated at start unless \
            accessToken is set; --no-token turns it off): the printed URLs carry it as ?token=. \
            The default web root (web), when the working directory has none, is the web/ of the \
            TouchBridge checkout this program was built from. \
            docs/protocol.md describes the protocol; config/touchbridge.json lists every setting.
            """
    )

    @Option(help: "A JSON settings file.")
    var config: String?

    @Option(help: "Address to listen on (0.0.0.0: every interface).")
    var host: String?

    @Option(help: "TCP port (0 picks a free one).")
    var port: Int?

    @Option(help: "Directory of the static page.")
    var webRoot: String?

    @Option(help: "Directory of declarative scenes (*.json).")
    var scenes: String?

    @Option(help: "TLS certificate (PEM) for https/wss.")
    var tlsCertificate: String?

    @Option(help: "TLS private key (PEM).")
    var tlsPrivateKey: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String?

    @Option(help: "Record every session into this directory (created private to you; serve fails at start if it cannot write there), one JSON Lines file each (replay with `touchbridge replay FILE`; the page lists them to step through).")
    var record: String?

    @Flag(help: "Serve without an access token even when listening beyond loopback (anyone on the network can open sessions).")
    var noToken = false

    @Flag(help: "Echo every message back instead of running sessions: the transport-only baseline `touchbridge bench load` compares with.")
    var echo = false

    public init() {}

    public func run() throws {
        var settings = ServerSettings()
        let defaultConfig = "config/touchbridge.json"
        if let path = config ?? (FileManager.default.fileExists(atPath: defaultConfig) ? defaultConfig : nil) {
            settings = try ServerSettings.load(file: path)
        }
        settings = try settings.applying(environment: ProcessInfo.processInfo.environment)
        if let host { settings.host = host }
        if let port { settings.port = port }
        if let webRoot { settings.webRoot = webRoot }
        if let scenes { settings.scenesDirectory = scenes }
        if let tlsCertificate { settings.tlsCertificate = tlsCertificate }
        if let tlsPrivateKey { settings.tlsPrivateKey = tlsPrivateKey }
        if let logLevel { settings.logLevel = logLevel }
        if noToken { settings.noToken = true }
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
        var banner = "TouchBridge listening on \(urls[0])\n"
        for url in urls.dropFirst() { banner += "  on your network: \(url)\n" }
        if let code = host.lanQRCodeText { banner += "  scan to open it on your phone:\n\(code)\n" }
        // Unbuffered, so scripts waiting for the first line see it at once.
        FileHandle.standardOutput.write(Data(banner.utf8))
        try host.run()
    }
}
