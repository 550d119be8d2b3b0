import Foundation
import Logging
import TouchBridgeProtocol
import TouchBridgeServer

/// Writes recordings for `HubBridge` (on the transport's service thread, like the bridge).
///
/// A connection's events are held back until its `hello` makes it a device (the file's name and
/// header need the welcome); observers and connections that never join are not recorded. What is
/// held before the hello is bounded in bytes (`pendingByteLimit`): past it further entries are
/// dropped and one `{"dropped":"recording-budget"}` line says so. Every step is written as whole
/// lines as it happens, so a crashed server still leaves its recordings, and files are synced to
/// disk when their session ends. A write error (full disk, directory removed) is logged at error
/// level once per session and counted (`touchbridge_recording_errors_total`); the session goes on.
/// Files are bounded in bytes (`RecordingBudget`): the write that would pass a session's limit or the
/// server's total is not made; a last `{"dropped":"recording-session-limit"}` (or `-server-limit`)
/// line says the file was cut there, one log line says so (the server's limit: once), it is counted
/// (`touchbridge_recording_cuts_total{limit}`), and the session goes on unrecorded.
package final class SessionRecorder {
    /// The directory the recordings are written to (created private to the user).
    package let directory: String
    private let listing: RecordDirectory
    private let allowInlineScenes: Bool
    private let scenesDirectory: String
    private let logger: Logger
    private var pending: [ConnectionID: (entries: [Recording.Entry], bytes: Int, overflowed: Bool)] = [:]
    private var files: [ConnectionID: RecordingFile] = [:]
    private var ignored: Set<ConnectionID> = []
    /// Connections whose recording failed (logged once) or was cut at a byte limit: not written to again.
    private var failed: Set<ConnectionID> = []
    private let budget: RecordingBudget
    /// Bytes written to each open file so far.
    private var fileBytes: [ConnectionID: Int] = [:]
    /// Recordings cut at a byte limit so far, by limit, for /metrics.
    package private(set) var cutCounts: [String: Int] = [:]
    /// Paths of the files written so far, in the order they were opened.
    package private(set) var paths: [String] = []
    /// Write errors so far (creating, writing or syncing a file), for /metrics.
    package private(set) var errorCount = 0
    /// Most bytes of entries held for a connection that has not said hello yet. A real client's
    /// first message is its hello, so this only ever holds junk; it bounds what 256 unjoined
    /// connections can make the server hold at 16 MiB.
    static let pendingByteLimit = 64 * 1024

    /// A recorder writing into `directory`, created if missing, within the settings' byte limits; throws
    /// when it cannot be created or written.
    package convenience init(directory: String, settings: ServerSettings, logger: Logger = Logger(label: "touchbridge.recording")) throws {
        try self.init(listing: RecordDirectory(path: directory), settings: settings, budget: RecordingBudget(settings: settings), logger: logger)
    }

    /// A recorder writing into `listing`'s directory and telling it which files it writes; `budget`: the
    /// server's byte limits. Several shards' recorders share one listing and one budget.
    init(listing: RecordDirectory, settings: ServerSettings, budget: RecordingBudget, logger: Logger) throws {
        directory = listing.path
        self.listing = listing
        self.logger = logger
        self.budget = budget
        allowInlineScenes = settings.allowInlineScenes
        scenesDirectory = settings.scenesDirectory
        try Self.prepare(directory)
    }

    /// Creates `path` and any missing parents (0700), like `mkdir -p`; nil when it exists as a directory
    /// afterwards, else what stopped it in the system's words, naming the part of the path at fault
    /// ("/tmp/a is a file, not a directory", "cannot create /srv/x: Permission denied") — Foundation's
    /// message for these was "NSCocoaErrorDomain error 512".
    static func makeDirectory(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            return isDirectory.boolValue ? nil : "\(path) is a file, not a directory"
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, let problem = makeDirectory(parent) { return problem }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            return "cannot create \(path): \(String(cString: strerror(errno)))"
        }
        return nil
    }

    /// Creates the directory private to the user (0700) if it is missing, and proves it writable
    /// by creating and removing a file in it, so `--record` fails at start rather than silently.
    static func prepare(_ directory: String) throws {
        if let problem = makeDirectory(directory) { throw SettingsError("--record \(directory): \(problem)") }
        let probe = (directory as NSString).appendingPathComponent(".touchbridge-write-check-\(SessionID.random())")
        do {
            let file = try RecordingFile(creating: probe)
            try file.append("\n")
            try file.close()
            unlink(probe)
        } catch {
            unlink(probe)
            throw SettingsError("--record \(directory): the directory is not writable (\(error.description))")
        }
    }

    /// Records one hub input of connection `id` and the effects it produced (call after the hub
    /// handled it).
    func record(_ input: SessionInput, on id: ConnectionID, effects: [(connection: ConnectionID, effect: SessionEffect)], hub: Hub,
                now: Double) {
        guard !ignored.contains(id) else {
            if input == .closed { ignored.remove(id) }
            return
        }
        var entries: [Recording.Entry] = []
        switch input {
        case .opened(let subprotocol): entries.append(.open(subprotocol: subprotocol))
        case .text(let text, let receivedAt), .decoded(_, let text, let receivedAt): entries.append(.input(text, at: receivedAt))
        case .stepping(let request, let receivedAt): entries.append(.input(request.text, at: receivedAt))
        case .timerFired: entries.append(.timer(at: now))
        case .closed: break
        }
        for (target, effect) in effects where target == id {
            if let text = effect.message {
                entries.append(.output(text))
            } else if case .close(let code, let reason) = effect {
                entries.append(.closing(code: code, reason: reason))
            }
        }
        if input == .closed { entries.append(.close) }

        if files[id] != nil {
            write(entries, for: id)
        } else if failed.contains(id) {
            // Its file could not be created: the session runs unrecorded.
        } else if hub.role(of: id) == .device {
            let held = pending.removeValue(forKey: id)?.entries ?? []
            open(id, entries: held + entries)
        } else if hub.role(of: id) == .observer {
            pending[id] = nil
            ignored.insert(id)
        } else if input != .closed {
            hold(entries, for: id)
        }
        if input == .closed {
            pending[id] = nil
            ignored.remove(id)
            failed.remove(id)
            fileBytes[id] = nil
            if let file = files.removeValue(forKey: id) {
                do { try file.close() } catch { fail(id, error) }
                listing.finished(Self.name(of: file))
            }
        }
    }

    /// The name of the file connection `id`'s session is being recorded into, while it is.
    func fileName(of id: ConnectionID) -> String? { files[id].map(Self.name) }

    private static func name(of file: RecordingFile) -> String { (file.path as NSString).lastPathComponent }

    /// A message of `id` was dropped by the transport (rate limit) before the session saw it.
    func recordDropped(_ id: ConnectionID, reason: String) {
        if files[id] != nil { write([.dropped(reason)], for: id) }
    }

    private func hold(_ entries: [Recording.Entry], for id: ConnectionID) {
        var held = pending[id] ?? (entries: [], bytes: 0, overflowed: false)
        let bytes = entries.reduce(0) { $0 + Recording.line($1).utf8.count + 1 }
        if held.bytes + bytes <= Self.pendingByteLimit {
            held.entries += entries
            held.bytes += bytes
        } else if !held.overflowed {
            held.overflowed = true
            held.entries.append(.dropped("recording-budget"))
        }
        pending[id] = held
    }

    private func open(_ id: ConnectionID, entries: [Recording.Entry]) {
        let welcome = entries.lazy.compactMap { entry -> Welcome? in
            guard case .output(let text) = entry, case .welcome(let welcome)? = try? ServerMessage.decode(text) else { return nil }
            return welcome
        }.first
        guard let welcome else { return }
        let now = Date()
        let header = Recording.Header(
            format: Recording.format, version: Recording.version, session: welcome.session, scene: welcome.scene, clock: welcome.clock,
            thresholds: welcome.thresholds, limits: welcome.limits, allowInlineScenes: allowInlineScenes,
            scenesDirectory: scenesDirectory, recordedAt: ISO8601DateFormatter().string(from: now))
        let headerLine = WireJSON.text(header) + "\n"
        if let limit = admit(headerLine.utf8.count, for: id) {
            // Past the server's total before it began: no file at all (a file needs its header).
            return stop(id, at: limit, file: nil)
        }
        // The name says when, not which session: a directory listing must not leak session ids
        // (they let anyone watch). 64 random bits keep names unique.
        let name = "\(Self.fileStamp(now))-\(SessionID.random().prefix(16)).jsonl"
        let path = (directory as NSString).appendingPathComponent(name)
        listing.willCreate()
        do {
            let file = try RecordingFile(creating: path)
            files[id] = file
            listing.created(name)
            paths.append(path)
            try file.append(headerLine)
            fileBytes[id] = headerLine.utf8.count
        } catch {
            fail(id, error)
            return
        }
        write(entries, for: id)
    }

    private func write(_ entries: [Recording.Entry], for id: ConnectionID) {
        guard !entries.isEmpty, !failed.contains(id), let file = files[id] else { return }
        let text = entries.map { Recording.line($0) + "\n" }.joined()
        if let limit = admit(text.utf8.count, for: id) { return stop(id, at: limit, file: file) }
        do {
            try file.append(text)
            fileBytes[id, default: 0] += text.utf8.count
        } catch {
            fail(id, error)
        }
    }

    /// Takes `bytes` for `id`'s file from the session's and the server's limits; the limit they
    /// would pass, or nil when they fit (and are taken).
    private func admit(_ bytes: Int, for id: ConnectionID) -> RecordingLimit? {
        guard bytes <= budget.bytesPerSession - fileBytes[id, default: 0] else { return .session }
        return budget.take(bytes) ? nil : .server
    }

    /// Ends `id`'s recording at a byte limit: a last line in its `file` saying so, one log line (the
    /// server's limit: once for the server), a count; the session goes on unrecorded.
    private func stop(_ id: ConnectionID, at limit: RecordingLimit, file: RecordingFile?) {
        do {
            try file?.append(Recording.line(.dropped(limit.droppedReason)) + "\n")
        } catch {
            fail(id, error)
        }
        cutCounts[limit.rawValue, default: 0] += 1
        failed.insert(id)
        if limit == .session || budget.firstToReportTotal() {
            logger.warning("recording stopped at its byte limit; the session goes on unrecorded", metadata: [
                "connection": "\(id)", "limit": "\(limit == .session ? "maxRecordingBytesPerSession" : "maxRecordingBytes")",
                "bytes": "\(limit == .session ? budget.bytesPerSession : budget.totalBytes)", "file": "\(file?.path ?? "none")",
            ])
        }
    }

    /// Counts every error; logs the first of each session at error level and stops writing it.
    private func fail(_ id: ConnectionID, _ error: any Error) {
        errorCount += 1
        guard failed.insert(id).inserted else { return }
        logger.error("recording failed; the session goes on unrecorded", metadata: [
            "connection": "\(id)", "error": "\(error)",
        ])
    }

    static func fileStamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: date)
    }
}
