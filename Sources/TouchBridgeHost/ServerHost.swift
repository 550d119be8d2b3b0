import Foundation
import Logging
import Prometheus
import TouchBridgeProtocol
import TouchBridgeQR
import TouchBridgeScenes
import TouchBridgeServer
import TouchBridgeTransport

/// The running server: settings in, a listening transport whose shards each run a session hub of
/// their own (one shard unless `shards` says otherwise).
public final class ServerHost {
    /// The settings the server was built from.
    public let settings: ServerSettings
    /// The listening transport: its shards, bound port and connection counts.
    public let transport: ShardedTransportServer
    /// The access token clients beyond loopback must present (nil: none required).
    public let accessToken: String?
    /// One per shard, in shard order: each lives on its shard's service thread only.
    private let bridges: [TransportDelegate]
    private let logger: Logger

    /// `echo`: serve the performance baseline instead of sessions (same transport and limits).
    /// `swiftScenes` and `defaultScene`: the Swift scenes to serve (default: the built-in ones);
    /// refused registrations are logged as warnings, and clients asking for them get the reason.
    /// `recognizerClasses`: what declarative scenes' `custom` recognizers may name.
    public init(
        settings: ServerSettings, logger: Logger, echo: Bool = false,
        swiftScenes: [SceneRegistry.Entry] = LibraryCatalog.builtInScenes, defaultScene: String? = SceneLibrary.defaultSceneName,
        recognizerClasses: RecognizerClasses = .builtIn
    ) throws {
        self.settings = settings
        self.logger = logger
        FileDescriptorLimit.raiseToMaximum()
        let scenes = try Self.loadDeclarativeScenes(from: settings.scenesDirectory, logger: logger)
        let catalog = LibraryCatalog(
            swiftScenes: swiftScenes, defaultScene: defaultScene, declarativeScenes: scenes, allowsInlineScenes: settings.allowInlineScenes,
            recognizerClasses: recognizerClasses)
        for (name, reason) in catalog.refused.sorted(by: { $0.key < $1.key }) {
            logger.warning("scene \"\(name)\" is not served: \(reason)")
        }
        let limits = ProtocolLimits(
            maxMessageBytes: settings.maxMessageBytes, maxPointersPerInput: settings.maxPointersPerInput,
            maxTouches: settings.maxTouches, maxInlineSceneBytes: settings.maxInlineSceneBytes,
            maxObserversPerSession: settings.maxObserversPerSession)
        let metricsRegistry = PrometheusCollectorRegistry()
        let shardCount = settings.shardCount
        // Server-wide bounds are split between the shards (each enforces its part on its own thread).
        func share(_ total: Int) -> Int { max(1, (total + shardCount - 1) / shardCount) }
        bridges = (0..<shardCount).map { shard in
            guard !echo else { return EchoServer() }
            let bridge = HubBridge(
                hub: Hub(catalog: catalog, limits: limits, makeSessionID: { settings.makeSessionID(shard: shard) }), logger: logger,
                engineSecondsPerSecond: settings.engineSecondsPerSecond, busyEngineSecondsPerSecond: settings.busyEngineSecondsPerSecond,
                metricsRegistry: metricsRegistry, metricsLabels: shardCount > 1 ? [("shard", "\(shard)")] : [])
            bridge.stepper = SessionStepper(catalog: catalog, limits: limits, clock: MonotonicClock.now, analyses: LiveSteppingAnalyses(),
                                            historyBudgetBytes: share(SessionStepper.defaultHistoryBudgetBytes),
                                            uploadBudgetBytes: share(settings.maxUploadBytesInFlight),
                                            timelineBudgetBytes: share(SessionStepper.defaultTimelineBudgetBytes))
            return bridge
        }
        let accessToken = echo ? nil : settings.resolvedAccessToken()
        self.accessToken = accessToken
        let tls = settings.tlsCertificate.flatMap { certificate in
            settings.tlsPrivateKey.map { TransportConfiguration.TLS(certificatePath: certificate, privateKeyPath: $0) }
        }
        transport = try ShardedTransportServer(
            configuration: TransportConfiguration(
                host: settings.host, port: settings.port, webRoot: settings.webRoot, subprotocol: ProtocolVersion.subprotocol,
                webSocketPath: "/ws", tls: tls, maxMessageBytes: settings.maxMessageBytes,
                maxConnections: share(settings.maxConnections), maxMessagesPerSecond: settings.maxMessagesPerSecond,
                outboundQueueLimit: settings.outboundQueueLimit, outboundQueueBytes: settings.outboundQueueBytes,
                outboundBudgetBytes: share(settings.outboundBudgetBytes), idleTimeout: settings.idleTimeoutSeconds,
                keepAlivePingInterval: settings.keepAlivePingSeconds, allowedOrigins: settings.allowedOrigins,
                allowedHosts: settings.allowedHosts + Self.listeningAddresses(of: settings.host) + (settings.advertisedHost.map { [$0] } ?? []),
                joinTimeout: settings.joinTimeoutSeconds, maxUnjoinedConnections: share(settings.maxUnjoinedConnections),
                accessToken: accessToken, readPauseBytes: settings.readPauseBytes),
            shardCount: shardCount, logger: logger, metricsRegistry: metricsRegistry,
            shardOfSession: { settings.shard(ofSession: $0) })
        for (shard, bridge) in zip(transport.shards, bridges) { shard.delegate = bridge }
        if let lanURL, let code = QRCode(lanURL) {
            let address = LANAddress(url: lanURL, qr: QRCodePath(size: code.size, path: code.svgPath))
            for bridge in hubBridges { bridge.hub.lanAddress = address }
        }
    }

