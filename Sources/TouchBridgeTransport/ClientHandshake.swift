import CLibWebSockets

/// A client's opening handshake (RFC 6455 §4.1): the upgrade request, and the check of the server's
/// answer — status 101, the `Sec-WebSocket-Accept` that proves it read this request's key, and the
/// subprotocol it agreed to.
struct ClientHandshake {
    /// The base64 of 16 random bytes, new for each connection.
    let key: String
    /// The response head is at most this long (bytes, the blank line included).
    static let maxResponseBytes = 16 * 1024

    init(keys: inout MaskKeys) {
        var nonce: [UInt8] = []
        for _ in 0..<4 {
            let word = keys.take()
            for shift in stride(from: 24, through: 0, by: -8) { nonce.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        key = Self.base64(nonce)
    }

    /// The GET request that asks `url`'s server to upgrade, offering `subprotocol`.
    func request(for url: WebSocketURL, subprotocol: String?) -> [UInt8] {
        var head = "GET \(url.pathAndQuery) HTTP/1.1\r\nHost: \(url.hostHeader)\r\nUpgrade: websocket\r\n"
        head += "Connection: Upgrade\r\nSec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n"
        if let subprotocol { head += "Sec-WebSocket-Protocol: \(subprotocol)\r\n" }
        return Array((head + "\r\n").utf8)
    }

    /// The server's answer, once its head is complete in `bytes`: the count of bytes the head took
    /// (frames may follow it in the same read) and the agreed subprotocol. Nil while incomplete;
    /// throws the reason when the server refused or answered wrongly.
    func response(in bytes: [UInt8]) throws(ClientFrameReader.Failure) -> (headCount: Int, subprotocol: String?)? {
        let terminator: [UInt8] = [13, 10, 13, 10]
        guard let end = bytes.indices.dropLast(3).first(where: { bytes[$0..<($0 + 4)].elementsEqual(terminator) }) else {
            guard bytes.count < Self.maxResponseBytes else { throw refused("a response head over \(Self.maxResponseBytes) bytes") }
            return nil
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        guard let status = lines.first, status.hasPrefix("HTTP/1.1 101") else {
            throw refused("the server answered \"\(lines.first ?? "")\"")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimming(Self.isOptionalWhitespace)
        }
        guard headers["upgrade"]?.lowercased() == "websocket" else { throw refused("no Upgrade: websocket") }
        guard headers["connection"]?.lowercased().split(separator: ",").contains(where: { $0.trimming(Self.isOptionalWhitespace) == "upgrade" }) == true else {
            throw refused("no Connection: Upgrade")
        }
        guard headers["sec-websocket-accept"] == Self.accept(for: key) else { throw refused("a wrong Sec-WebSocket-Accept") }
        return (end + 4, headers["sec-websocket-protocol"])
    }

    /// What a server answers to `key`: base64(SHA-1(key + the RFC's GUID)).
    static func accept(for key: String) -> String {
        let input = Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)
        var digest = [UInt8](repeating: 0, count: 20)
        _ = lws_SHA1(input, input.count, &digest)
        return base64(digest)
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        var out = [CChar](repeating: 0, count: 64)
        let count = bytes.withUnsafeBytes { raw in
            lws_b64_encode_string(raw.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(truncatingIfNeeded: bytes.count), &out, Int32(truncatingIfNeeded: out.count))
        }
        return String(decoding: out.prefix(Int(truncatingIfNeeded: max(0, count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// HTTP's optional whitespace around a header's value and its list items (RFC 9110 §5.6.3).
    private static func isOptionalWhitespace(_ character: Character) -> Bool {
        character == " " || character == "\t"
    }

    private func refused(_ why: String) -> ClientFrameReader.Failure {
        ClientFrameReader.Failure(code: 1006, reason: "handshake refused: \(why)")
    }
}
