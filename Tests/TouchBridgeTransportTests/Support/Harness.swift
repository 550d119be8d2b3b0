import Foundation
import Logging
@testable import TouchBridgeTransport

/// Records every delegate event (from the service thread) for the test thread to inspect.
/// By default it echoes text; `onText` / `onOpen` replace that behaviour.
final class RecordingDelegate: TransportDelegate, @unchecked Sendable {
    enum Event: Equatable {
        case open(ConnectionID, ConnectionInfo)
        case text(ConnectionID, String)
        case rejected(ConnectionID, RejectReason)
        case close(ConnectionID, UInt16, String)
        case timer(ConnectionID, UInt64)
    }

    private let lock = NSLock()
    private var _events: [Event] = []
    var onOpen: ((TransportServer, ConnectionID) -> Void)?
    var onText: ((TransportServer, ConnectionID, String) -> Void)?
    var onTimer: ((TransportServer, ConnectionID, UInt64) -> Void)?
    /// Called before `/metrics` is emitted, as a server sets its own gauges then.
    var reportMetrics: ((TransportServer) -> Void)?

    var events: [Event] { lock.withLock { _events } }

    private func record(_ e: Event) { lock.withLock { _events.append(e) } }

    func transport(_ t: TransportServer, didOpen id: ConnectionID, info: ConnectionInfo) {
        record(.open(id, info))
        onOpen?(t, id)
    }

    func transport(_ t: TransportServer, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double) {
        record(.text(id, text))
        if let onText { onText(t, id, text) } else { t.send(text, to: id) }
    }

    func transport(_ t: TransportServer, didRejectMessageFrom id: ConnectionID, reason: RejectReason) {
        record(.rejected(id, reason))
        t.send("rejected: \(reason.rawValue)", to: id)
    }

    func transport(_ t: TransportServer, didClose id: ConnectionID, code: UInt16, reason: String) {
        record(.close(id, code, reason))
    }

    func transport(_ t: TransportServer, timerFired token: UInt64, for id: ConnectionID) {
        record(.timer(id, token))
        onTimer?(t, id, token)
    }

    func transportWillReportMetrics(_ t: TransportServer) { reportMetrics?(t) }

    var openIDs: [ConnectionID] {
        events.compactMap { if case .open(let id, _) = $0 { id } else { nil } }
    }

    func closes() -> [(ConnectionID, UInt16, String)] {
        events.compactMap { if case .close(let id, let c, let r) = $0 { (id, c, r) } else { nil } }
    }

    /// Polls until `condition` holds or `timeout` passes.
    @discardableResult
    func waitUntil(timeout: Double = 3, _ condition: (RecordingDelegate) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if condition(self) { return true }
            usleep(2_000)
        }
        return condition(self)
    }
}

/// A server running `run()` on its own thread, for one test.
final class RunningServer: @unchecked Sendable {
    let server: TransportServer
    let delegate: RecordingDelegate
    private let finished = DispatchSemaphore(value: 0)
    private let returned = Locked<Date?>(nil)

    var port: Int { server.boundPort }

    init(_ configure: (inout TransportConfiguration) -> Void = { _ in },
         delegate: RecordingDelegate = RecordingDelegate()) throws {
        var config = TransportConfiguration(host: "127.0.0.1", port: 0)
        configure(&config)
        var logger = Logger(label: "test.transport")
        logger.logLevel = .warning
        server = try TransportServer(configuration: config, logger: logger)
        self.delegate = delegate
        server.delegate = delegate
        // Captures only what it needs (not self), so the harness can deinit and stop its server.
        let (server, finished, returned) = (server, finished, returned)
        let thread = Thread {
            try? server.run()
            returned.withLock { $0 = Date() }
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Requests a stop and waits for run() to return: the seconds from this call, or nil if not within `timeout`.
    @discardableResult
    func stop(timeout: Double = 5) -> Double? {
        let start = Date()
        server.requestStop()
        let end = start.addingTimeInterval(timeout)
        while Date() < end {
            if let t = returned.withLock({ $0 }) { return max(0, t.timeIntervalSince(start)) }
            usleep(1_000)
        }
        return nil
    }

    var hasReturned: Bool { returned.withLock { $0 != nil } }

    deinit {
        server.requestStop()
        _ = finished.wait(timeout: .now() + 5)
    }
}

/// A temporary directory removed at deinit.
final class TempDir {
    let path: String
    init() {
        var template = Array((NSTemporaryDirectory() + "tbtransport.XXXXXX").utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }
    func write(_ relative: String, _ contents: String) {
        let full = path + "/" + relative
        try? FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(contents.utf8))
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}
