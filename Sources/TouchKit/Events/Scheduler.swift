import Foundation

/// A handle for a scheduled piece of engine-time work.
public struct TimerToken: Hashable, Sendable {
    let value: Int
}

/// Timers in engine time. Deterministic: equal deadlines fire in scheduling order.
final class Scheduler {
    /// What a timer does: app code's closure, or a built-in recognizer's tagged timer (no closure
    /// per gesture).
    enum Work {
        case closure(() -> Void)
        case recognizer(UIGestureRecognizer, tag: Int)
    }

    private struct Entry {
        var deadline: TimeInterval
        var token: TimerToken
        var work: Work
    }

    @exclusivity(unchecked) private var entries: [Entry] = []
    private var nextToken = 1

    var nextDeadline: TimeInterval? { entries.first?.deadline }

    func schedule(at deadline: TimeInterval, _ work: @escaping () -> Void) -> TimerToken {
        schedule(at: deadline, .closure(work))
    }

    func schedule(at deadline: TimeInterval, recognizer: UIGestureRecognizer, tag: Int) -> TimerToken {
        schedule(at: deadline, .recognizer(recognizer, tag: tag))
    }

    private func schedule(at deadline: TimeInterval, _ work: Work) -> TimerToken {
        let token = TimerToken(value: nextToken)
        nextToken += 1
        // The searches read each entry's field through its index: a closure over whole entries
        // copies each entry's work (a reference count up and down per entry visited).
        var index = entries.count
        for candidate in entries.indices where entries[candidate].deadline > deadline {
            index = candidate
            break
        }
        let entry = Entry(deadline: deadline, token: token, work: work)
        // Appending (the latest deadline, the usual case) costs a fraction of an insert.
        if index == entries.count { entries.append(entry) } else { entries.insert(entry, at: index) }
        return token
    }

    func cancel(_ token: TimerToken) {
        for index in entries.indices where entries[index].token == token {
            entries.remove(at: index)
            return
        }
    }

    /// The earliest timer due at or before `time` (`advance(to:)`), or — `beforeInput` — due strictly
    /// before an input at `time`, so input at a deadline's instant is handled first (`EngineInstant`).
    func popDue(through time: TimeInterval, beforeInput: Bool) -> (TimeInterval, Work)? {
        // The deadline is read in place: the entry (and its work) is taken only when due.
        guard let deadline = entries.first?.deadline else { return nil }
        let due = beforeInput ? EngineInstant.exceeds(time, deadline) : EngineInstant.reaches(time, deadline)
        guard due else { return nil }
        return (deadline, entries.removeFirst().work)
    }
}
