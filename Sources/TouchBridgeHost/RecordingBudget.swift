import TouchBridgeTransport

/// The byte limits of `serve --record`: `maxRecordingBytesPerSession` for one session's file and
/// `maxRecordingBytes` for every file the server writes together, so one client sending big
/// messages cannot fill the disk (one connection's 255 KB pings wrote 118–128 MB/s). One budget
/// per server, shared by every shard's recorder (each on its own service thread), hence the lock;
/// a recorder keeps its sessions' own counts.
final class RecordingBudget: Sendable {
    /// Most bytes of one session's file (header and lines).
    let bytesPerSession: Int
    /// Most bytes of all files together, since the server started.
    let totalBytes: Int
    private let state = Locked((written: 0, reported: false))

    /// The limits `settings` give.
    init(settings: ServerSettings) {
        bytesPerSession = settings.maxRecordingBytesPerSession
        totalBytes = settings.maxRecordingBytes
    }

    /// Takes `bytes` from the server's total if they fit in it; false (and nothing taken) if not.
    func take(_ bytes: Int) -> Bool {
        state.withLock { state in
            guard bytes <= totalBytes - state.written else { return false }
            state.written += bytes
            return true
        }
    }

    /// True the first time it is called: the server-wide limit is logged once, not once per session.
    func firstToReportTotal() -> Bool {
        state.withLock { state in
            defer { state.reported = true }
            return !state.reported
        }
    }
}

/// Which limit stopped a recording: the session's own bytes or the server's total.
enum RecordingLimit: String, CaseIterable, Sendable {
    case session, server

    /// The `dropped` reason of the file's last line, which `replay` reads as a dropped entry.
    var droppedReason: String { "recording-\(rawValue)-limit" }
}
