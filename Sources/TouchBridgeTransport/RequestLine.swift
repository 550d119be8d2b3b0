/// What the first bytes of an HTTP request say about where it should be served, read before
/// libwebsockets sees them: the acceptor of a sharded server routes a connection by its request
/// line (`GET /ws?watch=ID HTTP/1.1`) alone, so that an observer reaches the shard running the
/// session it watches. Pure: bytes in, a verdict out.
package enum RequestLine: Equatable, Sendable {
    /// No line end yet, and fewer bytes than `maxBytes`: wait for more.
    case incomplete
    /// A request line that is not `METHOD TARGET VERSION`, or longer than `maxBytes`: any shard may
    /// have it (libwebsockets answers or drops it there).
    case malformed
    /// The request's path (without the query) and its `watch` query value, if any.
    case target(path: String, watch: String?)

    /// The longest request line read: libwebsockets' own header buffer holds 2,048 bytes.
    package static let maxBytes = 2048
    /// The longest `watch` value kept; longer ones are no session id and route like no value.
    package static let maxWatchBytes = 128

    /// Reads the request line at the start of `bytes` (what a peek at the socket returned).
    package static func parse(_ bytes: some Collection<UInt8>) -> RequestLine {
        guard let end = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            return bytes.count < maxBytes ? .incomplete : .malformed
        }
        var line = Array(bytes[..<end])
        guard line.count < maxBytes else { return .malformed }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        let parts = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[1].first == UInt8(ascii: "/"),
              parts[2].starts(with: Array("HTTP/".utf8)) else { return .malformed }
        let target = parts[1]
        let question = target.firstIndex(of: UInt8(ascii: "?"))
        let path = String(decoding: target[..<(question ?? target.endIndex)], as: UTF8.self)
        let query = question.map { target[target.index(after: $0)...] }
        return .target(path: path, watch: query.flatMap(watchValue))
    }

    /// The first `watch=` value of a query, if it is a plausible id (1…`maxWatchBytes` bytes of
    /// letters, digits and dashes: what session ids are made of).
    private static func watchValue(in query: ArraySlice<UInt8>) -> String? {
        for pair in query.split(separator: UInt8(ascii: "&")) where pair.starts(with: Array("watch=".utf8)) {
            let value = pair.dropFirst("watch=".utf8.count)
            let isID = value.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            }
            guard isID, (1...maxWatchBytes).contains(value.count) else { return nil }
            return String(decoding: value, as: UTF8.self)
        }
        return nil
    }
}
