import Prometheus

/// The transport's counters in a Prometheus registry (swift-prometheus), which `/metrics` emits
/// together with whatever else the server registered there (the sessions' metrics). Counters are
/// created once, or once per label value, and cached: counting on the service thread is an atomic add.
final class TransportMetrics {
    let registry: PrometheusCollectorRegistry
    let connectionsAccepted: Counter
    let messagesIn: Counter
    let messagesOut: Counter
    let bytesIn: Counter
    let bytesOut: Counter
    let joinTimeouts: Counter
    let supersededMessages: Counter
    let readPauses: Counter
    let readHolds: Counter
    /// Writes of a server's queued messages made as the service thread left the connection they were
    /// queued under (`WebSocketEngine.flushWrites`).
    let writesDirect: Counter
    /// Writes made in a writeable callback: lws still held part of an earlier write, a ping went
    /// first, more was queued than one write takes, or a client's.
    let writesInWriteableCallback: Counter
    private let connectionsOpen: Gauge
    private let outboundBytes: Gauge
    private let readPausedConnections: Gauge
    private var upgradesRefused = LabelledCounters(
        name: "upgrades_refused_total", label: "reason", help: "WebSocket upgrades refused, by reason.",
        values: ["path", "origin", "host", "token", "capacity", "unjoined", "stopping"])
    private var closes = LabelledCounters(
        name: "closes_total", label: "code",
        help: "Closed WebSocket connections, by close code (1006: no close frame; other: a code neither RFC 6455 nor the server defines).",
        values: TransportMetrics.closeCodeLabels)
    private var rejectedMessages = LabelledCounters(
        name: "rejected_messages_total", label: "reason", help: "Messages dropped before delivery, by reason.",
        values: RejectReason.allCases.map(\.rawValue))
    private var outboundOverflows = LabelledCounters(
        name: "outbound_overflows_total", label: "bound",
        help: "Connections closed with 1008 for queued bytes, by bound (connection, server).", values: ["connection", "server"])
    private var httpResponses = LabelledCounters(
        name: "http_responses_total", label: "status", help: "HTTP responses, by status.", values: (100...599).map(String.init))

    /// The close codes counted by their own value: RFC 6455's (1000–1015) and the ones the server
    /// sends itself (4001 session ended, 4401 unauthorized, 4408 join timeout). A client may close
    /// with any code 3000–4999, so the rest share `other`: the series stay a closed set.
    static let closeCodeLabels = (1000...1015).map(String.init) + ["4001", "4401", "4408"]

    /// `gaugeLabels` go on the gauges (a shard's own values); the counters are the registry's,
    /// shared by every transport that registers there, so they count for all of them.
    init(registry: PrometheusCollectorRegistry, gaugeLabels: [(String, String)] = []) {
        self.registry = registry
        func counter(_ name: String, _ help: String) -> Counter {
            registry.makeCounter(descriptor: .transport(name, help))
        }
        connectionsAccepted = counter("connections_accepted_total", "WebSocket connections accepted.")
        messagesIn = counter("messages_received_total", "Text messages received and delivered.")
        messagesOut = counter("messages_sent_total", "Text messages written.")
        bytesIn = counter("bytes_received_total", "Payload bytes of messages received.")
        bytesOut = counter("bytes_sent_total", "Payload bytes of messages written.")
        joinTimeouts = counter("join_timeouts_total", "Connections closed with 4408 for not joining in time.")
        supersededMessages = counter("superseded_messages_total", "Queued messages replaced by a newer full state before being written.")
        readPauses = counter("read_pauses_total", "Times reading from a connection was paused because its queue was over the bound.")
        readHolds = counter("read_holds_total", "Times reading from a connection was held because it had used its share of the server.")
        let writes = MetricNameDescriptor.transport(
            "writes_total", "Writes of queued messages, by path: direct (as the service thread left the connection), or writeable (in a writeable callback, when lws still held earlier output, a ping went first or one write did not take all).")
        writesDirect = registry.makeCounter(descriptor: writes, labels: [("path", "direct")])
        writesInWriteableCallback = registry.makeCounter(descriptor: writes, labels: [("path", "writeable")])
        connectionsOpen = registry.makeGauge(descriptor: .transport("connections_open", "Open WebSocket connections."), labels: gaugeLabels)
        outboundBytes = registry.makeGauge(descriptor: .transport("outbound_bytes", "Bytes (payload and bookkeeping) queued for all connections."),
                                           labels: gaugeLabels)
        readPausedConnections = registry.makeGauge(
            descriptor: .transport("read_paused_connections", "Connections not read now because their output is not being read (backpressure)."),
            labels: gaugeLabels)
    }

    func upgradeRefused(_ reason: String) { upgradesRefused.increment(reason, in: registry) }
    func closed(code: UInt16) { closes.increment(String(code), in: registry) }
    func rejected(_ reason: String) { rejectedMessages.increment(reason, in: registry) }
    func outboundOverflow(_ bound: String) { outboundOverflows.increment(bound, in: registry) }
    func httpResponse(_ status: Int) { httpResponses.increment(String(status), in: registry) }

    /// Sets the transport's gauges to the values of now, before the registry is emitted.
    func updateGauges(connectionsOpen open: Int, outboundBytes queued: Int, readPaused paused: Int) {
        connectionsOpen.set(to: Double(open))
        outboundBytes.set(to: Double(max(0, queued)))
        readPausedConnections.set(to: Double(max(0, paused)))
    }
}

/// One counter per value of a label (`closes_total{code="1000"}`), made when the value first occurs.
/// The values come from a closed set, `other` standing for any value outside it: a label value a
/// client could choose would make a series per choice (62,537 close codes made 3 MB of /metrics).
private struct LabelledCounters {
    let descriptor: MetricNameDescriptor
    let label: String
    private let values: Set<String>
    private var counters: [String: Counter] = [:]

    init(name: String, label: String, help: String, values: [String]) {
        descriptor = .transport(name, help)
        self.label = label
        self.values = Set(values)
    }

    mutating func increment(_ reported: String, in registry: PrometheusCollectorRegistry) {
        let value = values.contains(reported) ? reported : "other"
        if let counter = counters[value] { return counter.increment() }
        let counter = registry.makeCounter(descriptor: descriptor, labels: [(label, value)])
        counters[value] = counter
        counter.increment()
    }
}

extension MetricNameDescriptor {
    /// `touchbridge_transport_<name>` (the name carries its unit suffix: `_total`, `_bytes`).
    static func transport(_ name: String, _ help: String) -> Self {
        Self(namespace: "touchbridge", subsystem: "transport", metricName: name, unitName: "", helpText: help)
    }
}
