/// Counters of one server, kept on the service thread and rendered as Prometheus text by `/metrics`.
struct TransportMetrics {
    var connectionsAccepted: UInt64 = 0
    var upgradesRefused: [String: UInt64] = [:]
    var messagesIn: UInt64 = 0
    var messagesOut: UInt64 = 0
    var bytesIn: UInt64 = 0
    var bytesOut: UInt64 = 0
    var closesByCode: [UInt16: UInt64] = [:]
    var rejectedMessages: [String: UInt64] = [:]
    var httpResponses: [Int: UInt64] = [:]
    var joinTimeouts: UInt64 = 0
    var supersededMessages: UInt64 = 0
    var outboundOverflows: [String: UInt64] = [:]
    var readPauses: UInt64 = 0

    func render(connectionsOpen: Int, outboundBytes: Int) -> String {
        var out = ""
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: UInt64)]) {
            out += "# HELP touchbridge_transport_\(name) \(help)\n"
            out += "# TYPE touchbridge_transport_\(name) \(type)\n"
            for s in samples {
                out += "touchbridge_transport_\(name)\(s.labels) \(s.value)\n"
            }
        }
        func labelled<K: Comparable>(_ d: [K: UInt64], _ label: String) -> [(labels: String, value: UInt64)] {
            d.keys.sorted().map { (labels: "{\(label)=\"\($0)\"}", value: d[$0]!) }
        }
        metric("connections_open", "gauge", "Open WebSocket connections.", [("", UInt64(connectionsOpen))])
        metric("connections_accepted_total", "counter", "WebSocket connections accepted.", [("", connectionsAccepted)])
        metric("upgrades_refused_total", "counter", "WebSocket upgrades refused, by reason.",
               labelled(upgradesRefused, "reason"))
        metric("messages_received_total", "counter", "Text messages received and delivered.", [("", messagesIn)])
        metric("messages_sent_total", "counter", "Text messages written.", [("", messagesOut)])
        metric("bytes_received_total", "counter", "Payload bytes of messages received.", [("", bytesIn)])
        metric("bytes_sent_total", "counter", "Payload bytes of messages written.", [("", bytesOut)])
        metric("closes_total", "counter", "Closed WebSocket connections, by close code (1006: no close frame).",
               labelled(closesByCode, "code"))
        metric("rejected_messages_total", "counter", "Messages dropped before delivery, by reason.",
               labelled(rejectedMessages, "reason"))
        metric("join_timeouts_total", "counter", "Connections closed with 4408 for not joining in time.", [("", joinTimeouts)])
        metric("outbound_bytes", "gauge", "Payload bytes queued for all connections.", [("", UInt64(max(0, outboundBytes)))])
        metric("outbound_overflows_total", "counter", "Connections closed with 1008 for queued bytes, by bound (connection, server).",
               labelled(outboundOverflows, "bound"))
        metric("superseded_messages_total", "counter", "Queued messages replaced by a newer full state before being written.",
               [("", supersededMessages)])
        metric("read_pauses_total", "counter", "Times reading from a connection was paused because its queue was over the bound.",
               [("", readPauses)])
        metric("http_responses_total", "counter", "HTTP responses, by status.", labelled(httpResponses, "status"))
        return out
    }
}
