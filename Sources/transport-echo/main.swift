// Test-only: runs a TransportServer whose delegate echoes every text message back.
// Usage: transport-echo <webRoot> [--port N] [--host H] [--max-message-bytes N] [--idle-timeout S]
//                       [--max-connections N] [--max-messages-per-second N] [--allowed-origin O]...
//                       [--tls-cert PATH --tls-key PATH]
// Prints the bound port as the first stdout line, then serves until SIGINT/SIGTERM.
import Logging
import TouchBridgeProtocol
import TouchBridgeTransport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class EchoDelegate: TransportDelegate {
    func transport(_ transport: TransportServer, didOpen id: ConnectionID, info: ConnectionInfo) {}
    func transport(_ transport: TransportServer, didReceiveText text: String, from id: ConnectionID, at receiveTime: Double) {
        transport.send(text, to: id)
    }
    func transport(_ transport: TransportServer, didRejectMessageFrom id: ConnectionID, reason: RejectReason) {
        transport.send("{\"error\":\"\(reason.rawValue)\"}", to: id)
    }
    func transport(_ transport: TransportServer, didClose id: ConnectionID, code: UInt16, reason: String) {}
}

func fail(_ message: String) -> Never {
    let line = "transport-echo: \(message)\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

var args = Array(CommandLine.arguments.dropFirst())
guard let webRoot = args.first, !webRoot.hasPrefix("--") else { fail("usage: transport-echo <webRoot> [options]") }
args.removeFirst()
var config = TransportConfiguration(port: 0, webRoot: webRoot)
var certificate: String?
var key: String?
while !args.isEmpty {
    let flag = args.removeFirst()
    guard !args.isEmpty else { fail("missing value for \(flag)") }
    let value = args.removeFirst()
    switch flag {
    case "--port": config.port = Int(value) ?? 0
    case "--host": config.host = value
    case "--max-message-bytes": config.maxMessageBytes = Int(value) ?? config.maxMessageBytes
    case "--idle-timeout": config.idleTimeout = Double(value) ?? config.idleTimeout
    case "--max-connections": config.maxConnections = Int(value) ?? config.maxConnections
    case "--max-messages-per-second": config.maxMessagesPerSecond = Int(value) ?? config.maxMessagesPerSecond
    case "--allowed-origin": config.allowedOrigins.append(value)
    case "--tls-cert": certificate = value
    case "--tls-key": key = value
    default: fail("unknown option \(flag)")
    }
}
if let certificate, let key { config.tls = .init(certificatePath: certificate, privateKeyPath: key) }

LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = .info
    return handler
}

do {
    let server = try TransportServer(configuration: config, logger: Logger(label: "transport-echo"))
    server.installSignalHandlers()
    let delegate = EchoDelegate()
    server.delegate = delegate
    let line = "\(server.boundPort)\n"
    _ = line.withCString { write(1, $0, strlen($0)) }
    try server.run()
    withExtendedLifetime(delegate) {}
} catch {
    fail("\(error)")
}
