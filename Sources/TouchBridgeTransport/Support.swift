#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The clock of every time value this module reports or accepts: `CLOCK_MONOTONIC`, in seconds.
/// Use it for deadlines (`armTimer(for:token:after:)`) and to compare with `receiveTime`.
package enum MonotonicClock {
    /// Seconds on `CLOCK_MONOTONIC`, which never jumps with wall-clock changes.
    package static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000
    }
}

/// A value guarded by a pthread mutex; the only state that other threads touch.
package final class Locked<State: Sendable>: @unchecked Sendable {
    // Owned by this object: allocated and initialised in init, destroyed and freed in deinit.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    /// Guards `state` from now on: only `withLock` reaches it.
    package init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the state with the mutex held, so no other thread sees it half changed.
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}

/// C strings that lws keeps pointers to for the lifetime of a context (protocol name, interface,
/// certificate paths). Each is `strdup`ed and owned by the arena, freed only after the context is destroyed.
final class CStringArena {
    private var owned: [UnsafeMutablePointer<CChar>] = []

    func dup(_ s: String) -> UnsafePointer<CChar> {
        guard let p = strdup(s) else { fatalError("strdup failed: out of memory") }
        owned.append(p)
        return UnsafePointer(p)
    }

    deinit {
        for p in owned { free(p) }
    }
}

/// Strict UTF-8 validation (RFC 3629, Unicode table 3-7): rejects overlong forms, surrogates,
/// code points above U+10FFFF and truncated sequences. A WebSocket text message must pass it (else 1007).
func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let n = bytes.count
    guard n > 0, let base = bytes.baseAddress else { return true }
    var i = 0
    while i < n {
        // Fast path: eight ASCII bytes at a time.
        if i + 8 <= n, base.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            i += 8
            continue
        }
        let c = bytes[i]
        if c < 0x80 {
            i += 1
        } else if c < 0xC2 {
            return false  // stray continuation byte, or an overlong 2-byte lead (C0, C1)
        } else if c < 0xE0 {
            guard i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 else { return false }
            i += 2
        } else if c < 0xF0 {
            guard i + 2 < n else { return false }
            let c1 = bytes[i + 1]
            switch c {
            case 0xE0: guard (0xA0...0xBF).contains(c1) else { return false }  // overlong
            case 0xED: guard (0x80...0x9F).contains(c1) else { return false }  // surrogates
            default: guard c1 & 0xC0 == 0x80 else { return false }
            }
            guard bytes[i + 2] & 0xC0 == 0x80 else { return false }
            i += 3
        } else if c < 0xF5 {
            guard i + 3 < n else { return false }
            let c1 = bytes[i + 1]
            switch c {
            case 0xF0: guard (0x90...0xBF).contains(c1) else { return false }  // overlong
            case 0xF4: guard (0x80...0x8F).contains(c1) else { return false }  // above U+10FFFF
            default: guard c1 & 0xC0 == 0x80 else { return false }
            }
            guard bytes[i + 2] & 0xC0 == 0x80, bytes[i + 3] & 0xC0 == 0x80 else { return false }
            i += 4
        } else {
            return false
        }
    }
    return true
}

/// Truncates `s` to at most `maxBytes` of UTF-8 without splitting a character (close reasons: 123 bytes).
func truncatedUTF8(_ s: String, maxBytes: Int) -> [UInt8] {
    var out: [UInt8] = []
    for ch in s {
        let u = Array(String(ch).utf8)
        if out.count + u.count > maxBytes { break }
        out.append(contentsOf: u)
    }
    return out
}

/// Open-file limits: every WebSocket is a file descriptor, and Debian's default soft limit (1,024)
/// is below the default `maxConnections`.
package enum FileDescriptorLimit {
    /// Raises the soft limit to the hard limit (what an unprivileged process may do) and returns it.
    /// libwebsockets sizes its connection table from this limit when a context is created, so call
    /// it before creating servers or clients.
    @discardableResult
    package static func raiseToMaximum() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        return Int(clamping: limit.rlim_cur)
    }
}
