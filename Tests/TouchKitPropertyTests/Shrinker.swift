import Foundation

/// Runs a case and checks it: every invariant on the journal, then determinism (a second run in a
/// fresh application must journal exactly alike).
enum Evaluation {
    static func evaluate(_ testCase: PropertyCase, determinism: Bool = true) -> (Violation?, [Entry]) {
        let first = Run(testCase)
        first.execute()
        let journal = first.journal.entries
        if let violation = InvariantChecker.check(journal, testCase) { return (violation, journal) }
        guard determinism else { return (nil, journal) }
        let second = Run(testCase)
        second.execute()
        let again = second.journal.entries
        if again != journal {
            let index = zip(journal, again).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(journal.count, again.count)
            let a = index < journal.count ? render(journal[index]) : "(end)"
            let b = index < again.count ? render(again[index]) : "(end)"
            return (Violation(invariant: "determinism", message: "two runs of the same input differ at entry \(index): \(a) vs \(b)", entry: index), journal)
        }
        return (nil, journal)
    }

    static func render(_ entry: Entry) -> String {
        switch entry {
        case .trace(let event): return "log  " + event.notation
        case .step(let text): return "---- " + text
        default: return "obs  \(entry)"
        }
    }
}

/// Shrinks a failing case while the same invariant still breaks: drop chunks of the script, single
/// pointer changes, recognizers, views (with their subtrees), then simplify what is left (flags,
/// transforms, delegates, relationships). Greedy, to a fixed point or until the budget is spent.
struct Shrinker {
    let invariant: String
    var budget: Int
    private(set) var evaluations = 0

    init(invariant: String, budget: Int = 4000) {
        self.invariant = invariant
        self.budget = budget
    }

    private mutating func stillFails(_ candidate: PropertyCase) -> Bool {
        guard evaluations < budget else { return false }
        evaluations += 1
        let (violation, _) = Evaluation.evaluate(candidate, determinism: invariant == "determinism")
        return violation?.invariant == invariant
    }

    mutating func shrink(_ original: PropertyCase) -> PropertyCase {
        var current = original
        var progress = true
        while progress, evaluations < budget {
            progress = false
            progress = shrinkSteps(&current) || progress
            progress = shrinkOps(&current) || progress
            progress = dropRecognizers(&current) || progress
            progress = dropViews(&current) || progress
            progress = simplify(&current) || progress
        }
        return current
    }

    private mutating func attempt(_ current: inout PropertyCase, _ change: (inout PropertyCase) -> Bool) -> Bool {
        var candidate = current
        guard change(&candidate), stillFails(candidate) else { return false }
        current = candidate
        return true
    }

