#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The application whose turn is running on this thread: what UIKit API without a view to ask
/// (`UIImpactFeedbackGenerator()`, `CADisplayLink.add(to:forMode:)`) reaches instead of
/// `UIApplication.shared`, which TouchKit cannot have (many applications, one per session, run on
/// different threads). A thread-local slot, not a task-local, so binding it costs two stores per turn.
enum CurrentApplication {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The application running a turn on this thread; nil outside turns.
    static var value: UIApplication? {
        pthread_getspecific(key).map { Unmanaged<UIApplication>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` with `application` bound, restoring what was bound before (applications nest when
    /// one's turn drives another's, as a test may).
    static func bind(_ application: UIApplication, _ body: () -> Void) {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(application).toOpaque())
        body()
        pthread_setspecific(key, previous)
    }
}
