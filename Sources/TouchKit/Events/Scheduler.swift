import Foundation

/// A handle for a scheduled piece of engine-time work.
public struct TimerToken: Hashable, Sendable {
    let value: Int
}

/// Timers in engine time. Deterministic: equal deadlines fire in scheduling order.
final class Scheduler {
    private struct Entry {
        var deadline: TimeInterval
        var token: TimerToken
        var work: () -> Void
    }

    private var entries: [Entry] = []
    private var nextToken = 1

    var nextDeadline: TimeInterval? { entries.first?.deadline }

    func schedule(at deadline: TimeInterval, _ work: @escaping () -> Void) -> TimerToken {
        let token = TimerToken(value: nextToken)
        nextToken += 1
        let index = entries.firstIndex { $0.deadline > deadline } ?? entries.count
        entries.insert(Entry(deadline: deadline, token: token, work: work), at: index)
        return token
    }

    func cancel(_ token: TimerToken) {
        entries.removeAll { $0.token == token }
    }

    /// The earliest timer due at or before `time` (`advance(to:)`), or — `beforeInput` — due strictly
    /// before an input at `time`, so input at a deadline's instant is handled first (`EngineInstant`).
    func popDue(through time: TimeInterval, beforeInput: Bool) -> (TimeInterval, () -> Void)? {
        guard let first = entries.first else { return nil }
        let due = beforeInput ? EngineInstant.exceeds(time, first.deadline) : EngineInstant.reaches(time, first.deadline)
        guard due else { return nil }
        entries.removeFirst()
        return (first.deadline, first.work)
    }
}
