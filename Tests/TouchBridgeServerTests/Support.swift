import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer
import TouchBridgeTesting
import TouchKit

extension VirtualTransport {
    /// A transport for a hub serving the tests' scenes.
    convenience init() { self.init(hub: Hub(catalog: BuiltInScenes.catalog)) }

    /// Messages sent to `connection` since the last call, decoded; an undecodable one is a test failure.
    func takeMessages(_ connection: ConnectionID) -> [ServerMessage] {
        take(connection).compactMap { text in
            do { return try ServerMessage.decode(text) } catch {
                Issue.record("undecodable server message \(text): \(error)")
                return nil
            }
        }
    }
}

// MARK: Message builders

enum Script {
    static let viewport = Viewport(width: 400, height: 800, scale: 2)

    static func hello(_ clock: ClockMode = .manual, scene: String? = nil, t: Double? = nil) -> ClientMessage {
        .hello(Hello(role: .device, scene: scene.map(SceneRequest.named), viewport: viewport, clock: clock, t: t))
    }

    static func observe(_ session: String) -> ClientMessage {
        .hello(Hello(role: .observer, session: session, viewport: viewport, clock: .client))
    }

    /// One frame: `(phase, id, x, y)` changes all at `t` ms.
    static func frame(_ seq: Int, at t: Double, _ changes: [(PointerPhase, Int, Double, Double)]) -> ClientMessage {
        .input(Input(seq: seq, pointers: changes.map { Pointer(id: $0.1, phase: $0.0, x: $0.2, y: $0.3, t: t) }))
    }

    /// A two-finger pinch on the photo (centred at 200,400, 200×150): fingers 100 pt apart spread
    /// to 140, then 160, then lift.
    static let pinch: [ClientMessage] = [
        frame(1, at: 1000, [(.down, 1, 150, 400), (.down, 2, 250, 400)]),
        frame(2, at: 1016, [(.move, 1, 130, 400), (.move, 2, 270, 400)]),
        frame(3, at: 1032, [(.move, 1, 120, 400), (.move, 2, 280, 400)]),
        frame(4, at: 1100, [(.up, 1, 120, 400), (.up, 2, 280, 400)]),
    ]
}

extension ServerMessage {
    var welcome: Welcome? { if case .welcome(let body) = self { body } else { nil } }
    var render: RenderMessage? { if case .render(let body) = self { body } else { nil } }
    var events: EventsMessage? { if case .events(let body) = self { body } else { nil } }
    var error: ErrorMessage? { if case .error(let body) = self { body } else { nil } }
    var pong: Pong? { if case .pong(let body) = self { body } else { nil } }
}

extension Array where Element == ServerMessage {
    /// Every log line (notation) of every `events` message.
    var logText: [String] { flatMap { $0.events?.log.map(\.text) ?? [] } }
    var logEntries: [LogEntry] { flatMap { $0.events?.log ?? [] } }
    var errors: [ErrorMessage] { compactMap(\.error) }
    var renders: [RenderMessage] { compactMap(\.render) }
}

/// Connection ids used by the tests.
let device: ConnectionID = 1
let observer: ConnectionID = 2

/// A transport with a device that said hello (messages of the hello already taken).
func joinedDevice(_ clock: ClockMode = .manual, hub: Hub = Hub(catalog: BuiltInScenes.catalog), t: Double? = nil) -> (VirtualTransport, Welcome) {
    let transport = VirtualTransport(hub: hub)
    transport.open(device)
    transport.send(device, Script.hello(clock, t: t))
    let welcome = transport.takeMessages(device).compactMap(\.welcome).first
    #expect(welcome != nil)
    return (transport, welcome ?? Welcome(session: "", role: .device, scenes: [], scene: "", clock: clock,
                                          thresholds: .engineDefaults(maximumTouches: 10), limits: ProtocolLimits()))
}
