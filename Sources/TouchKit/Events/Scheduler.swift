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

    func popDue(through time: TimeInterval) -> (TimeInterval, () -> Void)? {
        guard let first = entries.first, first.deadline <= time else { return nil }
        entries.removeFirst()
        return (first.deadline, first.work)
    }
}
