/// Which shard gets a connection that no session id routes: the one with the lowest `ShardLoad`
/// (open connections plus hand-offs not yet opened), ties going round-robin. The tie rule spreads a
/// burst over shards of equal load instead of piling it onto the first. Pure state, owned by the acceptor's thread.
struct ShardChoice {
    /// Where the next tie search starts.
    private var next = 0

    /// The least-loaded shard among `loads` (one count per shard), the first at or after the
    /// rotating start on a tie.
    mutating func leastLoaded(_ loads: [Int]) -> Int {
        precondition(!loads.isEmpty, "a sharded server has at least one shard")
        let lowest = loads.min()!
        let count = loads.count
        let start = next % count
        let chosen = (0..<count).lazy.map { (start + $0) % count }.first { loads[$0] == lowest }!
        next = chosen + 1
        return chosen
    }
}
