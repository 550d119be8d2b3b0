import Logging
import TouchBridgeProtocol
import TouchBridgeServer
import TouchBridgeTransport

/// The socket transport as an `EffectExecutor`'s port: each call is one `TransportServer` call,
/// with no decisions of its own. The one place in the session server that sends on the transport
/// (`OneDoorOutTests`). Service thread only, like the transport.
struct TransportPort: ConnectionPort {
    let transport: any SocketTransport
    let logger: Logger
    /// The server time of the input being carried out (read once per message by `HubBridge`).
    let now: Double

    /// The transport's timer tokens (a connection's timers are told apart by token).
    static func token(for timer: ConnectionTimer) -> UInt64 {
        switch timer {
        case .engine: 1
        case .renderCatchUp: 2
        }
    }

    static func timer(for token: UInt64) -> ConnectionTimer? {
        ConnectionTimer.allCases.first { Self.token(for: $0) == token }
    }

    /// Render messages are tagged so that a full render drops every render still queued before it.
    private static let renderTag: UInt8 = 1
    /// `step` messages are tagged so that a newer one drops every `step` still queued.
    private static let stepTag: UInt8 = 2

    func send(_ text: String, to connection: ConnectionID, as kind: Outbound) {
        switch kind {
        case .message: transport.send(text, to: connection, tag: 0, superseding: nil)
        case .renderDiff: transport.send(text, to: connection, tag: Self.renderTag, superseding: nil)
        case .fullRender: transport.send(text, to: connection, tag: Self.renderTag, superseding: Self.renderTag)
        case .step: transport.send(text, to: connection, tag: Self.stepTag, superseding: Self.stepTag)
        }
    }

    func queuedMessageCount(for connection: ConnectionID) -> Int { transport.queuedMessageCount(for: connection) }

    func arm(_ timer: ConnectionTimer, for connection: ConnectionID, at time: Double) {
        transport.armTimer(for: connection, token: Self.token(for: timer), after: max(0, time - now))
    }

    func cancel(_ timer: ConnectionTimer, for connection: ConnectionID) {
        transport.cancelTimer(for: connection, token: Self.token(for: timer))
    }

    func close(_ connection: ConnectionID, code: UInt16, reason: String) {
        logger.info("closing connection", metadata: ["connection": "\(connection)", "code": "\(code)", "reason": "\(reason)"])
        transport.close(connection, code: code, reason: reason)
    }

    func renderCoalescingStarted(for connection: ConnectionID) {
        logger.notice("slow consumer: coalescing renders", metadata: ["connection": "\(connection)"])
    }
}
