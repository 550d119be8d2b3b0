#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One recording file, written with whole lines only: each `append` writes its lines completely or,
/// if the disk refuses part of them (full, removed, read-only), cuts the file back to where it was, so
/// a reader never meets a truncated line. Unbuffered (each step reaches the kernel when it is
/// recorded); `close` syncs to the disk.
final class RecordingFile {
    let path: String
    private var descriptor: Int32
    /// Bytes of whole lines written so far.
    private var length: off_t = 0

    /// Creates the file (never overwrites one), private to the user (0600).
    init(creating path: String) throws(RecordingIOError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw RecordingIOError(operation: "create", path: path, errno: errno) }
    }

    deinit {
        if descriptor >= 0 { closeDescriptor(descriptor) }
    }

    /// Writes `text` (whole lines) completely, or nothing of it.
    func append(_ text: String) throws(RecordingIOError) {
        guard descriptor >= 0 else { throw RecordingIOError(operation: "write", path: path, errno: EBADF) }
        let bytes = Array(text.utf8)
        var written = 0
        let failure: Int32? = bytes.withUnsafeBytes { buffer -> Int32? in
            while written < buffer.count {
                let n = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += n
            }
            return nil
        }
        if let failure {
            if written > 0 { _ = ftruncate(descriptor, length) }
            _ = lseek(descriptor, length, SEEK_SET)
            throw RecordingIOError(operation: "write", path: path, errno: failure)
        }
        length += off_t(written)
    }

    /// Syncs what was written to the disk and closes the file.
    func close() throws(RecordingIOError) {
        guard descriptor >= 0 else { return }
        let fd = descriptor
        descriptor = -1
        let synced = fsync(fd) == 0 ? nil : errno
        let closed = closeDescriptor(fd) == 0 ? nil : errno
        if let code = synced ?? closed { throw RecordingIOError(operation: "sync", path: path, errno: code) }
    }
}

@discardableResult
private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }

/// A recording file operation that failed, with the system's reason.
struct RecordingIOError: Error, CustomStringConvertible {
    let operation: String
    let path: String
    let errno: Int32

    var description: String { "cannot \(operation) \(path): \(String(cString: strerror(errno)))" }
}
