import Dispatch
import Logging
import Prometheus

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One server made of several `TransportServer`s ("shards"), each with its own libwebsockets
/// context and service thread, so sessions use more than one core. With one shard it is exactly a
/// `TransportServer` listening on its own. With more, one acceptor thread owns the listening socket:
/// it peeks at each connection's request line and hands the socket to a shard — an observer
/// (`/ws?watch=ID`) to the shard `shardOfSession` names for ID, `/metrics` to shard 0, everything
/// else to the shard with the fewest open WebSockets (docs/architecture.md, "Shards").
///
/// Peeking needs the request in clear text, so shards > 1 refuse TLS (terminate it in a proxy).
public final class ShardedTransportServer: Sendable {
    /// The shards, in index order; set each one's delegate before `run()`.
    public let shards: [TransportServer]
    /// The port actually listened on (useful with `port: 0`).
    public let boundPort: Int
    private let acceptor: ConnectionAcceptor?
    private let logger: Logger
    private let started = Locked(false)

    /// Binds the port but serves nothing until `run()`. `shardOfSession` maps a watched session id
    /// to its shard's index (nil: unknown, any shard will do); it is called on the acceptor's thread.
    /// Every shard registers in `metricsRegistry`: counters are shared (they count for the whole
    /// server), gauges carry a `shard` label when there is more than one shard.
    public convenience init(configuration: TransportConfiguration, shardCount: Int, logger: Logger,
                            metricsRegistry: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
                            shardOfSession: @escaping @Sendable (String) -> Int?) throws {
        // A connection waiting for its request line has not joined yet: the acceptor holds as many as
        // all shards together admit unjoined (a burst of honest connects is not evicted as a flood).
        let (unjoined, overflow) = configuration.maxUnjoinedConnections.multipliedReportingOverflow(by: shardCount)
        try self.init(configuration: configuration, shardCount: shardCount, logger: logger, metricsRegistry: metricsRegistry,
                      acceptorLimits: AcceptorLimits(maxPending: overflow ? .max : unjoined), shardOfSession: shardOfSession)
    }

    /// As the public initializer, with the acceptor's bounds given (tests shorten them).
    init(configuration: TransportConfiguration, shardCount: Int, logger: Logger, metricsRegistry: PrometheusCollectorRegistry,
         acceptorLimits: AcceptorLimits, shardOfSession: @escaping @Sendable (String) -> Int?) throws {
        precondition(shardCount >= 1, "a server has at least one shard")
        self.logger = logger
        guard shardCount > 1 else {
            shards = [try TransportServer(configuration: configuration, logger: logger, metricsRegistry: metricsRegistry)]
            boundPort = shards[0].boundPort
            acceptor = nil
            return
        }
        guard configuration.tls == nil else { throw TransportError.tlsNeedsOneShard }
        let listener = try ListeningSocket.open(host: configuration.host, port: configuration.port)
        boundPort = listener.port
        do {
            let shards = try (0..<shardCount).map { index in
                var shardLogger = logger
                shardLogger[metadataKey: "shard"] = "\(index)"
                return try TransportServer(configuration: configuration, logger: shardLogger, metricsRegistry: metricsRegistry,
                                           listening: false, metricsLabels: [("shard", "\(index)")])
            }
            self.shards = shards
            var choice = ShardChoice()
            acceptor = try ConnectionAcceptor(
                listener: listener.fd, limits: acceptorLimits, logger: logger, metricsRegistry: metricsRegistry
            ) { line, socket in
                let owner: Int? = switch line {
                case .target(path: "/metrics", watch: _): 0
                case .target(path: _, watch: let id?): shardOfSession(id)
                default: nil
                }
                let index = owner.flatMap { shards.indices.contains($0) ? $0 : nil }
                    ?? choice.leastLoaded(shards.map(\.loadCountFromAnyThread))
                // Only a request for the WebSocket path will open one: the page's files and /metrics add no load.
                let upgrading = if case .target(path: configuration.webSocketPath, watch: _) = line { true } else { false }
                shards[index].adoptFromAnyThread(socket, countingArrival: upgrading)
            }
        } catch {
            close(listener.fd)
            throw error
        }
        for (index, shard) in shards.enumerated() {
            shard.refreshOtherShardsMetrics = { [weak self] in self?.refreshMetrics(except: index) }
        }
    }

    /// Serves until `requestStop()` (or a signal, see `installSignalHandlers()`): the first shard on
    /// the calling thread, the others and the acceptor on threads of their own. Returns once every
    /// shard has stopped (each closes its clients with 1001, as `TransportServer.run()` does).
    public func run() throws {
        guard let acceptor else { return try shards[0].run() }
        let first = started.withLock { running -> Bool in
            defer { running = true }
            return !running
        }
        guard first else { throw TransportError.alreadyRunning }
        logger.info("sharded transport listening", metadata: ["port": "\(boundPort)", "shards": "\(shards.count)"])
        let threads = shards.dropFirst().map { shard in
            JoinableThread { [logger] in
                do { try shard.run() } catch { logger.error("shard stopped with an error", metadata: ["error": "\(error)"]) }
            }
        } + [JoinableThread { acceptor.run() }]
        defer {
            requestStop()
            for thread in threads { thread.join() }
        }
        try shards[0].run()
    }

    /// Stops accepting, then asks every shard to stop gracefully. Thread-safe and idempotent.
    public func requestStop() {
        acceptor?.requestStop()
        for shard in shards { shard.requestStop() }
    }

    /// Makes SIGINT and SIGTERM (or `signals`) stop the whole server, once, whichever thread gets them.
    public func installSignalHandlers(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        SignalRelay.install(signals, for: self)
    }

    /// Asks every shard but `index` to set its gauges, and waits for them (a quarter of a second at
    /// most: a shard busy past that shows its previous values rather than holding `/metrics`).
    private func refreshMetrics(except index: Int) {
        let done = DispatchSemaphore(value: 0)
        let asked = shards.indices.filter { $0 != index }.filter { other in
            shards[other].enqueueFromAnyThread { transport in
                transport.refreshMetrics()
                done.signal()
            }
        }.count
        let deadline = DispatchTime.now() + 0.25
        for _ in 0..<asked where done.wait(timeout: deadline) == .timedOut { break }
    }
}

extension ShardedTransportServer: StopTarget {
    func signalReceived(_ signal: Int32) {
        logger.notice("signal received, stopping", metadata: ["signal": "\(signal)"])
        requestStop()
    }
}
