import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The device's screen: one per session, the client's viewport (UIKIT-SCREEN-MAIN).
///
/// Linux adaptation: a server runs many sessions in one process, so `UIScreen.main` is the screen of the
/// application whose code is running on this thread — during its turns (input, timers), `launch`,
/// `makeKeyAndVisible`, a new root view controller and size transitions — or the screen a host is building
/// a session's scene with (`performAsMain(_:)`). The host sets its size and scale (`update(size:scale:)`).
public final class UIScreen {
    /// The screen in points, in the current orientation (UIKit since iOS 8): the client's viewport.
    public private(set) var bounds: CGRect
    /// Pixels per point: the browser's `devicePixelRatio`.
    public private(set) var scale: CGFloat

    /// The screen in pixels, portrait-up whatever the orientation.
    public var nativeBounds: CGRect {
        let short = min(bounds.width, bounds.height), long = max(bounds.width, bounds.height)
        return CGRect(x: 0, y: 0, width: short * scale, height: long * scale)
    }

    /// Pixels per point of the physical screen: `scale` (a browser reports one ratio).
    public var nativeScale: CGFloat { scale }

    /// The application this screen belongs to; nil until an application takes it. Unretained: the
    /// application holds its screen and clears this in its `deinit`, so it never dangles.
    unowned(unsafe) var application: UIApplication?

    /// The screen of the code running on this thread (see the type's description). Outside any
    /// application and host a detached screen of zero size at scale 1: there is no device to describe.
    public static var main: UIScreen { CurrentScreen.bound ?? UIScreen(size: .zero, scale: 1) }

    /// A screen of `size` points at `scale` pixels per point (Linux adaptation: hosts make the session's
    /// screen from the client's viewport).
    public init(size: CGSize, scale: CGFloat) {
        bounds = CGRect(origin: .zero, size: size)
        self.scale = scale
    }

    /// The client's viewport changed (a rotation, a resize, another display): new bounds and scale
    /// (Linux adaptation; the host calls it before the window's size transition).
    public func update(size: CGSize, scale: CGFloat) {
        bounds = CGRect(origin: .zero, size: size)
        self.scale = scale
    }

    /// Runs `body` with this screen as `UIScreen.main` on this thread, then restores the previous one. An
    /// application made inside takes this screen, and `UIWindow(frame:)` joins that application (Linux
    /// adaptation: hosts build a session's scene inside it).
    public func performAsMain<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let previous = CurrentScreen.bind(self)
        defer { CurrentScreen.restore(previous) }
        return try body()
    }
}

/// The thread's current screen: an unretained pointer in thread-local storage, set only for the length of
/// a call that holds the screen (`performAsMain`), so it never dangles. Thread-local, not task-local:
/// binding it costs no allocation, and every application turn binds it.
enum CurrentScreen {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The bound screen, if any.
    static var bound: UIScreen? {
        pthread_getspecific(key).map { Unmanaged<UIScreen>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Binds `screen` and returns what was bound before, for `restore(_:)`.
    static func bind(_ screen: UIScreen) -> UnsafeMutableRawPointer? {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(screen).toOpaque())
        return previous
    }

    static func restore(_ previous: UnsafeMutableRawPointer?) {
        pthread_setspecific(key, previous)
    }
}

extension UIWindow {
    /// The screen the window is on: its application's (UIKIT-SCREEN-MAIN); a window in no application is
    /// on a detached screen.
    public var screen: UIScreen { application?.screen ?? UIScreen(size: .zero, scale: 1) }
}
