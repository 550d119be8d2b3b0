import Prometheus

/// The sessions' metrics, registered next to the transport's in the registry `/metrics` emits.
final class SessionMetrics {
    let messagesHandled: Counter
    let rateLimited: Counter
    let overEngineBudget: Counter
    /// Time to handle one message or timer (engine and encoding).
    let dispatchSeconds: ValueHistogram
    private let sessions: Gauge
    private let connections: Gauge
    private var recordingErrors: ReportedTotal
    /// Recordings cut at a byte limit, by `RecordingLimit` (a closed set of label values).
    private var recordingCuts: [String: ReportedTotal]
    /// Render diffs held back from slow connections, as the `RenderCoalescer` counts them.
    private var rendersCoalesced: ReportedTotal

    /// `gaugeLabels` go on the gauges (one shard's values); the counters and the histogram are the
    /// registry's, shared by every shard, so they count for the whole server.
    init(registry: PrometheusCollectorRegistry, gaugeLabels: [(String, String)] = []) {
        messagesHandled = registry.makeCounter(descriptor: .server("messages_handled_total", "Messages handed to sessions."))
        rateLimited = registry.makeCounter(descriptor: .server("messages_rate_limited_total", "Messages dropped by the rate limit."))
        overEngineBudget = registry.makeCounter(descriptor: .server(
            "messages_over_engine_budget_total", "Messages refused (rate-limited) because their connection used its share of engine time."))
        rendersCoalesced = ReportedTotal(registry.makeCounter(descriptor: .server(
            "renders_coalesced_total", "Render diffs held back from slow connections (replaced by one full render).")))
        dispatchSeconds = registry.makeValueHistogram(
            descriptor: .server("dispatch_seconds", "Service-thread time charged for one message or timer (decode, engine and encoding): its CPU time; under 100 µs, its wall time."),
            buckets: [0.000_05, 0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25])
        sessions = registry.makeGauge(descriptor: .server("sessions", "Device sessions running."), labels: gaugeLabels)
        connections = registry.makeGauge(
            descriptor: .server("session_connections", "Connections that said hello or are waiting to."), labels: gaugeLabels)
        recordingErrors = ReportedTotal(registry.makeCounter(descriptor: .server(
            "recording_errors_total", "Recording writes that failed (serve --record; each session's first is logged).")))
        recordingCuts = Dictionary(uniqueKeysWithValues: RecordingLimit.allCases.map { limit in
            (limit.rawValue, ReportedTotal(registry.makeCounter(descriptor: .server(
                "recording_cuts_total", "Recordings stopped at a byte limit (serve --record), by limit: session, server."),
                labels: [("limit", limit.rawValue)])))
        })
    }

    /// Brings the gauges, and the totals counted elsewhere (the recorder's errors and cuts, the
    /// coalescer's held renders), up to date before `/metrics` is emitted.
    func update(sessions running: Int, connections open: Int, recordingErrors errors: Int, recordingCuts cuts: [String: Int],
                rendersCoalesced coalesced: Int) {
        sessions.set(to: Double(running))
        connections.set(to: Double(open))
        recordingErrors.report(errors)
        for (limit, count) in cuts { recordingCuts[limit]?.report(count) }
        rendersCoalesced.report(coalesced)
    }
}

/// A counter kept equal to a running total that another component counts.
private struct ReportedTotal {
    let counter: Counter
    private var reported = 0

    init(_ counter: Counter) { self.counter = counter }

    mutating func report(_ total: Int) {
        guard total > reported else { return }
        counter.increment(by: Int64(total - reported))
        reported = total
    }
}

extension MetricNameDescriptor {
    /// `touchbridge_<name>` (the name carries its unit suffix: `_total`, `_seconds`).
    static func server(_ name: String, _ help: String) -> Self {
        Self(namespace: "touchbridge", metricName: name, unitName: "", helpText: help)
    }
}
