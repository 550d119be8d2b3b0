import Logging
import Testing
@testable import TouchBridgeHost

/// A sharded server keeps its server-wide memory bounds: each shard gets its part.
@Suite struct ShardBudgetTests {
    @Test func theSteppingHistoriesBudgetIsSplitBetweenTheShards() throws {
        var settings = ServerSettings()
        settings.host = "127.0.0.1"
        settings.port = 0
        settings.shards = 2
        let host = try ServerHost(settings: settings, logger: Logger(label: "test"))
        let budgets = host.hubBridges.compactMap { $0.stepper?.historyBudgetBytes }
        #expect(budgets.count == 2)
        #expect(budgets.reduce(0, +) <= SessionStepper.defaultHistoryBudgetBytes)
    }
}
