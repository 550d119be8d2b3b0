/// What connections from each client address still owed their engine-time share when they closed, so
/// that a new connection from that address starts where they left off instead of with a full bucket
/// (`EngineBudget`). Without it, a client that reconnects whenever it is refused gets a fresh burst
/// each time: twelve attackers doing so pushed a calm client's p99 round trip from 12 to 87–112 ms.
///
/// Only closed connections' debts are carried, and only until they are refilled; open connections
/// keep their own buckets. The table holds at most `maxAddresses` entries: past it the one owing
/// least (nearest to refilled) is dropped, so its memory is bounded whatever the number of peers.
struct AddressDebts {
    /// The most addresses whose debt is remembered.
    static let maxAddresses = 4096

    private var owed: [String: (seconds: Double, at: Double)] = [:]

    /// The balance a connection from `address` starts with at `now`, if its address still owes:
    /// what was left, refilled at `rate` since; nil when refilled to `burst`.
    mutating func balance(of address: String, now: Double, rate: Double, burst: Double) -> Double? {
        guard let debt = owed[address] else { return nil }
        let balance = debt.seconds + (now - debt.at) * rate
        guard balance < burst else {
            owed[address] = nil
            return nil
        }
        return balance
    }

    /// A connection from `address` closed with `balance`: its address owes the lower of that and
    /// what it owed already.
    mutating func carry(_ balance: Double, of address: String, now: Double, rate: Double, burst: Double) {
        let owing = min(balance, self.balance(of: address, now: now, rate: rate, burst: burst) ?? burst)
        guard owing < burst else { return }
        if owed[address] == nil, owed.count >= Self.maxAddresses, let least = owed.min(by: { refill($0.value, rate) < refill($1.value, rate) }) {
            owed[least.key] = nil
        }
        owed[address] = (owing, now)
    }

    /// When an entry's debt is paid (its balance back at 0): the earliest owes least.
    private func refill(_ debt: (seconds: Double, at: Double), _ rate: Double) -> Double { debt.at - debt.seconds / rate }

    /// Addresses remembered now (for tests of the bound).
    var count: Int { owed.count }
}
