/// Keeps a live what-if's or flake sweep's answer within a byte bound: its lists cut to their first
/// `count` items, counting what was left out (a session can flip thousands of outcomes; the page
/// shows the first ones and says how many more there were).
protocol ListsCut {
    /// A copy whose every list holds at most `count` items, with the number of items left out.
    func cut(to count: Int) -> (Self, omitted: Int)
}

extension Array {
    /// The first `count` items, adding how many were left out to `omitted`.
    func cut(to count: Int, omitted: inout Int) -> [Element] {
        guard self.count > count else { return self }
        omitted += self.count - count
        return Array(prefix(count))
    }
}

extension WhatIfReport: ListsCut {
    func cut(to count: Int) -> (WhatIfReport, omitted: Int) {
        var omitted = 0
        var report = self
        report.changes = changes.cut(to: count, omitted: &omitted)
        report.applied = applied.cut(to: count, omitted: &omitted)
        report.skipped = skipped.cut(to: count, omitted: &omitted)
        report.outcomes = outcomes.cut(to: count, omitted: &omitted).map { summary in
            var summary = summary
            summary.recorded = summary.recorded.cut(to: count, omitted: &omitted)
            summary.whatIf = summary.whatIf.cut(to: count, omitted: &omitted)
            return summary
        }
        report.changed = changed.cut(to: count, omitted: &omitted)
        report.firstDifference?.recorded = firstDifference?.recorded.cut(to: count, omitted: &omitted) ?? []
        report.firstDifference?.whatIf = firstDifference?.whatIf.cut(to: count, omitted: &omitted) ?? []
        return (report, omitted)
    }
}

extension FlakeReport: ListsCut {
    func cut(to count: Int) -> (FlakeReport, omitted: Int) {
        var omitted = 0
        var report = self
        report.subjects = subjects.cut(to: count, omitted: &omitted).map { subject in
            var subject = subject
            subject.baseline = subject.baseline.cut(to: count, omitted: &omitted)
            subject.changed = subject.changed.cut(to: count, omitted: &omitted).map { group in
                var group = group
                group.results = group.results.cut(to: count, omitted: &omitted)
                return group
            }
            return subject
        }
        return (report, omitted)
    }
}
