import Foundation
import Testing
import TouchBridgeProtocol
@testable import TouchBridgeServer
import TouchKit

/// Drives a hub the way a transport does — connection ids, a fake monotonic clock, one timer per
/// connection — and keeps what each connection was sent.
final class FakeTransport {
    let hub: Hub
    /// Server time, seconds.
    var now: Double = 100
    private(set) var sent: [ConnectionID: [String]] = [:]
    private(set) var timers: [ConnectionID: Double] = [:]
    private(set) var closes: [ConnectionID: (code: UInt16, reason: String)] = [:]
    /// Every effect in order, for byte-for-byte comparisons.
    private(set) var transcript: [String] = []

    init(hub: Hub = Hub(catalog: BuiltInScenes.catalog)) { self.hub = hub }

    func open(_ connection: ConnectionID, subprotocol: String? = ProtocolVersion.subprotocol) {
        run(.opened(ConnectionInfo(subprotocol: subprotocol)), on: connection)
    }

    func send(_ connection: ConnectionID, _ text: String, at time: Double? = nil) {
        if let time { now = time }
        run(.text(text, receivedAt: now), on: connection)
    }

    func send(_ connection: ConnectionID, _ message: ClientMessage, at time: Double? = nil) {
        send(connection, message.text, at: time)
    }

    /// Fires the connection's armed timer at its time (the clock jumps there).
    func fireTimer(_ connection: ConnectionID) {
        guard let at = timers.removeValue(forKey: connection) else {
            Issue.record("no timer armed on \(connection)")
            return
        }
        now = max(now, at)
        run(.timerFired, on: connection)
    }

    func close(_ connection: ConnectionID) { run(.closed, on: connection) }

    /// Messages sent to `connection` since the last call.
    func take(_ connection: ConnectionID) -> [String] {
        defer { sent[connection] = [] }
        return sent[connection] ?? []
    }

    func takeMessages(_ connection: ConnectionID) -> [ServerMessage] {
        take(connection).compactMap { text in
            do { return try ServerMessage.decode(text) } catch {
                Issue.record("undecodable server message \(text): \(error)")
                return nil
            }
        }
    }

    private func run(_ input: SessionInput, on connection: ConnectionID) {
        for (target, effect) in hub.handle(input, on: connection) {
            transcript.append("\(target) \(effect)")
            switch effect {
            case .send(let text): sent[target, default: []].append(text)
            case .armTimer(let at): timers[target] = at
            case .cancelTimer: timers[target] = nil
            case .close(let code, let reason): closes[target] = (code, reason)
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
func joinedDevice(_ clock: ClockMode = .manual, hub: Hub = Hub(catalog: BuiltInScenes.catalog), t: Double? = nil) -> (FakeTransport, Welcome) {
    let transport = FakeTransport(hub: hub)
    transport.open(device)
    transport.send(device, Script.hello(clock, t: t))
    let welcome = transport.takeMessages(device).compactMap(\.welcome).first
    #expect(welcome != nil)
    return (transport, welcome ?? Welcome(session: "", role: .device, scenes: [], scene: "", clock: clock,
                                          thresholds: .engineDefaults(maximumTouches: 10), limits: ProtocolLimits()))
}
