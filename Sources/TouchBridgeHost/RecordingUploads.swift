import TouchBridgeProtocol

/// Recordings being uploaded in parts (`open-recording` with `data`), at most one per connection,
/// bounded in bytes for each upload (`maxBytes`, the largest recording the server opens) and for all
/// unfinished uploads together (`budgetBytes`): without the second, every connection could hold a
/// nearly finished upload, and 1,000 connections 4 GB.
///
/// A part out of order is refused and the upload kept, so the client can still send the part the
/// server expects; part 0 always starts afresh. A part that would pass `budgetBytes` is refused with
/// `server-busy` and not taken (the upload is kept: the same part may be sent again later).
struct RecordingUploads {
    /// What the client has to do next.
    enum Progress: Equatable {
        /// Parts `0 ..< received` of `parts` are in: send part `received`.
        case partial(received: Int, parts: Int)
        /// The last part arrived: the whole file.
        case complete(String)
    }

    private struct Upload {
        var parts: Int
        var received: Int
        var text: String
    }

    /// The largest upload, in bytes.
    let maxBytes: Int
    /// The most bytes all unfinished uploads hold together.
    let budgetBytes: Int
    private var uploads: [ConnectionID: Upload] = [:]
    /// Bytes all unfinished uploads hold together.
    private(set) var bytes = 0

    init(maxBytes: Int, budgetBytes: Int) {
        self.maxBytes = maxBytes
        self.budgetBytes = budgetBytes
    }

    /// Takes part `part` of `parts` from connection `id`, or throws why not (the message says which
    /// part the server expects).
    mutating func take(part: Int, of parts: Int, data: String, from id: ConnectionID) throws(ProtocolError) -> Progress {
        if part == 0 { forget(id) }
        var upload = uploads[id] ?? Upload(parts: parts, received: 0, text: "")
        // The part just taken, sent again (its sender saw a rate-limited error that was not for it): taken once.
        if part > 0, part == upload.received - 1, parts == upload.parts {
            return .partial(received: upload.received, parts: parts)
        }
        guard part == upload.received, parts == upload.parts else {
            let expected = upload.received == 0 ? "part 0 (no upload in progress)" : "part \(upload.received) of \(upload.parts)"
            throw .schema("part", "expected \(expected), got \(part) of \(parts); the upload so far is kept")
        }
        let added = data.utf8.count
        guard upload.text.utf8.count + added <= maxBytes else {
            forget(id)
            throw ProtocolError(code: StepErrorCode.tooLarge, message: "the upload is over \(maxBytes) bytes, the largest recording the server opens",
                                path: "data")
        }
        guard bytes + added <= budgetBytes else {
            throw ProtocolError(
                code: StepErrorCode.serverBusy,
                message: "the server holds \(bytes) bytes of unfinished uploads and takes at most \(budgetBytes) (maxUploadBytesInFlight); part \(part) was not taken: send it again later",
                path: "data")
        }
        upload.text += data
        upload.received += 1
        guard upload.received < upload.parts else {
            forget(id)
            return .complete(upload.text)
        }
        bytes += added
        uploads[id] = upload
        return .partial(received: upload.received, parts: upload.parts)
    }

    /// Drops connection `id`'s unfinished upload, if any.
    mutating func forget(_ id: ConnectionID) {
        guard let upload = uploads.removeValue(forKey: id) else { return }
        bytes -= upload.text.utf8.count
    }
}
