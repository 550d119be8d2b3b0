import Foundation
import Testing
@testable import TouchBridgeTransport

/// A burst of connections that arrive together splits evenly over the shards, even when one shard is
/// slow to take what it was handed: the acceptor counts a hand-off the moment it makes it, not when the
/// shard gets round to opening it (a count read from the shard alone lags, and the lagging shard looked
/// least loaded and got most of the burst: 9/91 on two shards).
@Suite("Shard balance", .serialized)
struct ShardBalanceTests {
    static let burst = 100
    static let runs = 20

    @Test func aBurstOfSimultaneousConnectsSplitsWithin45To55OnTwoShards() throws {
        var splits: [[Int]] = []
        for _ in 0..<Self.runs {
            let shards = try RunningShards(shardCount: 2)
            // Shard 0 takes a millisecond per open, as a shard whose engine is busy does.
            shards.delegates[0].onOpen = { _, _ in usleep(1_000) }
            let upgrade = "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
                + "Sec-WebSocket-Protocol: touchbridge.v1\r\n\r\n"
            let sockets = try (0..<Self.burst).map { _ in try RawSocket(port: shards.server.boundPort) }
            for socket in sockets { try socket.write(upgrade) }
            let opens = { shards.delegates.map(\.openIDs.count) }
            #expect(shards.delegates[0].waitUntil(timeout: 20) { _ in opens().reduce(0, +) == Self.burst },
                    "opens per shard: \(opens())")
            splits.append(opens())
        }
        let uneven = splits.filter { split in split.contains { $0 < 45 || $0 > 55 } }
        #expect(uneven.isEmpty, "splits outside 45/55: \(uneven) of \(splits)")
    }
}

/// `ShardLoad` on its own: a hand-off counts until its connection opens, or until the arrival window
/// passes for a request that never becomes a WebSocket.
struct ShardLoadTests {
    @Test func aHandOffCountsUntilItOpensAndAnHTTPRequestStopsCountingAfterTheWindow() {
        var load = ShardLoad()
        load.handedOff(at: 10)
        load.handedOff(at: 10.5)
        #expect(load.load(at: 10.5) == 2)
        load.opened()
        #expect(load.load(at: 11) == 2)
        #expect(load.load(at: 10.5 + ShardLoad.arrivalWindow) == 1)
        load.closed()
        #expect(load.load(at: 20) == 0)
    }
}
