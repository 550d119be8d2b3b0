import Foundation
import Logging
import TouchBridgeScenes
import TouchBridgeServer

/// A real server (`ServerHost`: transport + hub) running on a background thread of this process,
/// on a free loopback port — for `touchbridge drive` and Swift end-to-end tests.
public final class InProcessServer: @unchecked Sendable {
    /// The server, for tests that need its transport or settings.
    public let host: ServerHost
    /// The WebSocket URL, `ws://127.0.0.1:PORT/ws`.
    public let url: String
    /// The loopback port the transport bound (a free one, chosen by the system).
    public var port: Int { host.transport.boundPort }
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = NSLock()
    private var isStopped = false

    /// Settings for a private server: loopback, a free port, no rate limit and no engine-time share
    /// (scripts send as fast as the server answers, and nobody else uses it), everything else at its defaults.
    public static func defaultSettings() -> ServerSettings {
        var settings = ServerSettings()
        settings.host = "127.0.0.1"
        settings.port = 0
        settings.maxMessagesPerSecond = 0
        settings.engineSecondsPerSecond = 0
        settings.logLevel = "warning"
        return settings
    }

    /// Starts serving at once. A missing web root is replaced by an empty directory (only the
    /// WebSocket matters here); `record` records every session (as `serve --record`);
    /// `swiftScenes`/`defaultScene`/`recognizerClasses` as for `ServerHost`.
    public init(
        settings: ServerSettings = InProcessServer.defaultSettings(), record: String? = nil, logger: Logger? = nil,
        swiftScenes: [SceneRegistry.Entry] = LibraryCatalog.builtInScenes, defaultScene: String? = SceneLibrary.defaultSceneName,
        recognizerClasses: RecognizerClasses = .builtIn
    ) throws {
        var settings = settings
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: settings.webRoot, isDirectory: &isDirectory) || !isDirectory.boolValue {
            let empty = (NSTemporaryDirectory() as NSString).appendingPathComponent("touchbridge-empty-web-root")
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            settings.webRoot = empty
        }
        let level = Logger.Level(rawValue: settings.logLevel) ?? .warning
        let logger = logger ?? Logger(label: "touchbridge.in-process") { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        host = try ServerHost(
            settings: settings, logger: logger, swiftScenes: swiftScenes, defaultScene: defaultScene, recognizerClasses: recognizerClasses)
        if let record { try host.record(to: record) }
        url = "ws://127.0.0.1:\(host.transport.boundPort)/ws"
        let (transport, finished) = (host.transport, finished)
        let thread = Thread {
            try? transport.run()
            finished.signal()
        }
        thread.name = "touchbridge-server"
        thread.start()
    }

    /// Stops the server (clients get close 1001) and waits for its thread, up to `timeout` seconds.
    public func stop(timeout: Double = 10) {
        let already = stopped.withLock { () -> Bool in
            defer { isStopped = true }
            return isStopped
        }
        guard !already else { return }
        host.transport.requestStop()
        _ = finished.wait(timeout: .now() + timeout)
    }

    deinit { stop() }
}
