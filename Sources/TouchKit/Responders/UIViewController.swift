import Foundation

/// Manages a view hierarchy. Its view is created lazily by `loadView`, then `viewDidLoad` runs.
///
/// UIKit rule (UIKIT-RESPONDER-NEXT): a controller's root view has the controller as its `next` responder, and
/// the controller's `next` is its view's superview — so a controller sits in the chain between its view and
/// whatever contains it.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    public private(set) weak var parent: UIViewController?
    public private(set) var children: [UIViewController] = []
    /// A title for pickers and logs.
    open var title: String?
    /// Extra insets this controller adds to its root view's safe area (UIKit, iOS 11).
    public var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet { viewIfLoaded?.window?.updateSafeAreaInsets() }
    }

    public override init() { super.init() }

    /// TouchKit has no storyboards to decode: this initializer exists so UIKit's
    /// `required init?(coder:)` boilerplate compiles in subclasses, and it always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The root view, loaded on first access.
    public var view: UIView! {
        get {
            if loadedView == nil { loadViewIfNeeded() }
            return loadedView
        }
        set {
            loadedView?.viewController = nil
            loadedView = newValue
            newValue?.viewController = self
        }
    }

    public var isViewLoaded: Bool { loadedView != nil }
    public var viewIfLoaded: UIView? { loadedView }

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView(frame: .zero) }
        viewDidLoad()
    }

    /// Creates the root view; override to install a custom view class (as DrawLines does).
    open func loadView() {
        view = UIView(frame: .zero)
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    /// Called when the root view's safe-area insets changed.
    open func viewSafeAreaInsetsDidChange() {}

    /// The window is about to change size (rotation, resize); `view.bounds` still has the old size.
    /// The default forwards to the children; overrides must call super (UIKIT-LAYOUT-SIZE-CHANGE-ORDER).
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        for child in children { child.viewWillTransition(to: size, with: coordinator) }
    }

    /// The trait collection is about to change (only when a size class changes,
    /// UIKIT-LAYOUT-SIZE-CHANGE-ORDER).
    open func willTransition(to newCollection: UITraitCollection, with coordinator: UIViewControllerTransitionCoordinator) {
        for child in children { child.willTransition(to: newCollection, with: coordinator) }
    }

    /// Called after the trait collection changed.
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}

    /// The controller's next responder is its view's superview (or its parent controller's view path).
    open override var next: UIResponder? {
        loadedView?.superview
    }

    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    open override var traceName: String {
        if objectID == 0, let application = loadedView?.window?.application { application.assignID(self) }
        return super.traceName
    }
}
