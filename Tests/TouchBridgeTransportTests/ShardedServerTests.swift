import Foundation
import Logging
import Prometheus
import Testing
@testable import TouchBridgeTransport

/// Three shards serving over loopback, each with a `RecordingDelegate`; the shard a connection
/// reaches is the one whose delegate saw it open (`shardOfSession`: "shard<N>" names shard N).
final class RunningShards: @unchecked Sendable {
    // @unchecked: `server` and `delegates` are thread-safe themselves; `finished` is a semaphore.
    let server: ShardedTransportServer
    let delegates: [RecordingDelegate]
    let registry = PrometheusCollectorRegistry()
    let finished = DispatchSemaphore(value: 0)

    init(shardCount: Int = 3, acceptorLimits: AcceptorLimits = AcceptorLimits()) throws {
        delegates = (0..<shardCount).map { _ in RecordingDelegate() }
        var logger = Logger(label: "test.shards")
        logger.logLevel = .warning
        server = try ShardedTransportServer(
            configuration: TransportConfiguration(host: "127.0.0.1", port: 0), shardCount: shardCount, logger: logger,
            metricsRegistry: registry, acceptorLimits: acceptorLimits,
            shardOfSession: { id in id.hasPrefix("shard") ? Int(id.dropFirst(5)) : nil })
        for (shard, delegate) in zip(server.shards, delegates) { shard.delegate = delegate }
        let (server, finished) = (server, finished)
        let thread = Thread {
            try? server.run()
            finished.signal()
        }
        thread.start()
    }

    deinit {
        server.requestStop()
        _ = finished.wait(timeout: .now() + 10)
    }

    /// The acceptor's count of connections it closed for `reason`.
    func closedByAcceptor(_ reason: String) -> Int {
        let prefix = "touchbridge_transport_acceptor_closed_total{reason=\"\(reason)\"} "
        let line = registry.emitToString().split(separator: "\n").first { $0.hasPrefix(prefix) }
        return line.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
    }
}

/// A `ShardedTransportServer` over loopback: connections reach the shard their `?watch=` names,
/// others spread, a silent client holds nothing, `/metrics` shows every shard, a stop stops all.
@Suite("Sharded server", .serialized)
final class ShardedServerTests {
    let shards: RunningShards
    var server: ShardedTransportServer { shards.server }
    var delegates: [RecordingDelegate] { shards.delegates }
    var finished: DispatchSemaphore { shards.finished }

    init() throws {
        shards = try RunningShards()
    }

    private func opens() -> [Int] { delegates.map(\.openIDs.count) }

    @Test func anObserverReachesTheShardItsWatchValueNames() throws {
        let clients = try [2, 0, 1, 2].map { shard in try WSClient(port: server.boundPort, path: "/ws?watch=shard\(shard)") }
        #expect(delegates[0].waitUntil(timeout: 5) { _ in self.opens() == [1, 1, 2] }, "opens per shard: \(opens())")
        try clients[0].sendText("to shard 2")
        #expect(try clients[0].readText() == "to shard 2")
        #expect(delegates[2].events.contains(.text(delegates[2].openIDs[0], "to shard 2")))
    }

    @Test func connectionsWithoutAKnownSessionSpreadOverTheShards() throws {
        let clients = try ["/ws", "/ws?watch=nobody", "/ws?watch=shard7", "/ws?x=1", "/ws", "/ws"].map {
            try WSClient(port: server.boundPort, path: $0)
        }
        #expect(delegates[0].waitUntil(timeout: 5) { _ in self.opens().reduce(0, +) == clients.count })
        #expect(opens() == [2, 2, 2])
    }

    @Test func aSilentClientDoesNotHoldTheOthers() throws {
        let silent = try RawSocket(port: server.boundPort, timeout: 0.3)
        let partial = try RawSocket(port: server.boundPort, timeout: 0.3)
        try partial.write("GET /ws?watch=sha")
        let client = try WSClient(port: server.boundPort, path: "/ws?watch=shard1")
        try client.sendText("hi")
        #expect(try client.readText() == "hi")
        // Served while the two others still wait for their request lines (their 10 s deadline has not
        // passed): the acceptor did not wait for them.
        #expect(!silent.sawEOF() && !partial.sawEOF(), "still waiting for their request lines, within the deadline")
    }

