import Foundation
import TouchBridgeProtocol

/// The recordings a page may open by name: the `*.jsonl` regular files directly in the server's
/// record directory (`serve --record DIR`), nothing else. A name is opened only if the listing holds
/// it, so no path (`../`, absolute, a symbolic link out of the directory) reaches the file system,
/// and files over `maxBytes` are refused before they are read.
struct RecordingLibrary {
    let directory: String
    let maxBytes: Int
    /// Newest files listed (names start with their UTC start time, so name order is time order).
    static let maxListed = 200

    func list() -> [RecordingListing] {
        let fileManager = FileManager.default
        let names = (try? fileManager.contentsOfDirectory(atPath: directory)) ?? []
        let listed = names.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }.sorted(by: >).compactMap { name -> RecordingListing? in
            let attributes = try? fileManager.attributesOfItem(atPath: (directory as NSString).appendingPathComponent(name))
            guard attributes?[.type] as? FileAttributeType == .typeRegular, let size = attributes?[.size] as? NSNumber else { return nil }
            return RecordingListing(name: name, bytes: size.intValue)
        }
        return Array(listed.prefix(Self.maxListed))
    }

    /// The text of the listed file `name`.
    func read(_ name: String) throws(ProtocolError) -> String {
        guard let file = list().first(where: { $0.name == name }) else {
            throw ProtocolError(code: StepErrorCode.unknownRecording,
                                message: "name: no recording \"\(name)\" in the server's list (ask with {\"type\":\"recordings\"})", path: "name")
        }
        guard file.bytes <= maxBytes else {
            throw ProtocolError(code: StepErrorCode.tooLarge, message: "\(name) is \(file.bytes) bytes; the server opens recordings up to \(maxBytes) bytes",
                                path: "name")
        }
        let path = (directory as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path), data.count <= maxBytes else {
            throw ProtocolError(code: StepErrorCode.unknownRecording, message: "name: \(name) cannot be read", path: "name")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