    private mutating func shrinkSteps(_ current: inout PropertyCase) -> Bool {
        var progress = false
        var chunk = max(1, current.steps.count / 2)
        while chunk >= 1 {
            var start = 0
            while start < current.steps.count {
                let range = start..<min(start + chunk, current.steps.count)
                if attempt(&current, { $0.steps.removeSubrange(range); return true }) {
                    progress = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 { break }
            chunk /= 2
        }
        // Shorter waits read better.
        for index in current.steps.indices {
            _ = attempt(&current) { candidate in
                switch candidate.steps[index] {
                case .frame(let dt, let ops) where dt > 0: candidate.steps[index] = .frame(dtMs: 0, ops: ops); return true
                case .advance(let dt) where dt > 0 && dt != 1000: candidate.steps[index] = .advance(dtMs: 1000); return true
                default: return false
                }
            }
        }
        return progress
    }

    private mutating func shrinkOps(_ current: inout PropertyCase) -> Bool {
        var progress = false
        for index in current.steps.indices.reversed() where index < current.steps.count {
            guard case .frame(_, let ops) = current.steps[index], ops.count > 1 else { continue }
            var opIndex = ops.count - 1
            while opIndex >= 0 {
                let changed = attempt(&current) { candidate in
                    guard case .frame(let dt, var ops) = candidate.steps[index], opIndex < ops.count else { return false }
                    ops.remove(at: opIndex)
                    candidate.steps[index] = .frame(dtMs: dt, ops: ops)
                    return true
                }
                progress = progress || changed
                opIndex -= 1
            }
            _ = attempt(&current) { candidate in
                guard case .frame(let dt, var ops) = candidate.steps[index], ops.contains(where: { $0.lag != 1 || $0.pressure != nil }) else { return false }
                for i in ops.indices { ops[i].lag = 1; ops[i].pressure = nil }
                candidate.steps[index] = .frame(dtMs: dt, ops: ops)
                return true
            }
        }
        return progress
    }

    private mutating func dropRecognizers(_ current: inout PropertyCase) -> Bool {
        var progress = false
        for id in current.recognizers.map(\.id).reversed() {
            progress = attempt(&current) { $0.removeRecognizer(id); return true } || progress
        }
        return progress
    }

    private mutating func dropViews(_ current: inout PropertyCase) -> Bool {
        var progress = false
        for id in current.views.map(\.id).reversed() where current.views.contains(where: { $0.id == id }) {
            progress = attempt(&current) { $0.removeView(id); return true } || progress
        }
        return progress
    }

    private mutating func simplify(_ current: inout PropertyCase) -> Bool {
        var progress = false
        for index in current.views.indices {
            let simplifications: [(inout PropertyCase.ViewSpec) -> Bool] = [
                { v in guard !v.transform.isIdentity else { return false }; v.transform = .init(); return true },
                { v in guard v.kind != .plain else { return false }; v.kind = .plain; return true },
                { v in guard v.forwards else { return false }; v.forwards = false; return true },
                { v in guard v.isExclusiveTouch else { return false }; v.isExclusiveTouch = false; return true },
                { v in guard !v.isMultipleTouchEnabled else { return false }; v.isMultipleTouchEnabled = true; return true },
                { v in guard v.alpha != 1 else { return false }; v.alpha = 1; return true },
                { v in guard v.isHidden else { return false }; v.isHidden = false; return true },
                { v in guard !v.isUserInteractionEnabled else { return false }; v.isUserInteractionEnabled = true; return true },
            ]
            for simplification in simplifications {
                progress = attempt(&current) { simplification(&$0.views[index]) } || progress
            }
        }
        for index in current.recognizers.indices {
            let simplifications: [(inout PropertyCase.RecognizerSpec) -> Bool] = [
                { r in guard r.delegate != nil else { return false }; r.delegate = nil; return true },
                { r in guard !r.requiresToFail.isEmpty else { return false }; r.requiresToFail = []; return true },
                { r in guard !r.cancelsTouchesInView else { return false }; r.cancelsTouchesInView = true; return true },
                { r in guard r.delaysTouchesBegan else { return false }; r.delaysTouchesBegan = false; return true },
                { r in guard !r.delaysTouchesEnded else { return false }; r.delaysTouchesEnded = true; return true },
            ]
            for simplification in simplifications {
                progress = attempt(&current) { simplification(&$0.recognizers[index]) } || progress
            }
        }
        return progress
    }
}

extension PropertyCase {
    /// Removes a recognizer and every reference to it.
    mutating func removeRecognizer(_ id: Int) {
        recognizers.removeAll { $0.id == id }
        for index in recognizers.indices {
            recognizers[index].requiresToFail.removeAll { $0 == id }
            if var delegate = recognizers[index].delegate {
                delegate.simultaneousWith.removeAll { $0 == id }
                delegate.requireFailureOf.removeAll { $0 == id }
                delegate.requiredToFailBy.removeAll { $0 == id }
                recognizers[index].delegate = delegate
            }
        }
        steps.removeAll { $0 == .toggleEnabled(recognizer: id) }
    }

    /// Removes a view, its subviews, their recognizers and the steps that move them.
    mutating func removeView(_ id: Int) {
        var doomed: Set<Int> = [id]
        var grew = true
        while grew {
            grew = false
            for view in views where !doomed.contains(view.id) {
                if let parent = view.parent, doomed.contains(parent) { doomed.insert(view.id); grew = true }
            }
        }
        views.removeAll { doomed.contains($0.id) }
        for recognizer in recognizers where recognizer.view.map(doomed.contains) == true { removeRecognizer(recognizer.id) }
        steps.removeAll { step in
            switch step {
            case .removeView(let v), .reinsertView(let v): doomed.contains(v)
            default: false
            }
        }
    }
}