    @Test func metricsShowEveryShardsGauges() throws {
        let clients = try [0, 2].map { try WSClient(port: server.boundPort, path: "/ws?watch=shard\($0)") }
        #expect(delegates[0].waitUntil(timeout: 5) { _ in self.opens() == [1, 0, 1] })
        let text = try httpGet(port: server.boundPort, path: "/metrics").text
        for (shard, open) in [(0, 1), (1, 0), (2, 1)] {
            #expect(text.contains("touchbridge_transport_connections_open{shard=\"\(shard)\"} \(open).0"), "\(text)")
        }
        #expect(text.contains("touchbridge_transport_connections_accepted_total \(clients.count)"), "counters count for every shard")
    }

    @Test func aStopStopsEveryShard() throws {
        let clients = try [0, 1, 2].map { try WSClient(port: server.boundPort, path: "/ws?watch=shard\($0)") }
        #expect(delegates[0].waitUntil(timeout: 5) { _ in self.opens() == [1, 1, 1] })
        server.requestStop()
        for client in clients {
            #expect(try client.readClose().code == 1001)
        }
        #expect(finished.wait(timeout: .now() + 10) == .success)
        finished.signal()  // for deinit
        #expect(throws: (any Error).self) { try RawSocket(port: self.server.boundPort, timeout: 1) }
    }
}

/// What the acceptor sets on a socket before a shard adopts it.
@Suite struct AcceptedSocketTests {
    @Test func anAcceptedSocketSendsWithoutNaglesDelayAndNeverBlocks() throws {
        let listener = try ListeningSocket.open(host: "127.0.0.1", port: 0)
        defer { close(listener.fd) }
        let client = try RawSocket(port: listener.port)
        defer { withExtendedLifetime(client) {} }
        var fd: Int32 = -1
        for _ in 0..<500 where fd < 0 {
            fd = accept(listener.fd, nil, nil)
            if fd < 0 { usleep(2_000) }
        }
        try #require(fd >= 0)
        defer { close(fd) }
        func noDelay() -> Int32 {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &length)
            return value
        }
        #expect(noDelay() == 0, "the kernel's default: Nagle on")
        AcceptedSocket.prepare(fd)
        #expect(noDelay() != 0)
        #expect(fcntl(fd, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(fd, F_GETFD) & FD_CLOEXEC != 0)
    }
}

/// The acceptor's bounds, shortened: what it does with clients that do not send a request line.
@Suite("Acceptor bounds", .serialized)
struct AcceptorBoundsTests {
    @Test func aClientSilentPastTheDeadlineIsClosed() throws {
        let shards = try RunningShards(acceptorLimits: AcceptorLimits(requestLineTimeout: 0.3))
        let silent = try RawSocket(port: shards.server.boundPort, timeout: 3)
        #expect(silent.sawEOF())
        #expect(shards.closedByAcceptor("timeout") == 1)
        #expect(shards.delegates.allSatisfy { $0.openIDs.isEmpty })
    }

    @Test func pastThePendingBoundTheOldestWaitingClientIsClosed() throws {
        let shards = try RunningShards(acceptorLimits: AcceptorLimits(maxPending: 2))
        let waiting = try (0..<3).map { _ in try RawSocket(port: shards.server.boundPort, timeout: 2) }
        #expect(waiting[0].sawEOF(), "the oldest goes")
        #expect(shards.closedByAcceptor("evicted") == 1)
        let client = try WSClient(port: shards.server.boundPort, path: "/ws?watch=shard1")
        try client.sendText("still served")
        #expect(try client.readText() == "still served")
    }

    @Test func aClientThatLeavesBeforeItsRequestLineIsCounted() throws {
        let shards = try RunningShards()
        do { _ = try RawSocket(port: shards.server.boundPort) }
        #expect(shards.delegates[0].waitUntil(timeout: 5) { _ in shards.closedByAcceptor("peer") == 1 })
    }
}
