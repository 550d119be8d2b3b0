#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT/SIGTERM into `requestStop()` calls, whichever thread the kernel delivers them to:
/// a process-wide handler writes the signal number to a self-pipe (write(2) is async-signal-safe) and a
/// watcher thread reads it and calls `requestStop()` on every registered target. No signal masks are needed,
/// so it works no matter which threads exist when it is installed.
enum SignalRelay {
    struct Target: Sendable {
        weak var target: (any StopTarget)?
    }

    /// The self-pipe, created once (before any handler is installed, so the handler never initialises it).
    static let pipeFDs: (read: Int32, write: Int32) = {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { fatalError("pipe() failed: errno \(errno)") }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }()

    static let targets = Locked<[Target]>([])

    /// Starts the watcher thread once.
    private static let watcher: Bool = {
        var thread = pthread_t()
        let rc = pthread_create(&thread, nil, { _ in
            var byte: UInt8 = 0
            while true {
                let n = read(SignalRelay.pipeFDs.read, &byte, 1)
                if n < 0, errno == EINTR { continue }
                guard n == 1 else { return nil }
                let live = SignalRelay.targets.withLock { list -> [any StopTarget] in
                    list.removeAll { $0.target == nil }
                    return list.compactMap(\.target)
                }
                for t in live { t.signalReceived(Int32(byte)) }
            }
        }, nil)
        if rc == 0 { pthread_detach(thread) }
        return rc == 0
    }()

    static func install(_ signals: [Int32], for target: any StopTarget) {
        _ = pipeFDs
        _ = watcher
        targets.withLock { $0.append(Target(target: target)) }
        for s in signals { signal(s, relaySignal) }
    }
}

/// Something a signal should stop.
protocol StopTarget: AnyObject, Sendable {
    func signalReceived(_ signal: Int32)
}

/// The handler: async-signal-safe (one write to a pipe created before the handler was installed).
private func relaySignal(_ signal: Int32) {
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signal)
    _ = write(SignalRelay.pipeFDs.write, &byte, 1)
    errno = savedErrno
}
