// Blocking test clients written on plain sockets, independent of libwebsockets, so the tests exercise the
// server's wire behaviour (and can send what a well-behaved client library never would).
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

final class RawSocket {
    let fd: Int32
    private var pending: [UInt8] = []

    init(port: Int, timeout: Double = 5) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw TestFailure("socket() failed") }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else {
            Glibc.close(fd)
            throw TestFailure("connect to port \(port) failed: errno \(errno)")
        }
        var tv = timeval()
        tv.tv_sec = Int(timeout)
        tv.tv_usec = .init((timeout - Double(Int(timeout))) * 1_000_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { Glibc.close(fd) }

    func write(_ bytes: [UInt8]) throws {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw TestFailure("send failed: errno \(errno)") }
            off += n
        }
    }

    func write(_ s: String) throws { try write(Array(s.utf8)) }

    /// Whether bytes are waiting to be read, or arrive within `seconds`.
    func hasInput(within seconds: Double) -> Bool {
        if !pending.isEmpty { return true }
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, Int32(seconds * 1000)) > 0
    }

    /// Reads more bytes into the pending buffer; false on EOF, timeout or error.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return false }
        pending.append(contentsOf: chunk[0..<n])
        return true
    }

    func readExactly(_ n: Int) throws -> [UInt8] {
        while pending.count < n {
            guard fill() else { throw TestFailure("connection ended/timed out after \(pending.count) of \(n) bytes") }
        }
        let out = Array(pending[0..<n])
        pending.removeFirst(n)
        return out
    }

    func readUntil(_ delimiter: String) throws -> [UInt8] {
        let d = Array(delimiter.utf8)
        while true {
            if pending.count >= d.count {
                for i in 0...(pending.count - d.count) where Array(pending[i..<(i + d.count)]) == d {
                    let out = Array(pending[0..<(i + d.count)])
                    pending.removeFirst(i + d.count)
                    return out
                }
            }
            guard fill() else { throw TestFailure("no \(delimiter.debugDescription) before EOF") }
        }
    }

    func readToEOF() -> [UInt8] {
        while fill() {}
        defer { pending = [] }
        return pending
    }

    /// True if the peer closed the TCP connection (EOF) within the receive timeout.
    func sawEOF() -> Bool {
        while fill() {}
        var b: UInt8 = 0
        return recv(fd, &b, 1, Int32(MSG_DONTWAIT)) == 0
    }
}

struct HTTPResponse {
    var status: Int
    var headers: [String: String]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// Sends one raw request line (no normalisation of the path) and reads the response to EOF.
func httpGet(port: Int, path: String, extraHeaders: [String] = []) throws -> HTTPResponse {
    let s = try RawSocket(port: port)
    var req = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for h in extraHeaders { req += h + "\r\n" }
    try s.write(req + "\r\n")
    let head = try s.readUntil("\r\n\r\n")
    let response = try parseHead(head)
    var body: [UInt8]
    if let len = response.headers["content-length"].flatMap(Int.init) {
        body = try s.readExactly(len)
    } else {
        body = s.readToEOF()
    }
    return HTTPResponse(status: response.status, headers: response.headers, body: body)
}

func parseHead(_ head: [UInt8]) throws -> (status: Int, headers: [String: String]) {
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let parts = lines[0].split(separator: " ")
    guard parts.count >= 2, let status = Int(parts[1]) else { throw TestFailure("bad status line \(lines[0])") }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return (status, headers)
}

enum WSEvent: Equatable {
    case text(String)
    case close(code: UInt16, reason: String)
}

/// A minimal RFC 6455 client: masked frames out, frames in; answers pings when asked to.
final class WSClient {
    let socket: RawSocket
    let headers: [String: String]
    var answerPings = true
    var answerClose = true

    struct Refused: Error { let status: Int; let body: String }