    /// The session bridges (none with `echo`).
    var hubBridges: [HubBridge] { bridges.compactMap { $0 as? HubBridge } }

    /// The address a phone on the same network opens (with the access token), if the server listens
    /// beyond loopback (any of 127.0.0.0/8 is this machine only: no phone reaches it).
    public var lanURL: String? {
        urls.first { url in !ServerSettings.isLoopbackHost(URLComponents(string: url)?.host ?? "localhost") }
    }

    /// `lanURL` as a QR code for a terminal (scan it with the phone's camera).
    public var lanQRCodeText: String? { lanURL.flatMap(QRCode.init)?.terminalText() }

    /// Records every device session into `directory`, one JSON Lines file each (`touchbridge replay`).
    /// Call before `run()`.
    public func record(to directory: String) throws {
        guard !hubBridges.isEmpty else { throw SettingsError("--record needs sessions; it does not work with --echo") }
        let listing = RecordDirectory(path: directory)
        let budget = RecordingBudget(settings: settings)
        for hubBridge in hubBridges {
            let recorder = try SessionRecorder(listing: listing, settings: settings, budget: budget, logger: logger)
            hubBridge.recorder = recorder
            hubBridge.stepper?.serveRecordings(from: listing, ownFile: { [unowned recorder] in recorder.fileName(of: $0) },
                                               shared: settings.shareRecordings)
            hubBridge.hub.isRecording = true
        }
    }

    /// The URLs to open: loopback first, then one per LAN address (what a phone on the same
    /// network types in), each carrying the access token when one is required.
    public var urls: [String] {
        let scheme = settings.tlsCertificate == nil ? "http" : "https"
        let port = transport.boundPort
        let interfaces = Self.listensOnEveryInterface(settings.host)
            ? ["127.0.0.1"] + Self.listeningAddresses(of: settings.host).filter { !$0.contains(":") && !$0.hasPrefix("127.") }.sorted()
            : [settings.host]
        // An advertised address is what phones open: it leads the non-loopback ones.
        let hosts = settings.advertisedHost.map { advertised in
            interfaces.filter(ServerSettings.isLoopbackHost) + [advertised] + interfaces.filter { !ServerSettings.isLoopbackHost($0) }
        } ?? interfaces
        let query = accessToken.map { "?token=\($0)" } ?? ""
        return hosts.map { "\(scheme)://\($0):\(port)/\(query)" }
    }

    /// The addresses a server listening on `host` is reached at: every interface's when it listens on
    /// all of them, else `host` itself. The transport answers requests naming these (and loopback
    /// names) in `Host`; a name a DNS-rebinding page uses is none of them.
    static func listeningAddresses(of host: String) -> [String] {
        listensOnEveryInterface(host) ? Host.current().addresses : [host]
    }

    private static func listensOnEveryInterface(_ host: String) -> Bool { ["0.0.0.0", "", "::", "*"].contains(host) }

    /// Serves until SIGINT/SIGTERM (every client gets close 1001).
    public func run() throws {
        transport.installSignalHandlers()
        try transport.run()
    }

    /// `run()` on a thread of its own, for async callers: the service loop blocks its thread for
    /// the server's life, which must not be one of Swift concurrency's few cooperative threads.
    public func runOnItsOwnThread() async throws {
        let transport = transport
        transport.installSignalHandlers()
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let thread = Thread {
                do {
                    try transport.run()
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "touchbridge-server"
            thread.start()
        }
    }

    static func loadDeclarativeScenes(from directory: String, logger: Logger) throws -> [SceneSpec] {
        let fileManager = FileManager.default
        guard let names = try? fileManager.contentsOfDirectory(atPath: directory) else { return [] }
        return try names.filter { $0.hasSuffix(".json") }.sorted().map { name in
            let path = (directory as NSString).appendingPathComponent(name)
            do {
                return try SceneSpec.parse(Data(contentsOf: URL(fileURLWithPath: path)))
            } catch let error as SceneError {
                throw SettingsError("\(path): \(error.description)")
            }
        }
    }
}
