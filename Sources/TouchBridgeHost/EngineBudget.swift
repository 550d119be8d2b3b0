/// Each connection's share of the one service thread: a token bucket of engine seconds.
///
/// Every message and timer of a connection is timed as it runs (decode, engine, render, encode) and
/// its duration is taken from the bucket, which refills at `secondsPerSecond` up to `burstSeconds`.
/// A message that arrives while the bucket is empty is not run: it gets `error` `rate-limited` with
/// the milliseconds until it would be (`retryAfterMs`). So a client that makes the engine work hard
/// (huge inline scenes, many resyncs) gets that fraction of the thread and no more, whatever its
/// message rate, and everyone else keeps theirs.
struct EngineBudget {
    let secondsPerSecond: Double
    let burstSeconds: Double
    private var balances: [ConnectionKey: (seconds: Double, at: Double)] = [:]

    typealias ConnectionKey = UInt64

    init(secondsPerSecond: Double, burstSeconds: Double) {
        self.secondsPerSecond = secondsPerSecond
        self.burstSeconds = burstSeconds
    }

    var isUnlimited: Bool { secondsPerSecond <= 0 }

    /// Milliseconds until `connection` may run a message again, or nil if it may now.
    mutating func wait(for connection: ConnectionKey, now: Double) -> Int? {
        guard !isUnlimited else { return nil }
        let balance = refilled(connection, now: now)
        guard balance < 0 else { return nil }
        return Int((-balance / secondsPerSecond * 1000).rounded(.up))
    }

    /// Takes the measured `seconds` of work from `connection`'s bucket.
    mutating func charge(_ connection: ConnectionKey, seconds: Double, now: Double) {
        guard !isUnlimited else { return }
        balances[connection] = (refilled(connection, now: now) - seconds, now)
    }

    mutating func forget(_ connection: ConnectionKey) {
        balances[connection] = nil
    }

    private func refilled(_ connection: ConnectionKey, now: Double) -> Double {
        guard let (seconds, at) = balances[connection] else { return burstSeconds }
        return min(burstSeconds, seconds + (now - at) * secondsPerSecond)
    }
}
