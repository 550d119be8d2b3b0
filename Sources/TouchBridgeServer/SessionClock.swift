import TouchBridgeProtocol
import TouchKit

/// Maps between the client's clock (engine time) and the server's (timers), per session.
///
/// Engine time is always client time (seconds), so recognizer timing never sees network jitter.
/// Only timers need server time: a long press must begin even when the client sends nothing. The
/// offset estimate is the minimum of receive − client time over recent messages — the sample with
/// the least network delay — so a deadline fires at the earliest moment the server could have
/// heard of input at that client time. Manual clock mode uses none of this: time is whatever the
/// messages say, and no timer is ever armed.
struct SessionClock {
    let mode: ClockMode
    /// How many recent samples the offset minimum spans (a window, so clock drift and a changed
    /// network path are followed rather than pinned to one lucky early sample).
    static let sampleWindow = 128
    /// Seconds of floating-point slack when a server time is mapped back to engine time (1 µs,
    /// far below any gesture threshold).
    static let roundingTolerance = 1e-6

    private var samples: [Double] = []
    /// The latest client time (seconds) the session accepted.
    private(set) var lastClientTime: Double?
    /// Server time of the armed timer, if any.
    var armedAt: Double?

    init(mode: ClockMode) { self.mode = mode }

    /// Server − client seconds, once any timestamped message arrived.
    var offset: Double? { samples.min() }

    /// Records an accepted message's newest client time (seconds) and its arrival (server seconds).
    mutating func observe(clientTime: Double, receivedAt: Double) {
        guard clientTime.isFinite else { return }
        lastClientTime = max(lastClientTime ?? clientTime, clientTime)
        guard mode == .client, receivedAt.isFinite else { return }
        samples.append(receivedAt - clientTime)
        if samples.count > Self.sampleWindow { samples.removeFirst(samples.count - Self.sampleWindow) }
    }

    /// The engine time for a client timestamp (ms).
    ///
    /// Client clock: a time earlier than the client's own previous one is the client's bug
    /// (`time-went-backwards`); one that is only earlier than engine time — a timer moved the
    /// engine ahead while the message was in flight — is applied now. Manual clock: unchanged;
    /// the engine rejects a time before its own.
    func engineTime(clientMs: Double, engineNow: Double) throws(InputError) -> Double {
        let seconds = clientMs / 1000
        guard mode == .client, seconds.isFinite else { return seconds }
        if let last = lastClientTime, seconds < last { throw .timeWentBackwards(previous: last, got: seconds) }
        return max(seconds, engineNow)
    }

    /// Server time at which an engine deadline is due (client clock, offset known).
    func serverTime(forEngineTime time: Double) -> Double? {
        guard mode == .client, let offset else { return nil }
        return time + offset
    }

    /// Engine time at a server time (client clock, offset known).
    func engineTime(forServerTime time: Double) -> Double? {
        guard mode == .client, let offset else { return nil }
        return time - offset
    }
}
