import Testing
@testable import TouchBridgeHost

/// Session ids name their shard, in process (`shards`) and behind a proxy (`shardName`), and the
/// settings refuse what sharding cannot do.
@Suite struct ShardedSessionIDsTests {
    private func settings(shards: Int, name: String = "") -> ServerSettings {
        var settings = ServerSettings()
        settings.shards = shards
        settings.shardName = name
        return settings
    }

    @Test func oneShardKeepsTheIdsOfBefore() {
        let plain = settings(shards: 1).makeSessionID()
        #expect(plain.count == 32 && plain.allSatisfy(\.isHexDigit))
        let named = settings(shards: 1, name: "a").makeSessionID()
        #expect(named.hasPrefix("a-") && named.count == 34)
        #expect(settings(shards: 1).shard(ofSession: plain) == 0)
        #expect(settings(shards: 1, name: "a").shard(ofSession: named) == 0)
        #expect(settings(shards: 1, name: "a").shard(ofSession: plain) == nil, "another server's id")
    }

    @Test(arguments: ["", "a", "eu1"])
    func everyShardsIdsLeadBackToIt(name: String) {
        let settings = settings(shards: 4, name: name)
        for shard in 0..<4 {
            let id = settings.makeSessionID(shard: shard)
            #expect(settings.shard(ofSession: id) == shard, "\(id)")
            #expect(id.hasPrefix(name.isEmpty ? "s\(shard)-" : "\(name)-s\(shard)-"), "a proxy still routes by the name before the first dash")
        }
    }

    @Test(arguments: ["", "s", "s-", "s4-abc", "s99-abc", "sx-abc", "s-1-abc", "s01x-abc", "0f3c9a", "b-s1-abc", "a-abc"])
    func idsOfNoShardOfOursRouteNowhere(_ id: String) {
        #expect(settings(shards: 4, name: id.hasPrefix("b-") || id.hasPrefix("a-") ? "a" : "").shard(ofSession: id) == nil, "\(id)")
    }

    @Test func zeroMeansOnePerCore() {
        #expect(settings(shards: 0).shardCount >= 1)
        #expect(settings(shards: 3).shardCount == 3)
    }

    @Test func validation() throws {
        #expect(throws: SettingsError.self) { try self.settings(shards: -1).validated() }
        #expect(throws: SettingsError.self) { try self.settings(shards: ServerSettings.maxShards + 1).validated() }
        _ = try settings(shards: ServerSettings.maxShards).validated()
        var tls = settings(shards: 2)
        tls.tlsCertificate = "cert.pem"
        tls.tlsPrivateKey = "key.pem"
        #expect { try tls.validated() } throws: { "\($0)".contains("nginx") }
        tls.shards = 1
        _ = try tls.validated()
    }

    @Test func theFlagReadsAsOtherSettingsDo() async throws {
        #expect(try await ServerSettings.read(arguments: ["--shards", "2"]).shards == 2)
        #expect(try await ServerSettings.read(environment: ["TOUCHBRIDGE_SHARDS": "0"]).shards == 0)
        #expect(ServerSettings().shards == 1, "today's single service thread by default")
    }
}
