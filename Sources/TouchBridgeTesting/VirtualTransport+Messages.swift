import TouchBridgeProtocol
import TouchBridgeServer

extension VirtualTransport {
    /// The client on `connection` sends `message` (encoded as a client would), received at `time`.
    package func send(_ connection: ConnectionID, _ message: ClientMessage, at time: Double? = nil) {
        send(connection, message.text, at: time)
    }
}
