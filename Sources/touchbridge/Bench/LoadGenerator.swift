import Foundation
import TouchBridgeProtocol
import TouchKitBenchSupport
import TouchBridgeTransport

/// An open-loop load generator: `sessions` device sessions on `image-translation`, each sending
/// one-finger pan frames at `rate` per second for `duration` seconds. Frames go out on schedule
/// whether or not earlier ones were answered, and each round trip is measured from its scheduled
/// time, so a slow server shows up as latency rather than as a lower send rate.
final class LoadGenerator: PollingWebSocketClientDelegate {
    struct Options {
        var sessions: Int
        var rate: Double
        var duration: Double
        /// One session, next frame only after the previous answer (the sequential round trip).
        var sequential: Bool
        /// Against `serve --echo`: the answer is the echoed input itself.
        var echo: Bool
        var url: String
    }

    struct Report {
        var sent = 0
        var answered = 0
        var errors = 0
        var closed = 0
        /// Sessions that got their scene before the load started (the others closed first).
        var joined = 0
        var latencies: [Double] = []
        var renderMessages = 0
        var renderBytes = 0
        /// Answered frames whose event log had a recognizer transition.
        var framesWithTransitions = 0
        /// Seconds of sending.
        var elapsed = 0.0
        /// Seconds from the first frame to the last answer (or the give-up time): the interval the
        /// server's CPU is counted over.
        var measuredInterval = 0.0
        /// When sending began (`MonotonicClock`).
        var startedAt = 0.0
        /// Frames sent in each second of the run (by scheduled time) and answered in it (by arrival).
        var sentPerSecond: [Int] = []
        var answeredPerSecond: [Int] = []

        /// Adds one to `counts` at the second of the run that `time` falls in.
        mutating func count(_ counts: WritableKeyPath<Report, [Int]>, at time: Double) {
            guard startedAt > 0, time >= startedAt, let second = Int(exactly: (time - startedAt).rounded(.down)), second < 86_400 else { return }
            if self[keyPath: counts].count <= second { self[keyPath: counts] += Array(repeating: 0, count: second + 1 - self[keyPath: counts].count) }
            self[keyPath: counts][second] += 1
        }

