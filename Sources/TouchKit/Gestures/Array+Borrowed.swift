/// Visiting the arena's lists of recognizers and touches without reference counting.
///
/// A call to an open method (a recognizer's `touchesBegan`, `state`, `reset`; a view's touch
/// methods) could, as far as the compiler knows, drop the last reference to the object it was called
/// on, so the compiler retains each element around such calls — a retain and a release, atomic,
/// per element and call, which measured at about a third of a tap frame's time. Elements borrowed
/// here are kept alive by the list itself, which the caller must not change while `body` runs: a
/// local copy (`let list = participants`), or a list the caller owns and `body` cannot reach. Each
/// helper keeps the list alive until its last `body` returns (`withExtendedLifetime`): without
/// that, the optimiser may end a local copy's lifetime at its last read, before the last element's
/// call, which the address sanitizer caught (`BorrowedListTests`, `scripts/sanitize.sh engine`).
extension Array where Element: AnyObject {
    /// Calls `body` with each element, in order, borrowed from this list.
    @inline(__always)
    func forEachBorrowed(_ body: (Element) -> Void) {
        withExtendedLifetime(self) {
            for index in indices { Unmanaged.passUnretained(self[index])._withUnsafeGuaranteedRef(body) }
        }
    }

    /// Calls `body` with the element at `index`, borrowed from this list.
    @inline(__always)
    func borrowing<Result>(_ index: Int, _ body: (Element) -> Result) -> Result {
        withExtendedLifetime(self) { Unmanaged.passUnretained(self[index])._withUnsafeGuaranteedRef(body) }
    }

    /// The index of the first element for which `check` holds, each element borrowed for `check`.
    @inline(__always)
    func firstIndexBorrowed(where check: (Element) -> Bool) -> Int? {
        withExtendedLifetime(self) {
            for index in indices where Unmanaged.passUnretained(self[index])._withUnsafeGuaranteedRef(check) { return index }
            return nil
        }
    }
}
