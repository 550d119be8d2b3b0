#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain POSIX thread that runs one body and can be waited for: a service loop blocks its
/// thread for the server's life, which must not be one of Swift concurrency's few threads.
struct JoinableThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private let thread: pthread_t

    /// Starts `body` on a new thread at once.
    init(_ body: @escaping @Sendable () -> Void) {
        var thread = pthread_t()
        // The thread takes the +1 reference and releases it when the body returns.
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        let rc = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, context)
        precondition(rc == 0, "pthread_create failed: \(rc)")
        self.thread = thread
    }

    /// Waits until the body has returned.
    func join() {
        pthread_join(thread, nil)
    }
}
