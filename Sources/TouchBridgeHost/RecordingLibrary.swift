import Foundation
import TouchBridgeProtocol

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The recordings a device may open by name: the `*.jsonl` regular files directly in the server's
/// record directory (`serve --record DIR`) that it may see, nothing else. A recording is private to
/// the device connection that made it: without `shared` (`shareRecordings`) a device sees its own
/// session's file only; with it, every file of the directory except the ones other live sessions are
/// writing. A name is opened only if the device's listing holds it, so no path (`../`, absolute, a
/// symbolic link out of the directory) reaches the file system, and files over `maxBytes` are
/// refused before they are read.
struct RecordingLibrary {
    let directory: RecordDirectory
    let maxBytes: Int
    /// Whether every device may see the directory's finished recordings.
    let shared: Bool
    /// The recording a device connection's own session is writing, if any.
    let ownFile: (ConnectionID) -> String?

    /// What device connection `id` may open, newest first (at most `RecordDirectory.maxKept`).
    func list(for id: ConnectionID) -> [RecordingListing] {
        let own = ownFile(id)
        var names = own.map { [$0] } ?? []
        if shared {
            names += directory.newestNames().filter { $0 != own && !directory.isLive($0) }
            names.sort(by: >)
        }
        return names.prefix(RecordDirectory.maxKept).compactMap { name in
            var info = stat()
            guard lstat(path(of: name), &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            return RecordingListing(name: name, bytes: Int(info.st_size))
        }
    }

    /// The text of the file `name` of `id`'s listing.
    func read(_ name: String, for id: ConnectionID) throws(ProtocolError) -> String {
        guard let file = list(for: id).first(where: { $0.name == name }) else {
            let scope = shared ? "" : " (recordings are private to the session that made them unless the server runs with shareRecordings)"
            throw ProtocolError(code: StepErrorCode.unknownRecording,
                                message: "name: no recording \"\(name)\" in your list\(scope); ask with {\"type\":\"recordings\"}", path: "name")
        }
        guard file.bytes <= maxBytes else {
            throw ProtocolError(code: StepErrorCode.tooLarge, message: "\(name) is \(file.bytes) bytes; the server opens recordings up to \(maxBytes) bytes",
                                path: "name")
        }
        guard let data = FileManager.default.contents(atPath: path(of: name)), data.count <= maxBytes else {
            throw ProtocolError(code: StepErrorCode.unknownRecording, message: "name: \(name) cannot be read", path: "name")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func path(of name: String) -> String { (directory.path as NSString).appendingPathComponent(name) }
}
