import Foundation

/// The root of a view hierarchy, and the object that delivers touches to views.
///
/// Linux adaptation: a window joins an application explicitly — `UIWindow(application:)` — where
/// UIKit would use the shared application or a window scene.
open class UIWindow: UIView {
    /// The application the window belongs to; its touches are dispatched there.
    public internal(set) var application: UIApplication? {
        get { windowApplication?.takeUnretainedValue() }
        set { windowApplication = newValue.map(Unmanaged.passUnretained) }
    }
    /// `application`'s storage, read on every dispatch without a weak load or reference counting:
    /// the application holds its windows (`UIApplication.windows`) and clears this in its `deinit`,
    /// so it never dangles.
    private var windowApplication: Unmanaged<UIApplication>?
    /// Whether this is the application's key window (`makeKeyAndVisible()`).
    public private(set) var isKeyWindow = false
    /// The parts of the screen the device covers (notch, home indicator), which become the window's
    /// `safeAreaInsets`. Linux adaptation: on iOS the hardware sets them; here the host does, with
    /// `transition(to:safeAreaInsets:)` or before the window shows its root view controller.
    public internal(set) var deviceSafeAreaInsets = UIEdgeInsets.zero

    /// The controller whose view fills the window.
    public var rootViewController: UIViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            if let oldView = oldValue?.viewIfLoaded, oldView.superview === self {
                oldValue?.viewWillDisappear(false)
                oldView.removeFromSuperview()
                oldValue?.viewDidDisappear(false)
            }
            if isKeyWindow { asMainScreen { installRootView() } }
        }
    }

    /// No archives to decode in TouchKit: always fails (`UIView.init?(coder:)`).
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A window in the application whose code is running (the one whose screen is `UIScreen.main`,
    /// UIKIT-SCREEN-MAIN), as `UIWindow(frame: UIScreen.main.bounds)` in an app delegate expects; outside
    /// any application's code, a window in no application, to which nothing dispatches.
    public override init(frame: CGRect) {
        let application = CurrentScreen.bound?.application
        windowApplication = application.map(Unmanaged.passUnretained)
        super.init(frame: frame)
        application?.register(self)
    }

    /// A window in `application`, sized to `frame` (Linux adaptation of `init(windowScene:)`).
    public init(application: UIApplication, frame: CGRect) {
        windowApplication = Unmanaged.passUnretained(application)
        super.init(frame: frame)
        application.register(self)
    }

    /// A window's next responder is its application (UIKIT-RESPONDER-NEXT).
    open override var next: UIResponder? { application }

    open override var window: UIWindow? { self }

    /// Makes this the application's key window and shows the root view controller's view.
    public func makeKeyAndVisible() {
        if let application {
            application.keyWindow?.isKeyWindow = false
            application.keyWindow = self
        }
        isKeyWindow = true
        asMainScreen { installRootView() }
    }

    open override func layoutSubviews() {
        rootViewController?.viewIfLoaded?.frame = bounds
    }

    /// Runs `body` with the application's screen as `UIScreen.main`: a root view controller's view loads
    /// and appears here (UIKIT-SCREEN-MAIN).
    private func asMainScreen(_ body: () -> Void) {
        if let application { application.screen.performAsMain(body) } else { body() }
    }

    private func installRootView() {
        guard let controller = rootViewController else { return }
        let rootView: UIView = controller.view
        guard rootView.superview !== self else { return }
        controller.viewWillAppear(false)
        rootView.frame = bounds
        addSubview(rootView)
        layoutIfNeeded()
        application?.assignID(controller)
        controller.viewDidAppear(false)
    }

    /// Delivers an event: touches to their hit-test views after the gesture recognizers have seen
    /// them (UIKIT-DISPATCH-ORDER), motion and remote-control events to the first responder.
    open func sendEvent(_ event: UIEvent) {
        guard let application else { return }
        switch event.type {
        case .touches:
            application.editMenus.touchesArrive(event)
            application.gestureEnvironment.dispatch(event, in: self)
        case .motion:
            let target: UIResponder = application.firstResponder ?? self
            let subtype = event.subtype
            switch application.pendingMotionPhase {
            case .began:
                application.deliver(.motionBegan, to: target, touches: [], subtype: subtype) { target.motionBegan(subtype, with: event) }
            case .ended:
                application.deliver(.motionEnded, to: target, touches: [], subtype: subtype) { target.motionEnded(subtype, with: event) }
            case .cancelled:
                application.deliver(.motionCancelled, to: target, touches: [], subtype: subtype) { target.motionCancelled(subtype, with: event) }
            }
        case .remoteControl:
            let target: UIResponder = application.firstResponder ?? self
            application.deliver(.remoteControlReceived, to: target, touches: [], subtype: event.subtype) { target.remoteControlReceived(with: event) }
        case .presses:
            break
        }
    }
}
