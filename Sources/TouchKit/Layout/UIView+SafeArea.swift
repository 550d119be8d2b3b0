import Foundation

/// A rectangle that views lay out against (UIKit's `UILayoutGuide`, as far as `safeAreaLayoutGuide`
/// uses it: its frame, without Auto Layout anchors).
public final class UILayoutGuide {
    private unowned let owner: UIView

    init(owner: UIView) { self.owner = owner }

    /// The owning view's bounds less its safe-area insets.
    public var layoutFrame: CGRect { owner.bounds.inset(by: owner.safeAreaInsets) }
    /// The view whose safe area this guide follows.
    public weak var owningView: UIView? { owner }
}

extension UIView {
    /// The part of this view that the window's unsafe area covers, as insets from its edges
    /// (UIKIT-LAYOUT-SAFE-AREA): zero outside a window; a window's are its `deviceSafeAreaInsets`; a view
    /// controller's root view also gets the controller's `additionalSafeAreaInsets`; any other view only the
    /// part of its superview's unsafe area that its own frame overlaps.
    public var safeAreaInsets: UIEdgeInsets {
        guard let window, let safe = safeRectInWindow() else { return .zero }
        let frame = convert(bounds, to: window)
        func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat { min(max(value, 0), max(limit, 0)) }
        return UIEdgeInsets(
            top: clamp(safe.minY - frame.minY, frame.height), left: clamp(safe.minX - frame.minX, frame.width),
            bottom: clamp(frame.maxY - safe.maxY, frame.height), right: clamp(frame.maxX - safe.maxX, frame.width))
    }

    /// The area inside the safe-area insets, for laying out against (`safeAreaLayoutGuide.layoutFrame`).
    public var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide(owner: self) }

    /// The safe rectangle in window coordinates that applies to this view's content.
    private func safeRectInWindow() -> CGRect? {
        if let window = self as? UIWindow { return window.bounds.inset(by: window.deviceSafeAreaInsets) }
        guard let superview, var safe = superview.safeRectInWindow(), let window else { return nil }
        if let controller = viewController {
            safe = safe.intersection(convert(bounds, to: window))
            if safe.isNull { return nil }
            safe = safe.inset(by: controller.additionalSafeAreaInsets)
        }
        return safe
    }
}

extension UIWindow {
    /// Tells every view and controller whose safe-area insets changed since they were last told
    /// (`safeAreaInsetsDidChange`, `viewSafeAreaInsetsDidChange`), top-down, and marks it for layout.
    func updateSafeAreaInsets() {
        forEachInSubtree { view in
            let insets = view.safeAreaInsets
            guard insets != view.reportedSafeAreaInsets else { return }
            view.reportedSafeAreaInsets = insets
            view.setNeedsLayout()
            view.safeAreaInsetsDidChange()
            view.viewController?.viewSafeAreaInsetsDidChange()
        }
    }
}
