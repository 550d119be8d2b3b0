extension UIGestureRecognizer {
    /// Not UIKit API (UIKit has no way to undo `require(toFail:)`): takes `otherGestureRecognizer`
    /// out of this recognizer's `require(toFail:)` list, so a what-if replay can ask "and without that
    /// failure requirement?" (docs/whatif.md). Returns whether it was there. Requirements a delegate or
    /// a subclass hook answers are not in the list: this leaves them as they are.
    @discardableResult
    public func removeFailureRequirement(_ otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        let before = failureRequirements.count
        failureRequirements.removeEach { $0 === otherGestureRecognizer }
        return failureRequirements.count != before
    }
}
