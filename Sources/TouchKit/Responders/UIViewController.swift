import Foundation

/// Manages a view hierarchy. Its view is created lazily by `loadView`, then `viewDidLoad` runs.
///
/// UIKit rule (UIKIT-RESPONDER-NEXT): a controller's root view has the controller as its `next` responder, and
/// the controller's `next` is its view's superview — so a controller sits in the chain between its view and
/// whatever contains it.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    /// The controller this one is a child of (`addChild(_:)`).
    public private(set) weak var parent: UIViewController?
    /// Child controllers, in the order they were added; size transitions are forwarded to them.
    public private(set) var children: [UIViewController] = []
    /// A title for pickers and logs.
    open var title: String?
    /// Extra insets this controller adds to its root view's safe area (UIKit, iOS 11).
    public var additionalSafeAreaInsets = UIEdgeInsets.zero {
        didSet { viewIfLoaded?.window?.updateSafeAreaInsets() }
    }

    /// A controller whose view loads on first access.
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

    /// Whether the view has been loaded, without loading it.
    public var isViewLoaded: Bool { loadedView != nil }
    /// The view if loaded; nil otherwise (never loads it).
    public var viewIfLoaded: UIView? { loadedView }

    /// Loads the view now if it is not loaded: `loadView()`, then `viewDidLoad()`.
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

    /// Called once after the view loaded: build the view hierarchy and attach recognizers here.
    open func viewDidLoad() {}
    /// Called before the view appears in a window. Override point; does nothing.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view appeared in a window. Override point; does nothing.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view leaves its window. Override point; does nothing.
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view left its window. Override point; does nothing.
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called before the root view lays out its subviews. Override point; does nothing.
    open func viewWillLayoutSubviews() {}
    /// Called after the root view laid out its subviews: lay out from `view.bounds` and the safe area here.
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

    /// Makes `childController` a child (taking it from its previous parent). Adding its view to the hierarchy
    /// stays the caller's job, as in UIKit.
    open func addChild(_ childController: UIViewController) {
        childController.removeFromParent()
        children.append(childController)
        childController.parent = self
    }

    /// Removes the controller from its parent's children.
    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    open override var traceName: String {
        if objectID == 0, let application = loadedView?.window?.application { application.assignID(self) }
        return super.traceName
    }
}
