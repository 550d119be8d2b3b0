import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the recordings list needs to know about the record directory (`serve --record DIR`), shared
/// by every shard's recorder and library: which files are being written now (a live session's
/// recording is shown to no other device) and the newest file names.
///
/// Listing once read and stat'ed every file on the service thread at every request (100,000 files
/// froze every client for 1.95 s). Now recorders add the files they create as they create them, and
/// the directory is read again only when something else changed it (its modification time is not the
/// one after the last read or recorder create), at most once per `minRescanInterval`: names only, at
/// most `maxScanned` entries, keeping the newest `maxKept`. So a client that makes files by opening
/// sessions causes no reads of the directory, and one that lists pays for at most `maxKept` `lstat`s.
final class RecordDirectory: @unchecked Sendable {
    /// The directory's path.
    let path: String
    /// The most names kept (and so listed): the newest.
    static let maxKept = 200
    /// The most directory entries one read looks at; a directory holding more is listed from the
    /// first `maxScanned` the system returns (in no particular order).
    static let maxScanned = 100_000
    /// Reads of a directory changed by someone else are at least this far apart (seconds).
    static let minRescanInterval = 1.0

    private let lock = NSLock()
    /// Newest first, at most `maxKept`.
    private var newest: [String] = []
    private var live: Set<String> = []
    /// The directory's modification time after the last read or recorder create; nil: never read.
    private var knownStamp: timespec?
    private var lastRead = -Double.infinity
    /// Someone else changed the directory before a recorder's create moved `knownStamp` past it.
    private var readDue = false

    /// The directory at `path`, read at the first `newestNames`.
    init(path: String) {
        self.path = path
    }

    /// A recorder is about to create a file: a change by someone else not read yet must not be
    /// mistaken for the recorder's own once `created` takes the directory's new time.
    func willCreate() {
        lock.withLock {
            if let knownStamp, !Self.same(knownStamp, modificationTime()) { readDue = true }
        }
    }

    /// A recorder created `name` and is writing it.
    func created(_ name: String) {
        lock.withLock {
            Self.keep(name, in: &newest)
            live.insert(name)
            if knownStamp != nil { knownStamp = modificationTime() }
        }
    }

    /// The recorder of `name` closed it: its session ended.
    func finished(_ name: String) {
        _ = lock.withLock { live.remove(name) }
    }

    /// Whether `name` is being written by a live session.
    func isLive(_ name: String) -> Bool {
        lock.withLock { live.contains(name) }
    }

    /// The newest file names (`*.jsonl`, not hidden), newest first, reading the directory again if
    /// someone other than the recorders changed it.
    func newestNames() -> [String] {
        let now = ProcessInfo.processInfo.systemUptime
        return lock.withLock {
            let stamp = modificationTime()
            if readDue || knownStamp.map({ !Self.same($0, stamp) }) ?? true, now - lastRead >= Self.minRescanInterval {
                lastRead = now
                readDue = false
                knownStamp = stamp
                newest = scan() ?? newest
                for name in live { Self.keep(name, in: &newest) }
            }
            return newest
        }
    }

    private func scan() -> [String]? {
        guard let handle = opendir(path) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        var scanned = 0
        while scanned < Self.maxScanned, let entry = readdir(handle) {
            scanned += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard name.hasSuffix(".jsonl"), !name.hasPrefix(".") else { continue }
            Self.keep(name, in: &names)
        }
        return names
    }

    /// Inserts `name` into `names` (newest first) if it is among the `maxKept` newest.
    private static func keep(_ name: String, in names: inout [String]) {
        guard names.count < maxKept || name > names[names.count - 1] else { return }
        let index = names.firstIndex { $0 <= name } ?? names.count
        guard index == names.count || names[index] != name else { return }
        names.insert(name, at: index)
        if names.count > maxKept { names.removeLast() }
    }

    private func modificationTime() -> timespec {
        var info = stat()
        guard stat(path, &info) == 0 else { return timespec() }
        #if canImport(Darwin)
        return info.st_mtimespec
        #else
        return info.st_mtim
        #endif
    }

    private static func same(_ a: timespec, _ b: timespec) -> Bool { a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec }
}
