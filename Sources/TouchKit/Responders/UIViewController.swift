import Foundation

/// Manages a view hierarchy. Its view is created lazily by `loadView`, then `viewDidLoad` runs.
///
/// UIKit rule (UIKIT-RESPONDER-NEXT): a controller's root view has the controller as its `next` responder, and
/// the controller's `next` is its view's superview — so a controller sits in the chain between its view and
/// whatever contains it.
open class UIViewController: UIResponder {
    private var loadedView: UIView?
    /// The controller this one is a child of (`addChild(_:)`).
    public var parent: UIViewController? { parentLink?.takeUnretainedValue() }
    /// `parent`'s storage, unretained: the parent holds its children (UIKit's `parent` does not
    /// retain either), and a weak reference would give the parent a side table, which makes each
    /// of its retains and releases take the runtime's slow path. It never dangles: it is set
    /// exactly while this controller is in the parent's `children` (`addChild(_:)` sets it,
    /// `removeFromParent()` clears it), and a parent that goes away first clears it in its
    /// `deinit` for the children that outlive it.
    private var parentLink: Unmanaged<UIViewController>?
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

    deinit {
        // The view and the children read this controller without a weak reference
        // (`UIView.viewControllerLink`, `parentLink`): those that outlive it forget it here, so the
        // view's next responder becomes its superview.
        letGoOfView()
        for child in children { child.parentLink = nil }
    }

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
            letGoOfView()
            loadedView = newValue
            newValue?.viewControllerLink = Unmanaged.passUnretained(self)
        }
    }

    /// Clears the view's link to this controller — only if it still is this controller: a view
    /// handed to another controller since then belongs to that one.
    private func letGoOfView() {
        guard let loadedView, loadedView.viewControllerLink?.toOpaque() == Unmanaged.passUnretained(self).toOpaque() else { return }
        loadedView.viewControllerLink = nil
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
        childController.parentLink = Unmanaged.passUnretained(self)
    }

    /// Removes the controller from its parent's children.
    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parentLink = nil
    }

    open override var traceName: String {
        if objectID == 0, let application = loadedView?.window?.application { application.assignID(self) }
        return super.traceName
    }
}
