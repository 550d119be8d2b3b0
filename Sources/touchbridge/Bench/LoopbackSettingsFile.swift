import Foundation

/// The settings every measured server runs with, in a temporary file (`remove()` it when the servers are stopped): loopback
/// (no access token) and no per-address or per-connection limit that would cap what is measured —
/// the load's throughput, or the idle sessions a single address opens (the default limits refuse
/// most of 2,000 connections from one address, and nothing would be measured).
struct LoopbackSettingsFile {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("touchbridge-bench-\(getpid()).json")
        try Data(#"""
            {"host": "127.0.0.1", "maxMessagesPerSecond": 0, "engineSecondsPerSecond": 0, "maxConnections": 20000,
             "maxUnjoinedConnections": 20000, "outboundQueueLimit": 100000}
            """#.utf8).write(to: url)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}
