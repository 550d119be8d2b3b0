import TouchBridgeTransport

extension HubBridge {
    /// `step` messages are tagged so that a newer one drops every `step` still queued for the
    /// connection: scrubbing on a slow screen shows the latest frame asked for, never a backlog.
    private static let stepTag: UInt8 = 2

    func sendStepping(_ messages: [(ConnectionID, String)], _ transport: TransportServer) {
        for (target, text) in messages {
            if text.hasPrefix("{\"events\":") {
                _ = transport.send(text, to: target, tag: Self.stepTag, superseding: Self.stepTag)
            } else {
                _ = transport.send(text, to: target)
            }
        }
    }
}
