import TouchBridgeProtocol
import TouchBridgeTransport

extension HubBridge {
    /// `step` messages are tagged so that a newer one drops every `step` still queued for the
    /// connection: scrubbing on a slow screen shows the latest frame asked for, never a backlog.
    private static let stepTag: UInt8 = 2

    func sendStepping(_ messages: [(ConnectionID, SteppingOutput)], _ transport: TransportServer) {
        for (target, output) in messages {
            switch output {
            case .step(let text): _ = transport.send(text, to: target, tag: Self.stepTag, superseding: Self.stepTag)
            case .message(let text): _ = transport.send(text, to: target)
            }
        }
    }
}
