import Logging
import TouchBridgeProtocol
import TouchBridgeTransport

/// The performance baseline: the same transport, settings and limits as the real server, with no
/// engine behind it — every text message is sent straight back (`touchbridge serve --echo`).
package final class EchoServer: TransportDelegate {
    /// An echo delegate; it keeps no state.
    package init() {}

    /// Echo has no `hello`: every connection counts as joined at once.
    package func transport(_ transport: TransportServer, didOpen id: ConnectionID, info: ConnectionInfo) {
        transport.markJoined(id)
    }

    package func transport(_ transport: TransportServer, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double) {
        _ = transport.send(text, to: id)
    }

    package func transport(_ transport: TransportServer, didClose id: ConnectionID, code: UInt16, reason: String) {}
}
