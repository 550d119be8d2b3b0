import Testing
@testable import TouchBridgeHost

/// Each connection's share of the service thread, and the pool busy connections share.
@Suite struct EngineBudgetTests {
    @Test func aConnectionOverItsShareWaitsForItsBucket() {
        var budget = EngineBudget(secondsPerSecond: 0.05, burstSeconds: 0.125)
        #expect(budget.wait(for: 1, now: 0) == nil)
        budget.charge(1, seconds: 0.2, now: 0)
        #expect((1500...1501).contains(budget.wait(for: 1, now: 0) ?? 0), "0.075 s of debt at 0.05 s/s")
        #expect(budget.wait(for: 1, now: 1.5) == nil)
        #expect(budget.wait(for: 2, now: 0) == nil, "others keep their share")
    }

    @Test func busyConnectionsTogetherGetThePoolAndCalmOnesAreNeverRefused() {
        var budget = EngineBudget(secondsPerSecond: 0.05, burstSeconds: 0.125, busySecondsPerSecond: 0.2)
        // Twelve connections each make the engine work hard twice, 0.04 s each time: after the first
        // they are busy (their last message was expensive), so the second comes out of the pool too.
        for connection: UInt64 in 1...12 { budget.charge(connection, seconds: 0.04, now: 0) }
        for connection: UInt64 in 1...12 { budget.charge(connection, seconds: 0.04, now: 0) }
        let refused = (1...12).filter { budget.wait(for: UInt64($0), now: 0) != nil }
        #expect(refused.count == 12, "the pool (0.02 s) is spent: 12 × 0.04 s")
        #expect((2300...2301).contains(budget.wait(for: 1, now: 0) ?? 0), "0.46 s of pool debt at 0.2 s/s")
        // A calm connection with a few cheap messages is within its share and never waits for the pool.
        for step in 0..<10 { budget.charge(99, seconds: 0.001, now: Double(step) * 0.1) }
        #expect(budget.wait(for: 99, now: 1) == nil)
        #expect(budget.wait(for: 1, now: 2.4) == nil, "the pool refills at 0.2 s/s")
    }

    @Test func thePoolSavesUpSoLittleThatBusyWorkComesOneMessageAtATime() {
        var budget = EngineBudget(secondsPerSecond: 0.05, burstSeconds: 0.125, busySecondsPerSecond: 0.2)
        // Twelve connections whose last message was expensive, then quiet for a while, as after a hold:
        // their own buckets are full again, and so is the pool (what little it saves up).
        for connection: UInt64 in 1...12 { budget.charge(connection, seconds: 0.07, now: 0) }
        // Whoever comes first runs its 80 ms message; everyone after it waits for the pool again.
        let now = 4.2
        var ran: [UInt64] = []
        for connection: UInt64 in 1...12 where budget.wait(for: connection, now: now) == nil {
            ran.append(connection)
            budget.charge(connection, seconds: 0.08, now: now)
        }
        #expect(ran == [1], "one expensive message, not a back-to-back run of them")
        // A cheap message (within its share) makes a connection calm again: it no longer waits for the pool.
        budget.charge(2, seconds: 0.001, now: now)
        #expect(budget.wait(for: 2, now: now) == nil)
        #expect(budget.wait(for: 3, now: now) != nil)
    }

    @Test func oneExpensiveMessageDoesNotPutItsNextOneInThePoolsDebt() {
        var budget = EngineBudget(secondsPerSecond: 0.05, burstSeconds: 0.125, busySecondsPerSecond: 0.2)
        // A hello that builds a big scene in a debug build: 80 ms, more than half the burst.
        budget.charge(1, seconds: 0.08, now: 0)
        #expect(budget.wait(for: 1, now: 0.001) == nil, "its first touch runs")
        budget.charge(1, seconds: 0.001, now: 0.001)
        #expect(budget.wait(for: 1, now: 0.002) == nil)
    }

    @Test func withoutAPoolBusyConnectionsAreLimitedOnlyByTheirOwnShare() {
        var budget = EngineBudget(secondsPerSecond: 0.05, burstSeconds: 0.125)
        for connection: UInt64 in 1...12 { budget.charge(connection, seconds: 0.07, now: 0) }
        #expect((1...12).allSatisfy { budget.wait(for: UInt64($0), now: 0) == nil })
    }

    @Test func aNewConnectionStartsWithWhatItsAddressStillOwes() {
        var budget = EngineBudget(secondsPerSecond: 0.05, burstSeconds: 0.125)
        budget.visit(1, from: "10.0.0.7", spending: 0.2, at: 0)
        // Reconnected half a second later: -0.075 s + 0.5 s × 0.05 s/s = -0.05 s, a second to wait.
        budget.opened(2, from: "10.0.0.7", now: 0.5)
        #expect((1000...1001).contains(budget.wait(for: 2, now: 0.5) ?? 0))
        budget.opened(3, from: "10.0.0.8", now: 0.5)
        #expect(budget.wait(for: 3, now: 0.5) == nil, "another address has its own share")
        // Closing again without paying keeps the debt; a connection still open is not touched by it.
        budget.forget(2, now: 0.5)
        budget.opened(4, from: "10.0.0.7", now: 1.0)
        #expect((500...501).contains(budget.wait(for: 4, now: 1.0) ?? 0))
        #expect(budget.wait(for: 3, now: 1.0) == nil)
        budget.forget(4, now: 1.0)
        // Refilled: a connection after that starts with a full bucket again.
        budget.opened(5, from: "10.0.0.7", now: 5.0)
        budget.charge(5, seconds: 0.12, now: 5.0)
        #expect(budget.wait(for: 5, now: 5.0) == nil, "0.125 s of burst, as for a first connection")
    }

    @Test func aConnectionThatClosesWithinItsShareLeavesLittleOrNothingOwing() {
        var budget = EngineBudget(secondsPerSecond: 0.05, burstSeconds: 0.125)
        budget.visit(1, from: "10.0.0.7", spending: 0.1, at: 0)
        budget.opened(2, from: "10.0.0.7", now: 0)
        #expect(budget.wait(for: 2, now: 0) == nil)
        budget.charge(2, seconds: 0.03, now: 0)
        #expect(budget.wait(for: 2, now: 0) != nil, "it started with the 0.025 s the first one left, not 0.125 s")
    }

    @Test func theAddressesRememberedAreBoundedAndTheOneNearestToRefilledGoesFirst() {
        var debts = AddressDebts()
        debts.carry(-10, of: "deep", now: 0, rate: 0.05, burst: 0.125)
        for i in 0..<AddressDebts.maxAddresses + 100 {
            debts.carry(0.1, of: "10.0.\(i / 256).\(i % 256)", now: 0, rate: 0.05, burst: 0.125)
        }
        #expect(debts.count == AddressDebts.maxAddresses)
        #expect(debts.balance(of: "deep", now: 0, rate: 0.05, burst: 0.125) == -10, "the deepest debt is kept")
    }

    @Test func withoutALimitNothingIsCarried() {
        var budget = EngineBudget(secondsPerSecond: 0, burstSeconds: 0)
        budget.visit(1, from: "10.0.0.7", spending: 5, at: 0)
        budget.opened(2, from: "10.0.0.7", now: 0)
        #expect(budget.wait(for: 2, now: 0) == nil)
    }
}

extension EngineBudget {
    /// A connection from `address` that opens, runs `seconds` of work and closes, all at `now`.
    mutating func visit(_ connection: ConnectionKey, from address: String, spending seconds: Double, at now: Double) {
        opened(connection, from: address, now: now)
        charge(connection, seconds: seconds, now: now)
        forget(connection, now: now)
    }
}
