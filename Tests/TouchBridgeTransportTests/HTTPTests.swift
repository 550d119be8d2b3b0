import Foundation
import Prometheus
import Testing
@testable import TouchBridgeTransport

@Suite("HTTP: static files, health, metrics")
struct HTTPTests {
    static func webRoot() -> TempDir {
        let dir = TempDir()
        dir.write("index.html", "<!doctype html><title>TouchBridge</title>")
        dir.write("app.js", "console.log(1)")
        dir.write("module.mjs", "export const x = 1")
        dir.write("style.css", "body{}")
        dir.write("icon.svg", "<svg/>")
        dir.write("icon.png", "png")
        dir.write("data.json", "{}")
        dir.write("app.webmanifest", "{}")
        dir.write("favicon.ico", "ico")
        dir.write("sub/page.html", "<p>sub</p>")
        dir.write("empty/readme.txt", "no index here")
        dir.write(".secret", "hidden")
        symlink("/etc/passwd", dir.path + "/leak.txt")
        symlink("/etc", dir.path + "/etc-link")
        symlink(dir.path + "/app.js", dir.path + "/inside-link.js")
        return dir
    }

    @Test func servesStaticFilesWithMIMETypes() throws {
        let dir = Self.webRoot()
        let s = try RunningServer { $0.webRoot = dir.path }
        let expected: [(String, String)] = [
            ("/", "text/html; charset=utf-8"),
            ("/index.html", "text/html; charset=utf-8"),
            ("/app.js", "text/javascript; charset=utf-8"),
            ("/module.mjs", "text/javascript; charset=utf-8"),
            ("/style.css", "text/css; charset=utf-8"),
            ("/icon.svg", "image/svg+xml"),
            ("/icon.png", "image/png"),
            ("/data.json", "application/json"),
            ("/app.webmanifest", "application/manifest+json"),
            ("/favicon.ico", "image/x-icon"),
            ("/sub/page.html", "text/html; charset=utf-8"),
            ("/inside-link.js", "text/javascript; charset=utf-8"),
            ("/app.js?v=3", "text/javascript; charset=utf-8"),
        ]
        for (path, mime) in expected {
            let r = try httpGet(port: s.port, path: path)
            #expect(r.status == 200, "\(path)")
            #expect(r.headers["content-type"] == mime, "\(path)")
        }
        #expect(try httpGet(port: s.port, path: "/").text == "<!doctype html><title>TouchBridge</title>")
        #expect(try httpGet(port: s.port, path: "/module.mjs").text == "export const x = 1")
        #expect(try httpGet(port: s.port, path: "/app.js").headers["x-content-type-options"] == "nosniff")
    }

    @Test func refusesEverythingOutsideTheRoot() throws {
        let dir = Self.webRoot()
        let s = try RunningServer { $0.webRoot = dir.path }
        let probes = [
            "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E/%2E%2E/etc/passwd",
            "/..%2f..%2fetc/passwd", "/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/.%2e/.%2e/etc/passwd",
            "/%252e%252e/%252e%252e/etc/passwd", "/..%5c..%5cetc%5cpasswd", "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
            "/index.html/../../../etc/passwd", "//etc/passwd", "/....//....//etc/passwd",
            "/%00/../../etc/passwd", "/etc/passwd", "/leak.txt", "/etc-link/passwd", "/.secret", "/empty/",
            "/empty", "/sub/../../etc/passwd",
        ]
        for p in probes {
            let r = try httpGet(port: s.port, path: p)
            #expect(!r.text.contains("root:"), "\(p) leaked")
            #expect(r.status == 404 || (r.status == 200 && r.text.contains("TouchBridge")), "\(p): \(r.status)")
        }
        #expect(try httpGet(port: s.port, path: "/leak.txt").status == 404)
    }

    @Test func noWebRootMeans404() throws {
        let s = try RunningServer()
        #expect(try httpGet(port: s.port, path: "/").status == 404)
        #expect(try httpGet(port: s.port, path: "/healthz").status == 200)
    }

    @Test func healthz() throws {
        let s = try RunningServer()
        let r = try httpGet(port: s.port, path: "/healthz")
        #expect(r.status == 200)
        #expect(r.text == "ok")
    }

    @Test func plainGetOnTheWebSocketPathAsksForAnUpgrade() throws {
        let s = try RunningServer()
        #expect(try httpGet(port: s.port, path: "/ws").status == 426)
    }

    @Test func metricsReportTraffic() throws {
        let d = RecordingDelegate()
        d.reportMetrics = { transport in
            transport.metricsRegistry.makeGauge(
                descriptor: MetricNameDescriptor(namespace: "touchbridge", metricName: "sessions", unitName: "", helpText: "Sessions.")
            ).set(to: 42)
        }
        let s = try RunningServer({ $0.maxMessageBytes = 100 }, delegate: d)
        let c = try WSClient(port: s.port)
        try c.sendText("hello")
        #expect(try c.readText() == "hello")
        let open = try WSClient(port: s.port)
        let big = try WSClient(port: s.port)
        try big.sendText(String(repeating: "x", count: 200))
        _ = try big.readClose()
        try c.sendClose()
        _ = try c.readClose()
        #expect(d.waitUntil { $0.closes().count == 2 })
        _ = try? WSClient(port: s.port, path: "/nope")

        let m = try httpGet(port: s.port, path: "/metrics")
        #expect(m.status == 200)
        #expect(m.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        let lines = Set(m.text.split(separator: "\n").map(String.init))
        for expected in [
            "touchbridge_transport_connections_open 1.0",
            "touchbridge_transport_connections_accepted_total 3",
            "touchbridge_transport_messages_received_total 1",
            "touchbridge_transport_messages_sent_total 1",
            "touchbridge_transport_bytes_received_total 5",
            "touchbridge_transport_bytes_sent_total 5",
            "touchbridge_transport_closes_total{code=\"1000\"} 1",
            "touchbridge_transport_closes_total{code=\"1009\"} 1",
            "touchbridge_transport_upgrades_refused_total{reason=\"path\"} 1",
            "touchbridge_transport_join_timeouts_total 0",
            "touchbridge_sessions 42.0",
        ] {
            #expect(lines.contains(expected), "missing: \(expected)\n\(m.text)")
        }
        withExtendedLifetime(open) {}
    }

    @Test func missingWebRootIsAnError() {
        #expect(throws: TransportError.webRootNotADirectory("/definitely/not/here")) {
            try TransportServer(configuration: TransportConfiguration(port: 0, webRoot: "/definitely/not/here"))
        }
    }
}