    init(port: Int, path: String = "/ws", subprotocol: String? = "touchbridge.v1", origin: String? = nil,
         timeout: Double = 5) throws {
        socket = try RawSocket(port: port, timeout: timeout)
        var req = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        req += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let subprotocol { req += "Sec-WebSocket-Protocol: \(subprotocol)\r\n" }
        if let origin { req += "Origin: \(origin)\r\n" }
        try socket.write(req + "\r\n")
        let head = try parseHead(try socket.readUntil("\r\n\r\n"))
        guard head.status == 101 else {
            let len = head.headers["content-length"].flatMap(Int.init) ?? 0
            let body = (try? socket.readExactly(len)) ?? []
            throw Refused(status: head.status, body: String(decoding: body, as: UTF8.self))
        }
        headers = head.headers
    }

    func sendFrame(opcode: UInt8, payload: [UInt8], fin: Bool = true) throws {
        try socket.write(frame(opcode: opcode, payload: payload, fin: fin))
    }

    /// Several text messages in one write, so the server reads them all at once whatever the load.
    func sendTexts(_ texts: [String]) throws {
        try socket.write(texts.flatMap { frame(opcode: 1, payload: Array($0.utf8)) })
    }

    func frame(opcode: UInt8, payload: [UInt8], fin: Bool = true) -> [UInt8] {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let n = payload.count
        if n < 126 {
            frame.append(0x80 | UInt8(n))
        } else if n <= 0xFFFF {
            frame.append(0x80 | 126)
            frame += [UInt8(n >> 8), UInt8(n & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for i in (0..<8).reversed() { frame.append(UInt8((UInt64(n) >> (8 * UInt64(i))) & 0xFF)) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset & 3] }
        return frame
    }

    func sendText(_ text: String) throws { try sendFrame(opcode: 1, payload: Array(text.utf8)) }

    func sendClose(code: UInt16 = 1000, reason: String = "") throws {
        try sendFrame(opcode: 8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
    }

    func readFrame() throws -> (opcode: UInt8, payload: [UInt8]) {
        let h = try socket.readExactly(2)
        var len = Int(h[1] & 0x7F)
        if len == 126 {
            let b = try socket.readExactly(2)
            len = Int(b[0]) << 8 | Int(b[1])
        } else if len == 127 {
            len = try socket.readExactly(8).reduce(0) { $0 << 8 | Int($1) }
        }
        guard h[1] & 0x80 == 0 else { throw TestFailure("server frame is masked") }
        return (h[0] & 0x0F, try socket.readExactly(len))
    }

    /// The next text message or close, answering pings on the way.
    func next() throws -> WSEvent {
        while true {
            let f = try readFrame()
            switch f.opcode {
            case 1: return .text(String(decoding: f.payload, as: UTF8.self))
            case 8:
                let code = f.payload.count >= 2 ? UInt16(f.payload[0]) << 8 | UInt16(f.payload[1]) : 1005
                if answerClose { try? sendFrame(opcode: 8, payload: Array(f.payload.prefix(2))) }  // RFC 6455 5.5.1
                return .close(code: code, reason: String(decoding: f.payload.dropFirst(2), as: UTF8.self))
            case 9:
                if answerPings { try sendFrame(opcode: 10, payload: f.payload) }
            default:
                continue
            }
        }
    }

    /// Reads (and answers pings) for `seconds` without sending anything else.
    func pump(for seconds: Double) throws {
        let end = Date().addingTimeInterval(seconds)
        while true {
            let left = end.timeIntervalSinceNow
            if left <= 0 { return }
            var pfd = pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, Int32(left * 1000) + 1) > 0 {
                let f = try readFrame()
                switch f.opcode {
                case 9: try sendFrame(opcode: 10, payload: f.payload)
                case 8: throw TestFailure("closed while pumping: \(f.payload)")
                default: break
                }
            }
        }
    }

    func readText() throws -> String {
        let e = try next()
        guard case .text(let t) = e else { throw TestFailure("expected text, got \(e)") }
        return t
    }

    /// Reads until the close frame, skipping text.
    func readClose() throws -> (code: UInt16, reason: String) {
        while true {
            if case .close(let code, let reason) = try next() { return (code, reason) }
        }
    }
}
