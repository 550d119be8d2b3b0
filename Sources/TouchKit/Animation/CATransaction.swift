import Foundation

/// Core Animation's transactions (UIKIT-CA-TRANSACTION): `begin()`/`commit()` group layer changes and
/// carry the duration, timing function and disabled actions of the implicit animations made inside,
/// and a completion block that runs once every animation added inside has finished.
///
/// Choices: the stack is per thread (each session's engine runs on one thread); setters outside
/// `begin()`/`commit()` change nothing (UIKit's implicit per-run-loop transaction has no turn to end
/// here); a completion with no animation to wait for runs at `commit()`.
public final class CATransaction {
    /// Not made: every member is a class method, as in Core Animation.
    private init() {}

    /// One `begin()`…`commit()`.
    final class Frame {
        var duration: TimeInterval?
        var timingFunction: CAMediaTimingFunction?
        var disablesActions: Bool?
        let group = CompletionGroup()
    }

    /// The animations a transaction waits for, and its completion block.
    final class CompletionGroup {
        var pending = 0
        var committed = false
        var completion: (() -> Void)?

        func finishOne() {
            pending -= 1
            fireIfDone()
        }

        func fireIfDone() {
            guard committed, pending <= 0, let completion else { return }
            self.completion = nil
            completion()
        }
    }

    private final class Stack { var frames: [Frame] = [] }

    private static var stack: Stack {
        let key = "TouchKit.CATransaction"
        if let stack = Thread.current.threadDictionary[key] as? Stack { return stack }
        let stack = Stack()
        Thread.current.threadDictionary[key] = stack
        return stack
    }

    /// Opens a transaction (they nest).
    public class func begin() { stack.frames.append(Frame()) }

    /// Closes the innermost transaction; its completion runs when its animations have finished (now
    /// if there are none). Without a matching `begin()` it does nothing.
    public class func commit() {
        guard let frame = stack.frames.popLast() else { return }
        frame.group.committed = true
        frame.group.fireIfDone()
    }

    /// Nothing to flush: changes are applied as they are made.
    public class func flush() {}

    /// The block to run when every animation added in this transaction has finished.
    public class func setCompletionBlock(_ block: (() -> Void)?) { stack.frames.last?.group.completion = block }

    /// The completion block set in this transaction.
    public class func completionBlock() -> (() -> Void)? { stack.frames.last?.group.completion }

    /// Whether layer property changes in this transaction skip their implicit animation.
    public class func setDisableActions(_ flag: Bool) { stack.frames.last?.disablesActions = flag }

    /// Whether implicit animations are off (the innermost transaction that says so decides; default false).
    public class func disableActions() -> Bool { stack.frames.reversed().lazy.compactMap(\.disablesActions).first ?? false }

    /// The duration of implicit animations and of explicit ones with duration 0.
    public class func setAnimationDuration(_ duration: TimeInterval) { stack.frames.last?.duration = duration }

    /// The duration in force (default 0.25 s).
    public class func animationDuration() -> TimeInterval { stack.frames.reversed().lazy.compactMap(\.duration).first ?? 0.25 }

    /// The timing function of implicit animations.
    public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) { stack.frames.last?.timingFunction = function }

    /// The timing function in force; nil means implicit animations use `default`'s curve.
    public class func animationTimingFunction() -> CAMediaTimingFunction? {
        stack.frames.reversed().lazy.compactMap(\.timingFunction).first
    }

    /// Every open transaction waits for an animation just added.
    static func noteAdded() -> [CompletionGroup] {
        let groups = stack.frames.map(\.group)
        for group in groups { group.pending += 1 }
        return groups
    }
}