        var lost: Int { sent - answered }
        func percentile(_ q: Double) -> Double {
            let sorted = latencies.sorted()
            return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * q))]
        }
    }

    private final class SessionState {
        var ready = false
        var closed = false
        var frame = 0
        var nextSend = 0.0
        var scheduled: [Int: Double] = [:]
        var clientStart = 0.0
    }

    private let options: Options
    private let client: PollingWebSocketClient
    private var sessions: [ConnectionID: SessionState] = [:]
    private var order: [ConnectionID] = []
    private var report = Report()
    private var start = 0.0
    private var sendingEnds = 0.0
    private var finished = false
    /// Called once every session has its scene (before the first frame is sent).
    var onReady: (() -> Void)?
    /// Called when the last answer arrived (or the generator gave up waiting): the end of the
    /// interval the server's CPU is measured over.
    var onFinish: (() -> Void)?
    private static let tick = 0.001

    init(options: Options) throws {
        self.options = options
        FileDescriptorLimit.raiseToMaximum()
        var configuration = PollingWebSocketClient.Configuration()
        configuration.busyPolling = options.sequential
        client = PollingWebSocketClient(configuration: configuration)
        client.delegate = self
        for _ in 0..<options.sessions {
            let id = try client.connect(to: options.url)
            sessions[id] = SessionState()
            order.append(id)
        }
    }

    func run() throws -> Report {
        try client.run()
        return report
    }

    // MARK: Delegate

    func client(_ client: PollingWebSocketClient, didOpen id: ConnectionID) {
        guard let session = sessions[id] else { return }
        session.clientStart = MonotonicClock.now()
        if options.echo {
            session.ready = true
            startIfAllReady()
        } else {
            _ = client.send(#"{"clock":"client","protocol":1,"role":"device","scene":"image-translation","t":0,"type":"hello","viewport":{"height":800,"scale":2,"width":400}}"#, to: id)
        }
    }

    func client(_ client: PollingWebSocketClient, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double) {
        guard let session = sessions[id] else { return }
        if text.hasPrefix(#"{"full":"#) {
            if text.hasPrefix(#"{"full":false"#) {
                report.renderMessages += 1
                report.renderBytes += text.utf8.count
            } else if !session.ready {
                session.ready = true
                startIfAllReady()
            }
            return
        }
        if text.hasPrefix(#"{"code":"#) { report.errors += 1; return }
        let isAnswer = options.echo ? text.hasSuffix(#""type":"input"}"#) : text.hasSuffix(#""type":"events"}"#)
        guard isAnswer, let seq = Self.seq(in: text), let scheduled = session.scheduled.removeValue(forKey: seq) else { return }
        report.answered += 1
        report.count(\.answeredPerSecond, at: receiveTime)
        report.latencies.append(receiveTime - scheduled)
        if !options.echo, Self.contains(Self.transitionKind, in: text) { report.framesWithTransitions += 1 }
        if options.sequential, receiveTime < sendingEnds { send(id, session, scheduledAt: MonotonicClock.now()) }
        finishIfDone()
    }

    func client(_ client: PollingWebSocketClient, didClose id: ConnectionID, code: UInt16, reason: String) {
        report.closed += 1
        sessions[id]?.closed = true
        // A session that closes before its scene (a refused connection, a join deadline) must not
        // hold the load back forever: it starts without it, and the report says how many joined.
        if start == 0 { return startIfAllReady() }
        // Every session closed: nothing is left to send or wait for.
        if !finished, sessions.values.allSatisfy(\.closed) { finish(at: MonotonicClock.now()) }
    }

    func clientTimerFired(_ client: PollingWebSocketClient) {
        let now = MonotonicClock.now()
        if now < sendingEnds, !options.sequential {
            for connection in order {
                guard let session = sessions[connection], session.ready else { continue }
                while session.nextSend <= now, session.nextSend < sendingEnds {
                    send(connection, session, scheduledAt: session.nextSend)
                    session.nextSend += 1 / options.rate
                }
            }
        }
        finishIfDone()
        armTick()
    }

    // MARK: Schedule

    private func startIfAllReady() {
        guard start == 0, sessions.values.allSatisfy({ $0.ready || $0.closed }) else { return }
        report.joined = sessions.values.filter { $0.ready && !$0.closed }.count
        guard report.joined > 0 else { return client.requestStop() }
        onReady?()
        start = MonotonicClock.now()
        report.startedAt = start
        sendingEnds = start + options.duration
        for (index, connection) in order.enumerated() {
            sessions[connection]?.nextSend = start + Double(index) / Double(order.count) / options.rate
        }
        if options.sequential, let first = order.first, let session = sessions[first] {
            send(first, session, scheduledAt: start)
        }
        armTick()
    }

    private func armTick() {
        if !finished { client.armTimer(after: Self.tick) }
    }

    private func finishIfDone() {
        let now = MonotonicClock.now()
        guard !finished, start > 0, now >= sendingEnds else { return }
        let outstanding = report.sent - report.answered
        if outstanding == 0 || now >= sendingEnds + 3 { finish(at: now) }
    }

    private func finish(at now: Double) {
        finished = true
        report.elapsed = min(now, sendingEnds) - start
        report.measuredInterval = now - start
        onFinish?()
        client.requestStop()
    }

    /// The next frame of `LoadPan`'s endless pan, scheduled at `time`.
    private func send(_ id: ConnectionID, _ session: SessionState, scheduledAt time: Double) {
        let seq = session.frame
        session.frame += 1
        let text = LoadPan.inputMessage(frame: seq, milliseconds: (time - session.clientStart) * 1000)
        session.scheduled[seq] = time
        if client.send(text, to: id) {
            report.sent += 1
            report.count(\.sentPerSecond, at: time)
        }
    }

    private static let transitionKind = Array(#""kind":"transition""#.utf8)

    /// Whether `text`'s UTF-8 holds `needle`: a byte search, where Foundation's `contains` converts
    /// the text to UTF-16 first (a tenth of the generator's time at 24,000 frames a second).
    private static func contains(_ needle: [UInt8], in text: String) -> Bool {
        guard let first = needle.first else { return true }
        var text = text
        return text.withUTF8 { haystack in
            guard haystack.count >= needle.count else { return false }
            for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                if needle.indices.allSatisfy({ haystack[start + $0] == needle[$0] }) { return true }
            }
            return false
        }
    }

    /// The `"seq":N` value of a message, without parsing the JSON. Keys are sorted, so `seq` sits
    /// near the end of both `events` and echoed `input` messages: scan the tail only (the client
    /// must stay cheaper than the server it measures).
    static func seq(in text: String) -> Int? {
        let bytes = Array(text.utf8.suffix(80))
        let key = Array(#""seq":"#.utf8)
        guard bytes.count >= key.count else { return nil }
        for start in stride(from: bytes.count - key.count, through: 0, by: -1) where bytes[start] == key[0] {
            guard Array(bytes[start..<(start + key.count)]) == key else { continue }
            var value = 0
            var index = start + key.count
            var found = false
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                value = value * 10 + Int(bytes[index] - 48)
                index += 1
                found = true
            }
            return found ? value : nil
        }
        return nil
    }
}
