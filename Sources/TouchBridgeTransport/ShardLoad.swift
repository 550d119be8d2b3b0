/// What the acceptor balances a sharded server by: the shard's open WebSocket connections plus the
/// connections handed to it that it has not opened yet. The second part matters for bursts: a shard busy
/// with its engine takes a while to open what it was handed, and a count of open connections alone
/// showed it least loaded until it caught up — 100 simultaneous connects split 9/91 on two shards.
/// Only requests for the WebSocket path count as arrivals (the page's files and `/metrics` never open
/// one). An arrival stops counting when the shard opens a connection, or after `arrivalWindow` seconds
/// (an upgrade that is refused or abandoned never opens). Guarded by the shard's lock.
struct ShardLoad: Sendable {
    /// How long an arrival counts without an open: far above an upgrade's round trip on a busy shard,
    /// short enough that refused upgrades do not skew a later burst.
    static let arrivalWindow = 2.0

    private(set) var open = 0
    /// When each pending hand-off stops counting, oldest first.
    private var arrivals: [Double] = []

    /// The acceptor handed a connection over at `now`.
    mutating func handedOff(at now: Double) {
        forgetArrivals(before: now)
        arrivals.append(now + Self.arrivalWindow)
    }

    /// A WebSocket opened: the oldest pending hand-off is this one (a shard only serves hand-offs).
    mutating func opened() {
        open += 1
        if !arrivals.isEmpty { arrivals.removeFirst() }
    }

    mutating func closed() { open -= 1 }

    /// Open connections plus the hand-offs still counting at `now`.
    mutating func load(at now: Double) -> Int {
        forgetArrivals(before: now)
        return open + arrivals.count
    }

    private mutating func forgetArrivals(before now: Double) {
        let expired = arrivals.prefix { $0 <= now }.count
        if expired > 0 { arrivals.removeFirst(expired) }
    }
}
