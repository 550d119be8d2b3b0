import Foundation
import TouchBridgeTransport

/// `bench load --timeline`: the load second by second, so an overload shows when it starts, what it
/// does to intake and whether intake recovers — a run's totals hide a collapse in its middle (issue 25:
/// 54–58k messages/s for 4 s, then 10–24k once backpressure paused reading, never recovering).
///
/// The generator counts what it sent and what was answered in each second; a sampler thread reads the
/// server's `/metrics` (messages received, read pauses, connections paused now, bytes queued) and,
/// for a server the bench started, its CPU time and resident memory, once a second — and the
/// generator's own CPU time, so a second whose intake dips while the server idles shows whether the
/// generator, which shares the machine, fell behind its schedule.
final class IntakeTimeline: @unchecked Sendable {
    /// What the server said at one moment.
    struct ServerSample {
        var time: Double
        var metrics: [String: Double]
        var cpuSeconds: Double?
        var residentKiB: Int?
        /// This process's (the generator's) user + system CPU seconds so far.
        var generatorCPUSeconds: Double
    }

    private let port: Int
    private let server: ServerProcess?
    private let lock = NSLock()
    private var samples: [ServerSample] = []
    private var running = true
    private var sampler: Thread?

    /// Samples the server on `port` (loopback); `server` adds its CPU and memory when the bench started it.
    init(port: Int, server: ServerProcess?) {
        self.port = port
        self.server = server
    }

    /// Starts sampling once a second, for at most `seconds` (a bound if `stop()` never comes).
    func start(for seconds: Double) {
        let deadline = MonotonicClock.now() + seconds
        let thread = Thread { [self] in
            while lock.withLock({ running }), MonotonicClock.now() < deadline {
                let time = MonotonicClock.now()
                let sample = ServerSample(time: time, metrics: MetricsScrape.values(port: port),
                                          cpuSeconds: server?.cpuSeconds, residentKiB: server?.residentKiB,
                                          generatorCPUSeconds: Self.ownCPUSeconds())
                lock.withLock { samples.append(sample) }
                Thread.sleep(forTimeInterval: max(0, time + 1 - MonotonicClock.now()))
            }
        }
        sampler = thread
        thread.start()
    }

    /// Stops sampling once a sample taken at or after `time` exists (the last row needs one, and the
    /// run may end within its last second), waiting at most three seconds for it.
    func stop(once time: Double) {
        let deadline = MonotonicClock.now() + 3
        while MonotonicClock.now() < deadline, lock.withLock({ running && (samples.last?.time ?? -.infinity) < time }) {
            Thread.sleep(forTimeInterval: 0.05)
        }
        lock.withLock { running = false }
    }

    /// One row per second of the run: what was sent and answered then, and the server's figures over
    /// the second that ended nearest to it. `start` is when sending began; `idleKiB` the idle server's memory.
    func rows(sent: [Int], answered: [Int], start: Double, idleKiB: Int?) -> [String] {
        let taken = lock.withLock { samples }
        var rows = ["second  sent/s  answered/s  server in/s  pauses  paused  queued MiB  CPU cores  RSS above idle MiB  generator cores"]
        for second in 0..<max(sent.count, answered.count) {
            let end = start + Double(second + 1)
            let after = taken.firstIndex { $0.time >= end - 0.5 }
            let pair = after.flatMap { $0 > 0 ? (taken[$0 - 1], taken[$0]) : nil }
            func delta(_ name: String) -> String {
                guard let (a, b) = pair, let x = a.metrics[name], let y = b.metrics[name] else { return "–" }
                return String(format: "%.0f", (y - x) / max(b.time - a.time, 1e-3))
            }
            func now(_ name: String, _ scale: Double = 1, _ format: String = "%.0f") -> String {
                pair.flatMap { $0.1.metrics[name] }.map { String(format: format, $0 / scale) } ?? "–"
            }
            let cpu = pair.flatMap { a, b in a.cpuSeconds.flatMap { x in b.cpuSeconds.map { y in (y - x) / max(b.time - a.time, 1e-3) } } }
            let generator = pair.map { a, b in (b.generatorCPUSeconds - a.generatorCPUSeconds) / max(b.time - a.time, 1e-3) }
            let rss = pair.flatMap { $0.1.residentKiB }.flatMap { kib in idleKiB.map { Double(kib - $0) / 1024 } }
            let columns = [
                String(second + 1), String(sent[safe: second] ?? 0), String(answered[safe: second] ?? 0),
                delta("touchbridge_transport_messages_received_total"), now("touchbridge_transport_read_pauses_total"),
                now("touchbridge_transport_read_paused_connections"),
                now("touchbridge_transport_outbound_bytes", 1_048_576, "%.2f"),
                cpu.map { String(format: "%.2f", $0) } ?? "–", rss.map { String(format: "%.1f", $0) } ?? "–",
                generator.map { String(format: "%.2f", $0) } ?? "–",
            ]
            let widths = [6, 6, 10, 11, 6, 6, 10, 9, 18, 15]
            rows.append(zip(columns, widths).map { String(repeating: " ", count: max(0, $1 - $0.count)) + $0 }.joined(separator: "  "))
        }
        return rows
    }

    /// User + system CPU seconds of this process, every thread.
    private static func ownCPUSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}

extension Array {
    /// The element at `index`, or nil past either end.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// `GET /metrics` from a loopback server, parsed into `name{labels}` → value. Empty when the server
/// does not answer within two seconds (it may be the one overloaded).
enum MetricsScrape {
    static func values(port: Int) -> [String: Double] {
        let fd = socket(AF_INET, Int32(truncatingIfNeeded: SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return [:] }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(clamping: port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return [:] }
        let request = Array("GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard send(fd, request, request.count, 0) == request.count else { return [:] }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while response.count < 16 * 1_048_576 {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { break }
            response.append(contentsOf: buffer[0..<n])
        }
        return parse(String(decoding: response, as: UTF8.self))
    }

    /// The body's sample lines (`name{labels} value`), comments and headers skipped.
    static func parse(_ text: String) -> [String: Double] {
        var values: [String: Double] = [:]
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("touchbridge_") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            values[String(line[..<space])] = value
        }
        return values
    }
}
