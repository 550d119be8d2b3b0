/// Each connection's share of the one service thread: a token bucket of engine seconds.
///
/// Every message and timer of a connection is timed as it runs (decode, engine, render, encode) and
/// the service thread's CPU time it took (`ThreadCPUClock`, so time spent descheduled on a busy
/// machine is nobody's) is taken from the bucket, which refills at `secondsPerSecond` up to `burstSeconds`.
/// A message that arrives while the bucket is empty is not run: it gets `error` `rate-limited` with
/// the milliseconds until it would be (`retryAfterMs`). So a client that makes the engine work hard
/// (huge inline scenes, many resyncs) gets that fraction of the thread and no more, whatever its
/// message rate, and everyone else keeps theirs.
///
/// Many such clients together would still fill the thread (12 × 0.05 s/s is 60% of it, in back-to-
/// back expensive messages a calm client waits behind). So connections that are working hard — their
/// bucket below half its burst, or their last message expensive (over `expensiveSeconds`: a scene
/// build, not an input frame) — also draw on one shared pool of `busySecondsPerSecond`: however many
/// of them there are, together they get that much of the thread. The last message's cost keeps a
/// connection in the pool while its bucket refills during a hold, so many of them resuming together
/// do not each spend a fresh burst at the same moment. Connections within their share never touch the
/// pool and are never refused because of others.
///
/// A connection's bucket is its own, but what it owes outlives it: a new connection from the same
/// client address starts with what the address's closed connections left (`AddressDebts`), so
/// reconnecting does not refill the share.
///
/// The pool saves up almost nothing (`poolBurstInterval` of its rate): saved-up pool time is what
/// lets many busy connections run back to back — twelve 20 ms scene builds in a row are a 240 ms
/// wait for a calm client — so busy work is spread out at the pool's rate instead, one expensive
/// message at a time.
struct EngineBudget {
    let secondsPerSecond: Double
    let burstSeconds: Double
    /// What all busy connections together may use, seconds per second (0: no shared cap).
    let busySecondsPerSecond: Double
    private var balances: [ConnectionKey: (seconds: Double, at: Double, lastWasExpensive: Bool)] = [:]
    private var pool: (seconds: Double, at: Double)
    private var addresses: [ConnectionKey: String] = [:]
    private var debts = AddressDebts()

    typealias ConnectionKey = UInt64

    init(secondsPerSecond: Double, burstSeconds: Double, busySecondsPerSecond: Double = 0) {
        self.secondsPerSecond = secondsPerSecond
        self.burstSeconds = burstSeconds
        self.busySecondsPerSecond = busySecondsPerSecond
        pool = (busySecondsPerSecond * Self.poolBurstInterval, 0)
    }

    /// How long the pool saves up its rate for: the most it holds is `busySecondsPerSecond` × this.
    static let poolBurstInterval = 0.1
    /// A message that costs more than this is expensive (a scene build or a big full render; an input
    /// frame costs tens of microseconds).
    static let expensiveSeconds = 0.005

    var isUnlimited: Bool { secondsPerSecond <= 0 }

    /// Milliseconds until `connection` may run a message again, or nil if it may now.
    mutating func wait(for connection: ConnectionKey, now: Double) -> Int? {
        guard !isUnlimited else { return nil }
        let balance = refilled(connection, now: now)
        if balance < 0 { return Int((-balance / secondsPerSecond * 1000).rounded(.up)) }
        let lastWasExpensive = balances[connection]?.lastWasExpensive ?? false
        guard isBusy(balance) || lastWasExpensive, busySecondsPerSecond > 0 else { return nil }
        let shared = refilledPool(now: now)
        return shared < 0 ? Int((-shared / busySecondsPerSecond * 1000).rounded(.up)) : nil
    }

    /// Takes the measured `seconds` of work from `connection`'s bucket (and from the shared pool
    /// when the connection was busy already).
    mutating func charge(_ connection: ConnectionKey, seconds: Double, now: Double) {
        guard !isUnlimited else { return }
        let before = refilled(connection, now: now)
        let wasBusy = isBusy(before) || (balances[connection]?.lastWasExpensive ?? false)
        // Only work done while already busy comes out of the pool: one expensive message (a hello
        // building its scene) does not put its connection in the pool's debt for its next one.
        if wasBusy, busySecondsPerSecond > 0 { pool = (refilledPool(now: now) - seconds, now) }
        balances[connection] = (before - seconds, now, seconds > Self.expensiveSeconds)
    }

    /// A connection that used more than half its burst recently.
    private func isBusy(_ balance: Double) -> Bool { balance < burstSeconds / 2 }

    private func refilledPool(now: Double) -> Double {
        min(busySecondsPerSecond * Self.poolBurstInterval, pool.seconds + (now - pool.at) * busySecondsPerSecond)
    }

    /// `connection` opened from `address`: it starts with what that address still owes, if anything.
    mutating func opened(_ connection: ConnectionKey, from address: String, now: Double) {
        guard !isUnlimited else { return }
        addresses[connection] = address
        if let owed = debts.balance(of: address, now: now, rate: secondsPerSecond, burst: burstSeconds) {
            balances[connection] = (owed, now, false)
        }
    }

    /// `connection` closed: what it owes stays with its address.
    mutating func forget(_ connection: ConnectionKey, now: Double) {
        if let address = addresses.removeValue(forKey: connection) {
            debts.carry(refilled(connection, now: now), of: address, now: now, rate: secondsPerSecond, burst: burstSeconds)
        }
        balances[connection] = nil
    }

    private func refilled(_ connection: ConnectionKey, now: Double) -> Double {
        guard let (seconds, at, _) = balances[connection] else { return burstSeconds }
        return min(burstSeconds, seconds + (now - at) * secondsPerSecond)
    }
}
