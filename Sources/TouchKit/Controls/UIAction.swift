import Foundation

/// An action for controls (UIKit's `UIAction`, reduced to its handler).
public final class UIAction {
    /// A name for the action (UIKit shows it in menus; TouchKit keeps it for code that sets it).
    public let title: String
    let handler: (UIAction) -> Void
    /// The control that sent the action last, while that control exists: set as the handler runs.
    public var sender: UIControl? { senderLink?.takeUnretainedValue() }
    /// `sender`'s storage, unretained. Not strong: the control holds the action (and its handler
    /// often captures the control), so that would be a cycle. Not weak: that would give every
    /// control that sends a `UIAction` a side table, which makes each retain and release of it,
    /// on every touch it handles, take the runtime's slow path. Instead the sender and the action
    /// know each other without counting: the sender lists the action (`UIControl.sentActions`)
    /// and clears this in its `deinit` (`senderWentAway()`); the action leaves that list in its
    /// own `deinit` and when another control sends it. So this is set only while its control is
    /// alive, and the control lists only live actions.
    private var senderLink: Unmanaged<UIControl>?

    /// An action that calls `handler` with itself (its `sender` set) when the control sends it.
    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }

    deinit {
        leaveSender()
    }

    /// Runs the handler with `control` as the sender.
    func perform(sentBy control: UIControl) {
        if senderLink?.toOpaque() != Unmanaged.passUnretained(control).toOpaque() {
            leaveSender()
            senderLink = Unmanaged.passUnretained(control)
            control.sentActions.append(Unmanaged.passUnretained(self))
        }
        handler(self)
    }

    /// The sender is going away: the action has no sender from now on.
    func senderWentAway() {
        senderLink = nil
    }

    /// Takes this action off its sender's list.
    private func leaveSender() {
        guard let sender else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        sender.sentActions.removeAll { $0.toOpaque() == me }
        senderLink = nil
    }
}
